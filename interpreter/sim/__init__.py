"""Playing many games: bots, parallel runs, the balance lab, statistics and the benchmark."""
