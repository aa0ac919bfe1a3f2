"""The observation's hot path, compiled with mypyc (interpreter/_core.py's COMPILED_MODULES):
what a seat sees, read from the live state and hidden as `Game.view` hides it (`Sight`), written
into the vector (`Entries.fill_game`; `fill` from a view) through tables of each id's index
built once per catalogue, section by section: `Kept` remembers what each section of an
observer's vector was made from, so a step works out and writes again only the sections whose
source changed (a hand, a few counters), not the whole vector. No numpy here, so that the
build needs none: the vector is written through a memoryview (observations.py makes it and
copies it out).
"""
from __future__ import annotations

from typing import Any, Final

from ..core.decisions import Decision

# Each player counter and the value that reads 1 (larger ones are cut at 1).
SCALES: Final = (("livre", 60), ("prestige", 150), ("thread", 10), ("lace", 10), ("tiles", 10),
          ("hand", 10), ("supply", 20), ("discard", 20), ("guests", 20), ("decorations", 20))
KINDS: Final = ("hand", "play", "bonus", "tile", "keep", "garment", "tiles", "rent", "hire", "fund",
         "depute", "resource", "choice", "number")
FAVOR_SCALE: Final = 10
PLACE_SCALE: Final = 20  # a module place's count that reads 1
RESOURCE_SCALE: Final = 10  # a module's counter that reads 1
PRICE_SCALE: Final = 10  # the price beneath a display's slot that reads 1


def seat_view(game: Any, seat: int) -> dict:
    """The parts of `game.view(seat)` the encoder reads, taken from the live state without
    copying (read them, never change them): others' hands, supplies and tiles as counts, the
    rules' private counters as None until the game is over, a hidden zone's pile as its count."""
    state, rules = game.state, game.rules
    secret = rules.private if not state.get("finished") else ()
    hidden = [z.id for z in rules.zones if z.per_player and not z.visible]
    owned_hidden = [k.id for k in rules.components.values() if k.visible != "all"]
    players = []
    for p in state["players"]:
        q = {k: p[k] for k in ("seat", "livre", "prestige", "thread", "lace", "discard",
                               "played", "tailoring")}
        if "zones" in p:
            q["zones"] = p["zones"]
        if "owned" in p:
            q["owned"] = p["owned"]
        for key in rules.extra_resources:
            q[key] = p[key]
        if p["seat"] == seat:
            q["tiles"], q["hand"], q["supply"] = p["tiles"], p["hand"], p["supply"]
        else:
            _hide(q, p, rules, secret, hidden, owned_hidden)
        players.append(q)
    decision = game.decision()
    pending = None if decision is None else {"seat": decision.seat, "kind": decision.kind}
    view = {k: state[k] for k in ("round", "favor", "finished", "start_player", "guests",
                                  "decorations", "hire_display", "garment_display", "drawers",
                                  "side")}
    for display in rules.displays:  # the game's own positioned displays keep a state key
        if display.game:
            view[display.id] = state[display.id]
    if "zones" in state:
        view["zones"] = {z.id: state["zones"][z.id] if z.visible else
                         len(state["zones"][z.id]) for z in rules.zones if not z.per_player}
    if "displays" in state:
        view["displays"] = state["displays"]
    view["players"], view["pending"] = players, pending
    return view


def _hide(q: dict, p: dict, rules: Any, secret: Any, hidden: list, owned_hidden: list) -> None:
    """Another seat's player as the observer sees it (view.py's rules)."""
    q["tiles"], q["hand"], q["supply"] = len(p["tiles"]), len(p["hand"]), len(p["supply"])
    for key in secret:
        if key in q:
            q[key] = None
    face_up = _face_up(rules, p)
    if hidden and "zones" in q:
        q["zones"] = {z: (len(pile) if z in hidden and z not in face_up else pile)
                      for z, pile in q["zones"].items()}
    if owned_hidden and "owned" in q:
        q["owned"] = {k: (len(v) if k in owned_hidden else v) for k, v in q["owned"].items()}


def _face_up(rules: Any, player: dict) -> tuple:
    """The per-player zones this player's kind of seat keeps face up (view.py's rule)."""
    kind = player.get("kind")
    if kind is None:
        return ()
    return next((k.public_zones for k in rules.seat_kinds if k.id == kind), ())


def _cut(value: Any, factor: float) -> float:
    """A counter scaled and cut at 1; -1 for one the observer may not see (None)."""
    if value is None:
        return -1.0
    x = float(value) * factor
    return x if x < 1.0 else 1.0


