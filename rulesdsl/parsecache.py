"""Parsed effects kept between processes, so that loading rules whose text has not changed
imports no parser: Lark and its grammar are about a third of importing and loading the rules
(docs/speed.md).

An AST depends only on the effect's text, its `Origin`, what was parsed (a whole effect or an
expression) and the parser's own code: those are the key, and the parser's code (its sources
and grammar, by digest) names the files, so a changed parser never reads an old file. Only
successful parses are kept; an error is raised afresh from the parser every time. The files are
in the user's cache folder (`ROCOCO_CACHE_DIR`, else `$XDG_CACHE_HOME/rococo`, else
`~/.cache/rococo`); `ROCOCO_CACHE_DIR=off` keeps nothing. An unreadable file counts as empty.

One file per rule file's name (`employees.yaml`): loading rules reads the parses of their own
files only. In one file for all, the parses of every effect a test suite or an editor ever
made were read at each load (20,000 of them: a load four times as slow).
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
# The most parses kept in one file, and in a process for one file's name (a language server
# parses every edit): past it, the file keeps only those the writing process used, a process
# starts that name's dict afresh.
MAX_ENTRIES = 2_000

_Key = tuple[str, str, str, int, int, "int | None"]
_shards: dict[str, dict[_Key, Any]] = {}  # a rule file's name -> the parses kept for it
_used: set[_Key] = set()
_added: set[str] = set()  # the names whose parses grew since their file was read
_parser_digest: list[str] = []  # of the parser's sources, worked out once


def cache_file(origin_file: str) -> str | None:
    """Where the parses of effects written in files named as `origin_file` are kept, or None
    when `ROCOCO_CACHE_DIR=off`."""
    folder = os.environ.get("ROCOCO_CACHE_DIR")
    if folder == "off":
        return None
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "rococo")
    if not _parser_digest:
        digest = hashlib.sha256()
        for name in _MAKERS:
            with open(os.path.join(_HERE, name), "rb") as source:
                digest.update(source.read())
        _parser_digest.append(digest.hexdigest()[:20])
    name = hashlib.sha256(_shard(origin_file).encode("utf-8")).hexdigest()[:12]
    return os.path.join(folder, f"parsed-{_parser_digest[0]}-{name}.pickle")


def _shard(origin_file: str) -> str:
    """The name a file's parses are kept under: its own name, without its folder (a test's
    temporary folders would otherwise leave a file each)."""
    return os.path.basename(origin_file)


def parse_effect(text: str, origin: Origin) -> Any:
    """`parser.parse_effect`, from the kept parses when this text at this origin was parsed
    before (an `ast.Effect`)."""
    return _parsed(text, origin, "start")


def parse_expression(text: str, origin: Origin) -> Any:
    """`parser.parse_expression`, likewise (an `ast.Expr`)."""
    return _parsed(text, origin, "expression")


def _parsed(text: str, origin: Origin, start: str) -> Any:
    shard = _shard(origin.file)
    entries = _load(shard, origin.file)
    key = (start, text, origin.file, origin.line, origin.column, origin.block_indent)
    _used.add(key)
    tree = entries.get(key)
    if tree is None:
        from . import parser  # only on a miss: Lark is imported here

        tree = parser.parse_effect(text, origin) if start == "start" \
            else parser.parse_expression(text, origin)
        if len(entries) >= MAX_ENTRIES:
            entries.clear()
            _used.difference_update([k for k in _used if _shard(k[2]) == shard])
            _used.add(key)
        entries[key] = tree
        _added.add(shard)
    return tree


def _load(shard: str, origin_file: str) -> dict[_Key, Any]:
    entries = _shards.get(shard)
    if entries is None:
        entries = _shards[shard] = {}
        path = cache_file(origin_file)
        if path is not None:
            try:
                with open(path, "rb") as kept:
                    found = pickle.load(kept)
                if type(found) is dict:
                    entries.update(found)
            except Exception:  # noqa: BLE001 - missing, partly written or foreign: start afresh
                pass
    return entries


def keep() -> None:
    """Write the parses made since the files were read (nothing when there are none); a
    failure to write only means the next process parses again."""
    for shard in sorted(_added):
        entries = _shards.get(shard)
        path = cache_file(shard)
        if entries is None or path is None:
            continue
        if len(entries) > MAX_ENTRIES:
            entries = {k: v for k, v in entries.items() if k in _used}
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            partial = f"{path}.{os.getpid()}"
            with open(partial, "wb") as out:
                pickle.dump(entries, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(partial, path)  # whole or not at all, whoever reads it meanwhile
        except OSError:
            continue
        _added.discard(shard)
