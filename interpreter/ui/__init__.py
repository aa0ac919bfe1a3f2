"""What a person reads: the terminal board and game, what changed, the HTML sheets."""
