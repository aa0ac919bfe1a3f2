"""A new game's state: plain JSON data, with the random generator's state inside it."""
from __future__ import annotations

import sys
from typing import Any, cast

from . import components, rng, seats
from .journal import Journal
from .model import Ruleset, Zone
from .state import State, keyed


def new_state(rules: Ruleset, players: int | None, seed: int) -> State:
    """Set up the board for `players` seats: decks, bags, displays and personal supplies.

    With a solo mode's seat kinds, the seats are its people's then its automata's, and
    `players` (None for that number) must count them all."""
    plan = seats.seat_plan(rules, rules.humans or 0) if rules.seat_kinds else None
    players = _seat_count(rules, players, plan)
    side = rules.side_for(players)
    state: dict[str, Any] = {"rng": rng.seed_state(seed)}
    tx = Journal()  # setup is never rolled back; the journal only carries the rng
    starts = start_piles(rules)
    # each board pile laid from its parts, a part shuffled where the zone's start says so (a
    # hire deck's levels, level I on top), in the rules' order: the generator's draws as ever
    piles = {zone: [card for part in parts
                    for card in (rng.shuffled(part, state, tx) if shuffle else part)]
             for zone, (parts, shuffle) in starts["board"].items()}
    state.update({
        "version": 1,
        "ruleset": rules.fingerprint,
        "modules": list(rules.modules),
        "seed": seed,
        "side": side.id,
        "round": 0,
        "start_player": rng.next_int(state, tx, players),
        "favor": None,
        **piles,
        "drawers": [[None] * side.tiles_per_drawer for _ in range(side.drawers)],
        "garment_display": [None] * len(side.garment_costs),
        "guests": {},
        "balcony": {},
        "decorations": {},
        "all_halls": [],
        "players": [_new_player(rules, seat) for seat in range(players)],
        # the zones modules declare, each with what starts in it (per-player ones are in the
        # players' own `zones`)
        "zones": {zone: list(pile) for zone, pile in starts["zones"].items()},
        "modifiers": [],
        "fired": [],
        **({"counters": dict(rules.counters)} if rules.counters else {}),
        "cursor": None,
        "finished": False,
    })
    if rules.displays and any(not d.game for d in rules.displays):
        state["displays"] = components.new_displays(rules, side)
    # built key by key (the board zones are the rules' data); tests/test_state_types.py holds
    # what it builds to the save schema, and the schema to State
    made = cast(State, state)
    if plan is not None:
        _seat_kinds(rules, made, plan)
    return made


def _seat_count(rules: Ruleset, players: int | None, plan: list[str] | None) -> int:
    """How many seats: as asked (4 by default, a solo mode's own count), checked."""
    if players is None:
        players = len(plan) if plan is not None else 4
    if plan is not None and players != len(plan):
        raise ValueError(seats.plan_text(rules, plan, players))
    if not 2 <= players <= len(rules.colors):
        raise ValueError(f"the base game is for 2 to {len(rules.colors)} players, not {players}")
    return players


def _new_player(rules: Ruleset, seat: int) -> dict[str, Any]:
    """A seat's supplies as set-up gives them: its colour's start cards, the starting money
    and silk, and empty places for everything else."""
    setup, color = rules.setup, rules.colors[seat]
    player: dict[str, Any] = {
        "seat": seat,
        "color": color,
        "livre": setup["livre"],
        "prestige": 0,
        "thread": setup["thread"],
        "lace": setup["lace"],
        **rules.extra_resources,
        "tiles": [],
        "supply": [f"start.{color}.{t.id}" for t in rules.start_cards],
        "hand": [],
        "discard": [],
        "played": None,
        # a garment between the display and a guest space (or the bank) while its owner
        # decides where it goes
        "tailoring": None,
        # cards being deputed: still on the staff until their last bonus is used
        "deputing": [],
        "score": {},
        # the pieces of the kinds modules declare, and those rented along with a garment
        **components.new_holdings(rules),
    }
    own = [z.id for z in rules.zones if z.per_player]
    if own:
        player["zones"] = {z: [] for z in own}
    return player


def _starting_in(rules: Ruleset, zone_id: str) -> list[str]:
    """The garments, employees and pieces of declared kinds whose `start_in` is this zone."""
    return sorted([g.id for g in rules.garments.values() if g.start_in == zone_id] +
                  [c.id for c in rules.employees.values() if c.start_in == zone_id] +
                  [p.id for p in rules.pieces.values()
                   if rules.components[p.kind].start_in == zone_id])


def _seat_kinds(rules: Ruleset, state: State, plan: list[str]) -> None:
    """Each seat's kind, with what a seat of that kind starts with and the zones it has."""
    for player, kind_id in zip(state["players"], plan, strict=True):
        player["kind"] = kind_id
        kind = seats.kind_of(rules, state, player["seat"])
        if kind is None:
            continue
        keyed(player).update(kind.setup)
        if kind.cards:  # its own deck starts in its supply zone
            player["zones"][kind.zones[0]] = sorted(kind.cards)
    takers = [p["seat"] for p in state["players"]
              if (k := seats.kind_of(rules, state, p["seat"])) is not None and k.start_player]
    if takers:
        state["start_player"] = takers[0]


def start_piles(rules: Ruleset) -> dict[str, dict[str, tuple]]:
    """The piles a new game lays before any shuffle, fixed by the ruleset and so worked out
    once (kept in `rules.start_piles`; every new game of it filtered and sorted the same
    cards again): `board`, each board zone's parts and whether each is shuffled; `zones`, what
    each game zone of a module starts with."""
    made = rules.start_piles
    if not made:
        # the zone ids as interned text: they are the state's keys, which the compiled code
        # reads with its own interned literals (an equal text that is another object is
        # compared in full at every look-up)
        made["board"] = {sys.intern(z.id): _starting(rules, z) for z in rules.board_zones}
        made["zones"] = {z.id: tuple(_starting_in(rules, z.id)) for z in rules.zones
                         if not z.per_player}
    return made


def _starting(rules: Ruleset, zone: Zone) -> tuple[tuple[list[str], ...], bool]:
    """What one of the game's piles starts with, as game.yaml declares it: its parts (read,
    never changed: `new_state` copies them), and whether each is shuffled (a hire deck: each
    level, in deck order, level I on top)."""
    if zone.start == "hire_deck":
        return tuple(sorted(c.id for c in rules.employees.values()
                            if not c.start and c.level == level and c.start_in is None)
                     for level in rules.hire_levels), True
    if zone.start == "all" and zone.holds == "garments":
        return (sorted(g.id for g in rules.garments.values() if g.start_in == zone.id),), False
    if zone.start == "all" and zone.holds == "tiles":
        return (sorted(rules.tiles),), False
    return (), False
