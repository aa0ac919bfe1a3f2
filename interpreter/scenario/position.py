"""Building a scenario's position on a fresh game: a clean board, then every id placed where
the scenario says, taken from wherever it was, so each component stays in exactly one place."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesdsl.suggest import did_you_mean

from ..core.state import keyed
from .run import BOARD_LISTS, PILES, RESOURCES, ScenarioRun, seat_key


def build_position(run: ScenarioRun) -> None:
    """A clean board (players own their 5 start cards in the supply and nothing else, the
    displays as dealt for round 1), then every id placed where the scenario says."""
    state = keyed(run.state)  # positions name resources and zones by their ids
    for p in state["players"]:
        p.update(livre=0, thread=0, lace=0, prestige=0, tiles=[], hand=[], discard=[],
                 played=None, score={})
    pos = run.data.get("position", {})
    placing = _Placing(run)
    placing.board(pos)
    for ref, entry in pos.get("players", {}).items():
        placing.player(ref, entry)
    _move(run, placing.placed, placing.lists, placing.guests)
    for space, (seat, _) in placing.decorations.items():
        state["decorations"][space] = seat
    _board_values(run, pos, ("position",))


class _Placing:
    """The ids a position places, each once, gathered before any is moved: the lists given
    whole (container, key, new items, path), the guests and decorations by space."""

    def __init__(self, run: ScenarioRun):
        self.run = run
        self.state = keyed(run.state)
        self.placed: dict[str, tuple] = {}
        self.lists: list[tuple[Any, Any, Any, tuple]] = []
        self.guests: dict[str, tuple] = {}
        self.decorations: dict[str, tuple] = {}

    def place(self, cid: str, path: tuple) -> str:
        if cid in self.placed:
            raise self.run.error(f"{cid!r} is placed twice (first at "
                                 f"{self.run.span(self.placed[cid])})", path)
        self.placed[cid] = path
        return cid

    def give(self, container: Any, key: Any, items: Any, path: tuple) -> None:
        self.lists.append((container, key, items, path))

    # -- the board -------------------------------------------------------------------------
    def board(self, pos: dict) -> None:
        """The board's piles, displays, drawers, counters and zones."""
        run, state, place, base = self.run, self.state, self.place, ("position",)
        for key in BOARD_LISTS:
            if key in pos:
                kind = {"garment": "garment", "resour": "tile"}.get(key[:6])
                # null: an empty Hire space (only the Hire display keeps its spaces)
                items: list[Any] = [None if c is None and key == "hire_display" else
                                    place(run.component(kind, c, base + (key, i)) if kind else
                                          run.card(c, None, base + (key, i)), base + (key, i))
                                    for i, c in enumerate(pos[key])]
                self.give(state, key, items, base + (key,))
        if "garment_display" in pos:
            self._garment_display(pos["garment_display"], base + ("garment_display",))
        if "drawers" in pos:
            self._drawers(pos["drawers"], base + ("drawers",))
        if "counters" in pos:
            state["counters"].update(pos["counters"])
        _displays(run, pos, base, place, self.lists)
        for zid, ids in pos.get("zones", {}).items():
            zone_path: tuple = base + ("zones", zid)
            if zid not in state["zones"]:
                raise run.error(f"unknown zone {zid!r}" + did_you_mean(zid, state["zones"]),
                                zone_path)
            self._zone(state["zones"], zid, ids, zone_path)

    def _garment_display(self, given: list, path: tuple) -> None:
        size = len(self.run.game.side.garment_costs)
        if len(given) > size:
            raise self.run.error(f"the garment display has {size} spaces, not {len(given)}",
                                 path)
        items = [None if g is None else
                 self.place(self.run.component("garment", g, path + (i,)), path + (i,))
                 for i, g in enumerate(given)]
        items += [None] * (size - len(items))  # a short list: the cheaper spaces stay empty
        self.give(self.state, "garment_display", items, path)

    def _drawers(self, given: list, base: tuple) -> None:
        drawers = self.run.game.side.drawers
        if len(given) != drawers:
            raise self.run.error(f"the resource display has {drawers} drawers, "
                                 f"not {len(given)}", base)
        for d, drawer in enumerate(given):
            path = base + (d,)
            items = [None if t is None else
                     self.place(self.run.component("tile", t, path + (i,)), path + (i,))
                     for i, t in enumerate(drawer)]
            items += [None] * (self.run.game.side.tiles_per_drawer - len(items))  # empty spaces
            self.give(self.state["drawers"], d, items, path)

    def _zone(self, zones: dict, zid: str, ids: list, path: tuple) -> None:
        items = [self.place(_zone_item(self.run, zid, c, path + (i,)), path + (i,))
                 for i, c in enumerate(ids)]
        self.give(zones, zid, items, path)

    # -- a player --------------------------------------------------------------------------
    def player(self, ref: Any, entry: dict) -> None:
        """One player's resources, zones, piles, tiles, pieces, card in play, garments on
        guest spaces and funded decorations."""
        run, place = self.run, self.place
        ppath = ("position", "players", ref)
        seat = run.seat(seat_key(ref), ppath)
        player = self.state["players"][seat]
        self._resources(player, entry, ppath)
        for zid, ids in entry.get("zones", {}).items():
            zpath: tuple = ppath + ("zones", zid)
            if zid not in player.get("zones", {}):
                raise run.error(f"unknown zone {zid!r} of a player"
                                + did_you_mean(zid, player.get("zones", {})), zpath)
            self._zone(player["zones"], zid, ids, zpath)
        if "turn_card" in entry:  # a seat kind's card revealed for this turn
            player["turn_card"] = entry["turn_card"]
        for key in PILES:
            if key in entry:
                items = [place(run.card(c, seat, ppath + (key, i)), ppath + (key, i))
                         for i, c in enumerate(entry[key])]
                self.give(player, key, items, ppath + (key,))
        if "tiles" in entry:
            items = [place(run.component("tile", t, ppath + ("tiles", i)),
                           ppath + ("tiles", i)) for i, t in enumerate(entry["tiles"])]
            self.give(player, "tiles", items, ppath + ("tiles",))
        for kind, pieces in entry.get("owned", {}).items():
            opath = ppath + ("owned", kind)
            if kind not in run.rules.components:
                raise run.error(f"unknown component kind {kind!r}"
                                + did_you_mean(kind, run.rules.components), opath)
            items = [place(run.component("piece", x, opath + (i,)), opath + (i,))
                     for i, x in enumerate(pieces)]
            self.give(player["owned"], kind, items, opath)
        if entry.get("played") is not None:
            self.give(player, "played",
                      place(run.card(entry["played"], seat, ppath + ("played",)),
                            ppath + ("played",)), ppath + ("played",))
        self._spaces(seat, entry, ppath)

    def _resources(self, player: dict, entry: dict, ppath: tuple) -> None:
        for key in RESOURCES:
            if key in entry:
                player[key] = entry[key]
        for key, value in entry.get("resources", {}).items():
            if key not in self.run.rules.extra_resources:
                raise self.run.error(f"unknown resource {key!r}"
                                     + did_you_mean(key, self.run.rules.extra_resources),
                                     ppath + ("resources", key))
            player[key] = value

    def _spaces(self, seat: int, entry: dict, ppath: tuple) -> None:
        """The player's garments on guest spaces and funded decoration spaces."""
        side = self.run.game.side
        for space, g in entry.get("garments", {}).items():
            gpath = ppath + ("garments", space)
            self._space(space, side.guest_spaces, "guest space", gpath)
            if space in self.guests:
                raise self.run.error(f"guest space {space!r} is filled twice", gpath)
            garment = g if isinstance(g, str) else g["garment"]
            master = False if isinstance(g, str) else g.get("master_made", False)
            self.place(self.run.component("garment", garment, gpath), gpath)
            self.guests[space] = ({"garment": garment, "owner": seat, "master_made": master},
                                  gpath)
        for i, space in enumerate(entry.get("decorations", [])):
            dpath = ppath + ("decorations", i)
            self._space(space, side.decorations, "decoration space", dpath)
            if space in self.decorations:
                raise self.run.error(f"decoration {space!r} is funded twice", dpath)
            self.decorations[space] = (seat, dpath)

    def _space(self, space: str, known: Mapping[str, Any], what: str, path: tuple) -> None:
        if space not in known:
            side = self.run.game.side
            raise self.run.error(f"unknown {what} {space!r} on the {side.id} side"
                                 + did_you_mean(space, known), path)


