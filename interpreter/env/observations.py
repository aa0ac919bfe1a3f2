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
  (seat-relative), where the observer sees them.

Only what the seat's `view()` shows is read: `seat_view` takes from the live state exactly the
parts of `Game.view(seat)` the encoder uses, hidden the same way, without copying the rest
(tests/test_env_spaces.py checks that they agree), so what the seat may not see is not in the
vector. The encoder keeps one thing between calls: each observer's last guests and decorations
and what they gave, reused while they are equal (most steps rent and fund nothing).
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
PLACE_SCALE = 20  # a module place's count that reads 1
RESOURCE_SCALE = 10  # a module's counter that reads 1
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
}


def seat_view(game, seat: int) -> dict:
    """The parts of `game.view(seat)` the encoder reads, taken from the live state without
    copying (read them, never change them): others' hands, supplies and tiles as counts, the
    rules' private counters as None until the game is over, a hidden zone's pile as its count."""
    state, rules = game.state, game.rules
    secret = rules.private if not state.get("finished") else ()
    hidden = [z.id for z in rules.zones if z.per_player and not z.visible]
    owned_hidden = [k.id for k in rules.components.values() if k.visible != "all"]
    players = []
    for p in state["players"]:
        mine = p["seat"] == seat
        q = {k: p[k] for k in ("seat", "livre", "prestige", "thread", "lace", "discard",
                               "played", "tailoring")}
        if "zones" in p:
            q["zones"] = p["zones"]
        if "owned" in p:
            q["owned"] = p["owned"]
        for key in rules.extra_resources:
            q[key] = p[key]
        if mine:
            q["tiles"], q["hand"], q["supply"] = p["tiles"], p["hand"], p["supply"]
        else:
            q["tiles"], q["hand"], q["supply"] = len(p["tiles"]), len(p["hand"]), \
                len(p["supply"])
            for key in secret:
                if key in q:
                    q[key] = None
            face_up = _face_up(rules, p)
            if hidden and "zones" in q:
                q["zones"] = {z: (len(pile) if z in hidden and z not in face_up else pile)
                              for z, pile in q["zones"].items()}
            if owned_hidden and "owned" in q:
                q["owned"] = {k: (len(v) if k in owned_hidden else v)
                              for k, v in q["owned"].items()}
        players.append(q)
    decision = game.decision()
    pending = None if decision is None else {"seat": decision.seat, "kind": decision.kind}
    view = {k: state[k] for k in ("round", "favor", "finished", "start_player", "guests",
                                  "decorations", "hire_display", "garment_display", "drawers")}
    if "zones" in state:
        view["zones"] = {z.id: state["zones"][z.id] if z.visible else
                         len(state["zones"][z.id]) for z in rules.zones if not z.per_player}
    if "displays" in state:
        view["displays"] = state["displays"]
    view["players"], view["pending"] = players, pending
    return view