class Sight:
    """What the rules hide from a seat (`Ruleset.hidden`, the description `Game.view` hides by),
    in the encoder's terms, so that it reads the live state itself and hides the same: the
    others' private counters until the game is over, their piles of a hidden per-player zone
    (unless their kind of seat keeps it face up) and their pieces of a kind only owners see,
    as counts; a hidden game zone as its count."""

    def __init__(self, rules: Any):
        self.hidden = hidden = rules.hidden
        self.secret: set[str] = set(hidden.private)
        # the positions among a player's first counters (SCALES: livre, prestige, thread,
        # lace) of those kept secret
        self.counters: list[int] = [k for k in range(4) if SCALES[k][0] in self.secret]
        self.masks: list[bool] = [k in self.counters for k in range(4)]  # the same, as flags
        self.shared: set[str] = set(hidden.game_zones)
        self.owned: set[str] = set(hidden.owned)

    def sees(self, player: dict, source: str, key: str) -> bool:
        """Whether another seat sees `player`'s pile `key` of `source` ("zones" or "owned")."""
        if source == "owned":
            return key not in self.owned
        return bool(self.hidden.sees(player, key))


def has_places(rules: Any) -> bool:
    """Whether a game of `rules` has module places for the encoder to read: zones, displays of
    a module's own (a `displays` key in the state), pieces of a declared kind (`owned`)."""
    return bool(rules.zones) or bool(rules.components) or \
        any(not display.game for display in rules.displays)


