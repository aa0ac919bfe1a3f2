"""What a seat sees, as numbers a network can read: every value in [-1, 1], the layout fixed by
a catalogue (catalogue.py), so every player count and module combination it covers gets the
same shape.

Seats are listed from the observer's point of view: the observer first, then the next seats in
order, up to the catalogue's most players (the seats a smaller game lacks read 0, and
`seats` says which are there). `Observation.layout` gives each block's name, offset and size;
docs/environments.md has the table for the universal catalogue, generated from this encoder
(`python -m interpreter.env.layout_doc`). The blocks (E cards, G garments, T tiles, S guest spaces,
D decoration spaces, K decision kinds, P seats, all in the catalogue's order):

- `game` (4): round / rounds, favor / 10, the game is finished, the observer is to decide;
- `seats` (P): 1 for each seat in the game, seat-relative;
- `start_player` (P): one-hot, seat-relative;
- `players` (P × 10): per seat, each counter divided by its scale (`SCALES`) and cut at 1:
  Livre, prestige, thread, lace, tiles held, cards in hand, in supply, in the discard pile,
  guests on the board, decorations funded; -1 for a counter the observer may not see (the
  others' prestige while it is face down);
- `my_hand`, `my_supply`, `my_discard`, `my_played` (E each): the observer's cards, multi-hot;
- `played` (E): the cards the others played this round;
- `hire_display` (E), `garment_display` (G), `drawers` (T), `my_tiles` (T): multi-hot;
- `tailoring` (G): the garment the observer is tailoring;
- `guests` (S × P): who rents each guest space, seat-relative one-hot;
- `decorations` (D × P): who funded each decoration space, seat-relative one-hot;
- `pending` (K + 1): the kind of the observer's pending decision, one-hot (the last entry: a
  kind not listed).

Only what the seat's `view()` shows is read: `seat_view` takes from the live state exactly the
parts of `Game.view(seat)` the encoder uses, hidden the same way, without copying the rest
(tests/test_env_spaces.py checks that they agree), so what the seat may not see is not in the
vector.
"""
from __future__ import annotations

import numpy as np

from .catalogue import Components

KINDS = ("hand", "play", "bonus", "tile", "keep", "garment", "tiles", "rent", "hire", "fund",
         "depute", "resource", "choice", "number")
# Each player counter and the value that reads 1 (larger ones are cut at 1).
SCALES = (("livre", 60), ("prestige", 150), ("thread", 10), ("lace", 10), ("tiles", 10),
          ("hand", 10), ("supply", 20), ("discard", 20), ("guests", 20), ("decorations", 20))
FAVOR_SCALE = 10
# What each block holds, for the generated layout table (docs/environments.md).
MEANINGS = {
    "game": "round / rounds; favor / 10; 1 once the game is finished; 1 when the observer is "
            "to decide",
    "seats": "1 for each seat in the game (seat-relative: the observer first)",
    "start_player": "the start player, one-hot, seat-relative",
    "players": "per seat (seat-relative), each counter / its scale, cut at 1: "
               + ", ".join(f"{name} / {scale}" for name, scale in SCALES)
               + "; -1: hidden from the observer",
    "my_hand": "the observer's hand, multi-hot over the cards",
    "my_supply": "the observer's supply, multi-hot over the cards",
    "my_discard": "the observer's discard pile, multi-hot over the cards",
    "my_played": "the card the observer played this round",
    "played": "the cards the other seats played this round",
    "hire_display": "the cards on offer to hire",
    "garment_display": "the garments on display",
    "drawers": "the resource tiles in the drawers",
    "my_tiles": "the observer's resource tiles",
    "tailoring": "the garment the observer is tailoring",
    "guests": "per guest space, who rents it: one-hot over the seats, seat-relative",
    "decorations": "per decoration space, who funded it: one-hot over the seats, "
                   "seat-relative",
    "pending": "the kind of the observer's pending decision, one-hot: "
               + ", ".join(KINDS) + ", other",
}


def seat_view(game, seat: int) -> dict:
    """The parts of `game.view(seat)` the encoder reads, taken from the live state without
    copying (read them, never change them): others' hands, supplies and tiles as counts, the
    rules' private counters as None until the game is over."""
    state, rules = game.state, game.rules
    secret = rules.private if not state.get("finished") else ()
    players = []
    for p in state["players"]:
        mine = p["seat"] == seat
        q = {k: p[k] for k in ("seat", "livre", "prestige", "thread", "lace", "discard",
                               "played", "tailoring")}
        if mine:
            q["tiles"], q["hand"], q["supply"] = p["tiles"], p["hand"], p["supply"]
        else:
            q["tiles"], q["hand"], q["supply"] = len(p["tiles"]), len(p["hand"]), \
                len(p["supply"])
            for key in secret:
                if key in q:
                    q[key] = None
        players.append(q)
    decision = game.decision()
    pending = None if decision is None else {"seat": decision.seat, "kind": decision.kind}
    view = {k: state[k] for k in ("round", "favor", "finished", "start_player", "guests",
                                  "decorations", "hire_display", "garment_display", "drawers")}
    view["players"], view["pending"] = players, pending
    return view


