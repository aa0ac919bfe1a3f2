"""Issue 15, "a bot that plays well": the search bot answers legally, never reads what its seat
cannot see, is reproducible under a seed, and beats random play."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.sim.bots import check_bot, seat_bots, with_budget
from interpreter.sim.determinize import deal_hidden, determinize
from interpreter.sim.mcts import MctsBot

EXPANSIONS = ("fancy_dresses", "festivity_dresses", "expert_tailoring")


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(expansions=EXPANSIONS)


def _play(game, bots, decisions: int) -> None:
    for _ in range(decisions):
        if game.is_over():
            return
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))


def _position(rules, players=3, seed=11, decisions=45):
    """A game some way into round 1 or 2, waiting on a seat with several options."""
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    _play(game, bots, decisions)
    while len(game.decision().options) < 2:
        _play(game, bots, 1)
    return game


def _items(state) -> Counter:
    """Every component id anywhere in the state, counted (what a determinization conserves)."""
    out: Counter = Counter()

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and ("." in x or "_" in x):
            out[x] += 1
    walk({k: v for k, v in state.items() if k not in ("rng", "seed", "ruleset", "modules")})
    return out


def _hide_differently(game: Game, seat: int) -> Game:
    """The same position for `seat`, with everything it cannot see arranged otherwise."""
    twin = game.clone()
    deal_hidden(twin, seat, random.Random(99))
    return twin


# -- determinization --------------------------------------------------------------------------
def test_a_determinization_looks_exactly_like_the_seat_s_view(rules):
    game = _position(rules)
    seat = game.decision().seat
    for k in range(5):
        world = determinize(game, seat, random.Random(k))
        assert world.view(seat) == game.view(seat)
        assert _items(world.state) == _items(game.state)  # nothing made, nothing lost
        assert world.decision() == game.decision()


def test_a_determinization_deals_what_the_seat_cannot_see_again(rules):
    game = _position(rules)
    seat = game.decision().seat
    other = (seat + 1) % 3
    worlds = [determinize(game, seat, random.Random(k)) for k in range(8)]
    assert len({tuple(w.state["hire_deck"]) for w in worlds}) > 1
    assert len({tuple(sorted(w.state["players"][other]["hand"])) for w in worlds}) > 1
    assert all(w.state["rng"] != game.state["rng"] for w in worlds)
    mine = game.state["players"][seat]
    assert all(w.state["players"][seat]["hand"] == mine["hand"] for w in worlds)


def test_face_down_prestige_is_guessed_not_read():
    """Original edition: "keep your Prestige Points face down" — others' prestige is hidden."""
    rules = load_ruleset(edition="original")
    assert "prestige" in rules.private
    game = _position(rules, decisions=150)
    seat = game.decision().seat
    world = determinize(game, seat, random.Random(1))
    me = game.state["players"][seat]["prestige"]
    assert [p["prestige"] for p in world.state["players"]] == [me] * 3


# -- the bot ------------------------------------------------------------------------------------
def test_it_never_reads_hidden_information(rules):
    """Two positions that differ only in what the seat cannot see (others' hands, the piles'
    contents and order, others' tiles, the generator) get the same search and the same answer."""
    game = _position(rules)
    seat = game.decision().seat
    twin = _hide_differently(game, seat)
    assert twin.state != game.state and twin.view(seat) == game.view(seat)
    a, b = MctsBot(3, iterations=24), MctsBot(3, iterations=24)
    a.rollout = b.rollout = None  # uniform playouts: the search alone is compared
    assert a.choose(game, game.decision()).value == b.choose(twin, twin.decision()).value
    assert a.last == b.last and sum(v for v, _ in a.last.values()) == 24


def test_the_greedy_guided_bot_never_reads_hidden_information_either(rules):
    game = _position(rules, seed=5)
    seat = game.decision().seat
    twin = _hide_differently(game, seat)
    a, b = make_bot("mcts:16", 7), make_bot("mcts:16", 7)
    assert a.choose(game, game.decision()).value == b.choose(twin, twin.decision()).value
    assert a.last == b.last


