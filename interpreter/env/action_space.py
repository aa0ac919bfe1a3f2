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
from .encoding import Answers, marked


class ActionSpace:
    """The actions of a catalogue: `names[i]` says what action i is, `n` how many there are."""

    def __init__(self, components: Components):
        self.components = components
        self.names = list(components.names)
        self.n = len(self.names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.slots = [self.index[f"option:{i}"] for i in range(SLOTS)]
        self._answers = Answers(self.names, self.slots)
        self._decision = None
        self._legal: dict[int, int] = {}

    def legal(self, decision) -> dict[int, int]:
        """Each legal action of `decision` and the index of the option it answers with
        (`game.apply_index`); the last decision's answer is kept, so asking twice costs
        nothing."""
        if decision is self._decision:
            return self._legal
        # the values only read, to name each option: no copies needed
        out = self._answers.of(decision)
        self._decision, self._legal = decision, out
        return out

    def mask(self, decision) -> np.ndarray:
        """1 for the legal actions of `decision` (all 0 when there is none), as int8: a fresh
        array, safe to keep (a learner's buffer may hold it)."""
        if decision is None:
            return np.zeros(self.n, dtype=np.int8)
        if decision is not self._decision:  # `legal`, written out: a step's mask is its own
            # decision's first ask, and a Python frame costs about what these lines do
            self._legal = self._answers.of(decision)
            self._decision = decision
        # the ones set in fresh zeroed bytes, which the array then wraps without a copy
        return np.frombuffer(marked(self._legal, self.n), _INT8)


_INT8 = np.dtype(np.int8)
