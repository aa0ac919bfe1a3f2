"""A tiny seeded generator whose whole state is one integer kept inside the game state."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .._core import mypyc_attr
from .decisions import Decision, Option
from .journal import Journal
from .state import State

if TYPE_CHECKING:  # a native 64-bit int once compiled; an annotation alone in the Python form
    from mypy_extensions import i64

_MASK = (1 << 64) - 1
# splitmix64 worked on machine integers: compiled, a 64-bit number (and a product of two) is a
# Python object made and dispatched to. The number is kept in 32-bit halves, native `i64`s once
# compiled (plain ints in the Python form); a product is taken by 22-bit parts, so that no
# value ever reaches 2**63 (an i64 never overflows: the same draws in both forms).
_M32: Final = 0xFFFFFFFF
_M22: Final = 0x3FFFFF
_STEP_HI: Final = 0x9E3779B9  # the increment 0x9E3779B97F4A7C15, by halves
_STEP_LO: Final = 0x7F4A7C15
# 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB by 22-bit parts, low first
_A0: Final = 0x24E5B9
_A1: Final = 0x1DB473
_A2: Final = 0xBF584
_B0: Final = 0x3111EB
_B1: Final = 0x26EC4C
_B2: Final = 0x94D04
_NATIVE_BOUND: Final = 1 << 31  # a bound below it is drawn in i64s: (hi % bound) << 32 fits


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_int(state: State | dict[str, Any], journal: Journal, bound: int) -> int:
    """Draw an int in [0, bound) with splitmix64, advancing `state['rng']` through the journal
    (the state, or the one `new_state` is still building)."""
    was: int = state["rng"]
    lo: i64 = was & _M32
    hi: i64 = was >> 32
    lo += _STEP_LO
    hi = (hi + _STEP_HI + (lo >> 32)) & _M32
    lo &= _M32
    journal.set(state, "rng", int(hi) << 32 | int(lo))
    return _drawn(hi, lo, bound)


def _drawn(hi: i64, lo: i64, bound: int) -> int:
    """The draw in [0, bound) of the generator's state (hi, lo), just advanced: splitmix64's
    mix of it, modulo `bound`."""
    lo ^= (lo >> 30) | ((hi << 2) & _M32)  # z ^= z >> 30
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, _A0, _A1, _A2)
    lo ^= (lo >> 27) | ((hi << 5) & _M32)
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, _B0, _B1, _B2)
    lo ^= (lo >> 31) | ((hi << 1) & _M32)
    hi ^= hi >> 31
    if bound < _NATIVE_BOUND:
        b: i64 = bound
        return int((((hi % b) << 32) + lo) % b)
    return ((int(hi) % bound << 32) + int(lo)) % bound


def _times(hi: i64, lo: i64, b0: i64, b1: i64, b2: i64) -> tuple[i64, i64]:
    """(hi, lo) times (b0, b1, b2) (22-bit parts) modulo 2**64, as halves: schoolbook on 22-bit
    parts, only the products that reach the low 64 bits (each below 2**44, every sum below
    2**47)."""
    a0, a1, a2 = lo & _M22, (lo >> 22) | ((hi & 0xFFF) << 10), hi >> 12
    t0 = a0 * b0
    t1 = a0 * b1 + a1 * b0 + (t0 >> 22)
    t2 = a0 * b2 + a1 * b1 + a2 * b0 + (t1 >> 22)
    return ((t1 >> 10) & 0xFFF) | ((t2 & 0xFFFFF) << 12), (t0 & _M22) | ((t1 & 0x3FF) << 22)


def shuffled(items: list, state: State | dict[str, Any], journal: Journal) -> list:
    """A Fisher-Yates shuffle of a copy of `items`: the draws of `next_int` one after another,
    the state kept in native halves between them and written (journalled) once at the end."""
    out = list(items)
    if len(out) < 2:
        return out
    was: int = state["rng"]
    lo: i64 = was & _M32
    hi: i64 = was >> 32
    for i in range(len(out) - 1, 0, -1):
        lo += _STEP_LO
        hi = (hi + _STEP_HI + (lo >> 32)) & _M32
        lo &= _M32
        j = _drawn(hi, lo, i + 1)
        out[i], out[j] = out[j], out[i]
    journal.set(state, "rng", int(hi) << 32 | int(lo))
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
