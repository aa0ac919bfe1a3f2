"""The state's copier (core/statecopy.py): compiled from the save schema, it must give a copy
equal to the state as JSON data that shares no container with it, in every position of many
games of the base game, every expansion and both solo modes; and the compiler must fall back to
the generic copy wherever a schema does not say what a value holds."""
from __future__ import annotations

import json
import random

import pytest

from interpreter import Game, load_ruleset
from interpreter.core.journal import Journal
from interpreter.core.statecopy import _Compiler, compile_copier, copy_state
from interpreter.sim.bench.positions import play_to
from interpreter.sim.bots import make_bot

EXPANSIONS = ("jewelry_box", "fancy_dresses", "festivity_dresses", "expert_tailoring")


def _containers(node, out: list) -> list:
    if isinstance(node, (dict, list)):
        out.append(node)
        for child in (node.values() if isinstance(node, dict) else node):
            _containers(child, out)
    return out


def _assert_a_true_copy(copy, original) -> None:
    assert json.dumps(copy, sort_keys=True) == json.dumps(original, sort_keys=True)
    assert copy == original
    shared = set(map(id, _containers(copy, []))) & set(map(id, _containers(original, [])))
    assert not shared, "the copy shares a container with the state"


@pytest.mark.parametrize("expansions,players", [
    ((), (2, 3, 4, 5)), (EXPANSIONS, (2, 3, 4, 5)), (("du_barry",), (2,)), (("masques",), (2,)),
])
def test_every_state_of_many_games_is_copied_whole_and_apart(expansions, players):
    rules = load_ruleset(expansions=expansions)
    rng = random.Random(len(expansions))
    positions = 0
    for n in players:
        for seed in range(2):
            game = Game.new(rules, players=n, seed=seed + 10 * n)
            bots = [make_bot("random", rng.randrange(1000)) for _ in range(n)]
            while not game.is_over():
                _assert_a_true_copy(copy_state(game.state), game.state)
                start, _answers = game.step_start()
                # what the copier gives at the waiting step's start is what a pickle gives
                assert start == game.journal.original(game.state)
                _assert_a_true_copy(start, game.journal.original(game.state))
                d = game.decision()
                game.apply(bots[d.seat].choose(game, d))
                positions += 1
            _assert_a_true_copy(copy_state(game.state), game.state)
    assert positions > 60 * 2 * len(players)  # two whole games of each size


@pytest.mark.parametrize("decisions", [17, 120, 233])
def test_a_clone_changed_leaves_its_original_as_it_was(rules, decisions):
    """The clone's state is its own, and so is every answer its step was given again (its
    original's own answers, handed over as copies, unmatched: core/questions.py `own`): emptying
    each of its containers changes nothing of the original's save (its state, its waiting
    step's answers, its history)."""
    game = play_to(rules, 4, 3, decisions, "random")
    before = game.to_json()
    clone = game.clone()
    assert clone.to_json() == before and clone.decision() == game.decision()
    for node in _containers(clone.state, []):  # every container of the clone, emptied
        node.clear()
    assert game.to_json() == before


def test_the_journal_takes_its_changes_back_to_copy_and_makes_them_again():
    """`Journal.original` with a copier: the copier sees the state as it was, the live state
    is left with the very same objects in the same places."""
    root = {"hand": ["a", "b"], "board": {"hall": [{"owner": 1}]}}
    hall = root["board"]["hall"]
    journal = Journal()
    journal.append(root["hand"], "c")
    journal.set(hall[0], "owner", 2)
    journal.pop(hall, 0)
    seen = []

    def copy(r):
        seen.append(json.dumps(r))
        return json.loads(seen[-1])
    original = journal.original(root, copy)
    assert seen == ['{"hand": ["a", "b"], "board": {"hall": [{"owner": 1}]}}']
    assert original == {"hand": ["a", "b"], "board": {"hall": [{"owner": 1}]}}
    assert root == {"hand": ["a", "b", "c"], "board": {"hall": []}} and root["board"]["hall"] is hall
    journal.rollback()
    assert root == original


@pytest.mark.parametrize("schema,doc,how", [
    ({"type": "array", "items": {"type": "string"}}, ["a", "b"], "[:]"),
    ({"type": "object", "additionalProperties": {"type": "integer"}}, {"a": 1}, ".copy()"),
    ({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}, [[1], [2, 3]],
     "for"),
    ({"type": "object", "properties": {"a": {"type": "array"}}, "required": ["a"],
      "additionalProperties": False}, {"a": [[1], {"b": [2]}]}, "copy_json"),
    ({"type": "object", "properties": {"a": {"type": "string"}},
      "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
     {"a": "x", "b": [1], "c": [2]}, "not in"),
    ({"type": "object", "properties": {"a": {"oneOf": [{"type": "null"}, {"type": "object"}]}}},
     {"a": {"b": [1]}}, "copy_json"),
    ({"type": "object", "properties": {"a": {"type": "array"}}}, {}, ".get("),
    ({}, {"a": [1, {"b": []}]}, "copy_json"),
    ({"type": ["string", "null"]}, None, ""),
])
def test_the_compiler_copies_each_shape_and_falls_back_where_the_schema_is_silent(schema, doc,
                                                                                  how):
    compiler = _Compiler()
    copier = compiler.build(schema)
    _assert_a_true_copy(copier(doc), doc)
    source = "\n".join(compiler.lines)  # how it copies: the path `how` names is taken
    assert how in source if how else not source
    _assert_a_true_copy(compile_copier(schema)(doc), doc)