class Entries:
    """The tables of one catalogue's layout: each id's index in each block, and the blocks'
    offsets (`at`), so that a view becomes the vector's entries with a dict lookup per id."""

    def __init__(self, components: Any, rounds: int, at: dict[str, int], players: int,
                 slot_prices: dict[str, dict[str, tuple]], resources: Any = None):
        c = components
        self.components, self.rounds, self.at, self.players = c, rounds, at, players
        self.cards = {x: i for i, x in enumerate(c.cards)}
        self.garments = {x: i for i, x in enumerate(c.garments)}
        self.guest_spaces = {x: i for i, x in enumerate(c.guest_spaces)}
        self.decorations = {x: i for i, x in enumerate(c.decorations)}
        self.resources: tuple = tuple(c.resources)
        # the positions in `resources` of the counters the game's rules have (`resources`:
        # their names; None: any of them), the only ones a player of theirs holds
        self.held: list[int] = [k for k, name in enumerate(c.resources)
                                if resources is None or name in resources]
        self.zones: tuple = tuple(c.zones)
        self.owned: tuple = tuple(c.owned)
        self.inverse = [1.0 / scale for _, scale in SCALES]
        blocks = {"my_hand": c.cards, "my_supply": c.cards, "my_discard": c.cards,
                  "my_played": c.cards, "played": c.cards, "hire_display": c.cards,
                  "garment_display": c.garments, "drawers": c.tiles, "my_tiles": c.tiles,
                  "tailoring": c.garments}
        self.pos: dict[str, dict[str, int]] = {
            block: {x: at[block] + i for i, x in enumerate(ids)} for block, ids in blocks.items()}
        # the tables and offset read at every step, in fields (no look-up by name)
        pos = self.pos
        self.my_hand, self.my_supply = pos["my_hand"], pos["my_supply"]
        self.my_discard, self.my_tiles = pos["my_discard"], pos["my_tiles"]
        self.hire_display, self.garment_display = pos["hire_display"], pos["garment_display"]
        self.players_at: int = at["players"]
        self.pending_at: int = at["pending"]
        self.my_played, self.tailoring = pos["my_played"], pos["tailoring"]
        self.in_drawers = pos["drawers"]
        # the module places: (block, read from, key, each item's index, per seat)
        self.places: list[tuple[str, str, str, dict[str, int], bool]] = []
        for zone, holds, per_player, visible in c.zones:
            if per_player or visible:
                self.places.append((f"zone:{zone}", "zones", zone, self._items(holds),
                                    per_player))
        for display, holds in c.displays:
            self.places.append((f"display:{display}", "displays", display, self._items(holds),
                                False))
        for kind, _ in c.owned:
            self.places.append((f"owned:{kind}", "owned", kind, self._items(kind), True))
        # the positioned displays: (offset, display id, each item's index), and each board
        # side's price beneath each slot of each display
        self.priced = [(at[f"prices:{display}"], display, self._items(holds))
                       for display, holds in c.priced]
        self.slot_prices = slot_prices
        # what the rules of the game observed last hide (`fill_game`), and those rules
        self.sight: Sight | None = None
        self.sight_of: Any = None
        # whether those rules have module places (zones, module displays, owned pieces): a
        # game without any has nothing for the module places' blocks to read
        self.places_of: bool = True
        # each entry's index as an object, shared by the vectors' `Kept` (made once)
        self.indexes: list[Any] = []

    def kept(self, buffer: Any) -> Kept:
        """A vector's sections, all unwritten, for `fill` to write through `buffer` (a
        memoryview of a vector of zeros)."""
        size = len(buffer)
        if len(self.indexes) != size:
            self.indexes = list(range(size))
        return Kept(buffer, _ROWS + self.players, self.indexes)

    def _items(self, holds: str) -> dict[str, int]:
        return {x: i for i, x in enumerate(self.components.items(holds))}

    def fill(self, view: dict, seat: int, kept: Kept) -> None:
        """Write the entries of `view`, what `seat` sees (`Game.view(seat)`, or `seat_view`'s
        parts of it), into `kept` (`seat`'s vector), section by section (`_fill`)."""
        pending = view.get("pending")
        kind = pending.get("kind") if pending is not None and pending.get("seat") == seat \
            else None
        self._fill(view, seat, kept, kind, None)

    def fill_game(self, game: Any, seat: int, kept: Kept) -> None:
        """Write what `seat` sees of `game` into `kept`, read from the live state itself (no
        view made, nothing copied), hidden as `Game.view(seat)` hides it (`Sight`): the same
        entries as `fill(game.view(seat), seat, kept)`."""
        decision = game.decision()
        mine = decision is not None and decision.seat == seat
        self.fill_state(game.state, game.rules, seat, kept, decision.kind if mine else None)

    def fill_state(self, state: Any, rules: Any, seat: int, kept: Kept, kind: Any) -> None:
        """`fill_game` of a game's `state` and `rules`, `kind` the kind of the decision `seat`
        must answer (None: none): what the environments' step calls, the decision in hand."""
        if self.sight_of is not rules:
            self.sight, self.sight_of = Sight(rules), rules
            self.places_of = has_places(rules)
        self._fill(state, seat, kept, kind, self.sight, self.places_of)

    def _fill(self, view: dict, seat: int, kept: Kept, kind: Any, sight: Sight | None,
              places: bool = True) -> None:
        """Write the entries of `view` (a view, or the state with `sight` to hide from it what
        `seat` may not see; `kind`: the kind of the decision `seat` must answer, or None) into
        `kept`: each block or group of blocks worked out and written again only when what it is
        read from differs from what it was at its last write (compared by value: most steps
        change a few counters and a hand, not the displays, the board or the others' cards).
        An id the catalogue lacks (an empty place's None among them) is written nowhere.
        `places` False: the game's rules have no module places (their blocks stay 0)."""
        offsets = self.at
        players: list[dict] = view["players"]
        present = len(players)
        if kept.present != present:  # another game's table: start from zeros
            kept.clear()
            kept.present = present
        mine = kind is not None
        round_ = view["round"]
        favor = view["favor"]
        finished = view["finished"]
        # the counters kept secret from the others until the game is over (a view: hidden)
        secret = sight is not None and not finished
        game_counters = (round_, favor, finished, mine)
        if kept.changed(_GAME, game_counters):  # its four entries (the block's offset 0)
            # written in place: the same ones each time, nothing stale to clear
            kept.write(0, (round_ or 0) / self.rounds)
            kept.write(1, min((favor or 0) / FAVOR_SCALE, 1.0))
            kept.write(2, 1.0 if finished else 0.0)
            kept.write(3, 1.0 if mine else 0.0)
            kept.sources[_GAME] = game_counters
        start_player = view["start_player"]
        if kept.changed(_SEATS, start_player):
            seats = list(range(offsets["seats"], offsets["seats"] + present))
            seats.append(offsets["start_player"] + (start_player - seat) % present)
            kept.put(_SEATS, start_player, seats, [], [])
        guests: dict = view["guests"]
        social = False  # the guests or decorations written again: each seat's counts read
        if kept.changed(_GUESTS, guests):  # a guest seated (the decorations apart: one
            # changes without the other)
            ones: list[int] = []
            kept.guests_of = self._guests(guests, seat, present, ones)
            kept.put(_GUESTS, _copy(guests), ones, [], [])
            social = True
        decorations: dict = view["decorations"]
        if kept.changed(_DECORATIONS, decorations):
            self._decorations(decorations, seat, present, kept)
            social = True
        self._players(players, seat, kept, sight.masks if secret and sight is not None else [],
                      social)
        self._listed(kept, _HIRE, self.hire_display, view["hire_display"])
        self._listed(kept, _GARMENTS, self.garment_display, view["garment_display"])
        drawers: list = view["drawers"]
        if kept.changed(_DRAWERS, drawers):
            ones = []
            copied: list = []  # each drawer a list of tiles (or None): copied a level deep
            index = self.in_drawers
            for drawer in drawers:
                pile: list = drawer
                copied.append(list(pile))
                for x in pile:
                    i = index.get(x, -1)
                    if i >= 0:
                        ones.append(i)
            kept.put(_DRAWERS, copied, ones, [], [])
        # the pending kind's one entry (it changes at most steps)
        kept.only(_KIND, -1 if kind is None else
                  self.pending_at + _KIND_AT.get(kind, _OTHER_KIND))
        if self.held:  # none held: the block stays 0 (its rules add no counters of these)
            at: list[int] = []
            values: list[float] = []
            self._resources(players, seat, at, values,
                            sight.secret if secret and sight is not None else set())
            if kept.changed(_RESOURCES, (at, values)):
                kept.put(_RESOURCES, (at, values), [], at, values)
        if places and (self.places or self.zones):
            ones, at, values = [], [], []
            self._places(view, seat, ones, at, values, sight)
            if kept.changed(_PLACES, (ones, at, values)):
                kept.put(_PLACES, (ones, at, values), ones, at, values)
        elif kept.written[_PLACES]:  # another game's, with places: back to 0
            kept.put(_PLACES, ([], [], []), [], [], [])
        if self.priced:
            side = view.get("side") or ""
            displays: dict = view.get("displays") or {}
            slots = [view.get(display) or displays.get(display) for _, display, _ in self.priced]
            if kept.changed(_PRICES, (side, slots)):
                at, values = [], []
                self._prices(side, slots, at, values)
                kept.put(_PRICES, (side, _copy(slots)), [], at, values)

    def _players(self, players: list[dict], seat: int, kept: Kept, secret: list[bool],
                 social: bool) -> None:
        """Each seat's counters (seat-relative; those `secret` flags hidden from the others),
        and the observer's own cards and tiles. A counter is compared with its last value by
        identity, one by one, in line (no list made per player, no call for one unchanged:
        this runs for every seat at every step; an equal int that is another object is
        written again, and `write` finds the value the same). The guests and decorations
        counted are read only when `social` (their sections written again this fill): they
        change with them and only with them."""
        inverse, start = self.inverse, self.players_at
        present = len(players)
        rows = kept.rows
        hides = len(secret) == 4
        others: list = []
        v: Any
        n: int
        for p in players:
            s: int = p["seat"]
            row = (s - seat) % present
            was = rows[row]
            first = start + row * _WIDTH
            hidden = hides and s != seat
            v = None if hidden and secret[0] else p["livre"]
            if v is not was[0]:
                _counter(kept, was, 0, first, v, inverse)
            v = None if hidden and secret[1] else p["prestige"]
            if v is not was[1]:
                _counter(kept, was, 1, first, v, inverse)
            v = None if hidden and secret[2] else p["thread"]
            if v is not was[2]:
                _counter(kept, was, 2, first, v, inverse)
            v = None if hidden and secret[3] else p["lace"]
            if v is not was[3]:
                _counter(kept, was, 3, first, v, inverse)
            # another's tiles, hand and supply (a view): counts
            tiles = p["tiles"]
            n = tiles if type(tiles) is int else len(tiles)
            v = n
            if v is not was[4]:
                _size(kept, was, 4, first, n, inverse)
            hand = p["hand"]
            n = hand if type(hand) is int else len(hand)
            v = n
            if v is not was[5]:
                _size(kept, was, 5, first, n, inverse)
            supply = p["supply"]
            n = supply if type(supply) is int else len(supply)
            v = n
            if v is not was[6]:
                _size(kept, was, 6, first, n, inverse)
            discard: list = p["discard"]
            n = len(discard)
            v = n
            if v is not was[7]:
                _size(kept, was, 7, first, n, inverse)
            if social:
                _size(kept, was, 8, first, kept.guests_of[s], inverse)
                _size(kept, was, 9, first, kept.decorations_of[s], inverse)
            if s == seat:
                self._mine(kept, p, tiles, hand, supply, discard)
            else:
                others.append(p["played"])
        if kept.changed(_PLAYED, others):
            ones: list[int] = []
            index = self.pos["played"]
            for played in others:
                _one(index, played, ones)
            kept.put(_PLAYED, others, ones, [], [])

    def _mine(self, kept: Kept, p: dict, tiles: list, hand: list, supply: list,
              discard: list) -> None:
        """The observer's own cards and tiles, the card it played and the garment it tailors."""
        self._listed(kept, _HAND, self.my_hand, hand)
        self._listed(kept, _SUPPLY, self.my_supply, supply)
        self._listed(kept, _DISCARD, self.my_discard, discard)
        self._listed(kept, _TILES, self.my_tiles, tiles)
        tailoring = p["tailoring"]
        if isinstance(tailoring, dict):
            tailoring = tailoring.get("garment")
        kept.only(_MY_PLAYED, _at(self.my_played, p["played"]))
        kept.only(_TAILORING, _at(self.tailoring, tailoring))

    def _listed(self, kept: Kept, section: int, index: dict[str, int], ids: list) -> None:
        """A multi-hot block of the ids `ids` lists (a hand, a display; `index`: each id's
        entry), written again only when the list changed."""
        old = kept.sources[section]
        if old is _UNSEEN:  # never written (or cleared): all its entries 0
            was: list = []
        elif old == ids:
            return
        else:
            was = old
        for x in was:  # by difference: the ids gone off, those listed on (`write` skips an
            # entry already 1); no list of indexes made
            if x not in ids:
                i = index.get(x, -1)
                if i >= 0:
                    kept.write(i, 0.0)
        for x in ids:
            i = index.get(x, -1)
            if i >= 0:
                kept.write(i, 1.0)
        kept.sources[section] = list(ids)

    def _guests(self, guests: dict, seat: int, present: int, ones: list[int]) -> list[int]:
        """The guests' blocks (their indexes that read 1, into `ones`: who rents each guest
        space, its guest's garment and whether it was master-made) and each seat's count."""
        offsets, n = self.at, self.players
        guests_of = [0] * present
        guest_base = offsets["guests"]
        garment_base, master_base = offsets["guest_garments"], offsets["guest_master_made"]
        spaces, garments, g = self.guest_spaces, self.garments, len(self.garments)
        guest: dict
        owner: int
        for space, guest in guests.items():
            owner = guest["owner"]
            guests_of[owner] += 1
            i = spaces.get(space, -1)
            if i < 0:
                continue
            ones.append(guest_base + i * n + (owner - seat) % present)
            garment = garments.get(guest.get("garment"), -1)
            if garment >= 0:
                ones.append(garment_base + i * g + garment)
            if guest.get("master_made"):
                ones.append(master_base + i)
        return guests_of

    def _decorations(self, decorations: dict, seat: int, present: int, kept: Kept) -> None:
        """The decorations' block (who funded each decoration space) by difference from its
        last source (space -> owner): the entries of spaces gone or funded by another seat
        off, those newly funded on; and each seat's count. A space's entry is its own, so an
        unchanged one is neither worked out nor written (most of a game's decorations stay)."""
        n, base, spaces = self.players, self.at["decorations"], self.decorations
        source = kept.sources[_DECORATIONS]
        # never written (or cleared): all its entries 0
        old: dict = {} if source is _UNSEEN else source
        owner: int
        decorations_of: list[int] = [0] * present
        same = 0  # the old spaces still funded by the same seat
        for space, owner in decorations.items():
            decorations_of[owner] = decorations_of[owner] + 1
            if old.get(space, -1) != owner:
                i = spaces.get(space, -1)
                if i >= 0:
                    kept.write(base + i * n + (owner - seat) % present, 1.0)
            else:
                same += 1
        if same < len(old):  # one went or changed hands (not the usual new one funded)
            for space, owner in old.items():
                if decorations.get(space, -1) != owner:
                    i = spaces.get(space, -1)
                    if i >= 0:
                        kept.write(base + i * n + (owner - seat) % present, 0.0)
        kept.decorations_of = decorations_of
        kept.sources[_DECORATIONS] = dict(decorations)

    def _resources(self, players: list[dict], seat: int, at: list[int], values: list[float],
                   secret: set[str]) -> None:
        """Each seat's counters that modules add (0 for one this game does not have; those in
        `secret` hidden from the others)."""
        names, held = self.resources, self.held
        present, width = len(players), len(names)
        start = self.at["module_resources"]
        factor = 1.0 / RESOURCE_SCALE
        for p in players:
            s: int = p["seat"]
            first = start + ((s - seat) % present) * width
            for k in held:
                v = p.get(names[k], 0)
                if s != seat and names[k] in secret:
                    v = None
                if v != 0:
                    at.append(first + k)
                    values.append(_cut(v, factor))

    def _places(self, view: dict, seat: int, ones: list[int], at: list[int],
                values: list[float], sight: Sight | None) -> None:
        """The module places' blocks: their counts, and the contents the observer sees (a
        pile `sight` hides read as its count)."""
        players = view["players"]
        shared, displays = view.get("zones"), view.get("displays")
        if not shared and not displays:
            for p in players:  # a loop, not any() over a generator: this runs every step
                if p.get("zones") or p.get("owned"):
                    break
            else:
                return  # a game without module places: all 0
        n, present = self.players, len(players)
        rows = sorted(players, key=lambda p: (p["seat"] - seat) % present)
        shared, displays = shared or {}, displays or {}
        index = self.at["module_counts"]
        for zone, _, per_player, _ in self.zones:
            if per_player:
                for p in rows:
                    _count((p.get("zones") or {}).get(zone), index, at, values)
                    index += 1
                index += n - len(rows)
            else:
                _count(shared.get(zone), index, at, values)
                index += 1
        for kind, _ in self.owned:
            for p in rows:
                _count((p.get("owned") or {}).get(kind), index, at, values)
                index += 1
            index += n - len(rows)
        for block, source, key, items, per_seat in self.places:
            base = self.at[block]
            if not per_seat:
                pile = (shared if source == "zones" else displays).get(key)
                if isinstance(pile, list) and (sight is None or source != "zones"
                                               or key not in sight.shared):
                    _each(items, pile, ones, base)
                continue
            size = len(items)
            for k, p in enumerate(rows):
                pile = (p.get(source) or {}).get(key)
                # a list: the observer sees it; else its count
                if isinstance(pile, list) and (k == 0 or sight is None
                                               or sight.sees(p, source, key)):
                    _each(items, pile, ones, base + k * size)

    def _prices(self, side: str, slots: list, at: list[int], values: list[float]) -> None:
        """The price beneath each piece on a positioned display (its slot's, on board side
        `side`; `slots`: each priced display's pieces), / PRICE_SCALE, cut at 1."""
        prices = self.slot_prices.get(side, {})
        for (base, display, items), pieces in zip(self.priced, slots):
            costs = prices.get(display, ())
            if not isinstance(pieces, list):
                continue
            for slot, piece in enumerate(pieces):
                i = items.get(piece, -1) if piece is not None else -1
                if i >= 0 and slot < len(costs) and costs[slot] != 0:
                    at.append(base + i)
                    values.append(min(costs[slot] / PRICE_SCALE, 1.0))


