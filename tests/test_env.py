"""Issues 15 and 33, "a standard environment": the PettingZoo AEC environment and the Gymnasium one-seat
environment, checked by the libraries' own tests for every edition and expansion combination."""
from __future__ import annotations

import copy
import itertools
import pickle
import re
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.errors import IllegalDecisionError
from interpreter.env import rococo_v1
from interpreter.env.action_space import ActionSpace
from interpreter.env.aec import RococoEnv, win_shares
from interpreter.env.catalogue import SLOTS, Components
from interpreter.env.encoding import marked
from interpreter.env.observations import MEANINGS, SCALES, Observation
from interpreter.env.single import RococoSeatEnv
from interpreter.loading.loader import available_modules

MODULES = available_modules()
EDITIONS = sorted(m["id"] for m in MODULES if m["kind"] == "edition")
EXPANSIONS = sorted(m["id"] for m in MODULES if m["kind"] == "expansion")


def _loads(edition, combo) -> bool:
    """Whether the combination satisfies every module's `requires` and `conflicts`."""
    chosen = {"base", edition, *combo}
    by_id = {m["id"]: m for m in MODULES}
    return all(set(by_id[m]["requires"]) <= chosen and not set(by_id[m]["conflicts"]) & chosen
               for m in chosen)


COMBINATIONS = [(edition, combo) for edition in EDITIONS
                for n in range(len(EXPANSIONS) + 1)
                for combo in itertools.combinations(EXPANSIONS, n) if _loads(edition, combo)]


def _id(case) -> str:
    edition, combo = case
    return "+".join((edition, *combo))


@pytest.mark.parametrize("case", COMBINATIONS, ids=map(_id, COMBINATIONS))
def test_pettingzoo_api_test_passes_for_every_combination(case):
    edition, combo = case
    players = 2 + COMBINATIONS.index(case) % 4  # 2 to 5 players over the combinations
    env = RococoEnv(players=players, edition=edition, expansions=combo)
    rules = env.rules
    assert Components.universal().covers(Components.of(rules)) == []
    with warnings.catch_warnings():  # a Dict observation with an action mask is what it warns of
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=400)
        parallel_api_test(rococo_v1.parallel_env(players=7 - players, rules=rules),
                          num_cycles=300)


@pytest.mark.parametrize("case", COMBINATIONS, ids=map(_id, COMBINATIONS))
def test_gymnasium_check_env_passes_for_every_combination(case):
    edition, combo = case
    players = 2 + (COMBINATIONS.index(case) + 1) % 4
    env = gym.make("rococo/Seat-v0", players=players, seat=players - 1, edition=edition,
                   expansions=combo, opponents=lambda seat, seed: make_bot("greedy", seed))
    check_env(env.unwrapped, skip_render_check=False)


def test_both_editions_and_every_expansion_are_covered():
    assert {"deluxe", "original"} <= set(EDITIONS)
    assert {"fancy_dresses", "festivity_dresses", "expert_tailoring"} <= set(EXPANSIONS)
    assert len(COMBINATIONS) == len(EDITIONS) * 2 ** len(EXPANSIONS)


# -- the action space ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_every_legal_option_has_exactly_one_action_and_the_mask_is_exact(players):
    rules = load_ruleset(expansions=EXPANSIONS)
    space = ActionSpace(Components.universal() if players == 2 else Components.of(rules))
    for seed in range(4):
        game = Game.new(rules, players=players, seed=seed)
        bots = [make_bot("random", seed * 7 + s) for s in range(players)]
        while not game.is_over():
            decision = game.decision()
            legal = space.legal(decision)
            assert len(legal) == len(decision.options)
            assert sorted(legal.values()) == list(range(len(decision.options)))
            mask = space.mask(decision)
            assert mask.dtype == np.int8 and mask.sum() == len(decision.options)
            assert set(np.flatnonzero(mask)) == set(legal)
            for action, at in legal.items():
                option = decision.options[at]
                name = space.names[action]
                if decision.kind in ("hand", "hire", "depute"):
                    assert name == f"{decision.kind}:{option.value}"
                elif decision.kind == "fund":
                    assert name == f"fund:{option.value['space']}"
                elif decision.kind in ("keep", "tiles", "number", "choice", "resource"):
                    assert name == f"option:{at}"
            game.apply(bots[decision.seat].choose(game, decision))


