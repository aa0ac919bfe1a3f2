"""Properties that hold in every game: checked at every decision of many seeded games played by
the random and greedy bots, for 2 to 5 players."""
from __future__ import annotations

import json
import random

import pytest
from conftest import dump
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter import Game, GreedyBot, IllegalDecisionError, Option, make_bot
from interpreter.core.decisions import Decision
from interpreter.core.integrity import problems

SEEDS = range(10)
PLAYERS = (2, 3, 4, 5)


def check_invariants(rules, game):
    """Livre/tokens never negative, staff >= 4, each component in exactly one place (the live
    state, also in the middle of a step), the decision is well formed."""
    state = game.state
    assert problems(rules, state, game.side) == []
    seats = set(range(len(state["players"])))
    d = game.decision()
    if not game.is_over():
        assert d is not None
        assert len(d.options) >= 1
        plain = [json.dumps(o.value, sort_keys=True) for o in d.options]
        assert len(set(plain)) == len(plain), d
        assert d.seat in seats


def play(rules, players, seed, bot, check=True, every=1):
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot(bot, seed * 10 + s) for s in range(players)]
    rounds_seen = set()
    n = 0
    while not game.is_over():
        if check and n % every == 0:
            check_invariants(rules, game)
        rounds_seen.add(game.state["round"])
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
        n += 1
    check_invariants(rules, game)
    return game, rounds_seen


@pytest.fixture(scope="module")
def finished_games(rules):
    games = {}
    for players in PLAYERS:
        for bot in ("random", "greedy"):
            for seed in SEEDS:
                games[(players, bot, seed)] = play(rules, players, seed, bot)
    return games


def test_invariants_and_seven_rounds(finished_games, rules):
    """Every game: the invariants held at every decision (checked while playing), exactly 7
    rounds were played, and final scoring ran."""
    assert len(finished_games) == 80
    for key, (game, rounds) in finished_games.items():
        assert rounds == set(range(1, 8)), key
        assert game.state["round"] == 7 and game.is_over() and game.decision() is None
        assert game.winner() == game.standings()[0]["seat"]


def test_final_prestige_is_sum_of_score_parts(finished_games, rules):
    """Every player's prestige equals the sum of its score parts, and only known parts exist."""
    parts = {"play"} | {p.id for p in rules.final_phases}
    for key, (game, _) in finished_games.items():
        for p in game.state["players"]:
            assert p["prestige"] == sum(p["score"].values()), (key, p["score"])
            assert set(p["score"]) <= parts
            assert p["livre"] < 10  # 1 prestige per 10 Livre left only the remainder


def test_bots_tailor_and_score(finished_games):
    """The greedy games do real things: garments rented and majority points scored (a test of
    the property suite itself: the games are not trivially empty)."""
    greedy = [g for (n, bot, s), (g, _) in finished_games.items() if bot == "greedy"]
    assert all(g.state["guests"] for g in greedy)
    assert sum(p["score"].get("halls", 0) for g in greedy for p in g.state["players"]) > 0


def test_replay_gives_identical_state(finished_games, rules):
    """Same seed and same decisions give the identical state."""
    for (players, _bot, seed), (game, _) in finished_games.items():
        if seed % 3:
            continue
        again = Game.replay(rules, players, seed, [v for _, v in game.history])
        assert dump(again) == dump(game)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), players=st.integers(2, 5),
       bot=st.sampled_from(["random", "greedy"]))
def test_same_seed_same_decisions_same_game(rules, seed, players, bot):
    """Hypothesis: for any seed, two games with the same seed and the same bots are identical
    and replaying the history gives the same state again."""
    a, _ = play(rules, players, seed, bot, check=True, every=7)
    b, _ = play(rules, players, seed, bot, check=False)
    assert dump(a) == dump(b)
    assert dump(Game.replay(rules, players, seed, [v for _, v in a.history])) == dump(a)


def _illegal_answers(d):
    """Answers that are neither an option's value nor an index (a number decision's values
    1..n are legal as values, so numbers that are values are left out)."""
    vals = [o.value for o in d.options]
    bad = [len(d.options), len(d.options) + 5, -1, "no such option", {"card": "nope"},
           Option("no such option", "x"), [1, 2], 2.5]
    bad = [b for b in bad if not (isinstance(b, int) and b in vals)]
    if None not in vals:
        bad.append(None)
    return bad


@pytest.mark.parametrize("players", PLAYERS)
def test_illegal_option_raises_and_changes_nothing(rules, players):
    """Applying an answer that is not one of the options raises IllegalDecisionError and leaves
    game.state unchanged."""
    game = Game.new(rules, players=players, seed=players)
    bots = [make_bot("random", s) for s in range(players)]
    n = 0
    kinds = set()
    while not game.is_over():
        d = game.decision()
        if n % 5 == 0 or d.kind not in kinds:
            kinds.add(d.kind)
            before = dump(game)
            for bad in _illegal_answers(d):
                with pytest.raises(IllegalDecisionError):
                    game.apply(bad)
                assert dump(game) == before
        game.apply(bots[d.seat].choose(game, d))
        n += 1
    with pytest.raises(IllegalDecisionError):
        game.apply(0)
    assert {"hand", "play"} <= kinds


def test_unserialisable_answer_is_illegal(rules):
    """An answer that is not plain data (a set, an object) is an illegal answer, not a crash."""
    game = Game.new(rules, players=3, seed=1)
    before = dump(game)
    for bad in ({1, 2}, object()):
        with pytest.raises(IllegalDecisionError):
            game.apply(bad)
        assert dump(game) == before


