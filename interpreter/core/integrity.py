"""The game's invariants, checked on any position: every component in exactly one place, no
negative resources, a staff never below its minimum, ids that exist. Loading a save refuses a
state that breaks one; the property tests check them at every decision of many games."""
from __future__ import annotations

from collections import Counter, _count_elements  # type: ignore[attr-defined]
from collections.abc import Iterable

from .board import staff_size
from .model import BoardSide, Ruleset
from .state import State, keyed


def expected_components(rules: Ruleset, state: State) -> tuple[Counter, Counter, Counter]:
    """Employees, garments and tiles a game with these seats is played with (worked out once
    for a ruleset and its seats' colours: a save is checked twice as it loads, a property test
    at every decision). The counters are shared: read them, never change them."""
    colors = tuple(p["color"] for p in state["players"])
    found = rules.expected_components.get(colors)
    if found is None:
        levels = set(rules.hire_levels)
        employees = [c.id for c in rules.employees.values()
                     if not c.start and (c.level in levels or c.start_in is not None)]
        employees += [f"start.{color}.{c.id}" for color in colors for c in rules.start_cards]
        found = rules.expected_components[colors] = (
            Counter(employees), Counter(list(rules.garments)), Counter(list(rules.tiles)))
    return found


def located_components(state: State, rules: Ruleset | None = None
                       ) -> tuple[Counter, Counter, Counter]:
    """Where every employee, garment and tile of the state is, counted."""
    employees = list(state["hire_deck"]) + [c for c in state["hire_display"] if c is not None] \
        + list(state["removed_employees"])
    tiles = list(state["resource_bag"]) + list(state["resource_discard"])
    tiles += [t for drawer in state["drawers"] for t in drawer if t is not None]
    garments = list(state["garment_bag"]) + list(state["garment_discard"])
    garments += [g for g in state["garment_display"] if g is not None]
    garments += [g["garment"] for g in state["guests"].values()]
    garments += [g["garment"] for g in state["balcony"].values()]
    by_kind = {"employees": employees, "garments": garments, "tiles": tiles}
    for zone, items in state["zones"].items():
        holds = rules.zone(zone).holds if rules is not None else "garments"
        if holds in by_kind:
            by_kind[holds].extend(items)
    for d in (rules.displays if rules is not None else ()):
        if d.holds in by_kind and not d.game:
            by_kind[d.holds].extend(x for x in state["displays"][d.id] if x is not None)
    for p in state["players"]:
        for zone, items in p.get("zones", {}).items():
            holds = rules.zone(zone).holds if rules is not None else "employees"
            if holds in by_kind:
                by_kind[holds].extend(items)
        employees += p["supply"] + p["hand"] + p["discard"]
        if p["played"] is not None:
            employees.append(p["played"])
        if (tailoring := p.get("tailoring")) is not None:
            garments.append(tailoring)
        tiles += p["tiles"]
    return _counted(employees), _counted(garments), _counted(tiles)


def _counted(items: Iterable[str]) -> Counter:
    """`Counter(items)` without its Python-level checks (a save is checked twice as it loads):
    `_count_elements` is the loop in C that Counter.update runs."""
    counts: Counter = Counter()
    _count_elements(counts, items)
    return counts


def piece_problems(rules: Ruleset, state: State) -> list[str]:
    """Every piece of a declared kind in exactly one place: a zone, a display, a player."""
    if not rules.components:
        return []
    located: Counter = Counter()
    for zone, items in state["zones"].items():
        if rules.zone(zone).holds in rules.components:
            located.update(items)
    for d in rules.displays:
        if d.holds in rules.components:
            located.update(x for x in state.get("displays", {}).get(d.id, ()) if x is not None)
    for p in state["players"]:
        for kind in rules.components:
            located.update(p.get("owned", {}).get(kind, ()))
    out = []
    for item, n in sorted(located.items()):
        if item not in rules.pieces:
            out.append(f"unknown component {item!r}")
        elif n > 1:
            out.append(f"{rules.pieces[item].kind} {item!r} is in {n} places")
    out += [f"{rules.pieces[item].kind} {item!r} is missing" for item in sorted(rules.pieces)
            if item not in located]
    return out


def seat_card_problems(rules: Ruleset, state: State) -> list[str]:
    """Each seat of a kind with cards of its own holds its whole deck in its own zones, every
    card once; no other seat holds any."""
    out: list[str] = []
    kinds = {k.id: k for k in rules.seat_kinds}
    card_zones = [z.id for z in rules.zones if z.per_player and z.holds == "cards"]
    if not card_zones and not any(k.cards for k in rules.seat_kinds):
        return out  # no seat can hold cards of its own, and none should
    for p in state["players"]:
        kind = kinds.get(p.get("kind", "human"))
        held: Counter = Counter()
        for z in card_zones:
            _count_elements(held, p["zones"][z])
        want = _counted(kind.cards) if kind is not None else Counter()
        if not dict.__eq__(held, want):  # as plain dicts, in C (no count is 0)
            out.append(f"seat {p['seat']}'s own cards are not its kind's deck, each once")
    return out