def _face_up(rules, player) -> tuple:
    """The per-player zones this player's kind of seat keeps face up (view.py's rule)."""
    kind = player.get("kind")
    if kind is None:
        return ()
    return next((k.public_zones for k in rules.seat_kinds if k.id == kind), ())


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
        # the module places: (block, what it is read from, the index of its items, per seat)
        self.places: list[tuple[str, str, str, dict, bool]] = []
        counts = 0
        for zone, holds, per_player, visible in c.zones:
            counts += n if per_player else 1
            if per_player or visible:
                self.places.append((f"zone:{zone}", "zones", zone, self._items(holds),
                                    per_player))
        for display, holds in c.displays:
            self.places.append((f"display:{display}", "displays", display,
                                self._items(holds), False))
        for kind, _ in c.owned:
            counts += n
            self.places.append((f"owned:{kind}", "owned", kind, self._items(kind), True))
        sizes = [("game", 4), ("seats", n), ("start_player", n), ("players", n * len(SCALES)),
                 ("my_hand", e), ("my_supply", e), ("my_discard", e), ("my_played", e),
                 ("played", e), ("hire_display", e), ("garment_display", g), ("drawers", t),
                 ("my_tiles", t), ("tailoring", g), ("guests", len(c.guest_spaces) * n),
                 ("decorations", len(c.decorations) * n), ("pending", len(KINDS) + 1),
                 ("module_counts", counts), ("module_resources", n * len(c.resources))]
        sizes += [(block, len(index) * (n if per_seat else 1))
                  for block, _, _, index, per_seat in self.places]
        self.layout: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.layout[name] = (offset, size)
            offset += size
        self.size = offset
        self._at = {name: start for name, (start, _) in self.layout.items()}
        self._inverse = [1.0 / scale for _, scale in SCALES]
        # for each multi-hot block over ids: each id's index in the vector
        blocks = {"my_hand": self.cards, "my_supply": self.cards, "my_discard": self.cards,
                  "my_played": self.cards, "played": self.cards, "hire_display": self.cards,
                  "garment_display": self.garments, "drawers": self.tiles,
                  "my_tiles": self.tiles, "tailoring": self.garments}
        self._boards: dict[int, tuple] = {}  # each observer's last board (_board)
        self._positions = {block: _Positions({x: self._at[block] + i
                                              for x, i in index.items()}, self.size)
                           for block, index in blocks.items()}

    def _items(self, holds: str) -> dict[str, int]:
        return {x: i for i, x in enumerate(self.components.items(holds))}

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
        for block, source, _, index, per_seat in self.places:
            what = {"zones": "a module zone's contents", "displays": "a module display's pieces",
                    "owned": "the pieces each seat owns"}[source]
            out[block] = (f"{what}, multi-hot over {len(index)} "
                          f"{holds.get(block, block.partition(':')[2])}"
                          + (", per seat (seat-relative), where the observer sees them"
                             if per_seat else ""))
        return out

    def parts(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector's blocks by name (views into it, not copies)."""
        return {name: vector[start:start + size] for name, (start, size) in self.layout.items()}

    def encode(self, view: dict, seat: int) -> np.ndarray:
        """The vector of `view`, what `seat` sees (`seat_view(game, seat)`, or the full
        `game.view(seat)`: the same numbers): a fresh array, safe to keep."""
        whole = np.zeros(self.size + 1, dtype=np.float32)  # the last one: the sink
        out = whole[:self.size]
        at, n, pos = self._at, self.players, self._positions
        players = view["players"]
        present = len(players)
        pending = view.get("pending")
        mine = pending is not None and pending.get("seat") == seat
        out[0:4] = ((view["round"] or 0) / self.rounds,
                    min((view["favor"] or 0) / FAVOR_SCALE, 1.0),
                    float(bool(view["finished"])), float(mine))
        ones = list(range(at["seats"], at["seats"] + present))  # the indexes that read 1
        ones.append(at["start_player"] + (view["start_player"] - seat) % present)
        board, guests_of, decorations_of = self._board(view, seat, present)
        ones += board
        width, inverse = len(SCALES), self._inverse
        counters = [0.0] * (n * width)  # the seats a smaller game lacks read 0
        for p in players:
            s = p["seat"]
            tiles, hand, supply = p["tiles"], p["hand"], p["supply"]
            values = (p["livre"], p["prestige"], p["thread"], p["lace"],
                      tiles if type(tiles) is int else len(tiles),  # another's: a count
                      hand if type(hand) is int else len(hand),
                      supply if type(supply) is int else len(supply),
                      len(p["discard"]), guests_of[s], decorations_of[s])
            first = ((s - seat) % present) * width
            counters[first:first + width] = [  # cut at 1, without a call per value
                -1.0 if v is None else x if (x := v * k) < 1.0 else 1.0
                for v, k in zip(values, inverse)]
            if s == seat:
                ones += map(pos["my_hand"].__getitem__, hand)
                ones += map(pos["my_supply"].__getitem__, supply)
                ones += map(pos["my_discard"].__getitem__, p["discard"])
                ones += map(pos["my_tiles"].__getitem__, tiles)
                ones.append(pos["my_played"][p["played"]])
                tailoring = p["tailoring"]
                ones.append(pos["tailoring"][tailoring.get("garment")
                                             if isinstance(tailoring, dict) else tailoring])
            else:
                ones.append(pos["played"][p["played"]])
        start = at["players"]
        out[start:start + n * width] = counters
        ones += map(pos["hire_display"].__getitem__, view["hire_display"])
        ones += map(pos["garment_display"].__getitem__, view["garment_display"])
        drawer_at = pos["drawers"].__getitem__
        for drawer in view["drawers"]:
            ones += map(drawer_at, drawer)
        if mine and pending is not None:
            kind = pending.get("kind")
            ones.append(at["pending"] + (KINDS.index(kind) if kind in KINDS else len(KINDS)))
        if self.components.resources:
            self._resources(view, seat, out)
        if self.places or self.components.zones:
            self._places(view, seat, out, ones)
        whole[ones] = 1.0
        return out

    def _board(self, view: dict, seat: int, present: int) -> tuple[list, list, list]:
        """The guests' and decorations' blocks (their indexes that read 1) and each seat's
        count of both: worked out again only when the board changed since this observer's
        last vector (compared by value), as most steps rent and fund nothing."""
        guests, decorations = view["guests"], view["decorations"]
        last = self._boards.get(seat)
        if last is not None and last[0] == present and last[1] == decorations \
                and last[2] == guests:
            return last[3]
        at, n = self._at, self.players
        guests_of, decorations_of = [0] * present, [0] * present
        ones: list[int] = []
        guest_base, decoration_base = at["guests"], at["decorations"]
        spaces = self.guest_spaces
        for space, guest in guests.items():
            owner = guest["owner"]
            guests_of[owner] += 1
            if space in spaces:
                ones.append(guest_base + spaces[space] * n + (owner - seat) % present)
        spaces = self.decorations
        for space, owner in decorations.items():
            decorations_of[owner] += 1
            if space in spaces:
                ones.append(decoration_base + spaces[space] * n + (owner - seat) % present)
        made = (ones, guests_of, decorations_of)
        self._boards[seat] = (present, dict(decorations),
                              {space: dict(guest) for space, guest in guests.items()}, made)
        return made

    def _resources(self, view: dict, seat: int, out: np.ndarray) -> None:
        """Each seat's counters that modules add (0 for one this game does not have)."""
        names, players = self.components.resources, view["players"]
        present, width = len(players), len(self.components.resources)
        values = [0.0] * (self.players * width)
        for p in players:
            first = ((p["seat"] - seat) % present) * width
            values[first:first + width] = [
                -1.0 if v is None else x if (x := v / RESOURCE_SCALE) < 1.0 else 1.0
                for v in (p.get(name, 0) for name in names)]
        start = self._at["module_resources"]
        out[start:start + len(values)] = values

    def _places(self, view: dict, seat: int, out: np.ndarray, ones: list[int]) -> None:
        """The module places' blocks: their counts, and the contents the observer sees."""
        players = view["players"]
        shared, displays = view.get("zones"), view.get("displays")
        if not shared and not displays and not any(p.get("zones") or p.get("owned")
                                                   for p in players):
            return  # a game without module places: all 0
        n, c, at, present = self.players, self.components, self._at, len(players)
        rows = sorted(players, key=lambda p: (p["seat"] - seat) % present)
        shared, displays = shared or {}, displays or {}
        counts: list[float] = []
        for zone, _, per_player, _ in c.zones:
            if per_player:
                row = [_count((p.get("zones") or {}).get(zone)) for p in rows]
                counts += row + [0.0] * (n - len(row))
            else:
                counts.append(_count(shared.get(zone)))
        for kind, _ in c.owned:
            row = [_count((p.get("owned") or {}).get(kind)) for p in rows]
            counts += row + [0.0] * (n - len(row))
        start = at["module_counts"]
        out[start:start + len(counts)] = counts
        for block, source, key, index, per_seat in self.places:
            base = at[block]
            if not per_seat:
                pile = (shared if source == "zones" else displays).get(key)
                if isinstance(pile, list):
                    ones += [base + index[x] for x in pile if x in index]
                continue
            size = len(index)
            for k, p in enumerate(rows):
                pile = (p.get(source) or {}).get(key)
                if isinstance(pile, list):  # a list: the observer sees it; else its count
                    ones += [base + k * size + index[x] for x in pile if x in index]


class _Positions(dict):
    """Each id's index in the vector; an id the block does not list (an empty place's None)
    gives the sink, one past the vector's end, so it is written nowhere the vector shows."""

    def __init__(self, positions: dict, sink: int):
        super().__init__(positions)
        self.sink = sink

    def __missing__(self, key) -> int:
        return self.sink


def _count(pile) -> float:
    """A pile's size (a list's length, or the count a hidden pile shows) / PLACE_SCALE, cut."""
    if pile is None:
        return 0.0
    size = pile if isinstance(pile, int) else len(pile)
    return min(size / PLACE_SCALE, 1.0)
