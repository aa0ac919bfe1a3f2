"""Issue 30, item 1: the `value` bot values positions from the rules themselves (final scoring as
if the game ended now, plus the learned worth of what a seat holds)."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.errors import IllegalDecisionError
from interpreter.loading.loader import available_modules
from interpreter.sim import bots
from interpreter.sim.judge import fit, value, weights
from interpreter.sim.judge.features import seat_features
from interpreter.sim.judge.value import ValueBot, as_if_ended

GEMS = Path(__file__).parent / "packs" / "gems"
MODULES = available_modules()
EDITIONS = sorted(m["id"] for m in MODULES if m["kind"] == "edition")
EXPANSIONS = sorted(m["id"] for m in MODULES if m["kind"] == "expansion")
SOLOS = sorted(m["id"] for m in MODULES if m["kind"] == "solo")
SUBSETS = [c for n in range(len(EXPANSIONS) + 1) for c in itertools.combinations(EXPANSIONS, n)]


# every test looks weights up afresh, in a cache of its own (the shipped ones stay)
pytestmark = pytest.mark.usefixtures("own_judge_cache")


def _play(rules, players: int, seed: int, rounds: int | None = None,
          bot: str = "value:1") -> Game:
    """A game with `bot` in seat 0 and `random` elsewhere, to its end or `rounds` rounds (the
    value bot with one dealt world, by default: the default's K worlds run the same trials K
    times, test_value_k_values_every_option_in_the_same_k_dealt_worlds)."""
    game = Game.new(rules, players=players, seed=seed)
    seated = [make_bot(bot if s == 0 else "random", seed + s) for s in range(players)]
    while (d := game.decision()) is not None:
        if rounds is not None and game.state["round"] > rounds:
            break
        game.apply(seated[d.seat].choose(game, d))
    return game


def test_value_is_registered_and_the_default_judge():
    assert bots.DEFAULT_JUDGE == "value"
    bot = make_bot("value", 3)
    assert isinstance(bot, ValueBot) and isinstance(bot.rollout, bots.GreedyBot)
    assert bots.seat_bots("value,greedy", 2) == ["value", "greedy"]
    assert bot.worlds == value.WORLDS and make_bot("value:3", 3).worlds == 3
    assert bots.seat_bots("value:2,greedy", 2) == ["value:2", "greedy"]
    for spec in ("value:0", "value:two", "value:1.5", "value:"):
        with pytest.raises(ValueError) as info:
            bots.check_bot(spec)
        assert str(info.value) == (f"bad value budget in {spec!r}: give the dealt worlds each "
                                   f"option is valued in, a whole number more than zero "
                                   f"(value:4)")


# Every edition with every subset of the expansions, and each solo mode, for a round: each of
# the bot's decisions runs the ruleset's whole final scoring on a copy, after playing the round
# out; the base game to its end.
@pytest.mark.parametrize("edition,combo", [(e, c) for e in EDITIONS for c in SUBSETS],
                         ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_value_plays_every_combination(edition, combo):
    rules = load_ruleset(edition=edition, expansions=combo)
    whole = not combo and edition == "deluxe"
    game = _play(rules, 2, 7, None if whole else 1)
    assert game.is_over() if whole else game.state["round"] == 2


@pytest.mark.parametrize("solo", SOLOS)
def test_value_plays_both_solo_modes(solo):
    rules = load_ruleset(expansions=[solo])
    game = Game.new(rules, seed=5)
    bot = make_bot("value:1", 5)
    asked = 0
    while (d := game.decision()) is not None and game.state["round"] == 1:
        assert d.seat == 0  # the automata answer by their own policy
        game.apply(bot.choose(game, d))
        asked += 1
    assert asked > 5 and game.state["round"] == 2


def test_same_seed_same_game():
    rules = load_ruleset(expansions=["jewelry_box"])
    first, second = (_play(rules, 2, 11, rounds=1, bot="value") for _ in range(2))
    assert first.history == second.history and first.state == second.state


def test_value_k_values_every_option_in_the_same_k_dealt_worlds():
    """`value:K` deals K worlds per decision, each with its own rollout luck, and tries every
    option in each (common random numbers): its values are exactly the mean of K one-world
    rankings drawn from the same generator, world by world; and the same seed plays the same
    game."""
    rules = load_ruleset()
    game = Game.new(rules, players=3, seed=8)
    seated = [make_bot("greedy", 8 + s) for s in range(3)]
    asked = 0
    while (d := game.decision()) is not None and asked < 4:
        if d.seat == 0 and len(d.values) > 2:
            one = make_bot("value:1", 5)
            per_world = [one.rank(game, d) for _ in range(3)]
            mean = [(a + b + c) / 3 for a, b, c in zip(*per_world)]
            assert make_bot("value:3", 5).rank(game, d) == mean
            assert per_world[0] != per_world[1]  # the worlds (or their luck) do differ
            asked += 1
        game.apply(seated[d.seat].choose(game, d))
    assert asked == 4
    first, second = (_play(rules, 2, 4, rounds=1, bot="value:2") for _ in range(2))
    assert first.history == second.history and first.state == second.state
    with pytest.raises(ValueError) as info:
        ValueBot(1, worlds=0)
    assert str(info.value) == "a value bot needs at least one dealt world per option, not 0"


def test_a_follow_up_answer_its_copy_does_not_offer_is_not_chosen():
    """A follow-up question is valued on copies of the trial position; a copy of a dealt world
    replays the running step from its start, and a tile drawn since can come out otherwise (the
    value judge's calibration run, seed 41: 'thread' offered, the copy's tile takes only lace).
    Such an answer is worth nothing to choose (-inf), not an error that stops the game."""
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=3)
    d = game.decision()
    bot = make_bot("value:1", 3)
    assert bot._trial(game, game, "no such answer", d.seat, weights.weights_for(rules), -1) \
        == float("-inf")
    with pytest.raises(IllegalDecisionError):  # an option of the real decision: always legal
        bot._trial(game, game.clone(), "no such answer", d.seat, weights.weights_for(rules), 1)


def test_as_if_ended_runs_the_rulesets_final_scoring_on_a_copy():
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=1)
    game.play_out([make_bot("random", 1), make_bot("random", 2)])
    assert as_if_ended(game) == [p["prestige"] for p in game.state["players"]]
    early = _play(rules, 2, 3, rounds=1)
    before = json.dumps(early.state, sort_keys=True)
    ended = as_if_ended(early)
    assert json.dumps(early.state, sort_keys=True) == before  # the game itself is untouched
    livre = [p["livre"] for p in early.state["players"]]
    assert all(e >= lv // 10 for e, lv in zip(ended, livre))  # 1 prestige per 10 Livre at least


def test_a_seat_owns_the_board_places_the_rules_say_it_owns():
    """`board.*` features count the guest and decoration spaces a seat owns (its guests, its
    garments on the balcony, its decorations), read from the board's declared places; a game
    counter of the rules (the Masques' Focus token) is no seat's, whatever its number (it was
    counted as the seat whose number it held)."""
    from interpreter.core import board

    checked = focus = 0
    for solo, seed in ((None, 2), ("masques", 3)):
        rules = load_ruleset(expansions=[solo] if solo else [])
        game = Game.new(rules, seed=seed) if solo else Game.new(rules, players=4, seed=seed)
        seats = len(game.state["players"])
        seated = [make_bot("greedy", seed + s) for s in range(seats)]
        while (d := game.decision()) is not None:
            state = game.state
            if len(game.history) % 11 == 0:
                for seat in range(seats):
                    got = {k: v for k, v in seat_features(game, seat).items()
                           if k.startswith("board.") and not k.endswith("*t")}
                    want = {"board.guests": sum(g["owner"] == seat
                                                for g in state["guests"].values()),
                            "board.balcony": sum(g["owner"] == seat
                                                 for g in state["balcony"].values()),
                            "board.decorations": len(board.decorations_of(state, seat))}
                    assert got == {k: v for k, v in want.items() if v}
                    checked += 1
                focus += state.get("counters", {}).get("focus") in range(seats)
            game.apply(seated[d.seat].choose(game, d))
    assert checked > 100 and focus > 0  # the Focus token did hold a seat's number


def test_a_new_resource_kind_is_a_feature_and_valued_through_final_scoring():
    """The pack's gems: 2 gems (1 prestige each at the end) or 1 Livre, each round. The bot,
    with no learned worth at all, takes the gems every time: final scoring says what they are
    worth."""
    rules = load_ruleset(extra_paths=[GEMS])
    game = Game.new(rules, players=2, seed=4)
    assert seat_features(game, 0)["num.gem"] == 0
    bot = ValueBot(4, weights=weights.Weights())
    asked = 0
    while (d := game.decision()) is not None and game.state["round"] <= 3:
        if d.seat == 0 and any("gem" in json.dumps(v).lower() for v in d.values) and len(d.values) == 2:
            ranks = bot.rank(game, d)
            chosen = bot.choose(game, d)
            assert "gem" in json.dumps(chosen.value).lower() and max(ranks) - min(ranks) >= 1
            asked += 1
            game.apply(chosen)
            continue
        game.apply(make_bot("random", asked).choose(game, d))
    assert asked == 3 and game.state["players"][0]["gem"] == 6


def test_weights_are_stored_by_the_rules_hash_and_refreshed_when_the_rules_change(tmp_path):
    base = load_ruleset()
    gems = load_ruleset(extra_paths=[GEMS])
    assert base.fingerprint != gems.fingerprint
    mine = weights.Weights({"num.livre": 0.25}, base.fingerprint, weights.modules_of(base),
                           "fitted", 1)
    path = weights.save(mine)
    assert path == tmp_path / "cache" / f"{base.fingerprint}.json"
    found = weights.weights_for(base)
    assert found.worths == {"num.livre": 0.25} and found.source == str(path)
    # changed rules (a pack added) match no stored hash: the nearest combination's weights
    near = weights.weights_for(gems)
    assert near.worths == {"num.livre": 0.25} and near.source.startswith("nearest (base+deluxe")
    # fitting the changed rules stores their own weights, found from then on
    fitted = fit.fit(gems, players=2, games=0, seed=2, teacher=bots.GreedyBot, teacher_games=8)
    assert fitted.fingerprint == gems.fingerprint and "num.gem" in fitted.worths
    weights.save(fitted)
    weights.forget()
    assert weights.weights_for(gems).worths == fitted.worths
    assert weights.weights_for(base).worths == {"num.livre": 0.25}


def test_shipped_weights_cover_the_shipped_base_game():
    found = weights.weights_for(load_ruleset())
    assert found.source.startswith("shipped") and found.worths


def test_the_search_s_leaf_worth_is_the_value_bot_s_worth():
    """`LeafWorths` (mcts's leaf valuation, spending the position it is given) gives each seat
    the worth `worths` gives, in the base game and with the Jewelry Box, all through a game."""
    from interpreter.sim.judge.held_effects import HeldEffects, uses_effects
    from interpreter.sim.judge.value import LeafWorths, worths
    for expansions in ((), ("jewelry_box",)):
        rules = load_ruleset(expansions=expansions)
        table = weights.weights_for(rules)
        effects = HeldEffects(table) if uses_effects(table) else None
        leaf = LeafWorths()
        game = Game.new(rules, players=4, seed=5)
        greedy = [make_bot("greedy", s) for s in range(4)]
        checked = 0
        while not game.is_over():
            if len(game.history) % 29 == 0:
                assert leaf(game.clone()) == pytest.approx(
                    worths(game, table, effects=effects), abs=1e-9)
                checked += 1
            d = game.decision()
            game.apply(greedy[d.seat].choose(game, d))
        assert checked > 5 and leaf(game) == [p["prestige"] for p in game.state["players"]]