class Observation:
    """The encoder of a catalogue: `encode(view, seat)` gives the flat vector, `parts(vector)`
    the same numbers as a dict of named blocks."""

    def __init__(self, components: Components, rounds: int):
        self.components, self.rounds = components, rounds
        c = components
        self.players = n = c.max_players
        self.cards = {x: i for i, x in enumerate(c.cards)}
        self.garments = {x: i for i, x in enumerate(c.garments)}
        self.tiles = {x: i for i, x in enumerate(c.tiles)}
        self.guest_spaces = {x: i for i, x in enumerate(c.guest_spaces)}
        self.decorations = {x: i for i, x in enumerate(c.decorations)}
        e, g, t = len(c.cards), len(c.garments), len(c.tiles)
        sizes = [("game", 4), ("seats", n), ("start_player", n), ("players", n * len(SCALES)),
                 ("my_hand", e), ("my_supply", e), ("my_discard", e), ("my_played", e),
                 ("played", e), ("hire_display", e), ("garment_display", g), ("drawers", t),
                 ("my_tiles", t), ("tailoring", g), ("guests", len(c.guest_spaces) * n),
                 ("decorations", len(c.decorations) * n), ("pending", len(KINDS) + 1)]
        self.layout: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.layout[name] = (offset, size)
            offset += size
        self.size = offset
        self._at = {name: start for name, (start, _) in self.layout.items()}
        self._inverse = [1.0 / scale for _, scale in SCALES]

    def parts(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector's blocks by name (views into it, not copies)."""
        return {name: vector[start:start + size] for name, (start, size) in self.layout.items()}

    def encode(self, view: dict, seat: int) -> np.ndarray:
        """The vector of `view`, what `seat` sees (`seat_view(game, seat)`, or the full
        `game.view(seat)`: the same numbers)."""
        out = np.zeros(self.size, dtype=np.float32)
        at, n = self._at, self.players
        ones: list[int] = []  # the indexes that read 1, set together at the end
        present = len(view["players"])

        def hot(block: str, index: dict, items) -> None:
            base = at[block]
            ones.extend([base + index[item] for item in items if item in index])

        pending = view.get("pending")
        mine = pending is not None and pending.get("seat") == seat
        out[0] = (view["round"] or 0) / self.rounds
        out[1] = min((view["favor"] or 0) / FAVOR_SCALE, 1.0)
        out[2] = float(bool(view["finished"]))
        out[3] = float(mine)
        ones.extend(range(at["seats"], at["seats"] + present))
        ones.append(at["start_player"] + (view["start_player"] - seat) % present)
        guests_of, decorations_of = [0] * present, [0] * present
        guest_base, decoration_base = at["guests"], at["decorations"]
        for space, guest in view["guests"].items():
            owner = guest["owner"]
            guests_of[owner] += 1
            if space in self.guest_spaces:
                ones.append(guest_base + self.guest_spaces[space] * n + (owner - seat) % present)
        for space, owner in view["decorations"].items():
            decorations_of[owner] += 1
            if space in self.decorations:
                ones.append(decoration_base + self.decorations[space] * n
                            + (owner - seat) % present)
        width, inverse = len(SCALES), self._inverse
        for p in view["players"]:
            s = p["seat"]
            tiles, hand, supply = p["tiles"], p["hand"], p["supply"]
            counters = [p["livre"], p["prestige"], p["thread"], p["lace"],
                        tiles if type(tiles) is int else len(tiles),  # another's: a count
                        hand if type(hand) is int else len(hand),
                        supply if type(supply) is int else len(supply),
                        len(p["discard"]), guests_of[s], decorations_of[s]]
            start = at["players"] + ((s - seat) % present) * width
            out[start:start + width] = [-1.0 if v is None else v * k
                                        for v, k in zip(counters, inverse)]
            if s == seat:
                hot("my_hand", self.cards, p["hand"])
                hot("my_supply", self.cards, p["supply"])
                hot("my_discard", self.cards, p["discard"])
                hot("my_played", self.cards, (p["played"],))
                hot("my_tiles", self.tiles, p["tiles"])
                tailoring = p["tailoring"]
                hot("tailoring", self.garments,
                    (tailoring.get("garment") if isinstance(tailoring, dict) else tailoring,))
            else:
                hot("played", self.cards, (p["played"],))
        hot("hire_display", self.cards, view["hire_display"])
        hot("garment_display", self.garments, view["garment_display"])
        hot("drawers", self.tiles, [t for drawer in view["drawers"] for t in drawer])
        if mine and pending is not None:
            kind = pending.get("kind")
            ones.append(at["pending"] + (KINDS.index(kind) if kind in KINDS else len(KINDS)))
        players = out[at["players"]:at["players"] + n * width]
        np.minimum(players, 1.0, out=players)  # a counter past its scale reads 1
        out[ones] = 1.0
        return out