def _board_values(run: ScenarioRun, pos: dict, base: tuple) -> None:
    """The round, the start player, the Queen's favor and the all halls bonus spaces."""
    state = run.state
    if "round" in pos:
        state["round"] = pos["round"]
    if "start_player" in pos:
        state["start_player"] = run.seat(pos["start_player"], base + ("start_player",))
    if "favor" in pos:
        state["favor"] = None if pos["favor"] is None else \
            run.seat(pos["favor"], base + ("favor",))
    if "all_halls" in pos:
        state["all_halls"] = [run.seat(s, base + ("all_halls", i))
                              for i, s in enumerate(pos["all_halls"])]


def _displays(run: ScenarioRun, pos: dict, base: tuple, place, lists: list) -> None:
    """A module's displays (`displays: {id: [piece or null, ...]}`), given exactly."""
    state = keyed(run.state)
    for did, row in pos.get("displays", {}).items():
        path = base + ("displays", did)
        if did not in state.get("displays", {}):
            raise run.error(f"unknown display {did!r}"
                            + did_you_mean(did, state.get("displays", {})), path)
        size = len(state["displays"][did])
        if len(row) != size:
            raise run.error(f"the display {did!r} has {size} spaces, not {len(row)}", path)
        items = [None if x is None else place(run.component("piece", x, path + (i,)),
                                              path + (i,)) for i, x in enumerate(row)]
        lists.append((state["displays"], did, items, path))