# The sections of a vector that `Kept` writes and compares separately: each covers blocks no
# other section writes into (the players' rows: one section each, from _ROWS on). Final, as
# the constants below: the compiled code holds them, not module globals looked up by name.
_GAME: Final = 0
_SEATS: Final = 1
_GUESTS: Final = 2
_HIRE: Final = 3
_GARMENTS: Final = 4
_DRAWERS: Final = 5
_PENDING: Final = 6
_RESOURCES: Final = 7
_PLACES: Final = 8
_PRICES: Final = 9
_HAND: Final = 10
_SUPPLY: Final = 11
_DISCARD: Final = 12
_TILES: Final = 13
_MINE: Final = 14
_PLAYED: Final = 15
_DECORATIONS: Final = 16
_ROWS: Final = 17


class Kept:
    """One observer's vector (written through `buffer`, a memoryview of it), section by
    section: what each section was worked out from at its last write, and the indexes it
    wrote then (a player's row: its counters' last values in `rows`, each compared and
    written alone), so a section whose source is unchanged is neither worked out nor written
    again, and one that changed clears its old entries and writes its new ones. `shown`
    mirrors the vector as a list, so that only an entry whose value changes is written (a
    write through the memoryview costs several times a look in the list)."""

    def __init__(self, buffer: Any, sections: int, indexes: list[Any]):
        self.buffer = buffer
        self.shown: list[Any] = [0.0] * len(buffer)  # floats (Any: stored as they come)
        self.indexes = indexes  # each entry's index, as an object (no int made per write)
        self.fresh: list[bool] = [False] * len(buffer)  # all False between two `put` calls
        self.present = -1  # the seats of the game observed last
        self.sources: list[Any] = [_UNSEEN] * sections
        self.written: list[list[int]] = [[] for _ in range(sections)]
        # each player's row (the sections from _ROWS on): its counters' last values
        self.rows: list[list[Any]] = [[_UNSEEN] * _WIDTH for _ in range(sections - _ROWS)]
        # the one entry that reads 1 of each one-hot block kept as an index (-1: none), for
        # `only`: the pending kind, the observer's played card and the garment it tailors
        self.singles: list[int] = [-1] * _SINGLES
        self.guests_of: list[int] = []  # each seat's guests
        self.decorations_of: list[int] = []  # and decorations

    def changed(self, section: int, source: Any) -> bool:
        """Whether `source` differs from `section`'s source at its last write (always, for a
        section never written)."""
        old = self.sources[section]
        return old is _UNSEEN or old != source

    def put(self, section: int, source: Any, ones: list[int], at: list[int],
            values: list[float]) -> None:
        """Make `section` hold these entries, worked out from `source` (a copy that nothing
        changes later): `ones` 1, the `values` at `at`, and its old entries that are not
        among these 0."""
        for i in ones:
            self.write(i, 1.0)
        for k in range(len(at)):
            self.write(at[k], values[k])
        stale = self.written[section]
        if stale:  # the old entries not among the new ones back to 0: the new ones flagged in
            # `fresh` for the while (a flag per entry costs less than a set made per section)
            fresh = self.fresh
            for i in ones:
                fresh[i] = True
            for i in at:
                fresh[i] = True
            for i in stale:
                if not fresh[i]:
                    self.write(i, 0.0)
            for i in ones:
                fresh[i] = False
            for i in at:
                fresh[i] = False
        self.written[section] = ones + at if at else ones
        self.sources[section] = source

    def only(self, k: int, i: int) -> None:
        """Make entry `i` (-1: none) the one that reads 1 of one-hot block `k` (`singles`):
        the old one off, the new one on."""
        old = self.singles[k]
        if i != old:
            if old >= 0:
                self.write(old, 0.0)
            if i >= 0:
                self.write(i, 1.0)
            self.singles[k] = i

    def write(self, i: int, value: float) -> None:
        """Entry `i` set to `value`, written through the memoryview only when it changes: one
        float object made for the list and the memoryview, and the index's object taken from
        `indexes` (an int past 256 would be made and freed at each write)."""
        shown = self.shown
        old: float = shown[i]
        if old != value:
            box: Any = value
            shown[i] = box
            self.buffer[self.indexes[i]] = box

    def clear(self) -> None:
        """Every entry back to 0, and nothing remembered."""
        for i, value in enumerate(self.shown):
            if value != 0.0:
                self.write(i, 0.0)
        for section in range(len(self.sources)):
            self.written[section] = []
            self.sources[section] = _UNSEEN
        self.singles = [-1] * _SINGLES
        for row in self.rows:
            row[:] = [_UNSEEN] * _WIDTH


