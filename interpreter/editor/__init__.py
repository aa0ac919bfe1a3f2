"""Support for people writing rules: problems and completions for an editor, the language server, the generated reference."""
