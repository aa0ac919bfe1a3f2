"""A step re-run with its recorded answers (a save loaded, a clone, an undo) looks at each
question's values only as far as the recorded answer and builds no Decision for it; a clone's
re-run reuses what its original found possible at the step's start. It must still reach the
very same position, and a recorded answer that is not an option is still refused by name."""
from __future__ import annotations

import json

import pytest
from conftest import dump
from hypothesis import given
from hypothesis import strategies as st

from interpreter import CorruptSaveError, Game, make_bot
from interpreter.core.decisions import same_as, same_value
from interpreter.core.saves import seal


def _positions(rules, players, seed, every):
    """(game, prompts so far) at every `every`-th decision of a random-bot game."""
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("random", seed * 7 + s) for s in range(players)]
    prompts = []
    n = 0
    while not game.is_over():
        d = game.decision()
        if n % every == every - 1:
            yield game, prompts
        prompts.append(d.prompt)
        game.apply(bots[d.seat].choose(game, d))
        n += 1


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5), (5, 8)])
def test_clone_and_load_reach_and_continue_the_original_position(rules, players, seed):
    """Over a whole game: a clone (with what its original found possible), a clone of that
    clone and a loaded save (without) each stand where the game stands, and each answer of the
    pending decision then leads all of them to one position."""
    checked = 0
    for game, _ in _positions(rules, players, seed, 9):
        d = game.decision()
        copies = [game.clone(), Game.from_json(rules, game.to_json())]
        copies.append(copies[0].clone())
        for copy in copies:
            assert dump(copy) == dump(game) and copy.decision() == d
            assert copy.history == game.history
        for i in {0, len(d.options) // 2, len(d.options) - 1}:
            after = []
            for copy in (game.clone(), Game.from_json(rules, game.to_json())):
                copy.apply_index(i)
                after.append((dump(copy), copy.decision(), copy.to_json()))
            assert after[0] == after[1]
        checked += 1
    assert checked > 10


def test_a_recorded_answer_that_is_no_option_is_refused_with_its_question(rules):
    """Each recorded answer of a waiting step, replaced by one that its question does not offer,
    makes the save refused, naming that question."""
    checked = 0
    for game, prompts in _positions(rules, 4, 2, 5):
        data = json.loads(game.to_json())
        answers = data["answers"]
        for i in range(len(answers)):
            bad = json.loads(game.to_json())
            bad["answers"][i] = {"no": "such answer"}
            prompt = prompts[len(prompts) - len(answers) + i]
            with pytest.raises(CorruptSaveError) as caught:
                Game.from_json(rules, json.dumps(seal(bad)))
            assert str(caught.value) == ("save file is damaged: recorded answer {'no': 'such "
                                         f"answer'}} is not an option of '{prompt}'")
            checked += 1
    assert checked > 20


def test_a_recorded_answer_equal_only_as_python_data_is_no_option(rules):
    """`True` is not the recorded `1` (nor `1` a recorded `True`): the re-run compares answers
    as JSON data, as `apply` does."""
    for game, _ in _positions(rules, 4, 6, 7):
        if game.decision().kind == "keep" and game.step_start()[1]:
            break
    else:
        raise AssertionError("no keep question after a recorded answer")
    data = json.loads(game.to_json())
    first = data["answers"][0]
    assert isinstance(first, dict)
    data["answers"][0] = {k: (1 if v is True else True if v == 1 else v)
                          for k, v in first.items()} | {"extra": None}
    with pytest.raises(CorruptSaveError, match="is not an option of"):
        Game.from_json(rules, json.dumps(seal(data)))


KEYS = st.sampled_from(["x", "y", "1"]) | st.sampled_from([1, True, None])
SCALARS = st.none() | st.booleans() | st.integers(-2, 2) | st.floats(-1, 1) | \
    st.sampled_from(["a", "1", "null", "true", 1.0, -0.0, 0.0, float("nan")])
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) |
                      st.dictionaries(KEYS, inner, max_size=3), max_leaves=6)
CONTAINERS = st.lists(VALUES, max_size=3) | st.dictionaries(KEYS, VALUES, max_size=3)


def _as_json(value):
    try:
        return json.dumps(value, sort_keys=True)
    except TypeError:  # keys of several types cannot be sorted: equal to nothing
        return object()


@given(CONTAINERS, CONTAINERS)
def test_same_value_is_equality_as_json_text(a, b):
    """The quick comparison of plain dicts and lists agrees with the definition: two dicts or
    two lists are equal when their JSON texts (keys sorted) are (NaN inside equals NaN)."""
    assert same_value(a, b) == (type(a) is type(b) and _as_json(a) == _as_json(b))
    assert same_value(a, a) == (_as_json(a) == _as_json(a))


@given(CONTAINERS | VALUES, CONTAINERS | VALUES)
def test_same_as_tests_what_same_value_does(a, b):
    """The test made once for many candidates (`apply_value`, a re-run's recorded answer)
    answers what same_value does, whatever the candidate holds."""
    assert same_as(a)(b) == same_value(b, a)
    assert same_as(a)(a) == same_value(a, a)


def test_same_value_tells_apart_what_python_confuses():
    assert not same_value({"a": 1}, {"a": True}) and not same_value([0], [False])
    assert not same_value({"a": 1}, {"a": 1.0}) and not same_value({"a": None}, {"a": "null"})
    assert same_value({"1": 2}, {1: 2})  # one JSON text: '{"1": 2}'
    assert same_as({"1": 2})({1: 2}) and same_as([1.0])([1.0]) and same_as([[1]])([[1]])
    assert not same_as({"a": 1})({"a": True}) and not same_as(["a"])(("a",))
    assert same_value({"a": [1, "b"]}, {"a": [1, "b"]})
    assert not same_value({"a": 1, "b": 2}, {"a": 1}) and not same_value([1, 2], [1])


def test_a_finished_game_holds_no_reference_cycle_and_can_still_jump(rules):
    """The flow's greenlet ends with the game, so a finished game is freed as soon as it is
    dropped (no garbage collection needed), and `jump` still runs it on from a cursor."""
    import gc
    import weakref

    game = Game.new(rules, players=2, seed=4)
    bots = [make_bot("random", s) for s in range(2)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    again = Game.from_json(rules, game.to_json())
    again.jump({"stage": "final", "phase": 0, "index": 0})
    assert again.is_over() and again.decision() is None
    enabled = gc.isenabled()
    gc.disable()
    try:
        ref = weakref.ref(game)
        del game, d
        assert ref() is None
    finally:
        if enabled:
            gc.enable()
