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
  kind not listed);
- `module_counts`: what modules keep in places of their own (the catalogue's `zones`,
  `owned`), counted and divided by 20, cut at 1: each game zone's size, each seat's pile of each
  per-player zone, each seat's owned pieces of each kind (seat-relative);
- `module_resources` (P × the catalogue's `resources`): per seat (seat-relative), each counter
  a module adds to every player / 10, cut at 1; -1 for one the observer may not see;
- `zone:<id>`: the contents of a module zone, multi-hot over what it holds: a game zone's when
  every seat sees it (a hidden one has only its count), a per-player zone's per seat
  (seat-relative), a seat's pile where the observer sees it (its own, or one shown to all);
- `display:<id>`: the pieces on a module's display, multi-hot;
- `owned:<kind>`: the pieces of a module's component kind each seat owns, per seat
  (seat-relative), where the observer sees them;
- `guest_garments` (S × G): per guest space, its guest's garment, one-hot;
- `guest_master_made` (S): 1 where the guest's garment was master-made;
- `prices:<display>`: per piece a positioned display (the catalogue's `priced`: the Garment
  display, a module's) may hold, the price beneath its slot / 10, cut at 1 (its presence is in
  the display's own block).

The last three came later: blocks are only ever appended, so the earlier ones keep their
offsets.

Only what the seat's `view()` shows is read: the environments' `observe_game` reads the live
state itself and hides what `view()` hides (`encoding.Sight`), without making a view or copying
the state; `seat_view` takes the same parts as a dict (the pictures, rgb_frames.py, use it).
tests/test_env_spaces.py checks that they agree with the full view, so what the seat may not
see is not in the vector. The work per id is in encoding.py (compiled: a dict lookup per id
into tables built once); here the vector is laid out. `encode` works a vector out whole;
`observe` and `observe_game` keep each observer's last vector and change only the entries of
the sections whose source changed since (`encoding.Kept`: compared by value, most steps change
a hand and a few counters, not the displays, the board or the others' cards), then hand out a
copy. Both give the same numbers (tests/test_env_spaces.py compares them at every decision of
whole games).
"""
from __future__ import annotations

import numpy as np

from .catalogue import Components
from .encoding import KINDS, PRICE_SCALE, RESOURCE_SCALE, SCALES, Entries, Kept, seat_view

__all__ = ["KINDS", "MEANINGS", "SCALES", "Observation", "seat_view"]

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
    "module_resources": f"per seat (seat-relative), each counter a module adds to every "
                        f"player / {RESOURCE_SCALE}, cut at 1; -1: hidden from the observer",
    "guest_garments": "per guest space, its guest's garment: one-hot over the garments",
    "guest_master_made": "per guest space, 1 when its guest's garment was master-made",
}


def slot_prices(rules) -> dict[str, dict[str, tuple]]:
    """The price beneath each slot of each positioned display, per board side of `rules`."""
    from ..core.components import prices
    return {side.id: {d.id: tuple(prices(d, side)) for d in rules.displays}
            for side in rules.sides}


class Observation:
    """The encoder of a catalogue: `encode(view, seat)` gives the flat vector, `parts(vector)`
    the same numbers as a dict of named blocks. With `rules`, the prices beneath the slots of
    their positioned displays are read (without, those blocks read 0)."""

    def __init__(self, components: Components, rounds: int, rules=None):
        self.components, self.rounds = components, rounds
        self._rules = rules  # (with the two above: what a pickle makes it again from)
        c = components
        self.players = n = c.max_players
        e, g, t = len(c.cards), len(c.garments), len(c.tiles)
        s = len(c.guest_spaces)
        counts = sum(n if per_player else 1 for _, _, per_player, _ in c.zones) + n * len(c.owned)
        places = [(f"zone:{zone}", len(c.items(holds)) * (n if per_player else 1))
                  for zone, holds, per_player, visible in c.zones if per_player or visible]
        places += [(f"display:{display}", len(c.items(holds))) for display, holds in c.displays]
        places += [(f"owned:{kind}", len(c.items(kind)) * n) for kind, _ in c.owned]
        sizes = [("game", 4), ("seats", n), ("start_player", n), ("players", n * len(SCALES)),
                 ("my_hand", e), ("my_supply", e), ("my_discard", e), ("my_played", e),
                 ("played", e), ("hire_display", e), ("garment_display", g), ("drawers", t),
                 ("my_tiles", t), ("tailoring", g), ("guests", s * n),
                 ("decorations", len(c.decorations) * n), ("pending", len(KINDS) + 1),
                 ("module_counts", counts), ("module_resources", n * len(c.resources)),
                 *places,
                 # appended later (issue 33): the blocks above keep their offsets
                 ("guest_garments", s * g), ("guest_master_made", s),
                 *[(f"prices:{display}", len(c.items(holds))) for display, holds in c.priced]]
        self.layout: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.layout[name] = (offset, size)
            offset += size
        self.size = offset
        self.entries = Entries(c, rounds, {name: start for name, (start, _) in
                                           self.layout.items()}, n,
                               slot_prices(rules) if rules is not None else {},
                               None if rules is None else set(rules.extra_resources))
        # each observer's vector as last observed, and what its sections were made from
        self._kept: dict[int, tuple[np.ndarray, Kept]] = {}

    def meanings(self) -> dict[str, str]:
        """What each block holds (MEANINGS, and the module places' blocks described)."""
        out = {name: MEANINGS[name] for name in MEANINGS}
        c = self.components
        out["module_counts"] = "what modules keep in places of their own, counted / 20, " \
            "cut at 1: " + "; ".join(
                [f"zone {z} ({'per seat' if per else 'the game'})" for z, _, per, _ in c.zones]
                + [f"owned {k} (per seat)" for k, _ in c.owned]) if c.zones or c.owned else \
            "none in this catalogue"
        holds = {f"zone:{z}": h for z, h, *_ in c.zones}
        holds.update({f"display:{d}": h for d, h in c.displays})
        for block, source, _, index, per_seat in self.entries.places:
            what = {"zones": "a module zone's contents", "displays": "a module display's pieces",
                    "owned": "the pieces each seat owns"}[source]
            out[block] = (f"{what}, multi-hot over {len(index)} "
                          f"{holds.get(block, block.partition(':')[2])}"
                          + (", per seat (seat-relative), where the observer sees them"
                             if per_seat else ""))
        for display, holds_ in c.priced:
            out[f"prices:{display}"] = (f"per {holds_[:-1] if holds_.endswith('s') else holds_}"
                                        f" on the {display}, the price beneath its slot / "
                                        f"{PRICE_SCALE}, cut at 1 (0 when it is not there)")
        return out

    def parts(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector's blocks by name (views into it, not copies)."""
        return {name: vector[start:start + size] for name, (start, size) in self.layout.items()}

    def encode(self, view: dict, seat: int) -> np.ndarray:
        """The vector of `view`, what `seat` sees (`seat_view(game, seat)`, or the full
        `game.view(seat)`: the same numbers), worked out whole: a fresh array, safe to keep."""
        vector = np.zeros(self.size, dtype=np.float32)
        self.entries.fill(view, seat, self.entries.kept(vector.data))
        return vector

    def observe(self, view: dict, seat: int) -> np.ndarray:
        """`encode(view, seat)`, the same numbers, made by changing `seat`'s last vector (one
        kept per observer) where what a section is read from changed since, then copied: a
        fresh array, safe to keep."""
        vector, kept = self._kept_for(seat)
        self.entries.fill(view, seat, kept)
        return vector.copy()

    def observe_game(self, game, seat: int) -> np.ndarray:
        """`observe(game.view(seat), seat)`, the same numbers, read from the live state itself
        (`Entries.fill_game`: no view made)."""
        vector, kept = self._kept_for(seat)
        self.entries.fill_game(game, seat, kept)
        return vector.copy()

    def native_parts(self) -> tuple[Entries, dict, dict] | None:
        """What the compiled step (seat_step.py's Look) reads to observe as `observe_game`
        does, without its Python frames: the tables, each observer's kept vector (filled
        here at its first observation) and this encoder's attributes (to see a wrapper of
        `observe_game` set on it). None for a subclass that observes in its own way."""
        if type(self).observe_game is not Observation.observe_game:
            return None
        return self.entries, self._kept, self.__dict__

    def _kept_for(self, seat: int) -> tuple[np.ndarray, Kept]:
        """`seat`'s vector as last observed, and what its sections were made from."""
        kept = self._kept.get(seat)
        if kept is None:
            vector = np.zeros(self.size, dtype=np.float32)
            kept = self._kept[seat] = (vector, self.entries.kept(vector.data))
        return kept

    def __deepcopy__(self, memo: dict) -> Observation:
        """A copy with vectors of its own, each made whole at its first observation (a vector
        is written through a memoryview, `Kept`, which does not copy); the tables are shared,
        made once and never changed (`Entries` keeps only which rules it read last)."""
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        copied._kept = {}
        memo[id(self)] = copied
        return copied

    def __reduce__(self) -> tuple:
        """Pickled as what it is made of (compiled, its tables' classes are made again only
        through their `__init__`), so without the vectors as last observed (a memoryview does
        not pickle): the receiving process makes each whole at its first observation."""
        return type(self), (self.components, self.rounds, self._rules)