def test_each_named_action_answers_the_option_its_name_describes():
    """The action tables (encoding.Answers, built once from the names) give every named action
    of the universal catalogue for an option value of the shape its name describes, and the
    slot of its index for what names nothing."""
    space = ActionSpace(Components.universal())
    answers = space._answers
    for i, name in enumerate(space.names):
        kind, _, rest = name.partition(":")
        if kind in ("hand", "hire", "depute"):
            value = rest
        elif kind == "play":
            card, _, action = rest.rpartition(":")
            value = {"card": card, "action": None if action == "null" else action}
        elif kind in ("tile", "garment"):
            value = {kind: rest}
        elif kind == "rent":
            value = {"sell": True} if rest == "sell" else {"space": rest}
        elif kind == "fund":
            value = {"space": rest}
        elif kind == "bonus":
            value = rest == "true"
        else:
            assert name == f"option:{space.slots.index(i)}"
            continue
        assert answers.legal(kind, [value]) == {i: 0}, name
    assert answers.legal("hand", ["no such card", 3]) == {space.slots[0]: 0, space.slots[1]: 1}
    assert answers.legal("keep", [True, False]) == {space.slots[0]: 0, space.slots[1]: 1}


def test_the_action_space_is_the_same_for_every_game_of_a_ruleset():
    rules = load_ruleset()
    a, b = ActionSpace(Components.of(rules)), ActionSpace(Components.of(rules))
    assert a.names == b.names and a.n == len(a.names)
    assert a.names[-SLOTS:] == [f"option:{i}" for i in range(SLOTS)]
    assert "play:start.purple.master_1:tailor" in a.names and "rent:sell" in a.names


def test_an_illegal_action_raises_and_changes_nothing():
    env = RococoEnv(players=2)
    env.reset(seed=4)
    before = env.game.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalDecisionError, match=f"action {illegal} is not legal for seat_"):
        env.step(illegal)
    for bad in (float("nan"), "x", None):  # no whole number: a bare ValueError before
        with pytest.raises(IllegalDecisionError, match=f"action {bad!r} is not legal for seat_"):
            env.step(bad)
    assert env.game.to_json() == before


# -- observations ----------------------------------------------------------------------------
def test_observations_do_not_change_with_what_the_seat_cannot_see():
    """Swapping another player's hand and supply and reseeding the generator changes nothing
    the seat observes; its own hand does."""
    rules = load_ruleset()
    encoder = Observation(Components.universal(), rules.rounds)
    game = Game.new(rules, players=3, seed=11)
    bots = [make_bot("greedy", s) for s in range(3)]
    for _ in range(40):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    seat = game.decision().seat
    other = game.state["players"][(seat + 1) % 3]
    before = encoder.encode(game.view(seat), seat)
    twin = game.clone()
    p = twin.state["players"][(seat + 1) % 3]
    cards = p["hand"] + p["supply"]
    p["hand"][:], p["supply"][:] = cards[::-1][:len(p["hand"])], cards[::-1][len(p["hand"]):]
    twin.state["rng"] ^= 12345
    twin.state["resource_bag"].reverse()
    assert np.array_equal(encoder.encode(twin.view(seat), seat), before)
    mine = twin.state["players"][seat]
    assert other is not mine
    mine["hand"].append(mine["supply"].pop()) if mine["supply"] else mine["hand"].pop()
    assert not np.array_equal(encoder.encode(twin.view(seat), seat), before)


def test_the_observation_layout_is_documented_and_adds_up():
    encoder = Observation(Components.universal(), 7)
    offsets = sorted(encoder.layout.values())
    assert offsets[0][0] == 0 and sum(size for _, size in offsets) == encoder.size
    assert all(a + n == b for (a, n), (b, _) in itertools.pairwise(offsets))
    import interpreter.env.observations as doc
    meanings = encoder.meanings()
    for name in encoder.layout:
        place, colon, _ = name.partition(":")  # a module place's block: `zone:<id>`...
        assert (f"`{place}:<" if colon else f"`{name}`") in doc.__doc__, name
        assert meanings[name], name
    assert {n for n in MEANINGS} < set(encoder.layout)
    assert {"zone:jewelry_box", "zone:special_apprentice", "zone:card_discard",
            "display:jewelry_display", "owned:jewelry"} < set(encoder.layout)
    assert "zone:jewelry_bag" not in encoder.layout  # hidden: only its count


