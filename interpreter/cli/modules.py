"""`rococo modules` and `rococo diff`: which modules exist, and what a combination changes."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.markup import escape
from rich.table import Table

from ..loading.diff import ruleset_diff
from ..loading.loader import available_modules, load_ruleset
from ..loading.params import expansions
from ..ui import layout


def cmd_modules(args) -> int:
    rows = available_modules([Path(p) for p in args.module or []])
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    table = Table(title="Modules (toggle with --edition ID and --with ID,ID)")
    for col in ("id", "kind", "version", "name", "requires", "conflicts", "parameters", "where"):
        table.add_column(col)
    for m in rows:
        params = ", ".join(f"{m['id']}.{k}={v['default']}"
                           for k, v in m.get("parameters", {}).items())
        table.add_row(m["id"], m["kind"], str(m.get("version", "0")), escape(m["name"]),
                      ", ".join(m.get("requires", [])), ", ".join(m.get("conflicts", [])),
                      params, m["where"])
    layout.show(layout.console(), table)
    return 0


def cmd_diff(args) -> int:
    extra = [Path(p) for p in args.module or []]
    before = load_ruleset(edition="deluxe")
    solo = [args.solo] if getattr(args, "solo", None) else []
    after = load_ruleset(edition=args.edition, expansions=[*expansions(args.with_), *solo],
                         extra_paths=extra, params=dict(args.set or []))
    changes = ruleset_diff(before, after)
    if args.json:
        print(json.dumps([c.to_json() for c in changes], indent=1))
        return 0
    console = layout.console()
    title = f"{', '.join(after.modules)} against {', '.join(before.modules)}"
    if not changes:
        console.print(f"no changes: {title}")
        return 0
    table = Table(title=title)
    for col in ("change", "what", "id", "from"):
        table.add_column(col)
    for c in changes:
        table.add_row(c.change, c.what, escape(c.id), escape(c.where))
    layout.show(console, table)
    print(f"{len(changes)} change{'s' if len(changes) != 1 else ''}", file=sys.stderr)
    return 0
