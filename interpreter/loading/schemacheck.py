"""JSON Schema checks of one rules document, told in a designer's words at the right position.

jsonschema's own messages print whole Python objects ("should not be valid under {...}"); here
each kind of violation becomes one sentence: an unknown key names the key and the nearest known
one, a whole number is a whole number (`3e0` and `2.5` are not), a forbidden pair of keys says
which pair.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rulesdsl.suggest import did_you_mean

from ..core.errors import SchemaError
from ..core.schemas import check_for, schema_of, validator_for
from .yamlio import Document

if TYPE_CHECKING:  # jsonschema is imported only for a document the quick check refuses
    from jsonschema import ValidationError

_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text",
               "boolean": "true or false", "array": "a list", "object": "a mapping of keys",
               "null": "empty"}
_ID_PATTERNS = {"^[a-z][a-z0-9_.]*$": "an id: lowercase letters, digits, '_' and '.', starting "
                                      "with a letter",
                "^[a-z][a-z0-9_]*$": "a name: lowercase letters, digits and '_', starting with "
                                     "a letter",
                "^[A-Za-z0-9_./-]+\\.ya?ml$": "a .yaml file name"}
_TOKEN = re.compile(r"[^\s,\]}#]+")
MAX_ERRORS_PER_FILE = 50




def schema_errors(kind: str, schema: dict, doc) -> list[SchemaError]:
    """Every schema violation of `doc`, one sentence each, sorted by position."""
    if schema is schema_of(kind):  # the shipped schema: a valid document passes its quick
        quick = check_for(kind)    # check (core/fastschema.py), only a faulty one needs
        if quick is not None and quick(doc.data):  # jsonschema to say what is wrong
            return []
    out: list[SchemaError] = []
    said: set[tuple] = set()
    for err in validator_for(kind, schema).iter_errors(doc.data):
        for error in _explain(err, doc):  # jsonschema reports a missing key once per key
            key = (error.span.line, error.span.column, str(error))
            if key not in said:
                said.add(key)
                out.append(error)
    out.sort(key=lambda e: (e.span.line, e.span.column))
    if len(out) > MAX_ERRORS_PER_FILE + 1:  # one more is said as it is, not summarised
        rest = out[MAX_ERRORS_PER_FILE]
        more = len(out) - MAX_ERRORS_PER_FILE
        out = out[:MAX_ERRORS_PER_FILE] + [SchemaError(
            f"and {more:,} more schema errors in this file from here on (fix the ones above "
            "first)", rest.span, rest.source_line)]
    return out


def _where(path: tuple) -> str:
    return "/".join(str(p) for p in path) or "document"


def _error(doc, path: tuple, message: str, at: tuple | None = None) -> SchemaError:
    """An error about the value at `path`, positioned at the key `at` inside it if given."""
    span = doc.key_span(path + at) if at else doc.span(path)
    return SchemaError(f"{_where(path)}: {message}", span, doc.source_line(span))


def _explain(err: ValidationError, doc: Document) -> list[SchemaError]:
    """One violation in a designer's words (jsonschema's own message for a kind not listed in
    _EXPLAINED, or a case of it that a sentence does not fit)."""
    explain = _EXPLAINED.get(str(err.validator))
    said = explain(err, doc, tuple(err.absolute_path)) if explain is not None else None
    if said is not None:
        return said
    message = err.message
    if len(message) > 160:
        message = message[:157] + "..."
    return [_error(doc, tuple(err.absolute_path), message[0].lower() + message[1:])]


def _unknown_keys(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError] | None:
    if not isinstance(err.instance, dict):
        return None
    schema: Any = err.schema  # the object's schema (jsonschema types it loosely)
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    unknown = [k for k in err.instance if k not in known
               and not any(re.search(p, k) for p in patterns)]
    if not unknown:
        return None
    shown = unknown[:MAX_ERRORS_PER_FILE]
    moved = schema.get("x-moved", {})
    out = [_error(doc, path, f"unknown key {k!r}: {moved[k]}" if k in moved
                  else _unknown_key(k, known), at=(k,)) for k in shown]
    if len(unknown) > len(shown):
        out.append(_error(doc, path, f"and {len(unknown) - len(shown):,} more unknown "
                                     "keys", at=(unknown[len(shown)],)))
    return out


def _forbidden_pair(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError] | None:
    value: Any = err.validator_value  # what the failed keyword asks for
    if not (isinstance(value, dict) and list(value) == ["required"]):
        return None
    keys = " and ".join(repr(k) for k in value["required"])
    return [_error(doc, path, f"cannot have both {keys}; keep one of them",
                   at=(value["required"][-1],))]


def _wrong_type(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError]:
    value: Any = err.validator_value  # what the failed keyword asks for
    wanted = value if isinstance(value, list) else [value]
    words = " or ".join(_TYPE_WORDS.get(t, str(t)) for t in wanted)
    return [_error(doc, path, f"should be {words}, not {_shown(doc, path, err.instance)}")]


def _missing_keys(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError]:
    keys: Any = err.validator_value
    missing = [k for k in keys
               if isinstance(err.instance, dict) and k not in err.instance]
    return [_error(doc, path, f"missing key {k!r}") for k in missing]


def _not_a_choice(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError]:
    value: Any = err.validator_value  # what the failed keyword asks for
    choices = ", ".join(str(c) for c in value)
    hint = did_you_mean(str(err.instance), [str(c) for c in value])
    return [_error(doc, path, f"{_shown(doc, path, err.instance)} is not one of {choices}"
                              f"{hint}")]


def _not_the_constant(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError]:
    return [_error(doc, path, f"should be {err.validator_value!r}, not "
                              f"{_shown(doc, path, err.instance)}")]


def _not_an_id(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError] | None:
    pattern: Any = err.validator_value
    if pattern not in _ID_PATTERNS:
        return None
    return [_error(doc, path, f"{err.instance!r} is not {_ID_PATTERNS[pattern]}")]


def _one_key_of(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError] | None:
    value: Any = err.validator_value  # what the failed keyword asks for
    if not all(isinstance(s, dict) and list(s) == ["required"] for s in value):
        return None
    if any(len(s["required"]) > 1 for s in value):  # whole sets of keys to choose from
        sets = ", or ".join(" and ".join(s["required"]) for s in value)
        return [_error(doc, path, f"needs the keys {sets}")]
    keys = ", ".join(k for s in value for k in s["required"])
    return [_error(doc, path, f"needs exactly one of the keys {keys}")]


def _repeated_items(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError] | None:
    if not (err.validator_value and isinstance(err.instance, list)):
        return None
    seen: list = []
    twice: list = []
    for item in err.instance:
        (twice if item in seen and item not in twice else seen).append(item)
    listed = ", ".join(json.dumps(item) for item in twice)
    return [_error(doc, path, f"lists {listed} more than once; each may appear once")]


_BOUNDS = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
           "exclusiveMaximum": "less than"}


def _out_of_bounds(err: ValidationError, doc: Document, path: tuple) -> list[SchemaError]:
    return [_error(doc, path, f"should be {_BOUNDS[str(err.validator)]} "
                              f"{err.validator_value}, not {err.instance!r}")]


# The violations told in a sentence of their own, by the schema keyword that failed; each
# returns None for a case its sentence does not fit.
_EXPLAINED: dict[str, Callable[[ValidationError, Document, tuple],
                               list[SchemaError] | None]] = {
    "additionalProperties": _unknown_keys,
    "not": _forbidden_pair,
    "type": _wrong_type,
    "required": _missing_keys,
    "enum": _not_a_choice,
    "const": _not_the_constant,
    "pattern": _not_an_id,
    "oneOf": _one_key_of,
    "anyOf": _one_key_of,
    "uniqueItems": _repeated_items,
    **dict.fromkeys(_BOUNDS, _out_of_bounds),
}


def _unknown_key(key: str, known: list[str]) -> str:
    hint = did_you_mean(key, known)
    if not hint:
        hint = f" (known keys: {', '.join(known)})" if known else ""
    return f"unknown key {key!r}{hint}"


def _shown(doc, path: tuple, value: Any) -> str:
    """A value as the file writes it (`3e0`, not 3.0); containers by their kind."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    span = doc.span(path)
    line = doc.lines[span.line - 1] if 0 < span.line <= len(doc.lines) else ""
    token = _TOKEN.match(line, span.column - 1)
    if token and not isinstance(value, str):
        return token.group(0)
    return repr(value)