def test_own_counters_come_first_in_the_players_block():
    env = RococoEnv(players=3)
    env.reset(seed=2)
    start, _ = env.encoder.layout["players"]
    for agent in env.agents:
        seat = int(agent.split("_")[1])
        vector = env.observe(agent)["observation"]
        scale = dict(SCALES)["livre"]
        assert vector[start] == pytest.approx(env.game.state["players"][seat]["livre"] / scale)


# -- seeding, rewards, rendering ------------------------------------------------------------
def _trajectory(env: RococoEnv, seed: int) -> list:
    env.reset(seed=seed)
    rng = np.random.default_rng(0)
    out = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        out.append((agent, observation["observation"].tobytes(), reward))
        action = None if termination or truncation else \
            int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return out


def test_a_seed_replays_the_same_game_and_rewards_come_at_the_end():
    env = RococoEnv(players=3)
    first = _trajectory(env, 5)
    assert first == _trajectory(env, 5)
    assert first != _trajectory(env, 6)
    rewards = [r for _, _, r in first]
    final = rewards[-3:]  # each agent's last look, once the game is over
    assert all(r == 0 for r in rewards[:-3])
    assert sum(final) == pytest.approx(1.0) and max(final) > 0


def test_an_encoder_deep_copies_with_vectors_of_its_own():
    """`copy.deepcopy` of an encoder that has observed (it writes each seat's vector through a
    memoryview, which does not copy): the copy starts vectors of its own, and both, observing
    the same positions, give the same observations as a whole encoding, each in its arrays."""
    env = RococoSeatEnv(players=4, opponents=lambda seat, seed: make_bot("random", seed))
    env.reset(seed=3)
    rng = np.random.default_rng(5)
    env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))  # every vector written
    encoder = env.encoder
    twin = copy.deepcopy(encoder)
    for _ in range(30):
        game = env.game
        for seat in range(4):
            whole = encoder.encode(game.view(seat), seat)
            mine, its = encoder.observe_game(game, seat), twin.observe_game(game, seat)
            assert np.array_equal(mine, whole) and np.array_equal(its, whole)
        if env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))[2]:
            break
    for seat in range(4):
        assert not np.shares_memory(twin._kept[seat][0], encoder._kept[seat][0])


@pytest.mark.parametrize("bots", ["random", None])
def test_a_reset_seat_environment_deep_copies(bots):
    """`copy.deepcopy` of a reset environment, compiled or not: the copy and the original,
    given the same actions, give the same observations, masks and rewards, each in its own
    arrays (against random bots, or the uniform default, each copied with its generator)."""
    opponents = None if bots is None else lambda seat, seed: make_bot(bots, seed)
    env = RococoSeatEnv(players=4, opponents=opponents)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # every vector written once
    twin = copy.deepcopy(env)
    assert twin.game is not env.game and twin.game.to_json() == env.game.to_json()
    rng = np.random.default_rng(5)
    for _ in range(40):
        mask = env.action_masks()
        assert np.array_equal(mask, twin.action_masks())
        action = int(rng.choice(np.flatnonzero(mask)))
        (obs, *rest), (again, *rest_again) = env.step(action), twin.step(action)
        assert rest == rest_again
        assert np.array_equal(obs["observation"], again["observation"])
        assert not np.shares_memory(obs["observation"], again["observation"])
        if rest[1]:
            break
    assert twin.game.to_json() == env.game.to_json()


def test_a_reset_seat_environment_pickles():
    """A reset environment pickles (its encoder without the vectors it writes through a
    memoryview: each is made whole again) and the copy plays on as the original does (against
    the default uniform opponents, each pickled with its generator)."""
    env = RococoSeatEnv(players=4)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    twin = pickle.loads(pickle.dumps(env))
    for _ in range(30):
        action = int(np.flatnonzero(env.action_masks())[-1])
        ours, theirs = env.step(action), twin.step(action)
        assert np.array_equal(ours[0]["observation"], theirs[0]["observation"])
        assert np.array_equal(ours[0]["action_mask"], theirs[0]["action_mask"])
        assert ours[1:4] == theirs[1:4]
        if ours[2]:
            break


