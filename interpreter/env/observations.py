"""A seat's `view()` as one float32 vector with a fixed layout.

Seats are listed from the observer's point of view: the observer first, then the next seats in
order. The vector is these blocks, in this order (`Observation.layout` gives each block's name,
offset and size; E employee cards, G garments, T tiles, A actions, S guest spaces, D decoration
spaces, K decision kinds, N players, all sorted by id):

- `game` (4): round / rounds, favor / 10, the game is finished, the observer is to decide;
- `start_player` (N): one-hot, seat-relative;
- `players` (N × 10): per seat: Livre / 10, prestige / 10 (-1 while it is face down), thread,
  lace, tiles held, cards in hand, in supply, in the discard pile, guests on the board,
  decorations funded;
- `my_hand`, `my_supply`, `my_discard`, `my_played` (E each): the observer's cards, multi-hot;
- `played` (E): the cards the others played this round;
- `hire_display` (E), `garment_display` (G), `drawers` (T), `my_tiles` (T): multi-hot;
- `tailoring` (G): the garment the observer is tailoring;
- `guests` (S × N): who rents each guest space, seat-relative one-hot;
- `decorations` (D × N): who funded each decoration space, seat-relative one-hot;
- `pending` (K + 1): the kind of the observer's pending decision, one-hot (the last entry: a
  kind not listed).

Only the observer's `view()` is read, so what the seat may not see is not in the vector.
"""
from __future__ import annotations

import numpy as np

KINDS = ("hand", "play", "bonus", "tile", "keep", "garment", "tiles", "rent", "hire", "fund",
         "depute", "resource", "choice", "number")
PLAYER_FIELDS = 10


class Observation:
    """The encoder for one ruleset at one player count."""

    def __init__(self, rules, players: int):
        side = rules.side_for(players)
        self.rules, self.players = rules, players
        self.cards = {c: i for i, c in enumerate(sorted(rules.employees))}
        self.garments = {g: i for i, g in enumerate(sorted(rules.garments))}
        self.tiles = {t: i for i, t in enumerate(sorted(rules.tiles))}
        self.guest_spaces = {s: i for i, s in enumerate(sorted(side.guest_spaces))}
        self.decorations = {s: i for i, s in enumerate(sorted(side.decorations))}
        e, g, t, n = len(self.cards), len(self.garments), len(self.tiles), players
        sizes = [("game", 4), ("start_player", n), ("players", n * PLAYER_FIELDS),
                 ("my_hand", e), ("my_supply", e), ("my_discard", e), ("my_played", e),
                 ("played", e), ("hire_display", e), ("garment_display", g), ("drawers", t),
                 ("my_tiles", t), ("tailoring", g), ("guests", len(self.guest_spaces) * n),
                 ("decorations", len(self.decorations) * n), ("pending", len(KINDS) + 1)]
        self.layout: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.layout[name] = (offset, size)
            offset += size
        self.size = offset

    def encode(self, view: dict, seat: int) -> np.ndarray:
        """The vector of `view`, the view of `seat` (`game.view(seat)`)."""
        out = np.zeros(self.size, dtype=np.float32)
        n = self.players

        def block(name: str) -> np.ndarray:
            start, size = self.layout[name]
            return out[start:start + size]

        def rel(other: int) -> int:
            return (other - seat) % n

        def hot(name: str, index: dict, items) -> None:
            b = block(name)
            for item in items:
                if item is not None and item in index:
                    b[index[item]] = 1.0

        pending = view.get("pending")
        mine = pending is not None and pending.get("seat") == seat
        block("game")[:] = ((view["round"] or 0) / self.rules.rounds, (view["favor"] or 0) / 10,
                            float(bool(view["finished"])), float(mine))
        block("start_player")[rel(view["start_player"])] = 1.0
        guests_of, decorations_of = [0] * n, [0] * n
        for guest in view["guests"].values():
            guests_of[guest["owner"]] += 1
        for owner in view["decorations"].values():
            decorations_of[owner] += 1
        players = block("players").reshape(n, PLAYER_FIELDS)
        for p in view["players"]:
            s = p["seat"]
            prestige = -1.0 if p["prestige"] is None else p["prestige"] / 10
            players[rel(s)] = (p["livre"] / 10, prestige, p["thread"], p["lace"],
                               _count(p["tiles"]), _count(p["hand"]), _count(p["supply"]),
                               len(p["discard"]), guests_of[s], decorations_of[s])
            if s == seat:
                hot("my_hand", self.cards, p["hand"])
                hot("my_supply", self.cards, p["supply"])
                hot("my_discard", self.cards, p["discard"])
                hot("my_played", self.cards, [p["played"]])
                hot("my_tiles", self.tiles, p["tiles"])
                tailoring = p["tailoring"]
                hot("tailoring", self.garments,
                    [tailoring.get("garment") if isinstance(tailoring, dict) else tailoring])
            else:
                hot("played", self.cards, [p["played"]])
        hot("hire_display", self.cards, view["hire_display"])
        hot("garment_display", self.garments, view["garment_display"])
        hot("drawers", self.tiles, [t for drawer in view["drawers"] for t in drawer])
        guests = block("guests").reshape(-1, n) if n else block("guests")
        for space, guest in view["guests"].items():
            if space in self.guest_spaces:
                guests[self.guest_spaces[space], rel(guest["owner"])] = 1.0
        decorations = block("decorations").reshape(-1, n)
        for space, owner in view["decorations"].items():
            if space in self.decorations:
                decorations[self.decorations[space], rel(owner)] = 1.0
        if mine and pending is not None:
            kind = pending.get("kind")
            block("pending")[KINDS.index(kind) if kind in KINDS else len(KINDS)] = 1.0
        return out


def _count(value) -> int:
    """A list the seat sees, or the size of one it does not (the view gives only the size)."""
    return value if isinstance(value, int) else len(value)