def test_it_only_ever_answers_with_a_legal_option(rules):
    for players, seed in ((2, 1), (4, 2)):
        game = Game.new(rules, players=players, seed=seed)
        bots = [make_bot("mcts:3", seed * 31 + s) if s == 0 else make_bot("random", s)
                for s in range(players)]
        searched = 0
        while not game.is_over():
            d = game.decision()
            option = bots[d.seat].choose(game, d)
            assert any(option is o for o in d.options)
            searched += d.seat == 0 and len(d.options) > 1
            game.apply(option)
        # 3 iterations a decision, less those a follow-up question keeps from the last search
        assert bots[0].searched == searched > 30
        assert 2 * searched < bots[0].playouts < 3 * searched


def test_it_is_reproducible_under_a_seed(rules):
    def answers(seed):
        game = _position(rules, players=2, seed=4, decisions=20)
        bot = make_bot("mcts:6", seed)
        out = []
        for _ in range(12):
            d = game.decision()
            option = bot.choose(game, d) if d.seat == 0 else d.options[0]
            out.append(option.value)
            game.apply(option)
        return out
    assert answers(1) == answers(1)


def test_it_beats_random_play(rules):
    """Four seeded 2-player games, a small search against uniform random play."""
    wins = 0
    for seed in range(4):
        game = Game.new(rules, players=2, seed=seed)
        bots = [make_bot("mcts:4", seed), make_bot("random", seed)]
        _play(game, bots, 10_000)
        wins += game.winner() == 0
    assert wins == 4


def test_with_one_iteration_it_answers_the_greedy_prior_s_favourite(rules):
    """The answer is the best root candidate, ties and unvisited ones in the prior's order: with
    a single playout only the favourite is tried, so the bot plays like its prior."""
    game = _position(rules, players=4, seed=8)
    d = game.decision()
    prior = make_bot("greedy", 0)
    scores = prior.scores(game, d)
    favourite = d.options[max(range(len(d.options)), key=lambda i: (scores[i], -i))]
    bot = make_bot("mcts:1", 5)
    assert bot.choose(game, d).value == favourite.value
    tried = min(4, len(d.options))  # the default width: greedy's 4 favourites
    assert sorted(v for v, _ in bot.last.values()) == [0] * (tried - 1) + [1]


def test_every_candidate_is_tried_once_in_each_world(rules):
    """Common random numbers: the root's candidates are compared on the same deals, one playout
    each per world, so after k worlds each has exactly k visits."""
    game = _position(rules, players=3, seed=6)
    bot = make_bot("mcts:12", 2)
    option = bot.choose(game, game.decision())
    assert [v for v, _ in bot.last.values()] == [3, 3, 3, 3]
    means = {k: total / visits for k, (visits, total) in bot.last.items()}
    from interpreter.sim.mcts import option_key
    assert means[option_key(option.value)] == max(means.values())


def test_a_horizon_scores_the_playout_as_if_the_game_ended_there(rules):
    """With a horizon of 0 rounds a playout stops at the end of the round it starts in and goes
    straight to final scoring: a finished game, in fewer decisions than playing to the end."""
    game = _position(rules, players=2, seed=3)
    start = game.state["round"]
    counts = []
    for horizon in (0, None):
        bot = MctsBot(1, iterations=1, rollout=make_bot("greedy", 1), horizon=horizon)
        world = game.clone()
        before = len(world.history)
        bot._playout(world, random.Random(1), start)
        assert world.is_over() and world.standings()[0]["prestige"] > 0
        counts.append(len(world.history) - before)
    assert 0 < counts[0] < counts[1]


def test_a_follow_up_question_searches_on_from_the_last_answer_s_subtree(rules):
    """Tree reuse: when the seat's own answer is followed at once by its next question, the
    search goes on from that answer's node, whose iterations count towards the budget."""
    game = _position(rules, players=4, seed=2, decisions=30)
    bot = make_bot("mcts:24", 3)
    reused = 0
    for _ in range(60):
        d = game.decision()
        before = bot.playouts
        option = bot.choose(game, d)
        if len(d.options) > 1:
            visits = sum(v for v, _ in bot.last.values())
            new = bot.playouts - before
            assert new <= 24 and visits >= new
            reused += visits > new
        game.apply(option)
    assert reused > 0


