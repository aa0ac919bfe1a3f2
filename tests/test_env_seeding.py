"""The reset's seeded draws (env/seeding.py) are numpy's, and the generators a user reads are
numpy's own in the state those draws left."""
import copy
import pickle
import random

import numpy as np
import pytest
from gymnasium.utils import seeding

from interpreter.env.aec import RococoEnv
from interpreter.env.seeding import Pcg64, seeded
from interpreter.env.single import RococoSeatEnv
from interpreter.env.uniform import Uniform

_SEEDS = [0, 1, 2, 7, 2**31 - 2, 2**32 - 1, 2**32, 2**63 - 2, 2**64 - 1, 2**64, 2**96 + 5,
          2**128 - 1, 2**128, 2**200 + 3, *(random.Random(5).getrandbits(64) for _ in range(40))]
# 32-bit and 64-bit draws interleaved (a 32-bit draw takes half of a 64-bit output), and
# bounds that are no power of two
_HIGHS = [2**31 - 1, 2**63 - 1, 2**31 - 1, 2**31 - 1, 2**31 - 1, 5, 2**63 - 1, 2**40, 3, 2**32]


@pytest.mark.parametrize("seed", _SEEDS)
def test_the_draws_are_numpys(seed):
    numpy, ours = np.random.default_rng(seed), Pcg64(seed)
    assert [ours.integers(h) for h in _HIGHS] == [int(numpy.integers(0, h)) for h in _HIGHS]
    # numpy's own generator, made after the draws, goes on as numpy's does
    made = ours.generator()
    assert made.bit_generator.state == numpy.bit_generator.state
    assert made.integers(0, 2**63 - 1, 3).tolist() == numpy.integers(0, 2**63 - 1, 3).tolist()


def test_a_seed_numpy_reads_otherwise_is_drawn_by_numpy():
    for seed in ([1, 2], np.int64(3)):
        assert seeded(seed).integers(2**63 - 1) == int(np.random.default_rng(seed).integers(
            0, 2**63 - 1))
    with pytest.raises(ValueError):
        seeded(-1)


def test_a_copy_draws_what_the_original_draws():
    ours, numpy = Pcg64(11), np.random.default_rng(11)
    assert ours.integers(2**31 - 1) == int(numpy.integers(0, 2**31 - 1))  # (a half kept)
    expected = [int(numpy.integers(0, h)) for h in _HIGHS]
    for twin in (copy.deepcopy(ours), pickle.loads(pickle.dumps(ours))):
        assert [twin.integers(h) for h in _HIGHS] == expected


def test_the_seat_envs_generator_is_gymnasiums_after_the_resets_draws():
    env = RococoSeatEnv(players=3)
    env.reset(seed=42)
    gym, seed = seeding.np_random(42)
    gym.integers(0, 2**63 - 1, 3)  # the game's seed and the two bots'
    assert env.np_random.bit_generator.state == gym.bit_generator.state
    assert env.np_random_seed == seed == 42
    assert env.np_random is env.np_random  # made once, then kept
    # a reset without a seed draws on from it, as Gymnasium's would
    env.reset()
    gym.integers(0, 2**63 - 1, 3)
    assert env.np_random.bit_generator.state == gym.bit_generator.state


def test_the_same_seed_plays_the_same_episode_and_a_set_generator_is_kept():
    env = RococoSeatEnv(players=4)
    first, _ = env.reset(seed=9)
    seeds = (env.game.state["seed"], [b.rng.getstate() for b in env.bots if b is not None])
    again, _ = env.reset(seed=9)
    assert (env.game.state["seed"], [b.rng.getstate() for b in env.bots if b is not None]) \
        == seeds
    assert np.array_equal(first["observation"], again["observation"])
    mine = np.random.default_rng(3)
    env.np_random = mine
    assert env.np_random is mine and env.np_random_seed == -1


def test_the_aec_envs_seeds_go_on_from_its_seed():
    env = RococoEnv(players=2)
    env.reset(seed=5)
    numpy = np.random.default_rng(5)
    numpy.integers(0, 2**31 - 1)  # the action space's seed
    assert env.game.state["seed"] == int(numpy.integers(0, 2**63 - 1))
    env.reset()
    assert env.game.state["seed"] == int(numpy.integers(0, 2**63 - 1))


def test_a_uniform_bot_is_seeded_as_random_random_is():
    for seed in (0, 5, 2**62 + 7, 2**63 - 2):
        assert Uniform(seed).rng.getstate() == random.Random(seed).getstate()
