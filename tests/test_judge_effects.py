"""Issue 30, item 1: the value judge values a held card by what its effect does, found by
running the effect on a copy (judge/held_effects.py), so that a card whose bonus pays only rounds
after it is hired (prestige per jewel owned) or only hurts the opponents is worth something to
its holder, with no Python per card or pack."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.sim.judge import weights
from interpreter.sim.judge.features import seat_features
from interpreter.sim.judge.held_effects import HeldEffects, held_cards, uses_effects
from interpreter.sim.judge.value import ValueBot, worths

ROOT = Path(__file__).resolve().parent.parent
PACKS = [ROOT / "examples" / "calibration", ROOT / "tests" / "packs" / "jewel_patron",
         ROOT / "tests" / "packs" / "spite"]


# every test looks weights up afresh, in a cache of its own (the shipped ones stay)
pytestmark = pytest.mark.usefixtures("own_judge_cache")


@pytest.fixture(scope="module")
def rules():
    """Deluxe with the Jewelry Box, the calibration cards, the jewel patron and the spite card."""
    return load_ruleset(expansions=["jewelry_box"], extra_paths=PACKS)


def _greedy(rules, seed: int, until) -> Game:
    """A 4-player game played by greedy until `until(game)` holds."""
    game = Game.new(rules, players=4, seed=seed)
    bots = [make_bot("greedy", seed + s) for s in range(4)]
    while not until(game):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


def test_each_planted_cards_effect_is_worth_what_it_does_for_its_holder(rules):
    """Seat 0 in round 2 with 12 Livre, the opponents with 11, 10 and 5: the calibration
    cards' effects measured exactly (the holder's standing: its worth less the others' mean),
    and the game left untouched."""
    game = _greedy(rules, 2, lambda g: len(g.history) >= 80)
    assert [p["livre"] for p in game.state["players"]] == [12, 11, 10, 5]
    before = json.dumps(game.state, sort_keys=True)
    effects = HeldEffects(weights.weights_for(rules))
    gain = {c: round(effects.gain(game, 0, c), 3) for c in
            ("cal.gift", "cal.bad_trade", "cal.p0", "cal.p1", "cal.p2", "cal.p4",
             "cal.good_trade", "spite.rival")}
    assert json.dumps(game.state, sort_keys=True) == before
    # each opponent +2: the others' mean +2; a trade a good player declines: its empty side
    assert gain["cal.gift"] == -2.0 and gain["cal.bad_trade"] == 0.0 and gain["cal.p0"] == 0.0
    assert (gain["cal.p1"], gain["cal.p2"], gain["cal.p4"]) == (1.0, 2.0, 4.0)
    assert 4.0 < gain["cal.good_trade"] < 8.0  # 8 prestige for a Livre, less the Livre's worth
    assert gain["spite.rival"] > 0  # 3 Livre from each opponent: the holder gains on them


def test_a_card_paying_per_jewel_is_worth_its_holders_jewels(rules):
    game = _greedy(rules, 2, lambda g: any(p["owned"]["jewelry"] for p in g.state["players"]))
    effects = HeldEffects(weights.weights_for(rules))
    jewels = [len(p["owned"]["jewelry"]) for p in game.state["players"]]
    assert max(jewels) >= 1
    assert [effects.gain(game, s, "jewel_patron.patron") for s in range(4)] == jewels


def test_effect_held_adds_up_the_held_cards_and_is_weighted_like_any_feature(rules):
    game = _greedy(rules, 2, lambda g: g.state["round"] == 3)
    stored = weights.weights_for(rules)
    assert uses_effects(stored)  # the shipped weights (with the Jewelry Box) learned its worth
    plain = dataclasses.replace(stored, worths={
        n: w for n, w in stored.worths.items() if not n.startswith("effect.")})
    assert not uses_effects(plain)  # weights that give it no worth: never measured
    effects = HeldEffects(plain)
    for seat in range(4):
        cards = held_cards(rules, game.state["players"][seat])
        assert cards and set(cards) <= set(rules.employees)
        total = effects.held(game, seat)
        assert total == pytest.approx(sum(effects.gain(game, seat, c) for c in cards))
        assert seat_features(game, seat, effects)["effect.held"] == total
    valued = dataclasses.replace(plain, worths={**plain.worths, "effect.held*t": 2.0})
    assert uses_effects(valued)
    left = seat_features(game, 0)["t"]
    with_effects = HeldEffects(valued)
    gains = [with_effects.held(game, s) for s in range(4)]
    extra = [a - b for a, b in zip(worths(game, valued, effects=with_effects),
                                   worths(game, valued))]
    assert extra == pytest.approx([2.0 * g * left for g in gains])


def test_the_value_bot_is_deterministic_with_held_effects(rules):
    valued = dataclasses.replace(weights.weights_for(rules),
                                 worths={**weights.weights_for(rules).worths, "effect.held*t": 2.0})
    game = _greedy(rules, 3, lambda g: g.state["round"] == 2)
    decision = game.decision()
    ranks = [ValueBot(5, valued).rank(game, decision) for _ in range(2)]
    assert ranks[0] == ranks[1] and len(ranks[0]) == len(decision.values)