def _zone_item(run: ScenarioRun, zone_id: str, ref: str, path: tuple) -> str:
    """An id placed in a zone, of the kind the zone holds."""
    holds = run.rules.zone(zone_id).holds
    if holds == "employees":
        return run.card(ref, None, path)
    if holds == "cards":  # a seat kind's own cards
        known = [c for k in run.rules.seat_kinds for c in k.cards]
        if ref not in known:
            raise run.error(f"unknown card {ref!r} of a seat kind" + did_you_mean(ref, known),
                            path)
        return ref
    return run.component({"garments": "garment", "tiles": "tile"}.get(holds, "piece"), ref, path)


def _move(run: ScenarioRun, placed: dict, lists: list, guests: dict) -> None:
    """Take every placed id from wherever it is, fill the given places exactly, and send
    what they held back to its bag (garments, tiles), the hire deck (hire cards) or out of
    the game (start cards, or anything whose bag was itself given)."""
    state = keyed(run.state)
    for cid in placed:
        _take(state, cid)
    explicit = {(id(container), key) for container, key, _, _ in lists}
    displaced: list[str] = []
    for container, key, items, _ in lists:
        old = container[key]
        old = [old] if isinstance(old, str) else [x for x in (old or []) if x is not None]
        displaced += [x for x in old if x not in placed]
        container[key] = items
    for space, (guest, _) in guests.items():
        if space in state["guests"]:
            displaced.append(state["guests"][space]["garment"])
        state["guests"][space] = guest
    home: str | None
    for cid in displaced:
        if _seat_card(run.rules, cid):
            continue  # put back by _seat_decks
        piece = run.rules.pieces.get(cid)
        if piece is not None:  # back to where its kind starts, unless that zone is given
            start = run.rules.components[piece.kind].start_in
            if (id(state["zones"]), start) not in explicit:
                state["zones"][start].append(cid)
            continue
        if cid in run.rules.garments:
            home = "garment_bag"
        elif cid in run.rules.tiles:
            home = "resource_bag"
        elif run.rules.employees[cid].start:
            home = "removed_employees"
        elif run.rules.employees[cid].start_in is not None:  # back to the zone it starts in
            zone = run.rules.employees[cid].start_in
            if (id(state["zones"]), zone) not in explicit:
                state["zones"][zone].append(cid)
                continue
            home = "removed_employees"
        else:
            home = "hire_deck"
        if (id(state), home) in explicit:
            home = "removed_employees" if cid in run.rules.employees else None
        if home and (id(state), home) not in explicit:
            state[home].append(cid)
    _seat_decks(run, explicit)


def _seat_card(rules, cid: str) -> bool:
    return any(cid in k.cards for k in rules.seat_kinds)


def _seat_decks(run: ScenarioRun, explicit: set) -> None:
    """A seat kind's own cards the scenario did not place go back to its supply (or, when the
    supply is given, its discard pile, then its hand), as they came: each card stays once."""
    for p in run.state["players"]:
        kind = next((k for k in run.rules.seat_kinds if k.id == p.get("kind")), None)
        if kind is None or not kind.cards:
            continue
        zones = p["zones"]
        held = {c for z in kind.zones for c in zones[z]}
        missing = [c for c in sorted(kind.cards) if c not in held]
        home = next((z for z in (kind.zones[0], kind.zones[2], kind.zones[1])
                     if (id(zones), z) not in explicit), None)
        if home is not None:
            zones[home].extend(missing)


def _take(state: dict[str, Any], cid: str) -> None:
    """Remove one component id from wherever it is in the state."""
    for key in BOARD_LISTS:
        while key != "hire_display" and cid in state[key]:
            state[key].remove(cid)
    state["hire_display"] = [None if c == cid else c for c in state["hire_display"]]
    for drawer in state["drawers"]:
        drawer[:] = [None if t == cid else t for t in drawer]
    state["garment_display"] = [None if g == cid else g for g in state["garment_display"]]
    for where in ("guests", "balcony"):
        for space in [s for s, g in state[where].items() if g["garment"] == cid]:
            del state[where][space]
    for items in state["zones"].values():
        while cid in items:
            items.remove(cid)
    for row in state.get("displays", {}).values():
        while cid in row:
            row[row.index(cid)] = None
    for p in state["players"]:
        for items in p.get("owned", {}).values():
            while cid in items:
                items.remove(cid)
        for key in PILES + ("tiles",):
            while cid in p[key]:
                p[key].remove(cid)
        for zone in p.get("zones", {}).values():
            while cid in zone:
                zone.remove(cid)
        if p["played"] == cid:
            p["played"] = None
