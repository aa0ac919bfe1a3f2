"""Support for people writing rules: problems, completions, the language server, the reference."""