# the one-hot blocks `Kept.only` keeps
_KIND: Final = 0
_MY_PLAYED: Final = 1
_TAILORING: Final = 2
_SINGLES: Final = 3

_UNSEEN: Final = object()  # the source of a section not written yet
# each kind's place in the pending block
_KIND_AT: Final = {kind: k for k, kind in enumerate(KINDS)}
_OTHER_KIND: Final = len(KINDS)  # the pending block's last entry: a kind not listed
_WIDTH: Final = len(SCALES)  # a player's counters


def _copy(source: Any) -> Any:
    """A copy of `source` sharing none of its lists or dicts (the state's are changed in
    place), to compare it with what it becomes."""
    if isinstance(source, list):
        return [_copy(x) for x in source]
    if isinstance(source, dict):
        return {k: _copy(x) for k, x in source.items()}
    if isinstance(source, tuple):
        return tuple([_copy(x) for x in source])
    return source


_ZERO: Final[Any] = bytearray(1)  # repeated, never changed


def marked(indexes: dict[Any, int], size: int) -> bytearray:
    """`size` zero bytes with a 1 at each of `indexes` (a dict's keys, ints): a mask's bytes,
    made and set here in one call (numpy then wraps them without a copy)."""
    buffer: Any = _ZERO * size  # a repeat's one memset: half what `bytearray(size)` costs
    one: object = 1  # boxed once, not at each store
    for i in indexes:  # a dict's own iteration (no iterator object's calls)
        buffer[i] = one
    return buffer


