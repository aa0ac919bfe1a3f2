"""A fixed discrete action space for a ruleset and a player count, and the mask of the legal
options at a decision.

Every option of the kinds whose answers name a component (docs/decisions.md) has an action of
its own, the same in every game: `hand`, `hire` and `depute` a card; `play` a card with an
action (or none); `bonus` yes or no; `tile` a tile; `garment` a garment; `rent` a guest space,
or selling; `fund` a decoration space. The answers of the other kinds (`keep`, `tiles`,
`resource`, `choice`, `number`, and any kind a module adds) are "the i-th option of this
decision": `SLOTS` actions at the end of the space, read with the decision's kind, which the
observation carries. An option that has no action of its own (a shape the catalogue does not
know) also takes the slot of its index, so every legal option has exactly one action.
"""
from __future__ import annotations

import json

import numpy as np

SLOTS = 32  # the most options a decision of a slot-answered kind may have


def _key(kind: str, value) -> tuple | None:
    """The catalogue key of an option, or None when it is answered by its index."""
    if kind in ("hand", "hire", "depute") and isinstance(value, str):
        return (kind, value)
    if kind == "play" and isinstance(value, dict):
        return ("play", value.get("card"), value.get("action"))
    if kind == "bonus" and isinstance(value, bool):
        return ("bonus", value)
    if kind == "tile" and isinstance(value, dict):
        return ("tile", value.get("tile"))
    if kind == "garment" and isinstance(value, dict):
        return ("garment", value.get("garment"))
    if kind == "rent" and isinstance(value, dict):
        return ("rent", "sell") if value.get("sell") else ("rent", value.get("space"))
    if kind == "fund" and isinstance(value, dict):
        return ("fund", value.get("space"))
    return None


class ActionSpace:
    """The actions of one ruleset at one player count: `names[i]` says what action i is."""

    def __init__(self, rules, players: int):
        side = rules.side_for(players)
        cards = sorted(rules.employees)
        keys: list[tuple] = [("hand", c) for c in cards]
        keys += [("play", c, a) for c in cards for a in [*sorted(rules.actions), None]]
        keys += [("bonus", True), ("bonus", False)]
        keys += [("tile", t) for t in sorted(rules.tiles)]
        keys += [("garment", g) for g in sorted(rules.garments)]
        keys += [("rent", "sell")] + [("rent", s) for s in sorted(side.guest_spaces)]
        keys += [("hire", c) for c in cards] + [("depute", c) for c in cards]
        keys += [("fund", s) for s in sorted(side.decorations)]
        self.index = {key: i for i, key in enumerate(keys)}
        self.first_slot = len(keys)
        self.n = len(keys) + SLOTS
        self.names = [":".join(json.dumps(part) if not isinstance(part, str) else part
                               for part in key) for key in keys]
        self.names += [f"option:{i}" for i in range(SLOTS)]

    def legal(self, decision) -> dict[int, object]:
        """Each legal action of `decision` and the option it answers with."""
        out: dict[int, object] = {}
        for i, option in enumerate(decision.options):
            key = _key(decision.kind, option.value)
            action = None if key is None else self.index.get(key)
            if action is None or action in out:
                if i >= SLOTS:
                    raise ValueError(f"a '{decision.kind}' decision with {len(decision.options)}"
                                     f" options: the action space answers at most {SLOTS} by "
                                     f"their index")
                action = self.first_slot + i
            out[action] = option
        return out

    def mask(self, decision) -> np.ndarray:
        """1 for the legal actions of `decision` (all 0 when there is none), as int8."""
        mask = np.zeros(self.n, dtype=np.int8)
        if decision is not None:
            mask[list(self.legal(decision))] = 1
        return mask
