"""The `rococo` command: one module per command group; main.py holds the parser."""