def test_the_search_stops_once_its_answer_cannot_change(rules):
    """The early stop: only when no remaining iteration could change the leader (each
    candidate at most once per world, rewards in [0, 1]); with it the answers are those of the
    whole budget."""
    from interpreter.sim.mcts import _Node
    bot = MctsBot(1, iterations=40)
    root = _Node(0)
    for key, (visits, total) in {"a": (10, 9.0), "b": (10, 1.0)}.items():
        node = root.children[key] = _Node(0)
        node.visits, node.total = visits, total
    order = {"a": 0, "b": 1}
    assert bot._settled(root, order, 4)        # 2 worlds: b reaches 3/12 at best, a 9/12
    assert not bot._settled(root, order, 40)   # 20 worlds: b could reach 21/30 > 9/30
    for seed in (1, 2, 3):
        game = _position(rules, players=4, seed=seed)
        d = game.decision()
        full = make_bot("mcts:32", seed)
        full._settled = lambda *args: False
        assert make_bot("mcts:32", seed).choose(game, d).value == full.choose(game, d).value


def _first_answers(spec: str, answers: int, stop: bool = True) -> str:
    """A digest of the first `answers` answers of `spec` in seat 0 of a 4-player game against
    greedy (seed 1, the bot seeded 31: the game `rococo bench` times it in)."""
    import hashlib
    import json
    rules = load_ruleset()
    bot = make_bot(spec, 31)
    if not stop:
        bot.confidence = None
    game = Game.new(rules, players=4, seed=1)
    others = [make_bot("greedy", 31 + s) for s in range(4)]
    given = []
    while len(given) < answers:
        d = game.decision()
        option = (bot if d.seat == 0 else others[d.seat]).choose(game, d)
        if d.seat == 0:
            given.append(json.dumps(option.value, sort_keys=True))
        game.apply(option)
    return hashlib.sha1("".join(given).encode()).hexdigest()[:12]


def test_the_speed_work_keeps_the_search_s_answers():
    """Round four's pure speed-ups (one max for a node's favourite, kept dict keys) change no
    answer: `mcts:8` (which never reaches the statistical stop's fourth world) and `mcts:100`
    without the stop answer as main's `bb68de4` did; with the stop, `mcts:100` as at
    `870dc84`."""
    assert _first_answers("mcts:8", 30) == "7e30e147ddd6"
    assert _first_answers("mcts:100", 5, stop=False) == "c698c02473bd"
    assert _first_answers("mcts:100", 10) == "a193d011bb36"


def test_an_option_s_key_is_its_canonical_json_kept_or_not():
    """`option_key` keeps the keys of text and dict options; a kept key is the canonical JSON
    all the same, whatever the dict's order, and True and 1 stay apart."""
    from interpreter.sim.mcts import option_key
    assert option_key({"card": "x", "action": "tailor"}) == '{"action":"tailor","card":"x"}'
    assert option_key({"action": "tailor", "card": "x"}) == '{"action":"tailor","card":"x"}'
    assert option_key({"sell": True}) == '{"sell":true}'
    assert option_key({"sell": 1}) == '{"sell":1}'
    assert option_key({"tiles": ["a", "b"]}) == '{"tiles":["a","b"]}'  # not kept: a list
    assert option_key("l1.x") == '"l1.x"' and option_key(None) == "null"


def test_the_paired_lead_is_the_mean_lead_in_shared_worlds_and_its_standard_error():
    from interpreter.sim.mcts import paired_lead
    worlds = [{"a": 1.0, "b": 0.0}, {"a": 0.5, "b": 0.5}, {"a": 1.0, "b": 0.5}, {"a": 0.2}]
    mean, error = paired_lead(worlds, "a", "b")  # leads 1, 0, 0.5 (b not tried in the 4th)
    assert mean == pytest.approx(0.5) and error == pytest.approx(math.sqrt(0.25 / 3))
    assert paired_lead(worlds[:1], "a", "b") is None  # one pair: no spread to judge by


def _race(worlds: list[dict[str, float]]):
    """A root whose candidates' totals are those of `worlds` (each candidate's visits one per
    world it was tried in)."""
    from interpreter.sim.mcts import _Node
    root = _Node(0)
    for world in worlds:
        for key, reward in world.items():
            node = root.children.setdefault(key, _Node(0))
            node.visits += 1
            node.total += reward
    return root, {k: i for i, k in enumerate(worlds[0])}


