"""`rococo fit-judge`: fit the value bot's weights for the chosen rules by self-play."""
from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..sim.bots import GreedyBot
from ..sim.judge import fit, weights
from .common import rules_of, seats_of


def cmd_fit_judge(args) -> int:
    rules = rules_of(args)
    players = seats_of(rules, args.players)
    try:
        import numpy  # noqa: F401  (fitting only)
    except ImportError:
        print("error: fitting needs numpy: pip install -e '.[judge]'", file=sys.stderr)
        return 2
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True, emoji=False),
                  disable=args.quiet) as progress:
        teacher = fit.TEACHER * args.games if args.teacher_games is None else args.teacher_games
        task = progress.add_task(f"fitting {'+'.join(weights.modules_of(rules))}, "
                                 f"{players} players", total=teacher + args.games)
        fitted = fit.fit(rules, players, args.games, args.seed, teacher=GreedyBot,
                         teacher_games=teacher, advance=lambda: progress.advance(task))
    path = weights.save(fitted, Path(args.out) if args.out else None)
    weights.forget()
    print(f"weights for {'+'.join(fitted.modules)} (rules {fitted.fingerprint}): "
          f"{len(fitted.worths)} features from {teacher} games of greedy and "
          f"{fitted.games} of value bots, "
          f"written to {path}")
    return 0
