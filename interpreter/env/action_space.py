"""A fixed discrete action space, and the mask of the legal options at a decision.

Every option of the kinds whose answers name a component (docs/decisions.md) has an action of
its own, the same in every game: `hand`, `hire` and `depute` a card; `play` a card with an
action (or none); `bonus` yes or no; `tile` a tile; `garment` a garment; `rent` a guest space,
or selling; `fund` a decoration space. The answers of the other kinds (`keep`, `tiles`,
`resource`, `choice`, `number`, and any kind a module adds) are "the i-th option of this
decision": the `option:<i>` actions (SLOTS of them), read with the decision's kind, which the
observation carries. An option that has no action of its own (a shape the catalogue does not
know) also takes the slot of its index, so every legal option has exactly one action.

The names come from a `Components` catalogue (catalogue.py): one ruleset's (the same for every
player count of its module combination) or the universal one, the same for every shipped
combination, whose indexes never move.
"""
from __future__ import annotations

import numpy as np

from .catalogue import SLOTS, Components
from .encoding import Answers
from .seat_step import Legal


class ActionSpace:
    """The actions of a catalogue: `names[i]` says what action i is, `n` how many there are."""

    def __init__(self, components: Components):
        self.components = components
        self.names = list(components.names)
        self.n = len(self.names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.slots = [self.index[f"option:{i}"] for i in range(SLOTS)]
        self._answers = Answers(self.names, self.slots)
        self.cache = Legal(self._answers, self.n)  # the last decision's (compiled)

    def legal(self, decision) -> dict[int, int]:
        """Each legal action of `decision` and the index of the option it answers with
        (`game.apply_index`); the last decision's answer is kept, so asking twice costs
        nothing."""
        return self.cache.of(decision)

    def mask(self, decision) -> np.ndarray:
        """1 for the legal actions of `decision` (all 0 when there is none), as int8: a fresh
        array, safe to keep (a learner's buffer may hold it)."""
        return self.cache.mask(decision)
