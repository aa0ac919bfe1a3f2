"""What several commands share: the rules the toggles choose, the seats, the bots, load errors."""
from __future__ import annotations

import sys
from pathlib import Path

from ..core.errors import RulesError
from ..core.seats import seat_plan
from ..loading.loader import load_ruleset
from ..loading.params import expansions
from ..sim.bots import with_budget


def modules_of(args) -> list[str]:
    """The expansions of --with, then the solo mode of --solo."""
    solo = getattr(args, "solo", None)
    return [*expansions(getattr(args, "with_", None)), *([solo] if solo else [])]


def rules_of(args):
    """The ruleset --edition, --with, --solo, --module and --set choose."""
    return load_ruleset(edition=getattr(args, "edition", None),
                        expansions=modules_of(args),
                        extra_paths=[Path(p) for p in getattr(args, "module", None) or []],
                        params=dict(getattr(args, "set", None) or []))


def seats_of(rules, players: int) -> int:
    """Every seat of a game: a solo mode's own count (its person and its automata), else
    --players."""
    return len(seat_plan(rules, rules.humans or 1)) if rules.seat_kinds else players


def bot_spec(args) -> str:
    """--bots with --mcts-iterations / --mcts-seconds applied."""
    return with_budget(args.bots, args.mcts_iterations, args.mcts_seconds)


def print_errors(exc: RulesError) -> int:
    """Every error of a failed load, positioned, with its source line; returns how many."""
    errors = getattr(exc, "errors", [exc])
    for error in errors:
        print(error.render(), file=sys.stderr)
    return len(errors)