def test_the_statistical_stop_drops_a_clearly_worse_candidate_and_stops_when_clear():
    """`_clear`: after `min_worlds` worlds, a candidate the leader beats by more than
    `confidence` standard errors of their paired rewards leaves the race, and the search stops
    once no candidate may be ahead of the leader by `indifference` or more."""
    bot = MctsBot(1, iterations=100, confidence=2.0, indifference=0.01, min_worlds=4)
    # a leads c by 0.03, -0.02, 0.03, -0.02 (mean 0.005, standard error 0.0144)
    worlds = [{"a": 0.8 + 0.01 * i, "b": 0.3 + 0.02 * i,
               "c": 0.8 + 0.01 * i - (0.03 if i % 2 == 0 else -0.02)} for i in range(4)]
    root, order = _race(worlds)
    assert not bot._clear(root, order, worlds[:3])  # under min_worlds: never
    assert list(order) == ["a", "b", "c"]
    # a leads b by 0.485 +- 0.013: b is out; c may lead a by 0.005 - 2 * 0.0144: not clear
    assert not bot._clear(root, order, worlds)
    assert list(order) == ["a", "c"]
    assert bot._clear(root, order, worlds + [{"a": 0.9, "c": 0.9}] * 8)  # lead 0.0017 +- 0.0044
    # c equal to a in every world (no spread): nothing can be learned, the search stops
    same = [{"a": 0.5 + 0.1 * i, "c": 0.5 + 0.1 * i} for i in range(4)]
    root, order = _race(same)
    assert bot._clear(root, order, same) and list(order) == ["a", "c"]


def test_the_statistical_stop_saves_iterations_and_answers_like_the_whole_budget(rules):
    """`make_bot("mcts:N")` stops when its answer is clear: on these positions it runs under
    half the iterations of the whole budget and answers as the whole budget does (a search
    without the stop, `confidence=None`) in most of them."""
    stopped = whole = same = 0
    for seed in (1, 2, 3, 4):
        game = _position(rules, players=4, seed=seed)
        d = game.decision()
        bot, full = make_bot("mcts:40", seed), make_bot("mcts:40", seed)
        full.confidence = None
        same += bot.choose(game, d).value == full.choose(game, d).value
        stopped, whole = stopped + bot.playouts, whole + full.playouts
    assert whole == 160 and stopped < whole / 2
    assert same >= 3


def test_a_time_budget_searches_at_least_once(rules):
    game = _position(rules)
    bot = make_bot("mcts:0.01s", 1)
    option = bot.choose(game, game.decision())
    assert any(option is o for o in game.decision().options) and bot.playouts >= 1


def test_with_a_leaf_the_playout_stops_at_its_horizon_and_the_leaf_values_it(rules):
    """The default search's iteration: a tree descent, then greedy to the end of the round in
    progress (horizon 0), where the leaf values the position (no final scoring run by the
    search itself): the leaf is asked once per iteration, at the next round's start."""
    game = _position(rules, players=4, seed=7)
    start = game.state["round"]
    seen = []

    def leaf(g):
        seen.append((g.state["round"], g.state["cursor"]["stage"], g.is_over()))
        return [float(p["prestige"]) for p in g.state["players"]]

    bot = MctsBot(2, iterations=24, rollout=make_bot("greedy", 2), horizon=0, leaf=leaf)
    bot.choose(game, game.decision())
    assert len(seen) == bot.playouts == sum(v for v, _ in bot.last.values()) == 24
    assert set(seen) == {(start + 1, "round", False)}
    made = make_bot("mcts:4", 1)
    assert made.horizon == 0 and made.leaf is not None


def _stepwise_playout(g, policy, last):
    """The playout as it was written before it ran inside the step: one `apply` per answer,
    the horizon checked before each decision."""
    while (d := g.decision()) is not None:
        if g.state["round"] > last and g.state["cursor"]["stage"] == "round":
            return
        g.apply(d.options[0] if len(d.options) == 1 else policy.choose(g, d))


@pytest.mark.parametrize("seed", [4, 9])
def test_the_in_step_playout_plays_the_stepwise_one_s_game(rules, seed):
    """The playout answers inside the running step (`Game.play_out`, the policy by index) and
    stops at the horizon by raising: the same answers and the same position, waiting at the
    next round's first decision, as answering one `apply` at a time; a policy that answers
    only by `choose` (no index) and the uniform playout (no policy) play on alike."""
    from interpreter.sim.bots import GreedyBot
    game = _position(rules, players=4, seed=seed)
    start = game.state["round"]
    policies = {"greedy by index": lambda: GreedyBot(5, noise=False),
                "greedy with its noise, by choose only": lambda: _ChooseOnly(make_bot("greedy", 5)),
                "uniform": lambda: None}
    for name, policy in policies.items():
        rollout = policy()
        bot = MctsBot(1, iterations=1, rollout=rollout, horizon=0, leaf=lambda g: [0.0] * 4)
        fast, slow = game.clone(), game.clone()
        assert bot._playout(fast, random.Random(7) if rollout is None else None, start), name
        _stepwise_playout(slow, policy() or _Uniform(random.Random(7)), start)
        assert fast.history == slow.history and fast.state == slow.state, name
        assert fast.state["round"] == start + 1 and fast.decision() is not None, name


