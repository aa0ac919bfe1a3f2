"""Parsed effects kept between processes, so that loading rules whose text has not changed
imports no parser: Lark and its grammar are about a third of importing and loading the rules
(docs/speed.md).

An AST depends only on the effect's text, its `Origin`, what was parsed (a whole effect or an
expression) and the parser's own code: those are the key, and the parser's code (its sources
and grammar, by digest) names the file, so a changed parser never reads an old file. Only
successful parses are kept; an error is raised afresh from the parser every time. The file is
in the user's cache folder (`ROCOCO_CACHE_DIR`, else `$XDG_CACHE_HOME/rococo`, else
`~/.cache/rococo`); `ROCOCO_CACHE_DIR=off` keeps nothing. An unreadable file counts as empty.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from typing import Any

from .rule_errors import Origin

_HERE = os.path.dirname(os.path.abspath(__file__))
# the sources an AST is made by: a change to any of them makes a new file
_MAKERS = ("parser.py", "ast.py", "rule_errors.py", "effects.lark")
# The most parses kept, in the file and in a process (a language server parses every edit):
# past it, the file keeps only those the writing process used, a process starts its dict afresh.
MAX_ENTRIES = 20_000

_Key = tuple[str, str, str, int, int, "int | None"]
_entries: dict[_Key, Any] | None = None
_used: set[_Key] = set()
_added = False


def cache_file() -> str | None:
    """Where the parses are kept, or None when `ROCOCO_CACHE_DIR=off`."""
    folder = os.environ.get("ROCOCO_CACHE_DIR")
    if folder == "off":
        return None
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "rococo")
    digest = hashlib.sha256()
    for name in _MAKERS:
        with open(os.path.join(_HERE, name), "rb") as source:
            digest.update(source.read())
    return os.path.join(folder, f"parsed-{digest.hexdigest()[:20]}.pickle")


def parse_effect(text: str, origin: Origin) -> Any:
    """`parser.parse_effect`, from the kept parses when this text at this origin was parsed
    before (an `ast.Effect`)."""
    return _parsed(text, origin, "start")


def parse_expression(text: str, origin: Origin) -> Any:
    """`parser.parse_expression`, likewise (an `ast.Expr`)."""
    return _parsed(text, origin, "expression")


def _parsed(text: str, origin: Origin, start: str) -> Any:
    global _added
    entries = _load()
    key = (start, text, origin.file, origin.line, origin.column, origin.block_indent)
    _used.add(key)
    tree = entries.get(key)
    if tree is None:
        from . import parser  # only on a miss: Lark is imported here

        tree = parser.parse_effect(text, origin) if start == "start" \
            else parser.parse_expression(text, origin)
        if len(entries) >= MAX_ENTRIES:
            entries.clear()
            _used.clear()
            _used.add(key)
        entries[key] = tree
        _added = True
    return tree


def _load() -> dict[_Key, Any]:
    global _entries
    if _entries is None:
        _entries = {}
        path = cache_file()
        if path is not None:
            try:
                with open(path, "rb") as kept:
                    found = pickle.load(kept)
                if type(found) is dict:
                    _entries = found
            except Exception:  # noqa: BLE001 - missing, partly written or foreign: start afresh
                pass
    return _entries


def keep() -> None:
    """Write the parses made since the file was read (nothing when there are none); a failure
    to write only means the next process parses again."""
    global _added
    if not _added or _entries is None:
        return
    path = cache_file()
    if path is None:
        return
    entries = _entries
    if len(entries) > MAX_ENTRIES:
        entries = {k: v for k, v in entries.items() if k in _used}
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        partial = f"{path}.{os.getpid()}"
        with open(partial, "wb") as out:
            pickle.dump(entries, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(partial, path)  # whole or not at all, whoever reads it meanwhile
        _added = False
    except OSError:
        pass
