"""The one-seat environment's default opponent: a bot answering uniformly at random.

Compiled (interpreter/_core.py): the engine asks it inside the running step
(`Game.apply_index_then`) at every other seat's decision, so its draw runs as C, with no frame
of Python's (`random.Random.randrange` is Python code, two frames a draw).
"""
from __future__ import annotations

import _random
import random
from typing import Final

from ..core.rng import Uniformly

_RANDOM: Final = random.Random
_SEED: Final = _random.Random.seed  # what random.Random.seed calls for an int


class Uniform(Uniformly):
    """Seeded with a draw of the environment's generator; an index is its whole answer
    (`choose_index`, no options made): `randrange(len(decision))` of a `random.Random(seed)`,
    its `_randbelow` written out (core/rng.py's `randbelow`: the same draws, tests/test_env.py).
    A `Uniformly` (core/rng.py): the engine draws its answers inside the step itself."""

    def __init__(self, seed: int):
        # random.Random(seed) without its two frames of Python (`__init__`, `seed`): for a
        # whole number they only call the C seed (and clear `gauss_next`)
        rng = _RANDOM.__new__(_RANDOM)
        _SEED(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # random.py sets it in `seed`
        self.rng = rng
        self._draw = rng.getrandbits

    def __reduce__(self) -> tuple:
        """Copied and pickled as its generator: a copy draws from its own (copy.deepcopy keeps
        the builtin `_draw` as it is, the original's generator's; and compiled, the class
        cannot be made without its seed)."""
        return _drawing_from, (self.rng,)


def _drawing_from(rng: random.Random) -> Uniform:
    """A Uniform drawing from `rng` (a copy's, `Uniform.__reduce__`)."""
    bot = Uniform(0)
    bot.rng, bot._draw = rng, rng.getrandbits
    return bot