@pytest.mark.parametrize("copied", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))],
                         ids=["deepcopy", "pickle"])
def test_a_copied_seat_environment_steps_with_its_own_encoder_and_legal_actions(copied):
    """The compiled step (env/seat_step.py's Look) of a copy reads the copy's encoder and
    keeps its legal actions in the copy's action space, not the original's: the original's
    vectors and last decision stay as they were while the copy plays."""
    env = RococoSeatEnv(players=4)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    twin = copied(env)
    look, actions = twin.coder.look, twin.coder.actions
    assert twin._look is look and look.encoder is twin.encoder and look.legal is actions.cache
    assert look.encoder is not env.encoder and look.legal is not env.coder.actions.cache
    kept, asked = env.encoder._kept[0][0].copy(), env.coder.actions.cache.decision
    for _ in range(5):
        twin.step(int(np.flatnonzero(twin.action_masks())[-1]))
    assert np.array_equal(env.encoder._kept[0][0], kept)
    assert env.coder.actions.cache.decision is asked is env.game.decision()


def test_the_seat_step_reads_the_encoder_and_the_bots_as_they_are_now():
    """The step hands the encoder's `observe_game` and `env.bots` in at each call: a wrapper
    of the one set on the encoder runs, and so does a bot put in the list after reset."""
    env = RococoSeatEnv(players=2)
    observation, _ = env.reset(seed=1)
    seen, real = [], env.encoder.observe_game
    env.encoder.observe_game = lambda game, seat: seen.append(seat) or real(game, seat)
    env.bots[1] = make_bot("random", 3)
    for _ in range(3):
        observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert seen == [0, 0, 0]
    illegal = env.step(10**6)
    assert illegal[1:] == (-1.0, False, False, {"illegal": True}) and seen == [0, 0, 0, 0]


def test_the_seat_step_fills_the_encoders_kept_vector_and_a_subclass_observes_its_own_way():
    """The compiled step fills the vector the encoder keeps for the seat (read natively, not
    through `observe_game`): what it hands out is that vector's copy, equal to the whole
    encoding. An encoder whose class observes in its own way is called instead."""
    env = RococoSeatEnv(players=3)
    observation, _ = env.reset(seed=2)
    for _ in range(4):
        observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        vector, game = observation["observation"], env.game
        kept = env.encoder._kept[0][0]
        assert np.array_equal(vector, kept) and not np.shares_memory(vector, kept)
        assert np.array_equal(vector, env.encoder.encode(game.view(0), 0))

    class Halved(Observation):
        def observe_game(self, game, seat):
            return super().observe_game(game, seat) / 2

    encoder = env.encoder
    halved = Halved(encoder.components, encoder.rounds, encoder._rules)
    assert halved.native_parts() is None and encoder.native_parts() is not None
    env.coder.look = env.coder.look.__class__(halved, env.coder.actions.cache, False)
    whole = encoder.encode(env.game.view(0), 0)
    assert np.array_equal(env.coder.observe(env.game, 0)["observation"], whole / 2)


def test_the_action_tables_are_shared_by_a_deep_copy_and_carried_by_a_pickle():
    """The tables are made once and never changed: a deep copy is the same object, a pickle
    gives tables equal to them, answering alike."""
    actions = ActionSpace(Components.universal())
    answers = actions._answers
    assert copy.deepcopy(answers) is answers
    again = pickle.loads(pickle.dumps(answers))
    assert again is not answers and again.named == answers.named
    assert again.slots == answers.slots
    game = Game.new(load_ruleset(), players=4, seed=2)
    decision = game.decision()
    assert again.legal(decision.kind, decision.own_values()) == actions.legal(decision)
    twin = copy.deepcopy(actions)
    assert twin._answers is answers and twin.legal(decision) == actions.legal(decision)


def test_a_mask_is_fresh_bytes_with_a_one_at_each_legal_action():
    legal = {3: 0, 1: 1, 4: 2}
    first, second = marked(legal, 6), marked(legal, 6)
    assert first == bytearray(b"\0\1\0\1\1\0") == second and first is not second
    assert marked({}, 3) == bytearray(3)