def _each(index: dict[str, int], ids: Any, ones: list[int], base: int = 0) -> None:
    """The indexes of the ids the block lists (`base` added), into `ones`."""
    for x in ids:
        i = index.get(x, -1)
        if i >= 0:
            ones.append(base + i)


def _counter(kept: Kept, was: list, k: int, first: int, v: Any, inverse: list[float]) -> None:
    """A player's counter `k`, the value `v` (None: hidden), written again when it is not the
    object it was."""
    if v is not was[k]:
        was[k] = v
        kept.write(first + k, _cut(v, inverse[k]))


def _size(kept: Kept, was: list, k: int, first: int, n: int, inverse: list[float]) -> None:
    """A player's counter `k`, the size `n`, written again when it is not the object it was."""
    v: Any = n
    if v is not was[k]:
        was[k] = v
        kept.write(first + k, n * inverse[k] if n * inverse[k] < 1.0 else 1.0)


def _at(index: dict[str, int], x: Any) -> int:
    """The entry of id `x` (-1: None, or an id the catalogue lacks)."""
    return -1 if x is None else index.get(x, -1)


def _one(index: dict[str, int], x: Any, ones: list[int]) -> None:
    if x is not None:
        i = index.get(x, -1)
        if i >= 0:
            ones.append(i)


