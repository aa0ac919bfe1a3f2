"""The schema compiled to Python (core/fastschema.py) gives the verdict jsonschema gives: keyword
by keyword on small schemas, and on a thousand randomly damaged saves against the save schema.
A save it passes is not checked again, so a wrong "yes" here would let a damaged save in."""
from __future__ import annotations

import copy
import json
import random

import pytest

from interpreter import Game
from interpreter.core.fastschema import Unsupported, compile_schema, json_equal
from interpreter.core.schemas import _StrictValidator, check_for, inline_refs, schema_of
from interpreter.sim.bench.positions import play_to

VALUES = [None, True, False, 0, 1, -1, 3, 64, 2.5, 1.0, -0.5, 10 ** 30, "", "a", "abc",
          "x" * 201, "0" * 64, "f" * 63 + "g", [], [1], [1, 2, 3], ["a"], [None, "b"],
          [[1]], {}, {"a": 1}, {"a": "x"}, {"b": 2}, {"a": 1, "b": "y"}, {"c": None},
          {"a": [1, 2]}, {"a": {"b": 1}}]

SCHEMAS = [
    {"type": "integer"}, {"type": "number"}, {"type": "string"}, {"type": "boolean"},
    {"type": "null"}, {"type": "array"}, {"type": "object"}, {"type": ["string", "null"]},
    {"type": ["integer", "number"]}, {"enum": ["a", "abc"]}, {"enum": [1, "a", None, [1]]},
    {"enum": [True]}, {"enum": [1]}, {"const": 1}, {"const": [1]}, {"const": {"a": 1}},
    {"minimum": 0}, {"maximum": 3}, {"type": "integer", "minimum": 0, "maximum": 63},
    {"minLength": 1}, {"maxLength": 3}, {"type": "string", "maxLength": 200},
    {"pattern": "^[0-9a-f]{64}$"}, {"type": "string", "pattern": "b"},
    {"minItems": 1}, {"maxItems": 1}, {"items": {"type": "integer"}},
    {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
    {"items": False}, {"items": True}, {"required": ["a"]},
    {"properties": {"a": {"type": "integer"}}},
    {"properties": {"a": {"type": "integer"}}, "additionalProperties": False},
    {"properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
    {"additionalProperties": {"type": "integer"}}, {"additionalProperties": False},
    {"type": "object", "required": ["a", "b"],
     "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}},
    {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 2}]},
    {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
    {"allOf": [{"type": "integer"}, {"maximum": 2}]},
    {"type": "object", "properties": {"a": {"oneOf": [{"type": "array", "items": {
        "type": "integer"}}, {"type": "object", "additionalProperties": {"type": "integer"}}]}}},
    {"title": "only words", "description": "no checks"}, True, False,
]


@pytest.mark.parametrize("schema", SCHEMAS, ids=[json.dumps(s) for s in SCHEMAS])
def test_each_keyword_gives_jsonschemas_verdict(schema):
    check = compile_schema(schema)
    validator = _StrictValidator(schema)
    verdicts = [(value, check(value), validator.is_valid(value)) for value in VALUES]
    assert [v for v in verdicts if v[1] != v[2]] == []


def test_the_keyword_table_has_both_verdicts_for_each_schema_that_can_fail():
    for schema in SCHEMAS:
        seen = {compile_schema(schema)(value) for value in VALUES}
        assert seen == {True, False} or schema in ({}, True, False) or \
            schema == {"title": "only words", "description": "no checks"} or \
            schema == {"items": True}, schema


@pytest.mark.parametrize("schema, message", [
    ({"patternProperties": {"a": {}}}, "keyword 'patternProperties' is not supported"),
    ({"prefixItems": [{}]}, "keyword 'prefixItems' is not supported"),
    ({"$ref": "#/$defs/x"}, "keyword '$ref' is not supported"),
    ({"format": "date"}, "keyword 'format' is not supported"),
    ({"properties": {"a": {"if": {}}}}, "keyword 'if' is not supported"),
    ({"type": "decimal"}, "type 'decimal' is not supported"),
    ({"items": [{}]}, "items must be one schema"),
    ({"maximum": "3"}, "maximum must be a number, not '3'"),
    ({"anyOf": []}, "anyOf must be a list of schemas"),
    ({"pattern": "("}, "pattern '(' is not a regular expression: missing ), unterminated "
                       "subpattern at position 0"),
    ([], "a schema must be an object or a boolean, not []"),
])
def test_a_keyword_it_does_not_know_is_refused(schema, message):
    with pytest.raises(Unsupported) as caught:
        compile_schema(schema)
    assert str(caught.value) == message


def test_names_and_literals_never_reach_the_source_as_code():
    evil = "a'] or __import__('sys').exit(3) or ['"
    check = compile_schema({"type": "object", "required": [evil],
                            "properties": {evil: {"enum": [evil], "pattern": r"'\)"}}})
    assert check({evil: evil}) is True
    assert check({evil: "a"}) is False and check({"a": 1}) is False


def test_json_equality_keeps_booleans_apart_from_numbers():
    assert json_equal(1, 1.0) and json_equal([1, {"a": 2}], [1.0, {"a": 2}])
    assert not json_equal(True, 1) and not json_equal(0, False) and not json_equal("1", 1)
    assert not json_equal([1], [1, 2]) and not json_equal({"a": 1}, {"b": 1})


# -- the save schema on damaged saves -------------------------------------------------------------
def _paths(node, path=()):
    """Every (path, value) in a JSON document, the root included."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*path, i))


REPLACEMENTS = [None, True, 0, -1, 7, 64, 10 ** 6, 2.5, "", "blue", "x" * 300, [], [0], {},
                {"x": 1}]


def _damaged(data: dict, rng: random.Random) -> dict:
    """A copy of `data` with one random change: a value replaced, a key removed or added, an
    item removed or added."""
    data = copy.deepcopy(data)
    path, value = rng.choice(list(_paths(data))[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    move = rng.randrange(4)
    if move == 0 or not isinstance(value, (dict, list)):
        parent[last] = rng.choice(REPLACEMENTS + [value * 2 if isinstance(value, int) else value])
    elif move == 1 and isinstance(parent, dict):
        del parent[last]
    elif move == 2 and isinstance(value, dict):
        value[rng.choice(["extra", *value][:3])] = rng.choice(REPLACEMENTS)
    elif isinstance(value, list):
        if value and rng.random() < 0.5:
            value.pop(rng.randrange(len(value)))
        else:
            value.append(rng.choice(REPLACEMENTS + (value[:1] * 3)))
    else:
        parent[last] = rng.choice(REPLACEMENTS)
    return data


@pytest.fixture(scope="module")
def saves(rules):
    games = [play_to(rules, 4, 1, 10), play_to(rules, 2, 3, 90), play_to(rules, 5, 2, 260),
             play_to(rules, 4, 5, 10 ** 6)]
    return [json.loads(g.to_json()) for g in games]


def test_the_save_schema_compiles_and_passes_real_saves(saves):
    check = check_for("save")
    assert check is not None
    assert all(check(data) for data in saves)


def test_damaged_saves_get_jsonschemas_verdict(saves):
    check = check_for("save")
    validator = _StrictValidator(inline_refs(schema_of("save")))
    rng = random.Random(14)
    verdicts = {True: 0, False: 0}
    for n in range(1000):
        data = _damaged(saves[n % len(saves)], rng)
        expected = validator.is_valid(data)
        assert check(data) == expected, json.dumps(data)[:300]
        verdicts[expected] += 1
    # both kinds of damage are common: the comparison tests both answers
    assert verdicts[True] > 200 and verdicts[False] > 200, verdicts


def test_a_damaged_save_is_refused_with_jsonschemas_message(rules, saves):
    from interpreter.core.errors import CorruptSaveError
    from interpreter.core.saves import seal
    data = copy.deepcopy(saves[0])
    data["state"]["players"][1]["livre"] = "ten"
    with pytest.raises(CorruptSaveError) as caught:
        Game.from_json(rules, json.dumps(seal(data)))
    assert str(caught.value) == \
        "save file is damaged: state/players/1/livre: 'ten' is not of type 'integer'"
