"""The value bot made faster answers exactly as before (issue 30): the same answers and the same
state, digested, after a fixed number of its decisions on fixed seeds, in the base game, with the
Jewelry Box, against Madame du Barry, and in the Original edition with value in both seats. The
digests were taken from the bot before its speed work (`bb68de4`); a change that alters any
choice or any state the bot's trials could leak into the game fails here."""
from __future__ import annotations

import hashlib
import json

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.sim.judge.features import seat_features, seats_worths
from interpreter.sim.judge.held_effects import HeldEffects
from interpreter.sim.judge.weights import weights_for

pytestmark = pytest.mark.usefixtures("own_judge_cache")  # the shipped weights only

# (rules, players (None: the mode's own), seats the value bot plays, seed, its decisions, digest)
CASES = {
    "base, 4 players": ({}, 4, (0,), 1, 40, "62249634d9a972d5"),
    "Jewelry Box, 4 players": ({"expansions": ["jewelry_box"]}, 4, (0, 2), 3, 30, "f20917ba7a307748"),
    "du Barry": ({"expansions": ["du_barry"]}, None, (0,), 5, 20, "7d2b052e5366d13a"),
    "Original, 2 players": ({"edition": "original"}, 2, (0, 1), 6, 30, "1949046a4965496b"),
}


def played(load: dict, players: int | None, seats: tuple, seed: int, decisions: int) -> str:
    """A digest of the answers and the state after the value bot's first `decisions`, greedy in
    the other seats."""
    rules = load_ruleset(**load)
    game = Game.new(rules, players=players, seed=seed) if players else Game.new(rules, seed=seed)
    bots = [make_bot("value" if s in seats else "greedy", seed * 31 + s)
            for s in range(len(game.state["players"]))]
    asked = 0
    while (d := game.decision()) is not None and asked < decisions:
        asked += d.seat in seats
        game.apply(bots[d.seat].choose(game, d))
    text = json.dumps([game.history, game.state], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", list(CASES))
def test_the_value_bot_answers_as_before_its_speed_work(case):
    *how, digest = CASES[case]
    assert played(*how) == digest


def test_a_seat_s_worth_is_its_features_worth_to_the_last_bit():
    """`features.seats_worths` (no timed twins made) is `Weights.worth(seat_features(...))`
    exactly, with held cards' effects and without, at positions all through greedy games."""
    rules = load_ruleset(expansions=["jewelry_box"])
    weights = weights_for(rules)
    effects = HeldEffects(weights)
    checked = 0
    for seed in (1, 2):
        game = Game.new(rules, players=4, seed=seed)
        bots = [make_bot("greedy", seed + s) for s in range(4)]
        while (d := game.decision()) is not None:
            if len(game.history) % 17 == 0:
                for with_effects in (None, effects):
                    fast = seats_worths(game, weights, with_effects)
                    assert fast == [weights.worth(seat_features(game, s, with_effects))
                                    for s in range(4)]
                    checked += 1
            game.apply(bots[d.seat].choose(game, d))
    assert checked > 30
