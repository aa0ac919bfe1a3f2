"""From YAML files to one frozen Ruleset.

Reading, schema checks, module merging, the vocabulary and compilation."""
