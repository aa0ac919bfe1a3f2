"""Where a command writes its JSON: checked before the work starts, written once it is done."""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def unwritable(path: Path) -> str | None:
    """Why a file cannot be written there, checked before any game is played."""
    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "permission denied"
    return None


def refuse_unwritable(target: str | None, option: str = "--json") -> bool:
    """Say so (and return True) when `target` (a path, or - for stdout) cannot be written."""
    if not target or target == "-":
        return False
    problem = unwritable(Path(target))
    if problem:
        print(f"error: cannot write {option} {target}: {problem}", file=sys.stderr)
    return problem is not None


def write_json(data: Any, target: str, option: str = "--json") -> bool:
    """Write `data` as indented JSON to `target` (- for stdout); False, said, when it fails."""
    text = json.dumps(data, indent=1) + "\n"
    if target == "-":
        sys.stdout.write(text)
        return True
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {option} {target}: {(exc.strerror or str(exc)).lower()}",
              file=sys.stderr)
        return False
    return True


def write_files(data: Any, args, html: Callable[[Any, Path], None], what: str, out) -> bool:
    """--json and --html once the work is done (`html` writes the page); False when the JSON
    cannot be written."""
    if args.json and not write_json(data, args.json):
        return False
    if args.html:
        html(data, Path(args.html))
        out.print(f"{what} written to {args.html}")
    return True
