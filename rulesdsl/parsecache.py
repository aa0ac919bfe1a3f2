"""Parsed effects kept between processes, so that loading rules whose text has not changed
imports no parser: Lark and its grammar are about a third of importing and loading the rules
(docs/speed.md).

An AST depends only on the effect's text, its `Origin`, what was parsed (a whole effect or an
expression) and the parser's own code: those are the key, and the parser's code (its sources
and grammar, by digest) names the files, so a changed parser never reads an old file. Only
successful parses are kept; an error is raised afresh from the parser every time. The files are
in the user's cache folder (`ROCOCO_CACHE_DIR`, else `$XDG_CACHE_HOME/rococo`, else
`~/.cache/rococo`); `ROCOCO_CACHE_DIR=off` keeps nothing. An unreadable file counts as empty.

The code of each effect's generated function (codegen.py) is kept there too, by its source
and this Python's version: compiling the 71 of the rules is a tenth of loading them.

One file per rule file's name (`employees.yaml`): loading rules reads the parses of their own
files only, and a file mostly made of parses the loading process did not use (another version
of the file, a test suite's mutations) is pruned to those it used. In one file for all, the
parses of every effect a test suite or an editor ever made were read at each load (20,000 of
them: a load four times as slow).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import re
import sys
from types import CodeType
from typing import Any

from .rule_errors import Origin

_HERE = os.path.dirname(os.path.abspath(__file__))
# the sources an AST is made by: a change to any of them makes a new file
_MAKERS = ("parser.py", "ast.py", "rule_errors.py", "effects.lark")
# The most parses kept in one file, and in a process for one file's name (a language server
# parses every edit): past it, the file keeps only those the writing process used, a process
# starts that name's dict afresh.
MAX_ENTRIES = 2_000
# A file is pruned to the parses a process used when it holds more than twice as many, and
# more than this: loading rules reads only what they need, however much else was parsed
PRUNE_PAST = 64

_Key = tuple[str, str, str, int, int, "int | None"]
_shards: dict[str, dict[_Key, Any]] = {}  # a rule file's name -> the parses kept for it
_used: set[_Key] = set()
_added: set[str] = set()  # the names whose parses grew since their file was read
_parser_digest: list[str] = []  # of the parser's sources, worked out once
# The one file for all rule files that versions before the per-name files wrote (8 MB on a
# machine running a test suite): nothing reads it now, so the first write beside it removes it
_LEGACY_FILE = re.compile(r"parsed-[0-9a-f]{20}\.pickle")


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
        _add(entries, shard, key, tree)
    return tree


def function_code(source: str, name: str, origin_file: str) -> CodeType:
    """The code of the one function `source` defines, compiled as the file `name`: kept with
    the parses of `origin_file`'s name, for this Python's version (its bytecode is its own)."""
    shard = _shard(origin_file)
    entries = _load(shard, origin_file)
    key = (_PYTHON, source, name, 0, 0, None)
    _used.add(key)
    kept = entries.get(key)
    if type(kept) is bytes:
        try:
            code = marshal.loads(kept)
            if type(code) is CodeType:
                return code
        except (EOFError, ValueError, TypeError):  # a damaged entry: compiled afresh
            pass
    module = compile(source, name, "exec", dont_inherit=True)
    (code,) = (c for c in module.co_consts if isinstance(c, CodeType))
    _add(entries, shard, key, marshal.dumps(code))
    return code


def _add(entries: dict[_Key, Any], shard: str, key: _Key, value: Any) -> None:
    """Keep `value` under `key` in a name's dict (started afresh when full)."""
    if len(entries) >= MAX_ENTRIES:
        _used.difference_update(entries)
        _used.add(key)
        entries.clear()
    entries[key] = value
    _added.add(shard)


_PYTHON = f"code {sys.version}"  # the first item of a kept code's key


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
    """Write the parses made since the files were read (nothing when there are none), and
    prune a file mostly made of parses this process did not use (another version of the
    file, a test's): it keeps those used. A failure to write only means the next process
    parses again."""
    for shard, entries in sorted(_shards.items()):
        path = cache_file(shard)
        if path is None:
            continue
        used = {k: v for k, v in entries.items() if k in _used}
        foreign = len(entries) > max(PRUNE_PAST, 2 * len(used))
        if shard not in _added and not foreign:
            continue
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            partial = f"{path}.{os.getpid()}"
            with open(partial, "wb") as out:
                pickle.dump(used if foreign else entries, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(partial, path)  # whole or not at all, whoever reads it meanwhile
        except OSError:
            continue
        _added.discard(shard)
        _remove_legacy_files(os.path.dirname(path))


def _remove_legacy_files(folder: str) -> None:
    try:
        for name in os.listdir(folder):
            if _LEGACY_FILE.fullmatch(name):
                os.remove(os.path.join(folder, name))
    except OSError:
        pass  # another process removed it first, or the folder is not ours to change