class _ChooseOnly:
    """A policy that answers only with `choose` (an Option), as a bot of the user's may."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, decision):
        return self.bot.choose(game, decision)


class _Uniform:
    """The uniform playout's answers: `randrange` over the options, the search's way."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, game, decision):
        return decision.options[self.rng.randrange(len(decision.options))]


def test_the_leaf_reward_is_the_final_reward_of_worths():
    """A leaf's worths are rewarded as final prestige is: 0.75 shared among the best, plus up
    to 0.25 for the margin over the best other."""
    from interpreter.sim.mcts import leaf_rewards
    margin = [0.5 + 0.5 * math.tanh(m / 8) for m in (0, -6, 0)]
    assert leaf_rewards([10.0, 4.0, 10.0]) == pytest.approx(
        [0.375 + 0.25 * margin[0], 0.25 * margin[1], 0.375 + 0.25 * margin[2]])
    assert leaf_rewards([3.0]) == pytest.approx([0.75 + 0.25 * (0.5 + 0.5 * math.tanh(3 / 8))])


# -- naming bots ---------------------------------------------------------------------------
def test_bot_specs():
    assert seat_bots("mcts", 3) == ["mcts"] * 3
    assert seat_bots("mcts:50, greedy", 2) == ["mcts:50", "greedy"]
    assert with_budget("mcts,greedy,mcts:9", iterations=40) == "mcts:40,greedy,mcts:9"
    assert with_budget("mcts", seconds=1.5) == "mcts:1.5s"
    bot = make_bot("mcts:50", 1)
    assert (bot.iterations, bot.seconds) == (50, None)
    bot = make_bot("mcts:2s", 1)
    assert (bot.iterations, bot.seconds) == (None, 2.0)


@pytest.mark.parametrize("spec, message", [
    ("clever", "unknown bot 'clever' (choose from random, greedy, value, mcts; mcts takes a budget: "
               "mcts:400 or mcts:2s; value its dealt worlds: value:4)"),
    ("greedy:3", "bot 'greedy' takes no budget, as in 'greedy:3'"),
    ("mcts:0", "bad mcts budget in 'mcts:0': give iterations (mcts:400) or seconds (mcts:2s), "
               "more than zero"),
    ("mcts:fast", "bad mcts budget in 'mcts:fast'"),
])
def test_a_bad_bot_spec_says_why(spec, message):
    with pytest.raises(ValueError, match=None) as info:
        check_bot(spec)
    assert message in str(info.value)


def test_seats_and_bots_must_agree():
    with pytest.raises(ValueError) as info:
        seat_bots("mcts,greedy", 3)
    assert str(info.value) == ("--bots 'mcts,greedy' names 2 bots for 3 players: give one for "
                               "every seat, or one per seat")


def test_simulate_with_mixed_seats_and_a_budget(capsys):
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "mcts,random",
                 "--mcts-iterations", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (mcts:2) win rate" in out and "seat 1 (random) decisions/s" in out


def test_simulate_refuses_a_bots_list_of_the_wrong_length(capsys):
    assert main(["simulate", "--players", "3", "--games", "1", "--bots", "mcts,greedy",
                 "--quiet"]) == 2
    assert "names 2 bots for 3 players" in capsys.readouterr().err


def test_balance_takes_search_bots(capsys):
    assert main(["balance", "--games", "1", "--players", "2", "--bots", "mcts:1,greedy",
                 "--workers", "1", "--quiet", "--no-compare", "--top", "1"]) == 0
    assert "judged by mcts:1 (seat 1), greedy (seat 2)" in capsys.readouterr().out


def test_win_rate_intervals_are_wilson_score_intervals():
    from interpreter.sim.stats import wilson
    low, high = wilson(0.0, 100)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.0370, abs=1e-4)
    assert wilson(0.5, 40) == pytest.approx((0.3520, 0.6480), abs=1e-4)
    assert wilson(1.0, 40)[0] == pytest.approx(0.9124, abs=1e-4)
