"""The game's generator (core/rng.py) is splitmix64, whatever form it is worked in: the draws
and the state it leaves are those of the 64-bit formula, at the edges of the halves it is
worked in (and for bounds past a machine integer)."""
import random

import pytest

from interpreter.core import rng
from interpreter.core.journal import Journal

_MASK = (1 << 64) - 1


def _splitmix64(state: int, bound: int) -> tuple[int, int]:
    """The formula, on whole numbers: the new state and the draw."""
    x = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return x, z % bound


_EDGES = [0, 1, _MASK, _MASK - 1, (1 << 32) - 1, 1 << 32, 1 << 63, (1 << 62) - 1, 1 << 62,
          _MASK - 0x9E3779B97F4A7C15, _MASK - 0x9E3779B97F4A7C15 + 1, rng.seed_state(0)]
# (a bound below 2**31 is drawn in native integers once compiled: its edge is here too)
_BOUNDS = [1, 2, 3, 52, 1000, (1 << 30) + 1, (1 << 31) - 1, 1 << 31, (1 << 31) + 5, 1 << 40,
           (1 << 64) + 3, 1 << 70]


@pytest.mark.parametrize("bound", _BOUNDS)
def test_next_int_is_splitmix64_at_the_edges(bound):
    for state in _EDGES:
        held = {"rng": state}
        journal = Journal()
        drawn = rng.next_int(held, journal, bound)
        assert (held["rng"], drawn) == _splitmix64(state, bound)
        journal.rollback()  # the draw's change to the state is journalled
        assert held == {"rng": state}


def test_next_int_is_splitmix64_on_random_states():
    pick = random.Random(33)
    for _ in range(20_000):
        state, bound = pick.getrandbits(64), pick.choice(_BOUNDS + [pick.randrange(1, 1 << 66)])
        held = {"rng": state}
        assert (rng.next_int(held, Journal(), bound), held["rng"]) == \
            _splitmix64(state, bound)[::-1]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 60])
def test_a_shuffle_is_fisher_yates_on_the_formula_s_draws(size):
    """`shuffled` keeps the state in native halves between its draws and writes it once: the
    same order and the same state left as a draw at a time, and a rollback restores it."""
    for state in _EDGES + [random.Random(size).getrandbits(64)]:
        items = [f"card{k}" for k in range(size)]
        expected, now = list(items), state
        for i in range(size - 1, 0, -1):
            now, j = _splitmix64(now, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        held = {"rng": state}
        journal = Journal()
        assert rng.shuffled(items, held, journal) == expected
        assert held["rng"] == now
        assert items == [f"card{k}" for k in range(size)]  # a copy is shuffled
        journal.rollback()
        assert held == {"rng": state}


@pytest.mark.parametrize("count", [0, -3])
def test_randbelow_refuses_a_pick_among_none(count):
    """`randrange(0)` raises; `randbelow` drew for ever (0 bits draw 0, never below 0): a
    decision of no options given to the random bot or the uniform opponent hung."""
    from interpreter.core.decisions import Decision
    from interpreter.env.uniform import Uniform

    drawn: list[int] = []

    def draw(bits: int) -> int:
        drawn.append(bits)
        if len(drawn) > 100:
            raise AssertionError("drew for ever")
        return 0

    with pytest.raises(ValueError, match="no option to pick"):
        rng.randbelow(draw, count)
    with pytest.raises(ValueError, match="no option to pick"):
        Uniform(1).choose_index(None, Decision(0, "choice", "pick", ()))