def counter_problems(rules: Ruleset, state: State) -> list[str]:
    """The game-level counters the modules declare, each kept (and no other): a save
    without one would load and then fail at the first rule that reads it."""
    have, declared = set(state.get("counters", {})), set(rules.counters)
    out = [f"the counters {sorted(declared - have)} are missing"] if declared - have else []
    return out + ([f"unknown counters {sorted(have - declared)}"] if have - declared else [])


def kind_problems(rules: Ruleset, state: State) -> list[str]:
    """Each seat of a kind these rules have, people first and then each declared kind as many
    times as it is seated: a save whose automaton became another kind would load and then fail
    where its kind is looked up."""
    kinds = [p.get("kind", "human") for p in state["players"]]
    known = ["human", *(k.id for k in rules.seat_kinds)]
    for seat, kind in enumerate(kinds):
        if kind not in known:
            return [f"seat {seat} is of kind {kind!r}, which these rules do not have "
                    f"({', '.join(known)})"]
    automata = sum(k.count for k in rules.seat_kinds)
    plan = ["human"] * max(0, len(kinds) - automata) + \
        [k.id for k in rules.seat_kinds for _ in range(k.count)]
    return [] if kinds == plan else [f"the seats are of the kinds {kinds}, not the {plan} "
                                     "these rules seat"]


def problems(rules: Ruleset, state: State, side: BoardSide) -> list[str]:
    """Every broken invariant of `state`, as short sentences (empty when the state is sound)."""
    shared = {z.id for z in rules.zones if not z.per_player}
    own = {z.id for z in rules.zones if z.per_player}
    if set(state["zones"]) != shared:
        return [f"the zones {sorted(state['zones'])} are not the ruleset's {sorted(shared)}"]
    if any(set(p.get("zones", {})) != own for p in state["players"]):
        return [f"a player's own zones are not the ruleset's {sorted(own)}"]
    return [*component_problems(rules, state), *piece_problems(rules, state),
            *seat_card_problems(rules, state), *counter_problems(rules, state),
            *kind_problems(rules, state), *player_problems(rules, state),
            *board_problems(rules, state, side)]


def component_problems(rules: Ruleset, state: State) -> list[str]:
    """Each employee, garment and tile in exactly one place, and none unknown."""
    out: list[str] = []
    expected, located = expected_components(rules, state), located_components(state, rules)
    for name, exp, got in zip(("employee", "garment", "tile"), expected, located):
        if dict.__eq__(got, exp):  # as plain dicts, in C: every count equal (none is 0)
            continue
        for item, _n in sorted((got - exp).items()):
            if item in exp:
                out.append(f"{name} {item!r} is in {got[item]} places")
            else:
                out.append(f"unknown {name} {item!r}")
        for item in sorted(exp - got):
            out.append(f"{name} {item!r} is missing")
    return out


def player_problems(rules: Ruleset, state: State) -> list[str]:
    """No resource below zero, no staff below the minimum."""
    out: list[str] = []
    for p in state["players"]:
        for key in ("livre", "prestige", "thread", "lace", *rules.extra_resources):
            if keyed(p)[key] < 0:
                out.append(f"seat {p['seat']} has {keyed(p)[key]} {key}")
        staff = staff_size(p)
        if staff < rules.setup["min_staff"]:
            out.append(f"seat {p['seat']} has a staff of {staff}, below the minimum of "
                       f"{rules.setup['min_staff']}")
    return out


def board_problems(rules: Ruleset, state: State, side: BoardSide) -> list[str]:
    """The board's spaces, displays and seats' markers as the board side and the seats allow."""
    out: list[str] = []
    seats = range(len(state["players"]))
    for where, owners in (("decoration", state["decorations"].values()),
                          ("guest", (g["owner"] for g in state["guests"].values())),
                          ("balcony", (g["owner"] for g in state["balcony"].values()))):
        if any(o not in seats for o in owners):
            out.append(f"a {where} belongs to a seat that is not in the game")
    for name, spaces, known in (("guest space", state["guests"], side.guest_spaces),
                                ("decoration space", state["decorations"], side.decorations),
                                ("balcony space", state["balcony"], side.decorations)):
        for space in spaces:
            if space not in known:
                out.append(f"unknown {name} {space!r}")
    if len(state["garment_display"]) != len(side.garment_costs):
        out.append("the garment display has the wrong number of places")
    for d in rules.displays:
        if not d.game and len(state["displays"][d.id]) != len(d.prices):
            out.append(f"the display {d.id!r} has the wrong number of places")
    if len(state["drawers"]) != side.drawers or \
            any(len(d) != side.tiles_per_drawer for d in state["drawers"]):
        out.append("the resource display holds the wrong number of tiles")
    if not 0 <= state["start_player"] < len(state["players"]) or \
            (state["favor"] is not None and state["favor"] not in seats):
        out.append("the start player or the queen's favor is not a seat")
    if len(set(state["all_halls"])) != len(state["all_halls"]) or \
            len(state["all_halls"]) > len(side.all_halls) or \
            any(s not in seats for s in state["all_halls"]):
        out.append("the all halls bonus spaces are not held by distinct seats")
    if not 0 <= state["round"] <= rules.rounds:
        out.append(f"round {state['round']} is not a round of this game")
    return out
