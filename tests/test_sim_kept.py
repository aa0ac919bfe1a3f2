"""The simulation's caches per ruleset keep nothing alive: a designer's lab loads ruleset after
ruleset in one process, and each one dropped must be freed (interpreter/sim/kept.py)."""
from __future__ import annotations

import gc
import random
import weakref

from interpreter import Game, load_ruleset
from interpreter.sim import determinize
from interpreter.sim.judge import features
from interpreter.sim.judge.weights import Weights
from interpreter.sim.kept import KeptWhileAlive


class _Thing:
    """An object of no hash, as a ruleset and a set of weights are."""

    __hash__ = None  # type: ignore[assignment]


def test_a_value_is_kept_while_its_object_lives_and_goes_with_it():
    kept: KeptWhileAlive[list] = KeptWhileAlive()
    thing = _Thing()
    made = kept.get(thing, list)
    assert kept.get(thing, lambda: ["made again"]) is made
    other = _Thing()
    assert kept.get(other, lambda: ["other"]) == ["other"] and len(kept) == 2
    del thing
    gc.collect()
    assert len(kept) == 1 and kept.get(other, list) == ["other"]


def test_a_dropped_ruleset_and_weights_are_freed_after_the_judge_valued_a_game():
    rules = load_ruleset(["base", "original"])
    weights = Weights({"num.livre": 1.0, "len.hand": 0.5, "board.decorations": 2.0,
                       "held.employee.level": 0.25, "t": 1.0})
    game = Game.new(rules, players=3, seed=5)
    game.state["players"][0]["hand"] = list(rules.employees)[:3]
    worths = features.seats_worths(game, weights)
    assert worths == [weights.worth(features.seat_features(game, s)) for s in range(3)]
    kept = [len(c) for c in (features._PLANS, features._WORTHS, features._PLACES,
                             features._tables)]
    assert all(n >= 1 for n in kept)
    gone_rules, gone_weights = weakref.ref(rules), weakref.ref(weights)
    del rules, weights, game
    gc.collect()
    assert gone_rules() is None
    assert gone_weights() is None
    assert len(features._PLANS) == kept[0] - 1 and len(features._PLACES) == kept[2] - 1
    assert len(features._tables) == kept[3] - 1
    assert len(features._WORTHS) == kept[1] - 1


def test_a_dropped_ruleset_is_freed_after_a_search_dealt_its_hidden_cards():
    rules = load_ruleset(["base", "original"])
    game = Game.new(rules, players=3, seed=5)
    before = len(determinize._KINDS)
    dealt = determinize.determinize(game, 0, random.Random(1))
    assert dealt.state["players"][0] == game.state["players"][0]
    assert len(determinize._KINDS) == before + 1
    gone = weakref.ref(rules)
    del rules, game, dealt
    gc.collect()
    assert gone() is None
    assert len(determinize._KINDS) == before