def test_render_shows_the_position_and_the_question():
    env = RococoEnv(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("round 1") and "decides (hand)" in text
    with pytest.raises(ValueError, match="render_mode must be one of"):
        RococoEnv(players=2, render_mode="svg")


def test_the_seat_environment_lets_bots_answer_the_other_seats():
    env = RococoSeatEnv(players=3, seat=2, opponents=lambda seat, seed: make_bot("greedy", seed))
    observation, _ = env.reset(seed=3)
    steps, done = 0, False
    while not done:
        assert env.game.decision().seat == 2
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _truncated, info = env.step(int(legal[0]))
        steps += 1
    assert env.game.is_over() and reward in (0.0, 0.5, 1.0, 1 / 3) and steps > 30
    with pytest.raises(RuntimeError, match=r"^the episode is over: call reset\(\)"):
        env.step(int(legal[0]))  # an AttributeError about None before
    observation, _ = env.reset(seed=3)
    mask = observation["action_mask"]
    before = env.game.to_json()
    # an action the mask does not allow, None, one past the catalogue, a negative one
    # ... and what is no whole number at all (nan, infinity, text: a bare ValueError before)
    for bad in (int(np.flatnonzero(mask == 0)[0]), None, env.action_space.n + 10, -1,
                float("nan"), float("inf"), "x"):
        _, reward, done, _, info = env.step(bad)
        assert (reward, done, info) == (-1.0, False, {"illegal": True})
        assert env.game.to_json() == before
    env.step(np.flatnonzero(mask)[0])  # a numpy integer answers as the int it is
    assert env.game.to_json() != before


def test_what_only_reads_as_a_legal_action_is_not_one():
    """An action is a whole number, as `apply_index` takes an index and Discrete holds one: a
    float (even 66.0) or a text that `int()` reads as a legal action is illegal in both
    environments (they were played as the action `int()` made of them, 66.7 as 66)."""
    env = RococoEnv(players=2)
    env.reset(seed=4)
    before = env.game.to_json()
    action = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    for bad in (str(action), action + 0.7, float(action), np.float64(action)):
        assert not env.action_space(env.agent_selection).contains(bad)
        with pytest.raises(IllegalDecisionError, match=re.escape(f"action {bad!r} is not legal")):
            env.step(bad)
        assert env.game.to_json() == before
    seat = RococoSeatEnv(players=3)
    observation, _ = seat.reset(seed=3)
    before = seat.game.to_json()
    action = int(np.flatnonzero(observation["action_mask"])[0])
    for bad in (str(action), action + 0.7, float(action), np.float64(action)):
        _, reward, done, _, info = seat.step(bad)
        assert (reward, done, info) == (-1.0, False, {"illegal": True})
        assert seat.game.to_json() == before
    seat.step(np.int64(action))  # a numpy integer answers as the int it is
    assert seat.game.to_json() != before


# -- against an automaton ----------------------------------------------------------------------
@pytest.mark.parametrize("solo, params, kind, seats", [
    ("du_barry", None, "du_barry", 2), ("masques", {"masques.count": 3}, "masque", 4)])
def test_gymnasium_check_env_passes_against_a_solo_mode_s_automata(solo, params, kind, seats):
    """Du Barry: "You play against Madame du Barry"; Masques: 1 to 4 Masques. The seat plays
    the person's seat 0; every other seat is an automaton that answers by its module's rules."""
    env = gym.make("rococo/Seat-v0", solo=solo, params=params)
    check_env(env.unwrapped, skip_render_check=False)
    seat_env = env.unwrapped
    assert seat_env.players == seats and seat_env.seat == 0
    observation, _ = seat_env.reset(seed=4)
    done, steps = False, 0
    while not done:
        assert seat_env.game.decision().seat == 0  # the automata never wait on anybody
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _truncated, _info = seat_env.step(int(legal[-1]))
        steps += 1
    kinds = [p.get("kind", "human") for p in seat_env.game.state["players"]]
    assert kinds[0] == "human" and set(kinds[1:]) == {kind} and len(kinds) == seats
    assert steps > 30 and reward == win_shares(seat_env.game)[0]


@pytest.mark.parametrize("kwargs, message", [
    ({"solo": "du_barry", "opponents": lambda seat, seed: make_bot("greedy", seed)},
     "a solo mode's other seats play by its rules: give no opponents with solo='du_barry'"),
    ({"solo": "du_barry", "seat": 1}, "in a solo mode the person's seat is 0, not 1"),
    ({"solo": "fancy_dresses"},
     "'fancy_dresses' is not a solo mode (rococo modules lists them, kind solo)"),
])
def test_a_bad_solo_environment_says_why(kwargs, message):
    with pytest.raises(ValueError) as info:
        RococoSeatEnv(**kwargs)
    assert str(info.value) == message


def test_the_seat_environments_bots_play_the_game_one_answer_at_a_time_plays():
    """The bots answer inside the engine's step (`Game.apply_index_then`): the game, its history
    and its save are those of every answer given one at a time, and a bot that raises leaves
    the game at the decision it was asked."""
    class Raising:
        def __init__(self, seed, at):
            self.bot, self.at, self.asked = make_bot("greedy", seed), at, 0

        def choose(self, game, decision):
            self.asked += 1
            if self.asked == self.at:
                raise ZeroDivisionError("the bot's own bug")
            return self.bot.choose(game, decision)
    env = RococoSeatEnv(players=3, seat=1, opponents=lambda seat, seed: Raising(seed, 30))
    observation, _ = env.reset(seed=4)
    twin = Game.new(env.env.rules, players=3, seed=env.game.state["seed"])
    bots = [Raising(twin.state["seed"] * 31 + s, 30) for s in range(3)]

    def twin_to_seat(index):  # the seat's answer, then each bot's, one at a time
        if index is not None:
            twin.apply_index(index)
        d = twin.decision()
        while d is not None and d.seat != 1:
            twin.apply(bots[d.seat].choose(twin, d))
            d = twin.decision()
    twin_to_seat(None)
    index = None
    with pytest.raises(ZeroDivisionError):
        while True:
            assert env.game.to_json() == twin.to_json()
            action = int(np.flatnonzero(observation["action_mask"])[-1])
            index = env.coder.actions.legal(env.game.decision())[action]
            observation, *_ = env.step(action)
            twin_to_seat(index)
    with pytest.raises(ZeroDivisionError):  # the twin's bot raises at the same decision
        twin_to_seat(index)
    game = env.game
    assert game.decision() == twin.decision() and game.decision().seat != 1
    assert game.history == twin.history and game.to_json() == twin.to_json()


def test_the_uniform_opponent_draws_as_randrange_draws():
    """The compiled default opponent (env/uniform.py) answers `randrange(len(decision))` of a
    `random.Random` of its seed: the episodes of a seed are those it always gave."""
    import random

    from interpreter.env.uniform import Uniform

    bot, twin = Uniform(12345), random.Random(12345)
    game, sizes = Game.new(load_ruleset(), players=3, seed=2), set()
    while not game.is_over():
        d = game.decision()
        index = bot.choose_index(game, d)
        assert index == twin.randrange(len(d))
        sizes.add(len(d))
        game.apply_index(index)
    assert len(sizes) > 5


def test_randbelow_draws_what_randrange_draws():
    """core/rng.py's `randbelow`, which the random bots and the uniform opponent share, picks
    what `randrange` of the same generator picks, at every size (powers of two included)."""
    import random

    from interpreter.core.rng import randbelow

    mine, twin = random.Random(99), random.Random(99)
    for size in [*range(1, 70), 127, 128, 129, 1000, 2**20] * 3:
        assert randbelow(mine.getrandbits, size) == twin.randrange(size)


def test_a_bot_set_in_place_of_a_uniform_one_after_reset_answers_its_seat():
    """`env.bots` is the seat env's list of opponents: a bot put there after `reset` answers
    its seat (the step hands the list to the engine as it is: its bots are looked up again when one
    changed)."""
    asked = []

    class First:
        def choose(self, game, decision):
            asked.append(decision.seat)
            return decision.options[0]

    env = RococoSeatEnv(players=2, seat=0)
    observation, _ = env.reset(seed=1)
    env.bots[1] = First()
    for _ in range(5):
        observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert asked and set(asked) == {1}
