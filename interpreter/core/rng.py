"""A tiny seeded generator whose whole state is one integer kept inside the game state."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .journal import Journal
from .state import State

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_int(state: State | dict[str, Any], journal: Journal, bound: int) -> int:
    """Draw an int in [0, bound) with splitmix64, advancing `state['rng']` through the journal
    (the state, or the one `new_state` is still building)."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    journal.set(state, "rng", x)
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z % bound


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
    Uniform), written out once, so that compiled callers make no call of Python's."""
    bits = count.bit_length()
    pick = draw(bits)
    while pick >= count:
        pick = draw(bits)
    return pick