def test_index_answers_select_that_option_even_for_true_false(rules):
    """`apply_index(i)` answers with option i. For a yes/no question (values True, False) the
    index 0 must mean options[0] (True), not the value False that Python finds equal to 0; and
    `apply(0)` / `apply_value(0)` is no legal answer there (0 is not False as JSON data)."""
    game = Game.new(rules, players=3, seed=4)
    bots = [make_bot("greedy", s) for s in range(3)]
    checked = 0
    while not game.is_over() and checked < 5:
        d = game.decision()
        if d.kind == "bonus":
            for index in (0, 1):
                clone = game.clone()
                clone.apply_index(index)
                assert clone.history[-1][1] is d.options[index].value
                with pytest.raises(IllegalDecisionError, match="is not a legal answer"):
                    clone.clone().apply(index)
            checked += 1
        game.apply(bots[d.seat].choose(game, d))
    assert checked == 5


def test_options_and_apply_by_value_index_and_option_agree(rules):
    """Answering by Option, by index and by value lead to the same state."""
    game = Game.new(rules, players=4, seed=9)
    for _ in range(40):
        d = game.decision()
        i = len(d.options) - 1
        a, b, c = game.clone(), game.clone(), game.clone()
        a.apply(d.options[i])
        b.apply(d.options[i].value)
        c.apply_index(i)
        assert dump(c) == dump(a)
        assert dump(a) == dump(b)
        game = a


@pytest.mark.parametrize("players", PLAYERS)
def test_player_view_hides_secrets(rules, players):
    """The per-player view hides other players' tiles, hand and supply (only their sizes show),
    the order of the bags and the deck, the generator, the seed, and another player's pending
    options; the viewer's own things are shown."""
    game = Game.new(rules, players=players, seed=21)
    bots = [make_bot("greedy", s) for s in range(players)]
    n = 0
    while not game.is_over():
        d = game.decision()
        if n % 9 == 0:
            for seat in range(players):
                v = game.view(seat)
                text = json.dumps(v)
                assert "rng" not in v and "seed" not in v and "history" not in v
                assert "answers" not in v
                assert v["hire_deck"] == len(game.state["hire_deck"])
                assert v["resource_bag"] == len(game.state["resource_bag"])
                assert v["garment_bag"] == len(game.state["garment_bag"])
                for p, real in zip(v["players"], game.state["players"]):
                    if p["seat"] == seat:
                        assert (p["tiles"], p["hand"], p["supply"]) == \
                            (real["tiles"], real["hand"], real["supply"])
                    else:
                        assert (p["tiles"], p["hand"], p["supply"]) == \
                            (len(real["tiles"]), len(real["hand"]), len(real["supply"]))
                        # public: Livre, tokens, discards, played card
                        assert (p["livre"], p["thread"], p["lace"], p["discard"]) == \
                            (real["livre"], real["thread"], real["lace"], real["discard"])
                        for secret in real["tiles"]:
                            # a hidden tile may be visible elsewhere only if it is public there
                            assert secret not in json.dumps(p)
                if d.seat == seat:
                    assert v["pending"] == d.to_json()
                else:
                    assert v["pending"] == {"seat": d.seat, "kind": d.kind}
                for later in game.state["hire_deck"]:
                    assert later not in text
                # the view is a copy: changing it does not change the game
                v["players"][0]["livre"] = -99
                assert game.state["players"][0]["livre"] != -99
        game.apply(bots[d.seat].choose(game, d))
        n += 1


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_save_and_clone_rebuild_the_live_position_anywhere(rules, players, bot):
    """At decisions all through a game (many in the middle of a step), a clone and a loaded save
    rebuild exactly the live position and the pending decision; the copies are independent."""
    game = Game.new(rules, players=players, seed=40 + players)
    bots = [make_bot(bot, s) for s in range(players)]
    n = 0
    while not game.is_over():
        d = game.decision()
        if n % 7 == 3:
            before = dump(game)
            loaded = Game.from_json(rules, game.to_json())
            clone = game.clone()
            for copy in (loaded, clone):
                assert dump(copy) == before and copy.decision() == d
                assert copy.history == game.history
            clone.apply(clone.decision().options[-1])
            assert dump(game) == before
        game.apply(bots[d.seat].choose(game, d))
        n += 1


def test_greedy_scores_each_option_as_a_fresh_bot_would(rules):
    """The greedy bot works out what does not depend on the option once per decision (an
    action's value, the colours wanted); each option still scores exactly what a bot that has
    seen nothing before gives it, and it picks the best score with its noise, as before."""
    game = Game.new(rules, players=4, seed=12)
    bots = [make_bot("greedy", 40 + s) for s in range(4)]
    kinds = set()
    while not game.is_over():
        d = game.decision()
        bot = bots[d.seat]
        fresh = [GreedyBot().scores(game, Decision(d.seat, d.kind, d.prompt, (o,)))[0]
                 for o in d.options]
        assert bot.scores(game, d) == fresh
        noise = random.Random()
        noise.setstate(bot.rng.getstate())
        values = [s + noise.random() * 0.01 for s in fresh]
        choice = bot.choose(game, d)
        assert choice is d.options[values.index(max(values))]
        kinds.add(d.kind)
        game.apply(choice)
    assert {"play", "tile", "rent", "fund", "hire", "keep"} <= kinds
