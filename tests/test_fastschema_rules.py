"""Rules files are checked against their schema by the compiled predicate first (core/fastschema.py,
`schemas.check_for`); only a file it refuses is shown to jsonschema for the messages. So the
predicate must never pass a file jsonschema refuses: the keywords the rules schemas use beyond
the save's, every shipped rules file, and randomly damaged ones, all get jsonschema's verdict."""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from interpreter.core.fastschema import compile_schema
from interpreter.core.schemas import RULES_DIR, _StrictValidator, check_for, inline_refs, schema_of
from interpreter.loading.loader import KINDS
from interpreter.loading.yamlio import read_document

VALUES = [None, True, False, 0, 1, 1.0, 2.5, "", "a", "ab", "B", [], [1], [1, 1], [1, 1.0],
          [1, True], ["a", "a"], ["a", "b"], [[1], [1]], [{"a": 1}, {"a": 1.0}],
          [{"a": 1}, {"a": True}], [0, "x"], [0, 1, 2], [-1], {}, {"a": 1}, {"ab": 1, "b": 2},
          {"B": 1}, {"a": None, "b": None, "c": None}]

SCHEMAS = [
    {"uniqueItems": True}, {"uniqueItems": False}, {"type": "array", "uniqueItems": True},
    {"minProperties": 1}, {"maxProperties": 1}, {"type": "object", "minProperties": 2},
    {"propertyNames": {"pattern": "^[a-z]+$"}}, {"propertyNames": {"maxLength": 1}},
    {"not": {"type": "integer"}}, {"not": {"required": ["a"]}},
    {"prefixItems": [{"type": "integer", "minimum": 0}, {"type": "string"}]},
    {"prefixItems": [{"type": "integer"}], "items": {"type": "string"}},
    {"anyOf": [{"type": "string"}]}, {"allOf": [{"type": "integer"}]},
    {"oneOf": [{"type": "array"}]},
]


@pytest.mark.parametrize("schema", SCHEMAS, ids=[json.dumps(s) for s in SCHEMAS])
def test_each_keyword_the_rules_schemas_add_gives_jsonschemas_verdict(schema):
    check = compile_schema(schema, prefix_items=True)
    validator = _StrictValidator(schema)
    verdicts = [(value, check(value), validator.is_valid(value)) for value in VALUES]
    assert [v for v in verdicts if v[1] != v[2]] == []
    assert {v[1] for v in verdicts} == {True, False} or schema == {"uniqueItems": False}


def _rules_documents():
    for path in sorted(RULES_DIR.rglob("*.yaml")):
        doc = read_document(path)
        data = doc.data
        if isinstance(data, dict) and ("module" in data or data.get("kind") in KINDS):
            yield path, ("module" if "module" in data else data["kind"]), data


def test_every_rules_schema_compiles_and_every_shipped_file_passes_it():
    for kind in KINDS:
        assert check_for(kind) is not None, kind
    files = list(_rules_documents())
    assert len(files) > 30
    for path, kind, data in files:
        assert check_for(kind)(data), path
        assert _StrictValidator(inline_refs(schema_of(kind))).is_valid(data), path


def _damage(value, rng):
    """`value` with one random change somewhere inside."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        choice = rng.random()
        if choice < 0.15:
            del value[key]
        elif choice < 0.3:
            value[key + "x"] = value[key]
        else:
            value[key] = _damage(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        if rng.random() < 0.2:
            value.append(copy.deepcopy(value[i]))  # a repeated item
        else:
            value[i] = _damage(value[i], rng)
        return value
    return rng.choice([None, True, 0, -1, 2.5, 3.0, "", "x y", "Q", [], {}, [1, 1], {"z": 1}])


def test_damaged_rules_files_get_jsonschemas_verdict():
    rng = random.Random(14)
    files = list(_rules_documents())
    refused = 0
    for _ in range(1500):
        path, kind, data = rng.choice(files)
        damaged = _damage(copy.deepcopy(data), rng)
        valid = _StrictValidator(inline_refs(schema_of(kind))).is_valid(damaged)
        assert check_for(kind)(damaged) is valid, (path, damaged)
        refused += not valid
    assert 500 < refused < 1500  # both verdicts, many times


def test_loading_valid_rules_does_not_import_jsonschema():
    # jsonschema (a third of loading's imports) is only needed to explain a faulty file
    code = "import sys, interpreter; interpreter.load_ruleset(expansions=['jewelry_box']); " \
           "print('jsonschema' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
