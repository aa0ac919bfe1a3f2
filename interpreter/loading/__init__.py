"""From YAML files to one frozen Ruleset: reading, schema checks, module merging, the vocabulary and compilation."""
