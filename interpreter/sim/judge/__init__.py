"""The judge: a bot that values positions from the rules themselves (see value.py)."""
