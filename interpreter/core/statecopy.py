"""A deep copy of the game state shaped by its schema: what a clone, a save and an undo copy.

A generic copy of JSON data must look at every value to find the containers inside; the
state's schema (save.schema.json, `state`) already says where they are. So the copy is compiled
once from the schema, as fastschema.py compiles the check: a list of plain values is copied with
`v[:]`, a dict of plain values with `v.copy()` (both in C, the values shared: they are
immutable), and only the containers that hold containers are walked, each by the names the
schema gives. Where the schema does not pin a value down (no type, a choice of types that
includes a container), that value gets the generic `copy_json`.

The copy relies on the state matching its schema, which every save checks as it loads and the
property tests check at every decision (tests/test_statecopy.py: no copy ever shares a container
with its original).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .journal import copy_json
from .state import State

Copier = Callable[[Any], Any]

_PLAIN_TYPES = frozenset({"string", "integer", "number", "boolean", "null"})
_COMPOSITE = frozenset({"prefixItems", "oneOf", "anyOf", "allOf", "not", "$ref"})


def compile_copier(schema: Any) -> Copier:
    """A function that deep-copies a document valid against `schema` (local `$ref`s inlined):
    containers new, plain values shared."""
    return _Compiler().build(schema)


def _plain(schema: Any) -> bool:
    """Whether every value `schema` accepts is plain (no dict, no list)."""
    if not isinstance(schema, dict):
        return False
    if "const" in schema:
        return type(schema["const"]) in (str, int, float, bool, type(None))
    if "enum" in schema and isinstance(schema["enum"], list):
        return all(type(x) in (str, int, float, bool, type(None)) for x in schema["enum"])
    for word in ("oneOf", "anyOf"):
        if word in schema and "type" not in schema:
            subs = schema[word]
            return isinstance(subs, list) and bool(subs) and all(_plain(s) for s in subs)
    names = schema.get("type")
    names = [names] if isinstance(names, str) else names
    return isinstance(names, list) and bool(names) and all(n in _PLAIN_TYPES for n in names)


class _Compiler:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {"copy_json": copy_json}
        self.count = 0

    def build(self, schema: Any) -> Copier:
        root = self.expression(schema, "v", 0)
        if root == "v":  # a plain value: nothing to copy
            return _same
        self.lines += ["def C0(v):", f"    return {root}", ""]
        namespace = dict(self.consts)
        exec(compile("\n".join(self.lines), "<state copy>", "exec"), namespace)
        return namespace["C0"]

    def const(self, value: Any) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def expression(self, schema: Any, v: str, depth: int) -> str:
        """An expression over `v` giving its copy (`depth` names the loops' variables)."""
        if _plain(schema):
            return v
        kind = schema.get("type") if isinstance(schema, dict) else None
        if kind == "array" and not _COMPOSITE & set(schema):
            items = schema.get("items", True)
            if _plain(items):
                return f"{v}[:]"
            x = f"x{depth}"
            return f"[{self.expression(items, x, depth + 1)} for {x} in {v}]"
        if kind == "object" and not _COMPOSITE & set(schema):
            return self.object_expression(schema, v, depth)
        return f"copy_json({v})"  # the schema does not say: the generic copy

    def object_expression(self, schema: dict, v: str, depth: int) -> str:
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        nested = {name: sub for name, sub in props.items() if not _plain(sub)}
        if not nested and (extra is False or _plain(extra)):
            return f"{v}.copy()"
        if not props:  # a dict of like values, any names
            k, x = f"k{depth}", f"x{depth}"
            return f"{{{k}: {self.expression(extra, x, depth + 1)} for {k}, {x} in {v}.items()}}"
        self.count += 1
        name = f"C{self.count}"
        body = ["    d = v.copy()"]
        required = set(schema.get("required", []))
        for key, sub in nested.items():
            copy = self.expression(sub, "x", 1)
            if key in required:
                body += [f"    x = d[{key!r}]", f"    d[{key!r}] = {copy}"]
            else:
                body += [f"    x = d.get({key!r}, d)", "    if x is not d:",
                         f"        d[{key!r}] = {copy}"]
        if extra is not False and not _plain(extra):
            known = self.const(frozenset(props))
            body += ["    for k, x in d.items():",  # values replaced: the dict keeps its size
                     f"        if k not in {known}:",
                     f"            d[k] = {self.expression(extra, 'x', 1)}"]
        self.lines += [f"def {name}(v):", *body, "    return d", ""]
        return f"{name}({v})"


def _same(value: Any) -> Any:
    return value


@cache
def state_copier() -> Copier:
    """The copier of the game state, compiled from the shipped save schema once."""
    from .schemas import inline_refs, schema_of  # the schema files: read when first copied
    return compile_copier(inline_refs(schema_of("save"))["properties"]["state"])


def copy_state(state: State) -> State:
    """A deep copy of a game state (see the module's docstring)."""
    copy: State = state_copier()(state)
    return copy
