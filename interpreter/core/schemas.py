"""The shipped JSON Schemas, read once, and strict validators for them.

Both the loader (rules files) and the saves (a saved state) check documents against these, so
they live at the bottom of the house. `rules/` and `schemas/` stay at the repository's root;
interpreter/_data holds two links to them, which setuptools copies into wheels (an editable
install follows the links), found beside this package's files (importlib.resources would
find the same folder, and import zipfile, tempfile and shutil on the way: a tenth of the
imports a game needs).
"""
from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .fastschema import Check, Unsupported, compile_schema

if TYPE_CHECKING:  # jsonschema is imported when a validator is first asked for: a valid
    from jsonschema.protocols import Validator  # document passes `check_for` without it

DATA_DIR = Path(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_data")
RULES_DIR = DATA_DIR / "rules"
SCHEMAS_DIR = DATA_DIR / "schemas"


@cache
def schema_of(kind: str) -> dict:
    """The JSON Schema of a kind of document, read once (callers do not change it)."""
    return json.loads((SCHEMAS_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


def _is_whole(_checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _strict_validator() -> Any:
    """Draft 2020-12 with whole numbers for "integer": JSON Schema's "integer" accepts 3.0; a
    rules file that says `3e0` or `2.5` made a mistake."""
    from jsonschema import Draft202012Validator, validators
    return validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole))


def __getattr__(name: str) -> Any:
    if name == "_StrictValidator":  # made when first asked for (see `_strict_validator`)
        return _strict_validator()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_VALIDATORS: dict[str, Any] = {}


def validator_for(kind: str, schema: dict | None = None) -> Validator:
    """A strict validator of `kind`'s schema (the shipped one unless given), built once."""
    if schema is None:
        schema = schema_of(kind)
    cached = _VALIDATORS.get(kind)
    if cached is None or cached[0] is not schema:
        cached = _VALIDATORS[kind] = (schema, _strict_validator()(inline_refs(schema)))
    return cached[1]


_CHECKS: dict[str, tuple[dict, Check | None]] = {}


def check_for(kind: str) -> Check | None:
    """The shipped schema of `kind` compiled to a predicate (see fastschema.py), built once;
    None if it uses a keyword the predicate cannot check (then only the validator can)."""
    schema = schema_of(kind)
    cached = _CHECKS.get(kind)
    if cached is None or cached[0] is not schema:
        try:
            check: Check | None = compile_schema(inline_refs(schema), prefix_items=True)
        except Unsupported:
            check = None
        cached = _CHECKS[kind] = (schema, check)
    return cached[1]


def inline_refs(schema: dict) -> dict:
    """The schema with each local `#/$defs/x` reference replaced by its definition.

    jsonschema resolves a `$ref` through its registry at every use, which was half of the
    validation time of the built-in rules; the schemas' definitions are not recursive.
    """
    defs = schema.get("$defs", {})

    def walk(node: Any, depth: int) -> Any:
        if depth > 32:
            raise ValueError("schema references nest too deeply (recursive $defs?)")
        if isinstance(node, list):
            return [walk(n, depth) for n in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            target = walk(defs[ref[8:]], depth + 1)
            rest = {k: walk(v, depth) for k, v in node.items() if k != "$ref"}
            if isinstance(target, dict) and not set(rest) & set(target):
                return {**target, **rest}
            return {"allOf": [target], **rest}
        return {k: (v if k == "$defs" else walk(v, depth)) for k, v in node.items()}

    return walk(schema, 0)