def _count(pile: Any, index: int, at: list[int], values: list[float]) -> None:
    """A pile's size (a list's length, or the count a hidden pile shows) / PLACE_SCALE, cut."""
    if pile is None:
        return
    size = pile if isinstance(pile, int) else len(pile)
    if size:
        at.append(index)
        values.append(min(size / PLACE_SCALE, 1.0))


class Answers:
    """Each option's action, by tables built once per catalogue (`names`: the action names in
    their order): an option naming a component has its action (action_space.py), any other
    takes the slot of its index."""

    def __init__(self, names: list[str], slots: list[int]):
        self.slots = slots
        # per kind: the value (or, for `play`, the card) -> the action
        self.named: dict[str, dict[Any, Any]] = {}
        for i, name in enumerate(names):
            kind, _, rest = name.partition(":")
            table = self.named.setdefault(kind, {})
            if kind == "play":  # play:<card>:<action>, the card's actions in a table of its own
                card, _, action = rest.rpartition(":")
                table.setdefault(card, {})[action] = i
            elif kind == "bonus":
                table[rest == "true"] = i
            else:
                table[rest] = i

    def of(self, decision: Decision) -> dict[int, int]:
        """`legal` of a decision's kind and values, read here (compiled, as the struct's
        fields: no attribute look-up or method call of Python's)."""
        return self.legal(decision.kind, decision.own_values())

    def legal(self, kind: str, values: Any) -> dict[int, int]:
        """Each legal action and the index of the option it answers with."""
        out: dict[Any, int] = {}  # keyed by the tables' own int objects (none boxed again)
        table = self.named.get(kind)
        shape = 0 if table is None else _SHAPES.get(kind, 0)  # how its options name actions
        slots = self.slots
        for i, value in enumerate(values):
            if shape != 0 and table is not None:
                action = _named(shape, kind, table, value)
                if action is not None:  # its own action, unless an earlier option took it
                    size = len(out)
                    out.setdefault(action, i)  # one look-up, where `in` and a store were two
                    if len(out) > size:
                        continue
            if i >= len(slots):
                raise ValueError(f"a '{kind}' decision with {len(values)} options: the "
                                 f"action space answers at most {len(slots)} by their index")
            out[slots[i]] = i
        return out

    def __deepcopy__(self, memo: dict) -> Answers:
        """Itself: its tables are made once and never changed, so copies share them (and
        compiled, the class cannot be made again without its arguments)."""
        return self

    def __reduce__(self) -> tuple:
        """Pickled as its tables (compiled, the class is made through its `__init__`)."""
        return _answers_from, (self.named, self.slots)


