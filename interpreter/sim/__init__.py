"""Playing many games: bots, parallel runs, the balance lab, statistics, game records and the benchmark."""
