"""`rococo validate`: check the rules (built-in, plus the given modules) and say what they hold."""
from __future__ import annotations

import sys
from pathlib import Path

from ..core.errors import RulesError
from ..loading.loader import load_ruleset
from .common import modules_of, print_errors


def cmd_validate(args) -> int:
    try:
        rules = load_ruleset(edition=args.edition, expansions=modules_of(args),
                             extra_paths=[Path(p) for p in args.paths],
                             params=dict(args.set or []))
    except RulesError as exc:
        count = print_errors(exc)
        print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    for warning in rules.warnings:
        print(warning.render())
    effects = sum(1 for c in rules.employees.values() if c.bonus or c.final)
    print(f"ok: modules {', '.join(rules.modules)}: {len(rules.employees)} employee cards "
          f"({effects} with effects), {len(rules.garments)} garments, {len(rules.tiles)} "
          f"resource tiles, {len(rules.actions)} actions, {len(rules.sides)} board sides")
    return 0