def _answers_from(named: dict[str, dict[Any, Any]], slots: list[int]) -> Answers:
    """The Answers of these tables (`Answers.__reduce__`)."""
    answers = Answers([], [])
    answers.named, answers.slots = named, slots
    return answers


# How each kind's options name their actions (`_named`), worked out once per decision, not per
# option: by the id the option is (a card), a played card and its action, the id under the
# kind's own key (a tile, a garment), a guest space or selling, a decoration space, yes or no.
# (Final: constants the compiled code holds, not globals looked up at each use)
_BY_ID: Final = 1
_PLAY: Final = 2
_KEYED: Final = 3
_RENT: Final = 4
_FUND: Final = 5
_BONUS: Final = 6
_SHAPES: Final[dict[str, int]] = {
    "hand": _BY_ID, "hire": _BY_ID, "depute": _BY_ID, "play": _PLAY, "tile": _KEYED,
    "garment": _KEYED, "rent": _RENT, "fund": _FUND, "bonus": _BONUS}


def _named(shape: int, kind: str, table: dict, value: Any) -> Any:
    """The action of an option that names a component (the table's int), else None."""
    if shape == _BY_ID:
        return table.get(value) if isinstance(value, str) else None
    if isinstance(value, dict):
        if shape == _PLAY:
            actions: dict | None = table.get(value.get("card"))
            if actions is None:
                return None
            action = value.get("action")
            return actions.get("null" if action is None else action)
        if shape == _KEYED:
            return table.get(value.get(kind))
        if shape == _RENT:
            return table.get("sell") if value.get("sell") else table.get(value.get("space"))
        if shape == _FUND:
            return table.get(value.get("space"))
        return None
    if shape == _BONUS and isinstance(value, bool):
        return table.get(value)
    return None
