"""A tiny seeded generator whose whole state is one integer kept inside the game state."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .._core import mypyc_attr
from .decisions import Decision, Option
from .journal import Journal
from .state import State

_MASK = (1 << 64) - 1
# splitmix64 worked on machine integers: compiled, a 64-bit number (and a product of two) is a
# Python object made and dispatched to, about 5,800 instructions a draw. The number is kept in
# 32-bit halves; a product is taken by 22-bit parts, each factor below 2**30 (mypyc multiplies
# natively only then) and every sum below 2**62.
_M32: Final = 0xFFFFFFFF
_M22: Final = 0x3FFFFF
_STEP_HI: Final = 0x9E3779B9  # the increment 0x9E3779B97F4A7C15, by halves
_STEP_LO: Final = 0x7F4A7C15
_MUL1: Final = (0x24E5B9, 0x1DB473, 0xBF584)  # 0xBF58476D1CE4E5B9 by 22-bit parts, low first
_MUL2: Final = (0x3111EB, 0x26EC4C, 0x94D04)  # 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_int(state: State | dict[str, Any], journal: Journal, bound: int) -> int:
    """Draw an int in [0, bound) with splitmix64, advancing `state['rng']` through the journal
    (the state, or the one `new_state` is still building)."""
    was: int = state["rng"]
    lo = (was & _M32) + _STEP_LO
    hi = ((was >> 32) + _STEP_HI + (lo >> 32)) & _M32
    lo &= _M32
    journal.set(state, "rng", hi << 32 | lo)
    lo ^= (lo >> 30) | ((hi << 2) & _M32)  # z ^= z >> 30
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, _MUL1)
    lo ^= (lo >> 27) | ((hi << 5) & _M32)
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, _MUL2)
    lo ^= (lo >> 31) | ((hi << 1) & _M32)
    hi ^= hi >> 31
    return ((hi % bound << 32) + lo) % bound


def _times(hi: int, lo: int, by: tuple[int, int, int]) -> tuple[int, int]:
    """(hi, lo) times `by` (22-bit parts) modulo 2**64, as halves: schoolbook on 22-bit parts,
    only the products that reach the low 64 bits."""
    a0, a1, a2 = lo & _M22, (lo >> 22) | ((hi & 0xFFF) << 10), hi >> 12
    b0, b1, b2 = by
    t0 = a0 * b0
    t1 = a0 * b1 + a1 * b0 + (t0 >> 22)
    t2 = a0 * b2 + a1 * b1 + a2 * b0 + (t1 >> 22)
    return ((t1 >> 10) & 0xFFF) | ((t2 & 0xFFFFF) << 12), (t0 & _M22) | ((t1 & 0x3FF) << 22)


def shuffled(items: list, state: State | dict[str, Any], journal: Journal) -> list:
    """A Fisher-Yates shuffle of a copy of `items`."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = next_int(state, journal, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def randbelow(draw: Callable[[int], int], count: int) -> int:
    """`random.Random.randbelow(count)` (what `randrange(count)` and `choice` draw), with `draw`
    a generator's `getrandbits`: the random bots' one pick (sim/bots.py's RandomBot, the env's
    Uniform), written out once, so that compiled callers make no call of Python's. A count
    below 1 is refused, as `randrange` refuses it (no draw is ever below it: for ever)."""
    if count < 1:
        raise ValueError(f"no option to pick: randbelow({count})")
    bits = count.bit_length()
    pick = draw(bits)
    while pick >= count:
        pick = draw(bits)
    return pick


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; the random bot builds on it
class Uniformly:
    """A bot that answers every decision uniformly at random: `choose_index` is `pick`'s place
    among the decision's options, by default `randbelow(_draw, count)` (`random.Random`'s
    `randrange` draw), with `_draw` a generator's `getrandbits`. A step that asks one of these
    (`play_out`, `apply_index_then`) has it pick among the values itself (core/table.py:
    `Table.answer`): the same answers, without a Decision or a call of Python's. The env's
    default opponent and the random bot are ones (env/uniform.py, sim/bots.py); it is here,
    beside `randbelow`, so that the bots import no engine (`rococo --help` loads none). A
    subclass with a `choose_index` of its own is asked by it, as any bot is."""

    _draw: Callable[[int], int]

    def pick(self, count: int) -> int:
        """A place among `count` options (one or more), drawn."""
        return randbelow(self._draw, count)

    def choose_index(self, game: Any, decision: Decision) -> int:
        return self.pick(len(decision))

    def choose(self, game: Any, decision: Decision) -> Option:
        return decision.option_at(self.choose_index(game, decision))
