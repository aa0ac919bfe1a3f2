"""A decision the engine asks is made from its options' values: `values` reads them, and
`option_at(i)` makes one option alone. Whatever is read first, each place gives one Option
object, and answers with it are taken exactly as with `options[i]`."""
from __future__ import annotations

import random

import pytest

from interpreter import Game, IllegalDecisionError
from interpreter.core.decisions import Decision, Option


def _midgame(rules, seed=3, decisions=40):
    game = Game.new(rules, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        d = game.decision()
        game.apply(d.options[rng.randrange(len(d.options))])
    return game


def test_values_are_the_options_values_in_order(rules):
    game = _midgame(rules)
    for _ in range(60):
        d = game.decision()
        fresh = game.clone().decision()
        assert fresh.values == tuple(o.value for o in d.options)
        assert fresh == d and hash(fresh) == hash(d)
        game.apply_index(len(d.values) - 1)


def test_an_option_picked_first_keeps_its_place_when_every_option_is_read(rules):
    d = _midgame(rules).clone().decision()
    last = d.option_at(-1)
    first = d.option_at(0)
    assert d.option_at(len(d.values) - 1) is last and d.option_at(0) is first
    options = d.options
    assert options[0] is first and options[-1] is last
    assert all(d.option_at(i) is o for i, o in enumerate(options))
    assert [o.value for o in options] == list(d.values)


def test_option_at_refuses_what_is_no_place(rules):
    d = _midgame(rules).clone().decision()
    count = len(d.values)
    for bad in (count, -count - 1, 10 ** 6):
        with pytest.raises(IndexError, match=f"out of range \\({count} options\\)"):
            d.option_at(bad)
    with pytest.raises(TypeError):
        d.option_at("0")
    assert d.option_at(-count).value == d.values[0]


def test_an_option_made_alone_answers_as_the_same_option_of_the_list(rules):
    game = _midgame(rules)
    twin = game.clone()
    for _ in range(40):
        d, e = game.decision(), twin.decision()
        at = len(d.values) // 2
        game.apply(d.option_at(at))
        twin.apply(e.options[at])
        assert game.history == twin.history and game.state == twin.state


def test_an_option_of_another_decision_is_matched_by_value_or_refused(rules):
    game = _midgame(rules)
    d = game.decision()
    other = game.clone().decision().option_at(0)  # equal value, another object
    assert not d.holds(other) and other == d.options[0]
    before = game.to_json()
    game.clone().apply(other)  # taken by its value
    with pytest.raises(IllegalDecisionError):
        game.apply(Option({"no such": "value"}))
    assert game.to_json() == before


def test_a_decision_made_from_options_reads_the_same_way():
    options = (Option("a", "A"), Option(1, "one"), Option(True, "yes"))
    d = Decision(0, "choice", "pick", options)
    assert d.values == ("a", 1, True)
    assert d.option_at(1) is options[1] and d.holds(options[2])
    assert not d.holds(Option("a", "A"))
    made = Decision.of_values(0, "choice", "pick", ["a", 1, True], str.upper)
    assert made == d and made.option_at(0).label == "A"
    assert repr(made) == "Decision(seat=0, kind='choice', prompt='pick', 3 options)"


@pytest.mark.parametrize("made", ["values", "options"])
def test_no_field_of_a_decision_can_be_set_and_the_seat_is_kept_as_given(made):
    """A Decision (compiled: its fields private, read through properties) refuses every field,
    whether made from values (as the engine asks) or from options; a seat given as True stays
    True (equality tells True from 1)."""
    decision = Decision.of_values(True, "choice", "pick", ["a", "b"], str.upper) \
        if made == "values" else Decision(True, "choice", "pick", [Option("a"), Option("b")])
    for name in ("seat", "kind", "prompt", "options", "values"):
        with pytest.raises(AttributeError, match=f"Decision is immutable: cannot set '{name}'"):
            setattr(decision, name, None)
    assert decision.seat is True and decision.kind == "choice" and decision.prompt == "pick"
    assert decision != Decision(1, "choice", "pick", decision.options)
    assert decision.own_values() == ("a", "b") and len(decision) == 2


def test_decisions_and_options_copy_and_pickle_as_immutable_values(rules):
    """A tool author may copy a decision, or send it to another process: a copy is the same
    object (nothing of it can change, as with a tuple), a deep copy and a pickle are equal
    decisions whose options keep their labels, and an answer from one is taken by the game."""
    import copy
    import pickle

    game = _midgame(rules)
    seen = set()
    for _ in range(40):
        d = game.decision()
        assert copy.copy(d) is d and copy.copy(d.options[0]) is d.options[0]
        for other in (copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
            assert other == d and other is not d
            assert [o.label for o in other.options] == [o.label for o in d.options]
        seen.add(d.kind)
        answer = pickle.loads(pickle.dumps(d)).options[-1]
        game.apply(answer)
    assert "play" in seen  # options whose values are dicts among them
    mutable = Option({"card": "x", "spaces": [1, 2]}, "x")
    deep = copy.deepcopy(mutable)
    assert deep == mutable and deep.value is not mutable.value
    assert deep.value["spaces"] is not mutable.value["spaces"]


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Decision(0, 1, "pick", ()), "a decision's kind is a str, not int: 1"),
    (lambda: Decision(0, None, "pick", ()), "a decision's kind is a str, not NoneType: None"),
    (lambda: Decision(0, "choice", b"pick", ()),
     "a decision's prompt is a str, not bytes: b'pick'"),
    (lambda: Decision.of_values(0, "choice", None, [1], None),
     "a decision's prompt is a str, not NoneType: None"),
    (lambda: Decision.from_json({"seat": 0, "kind": 2, "prompt": "p", "options": []}),
     "a decision's kind is a str, not int: 2"),
    (lambda: Decision.from_json([0, "choice"]), "a decision's JSON is an object (dict), not list"),
])
def test_a_decision_refuses_a_kind_or_prompt_that_is_no_text(make, message):
    """Compiled, a kind or prompt typed `str` was refused in mypyc's words ("str object
    expected; got int") where Python took it: both forms now refuse it alike, saying what it
    is (tests/test_compiled_core.py compares the two forms on odd input)."""
    with pytest.raises(TypeError) as refused:
        make()
    assert str(refused.value) == message
    named = type("Named", (str,), {})("choice")  # a subclass of str is a text
    assert Decision(0, named, "pick", (Option(1, "one"),)).kind == "choice"
