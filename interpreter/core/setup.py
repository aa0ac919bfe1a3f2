"""A new game's state: plain JSON data, with the random generator's state inside it."""
from __future__ import annotations

from . import components, rng
from .journal import Journal
from .model import Ruleset


def new_state(rules: Ruleset, players: int, seed: int) -> dict:
    """Set up the board for `players` players: decks, bags, displays and personal supplies."""
    if not 2 <= players <= len(rules.colors):
        raise ValueError(f"the base game is for 2 to {len(rules.colors)} players, not {players}")
    side = rules.side_for(players)
    state: dict = {"rng": rng.seed_state(seed)}
    tx = Journal()  # setup is never rolled back; the journal only carries the rng
    piles = {z.id: _starting(rules, z, state, tx) for z in rules.board_zones}
    setup = rules.setup
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
        "drawers": [[] for _ in range(side.drawers)],
        "garment_display": [None] * len(side.garment_costs),
        "guests": {},
        "balcony": {},
        "decorations": {},
        "all_halls": [],
        "players": [],
        # the zones modules declare, each with what starts in it
        "zones": {z.id: sorted([g.id for g in rules.garments.values() if g.start_in == z.id] +
                               [p.id for p in rules.pieces.values()
                                if rules.components[p.kind].start_in == z.id])
                  for z in rules.zones},
        "modifiers": [],
        "fired": [],
        "cursor": None,
        "finished": False,
    })
    if rules.displays and any(not d.game for d in rules.displays):
        state["displays"] = components.new_displays(rules, side)
    for seat in range(players):
        color = rules.colors[seat]
        state["players"].append({
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
        })
    return state


def _starting(rules: Ruleset, zone, state: dict, tx) -> list[str]:
    """What one of the game's piles starts with, as game.yaml declares it."""
    if zone.start == "hire_deck":  # level I on top: each level shuffled, in deck order
        deck: list[str] = []
        for level in rules.hire_levels:
            cards = sorted(c.id for c in rules.employees.values()
                           if not c.start and c.level == level)
            deck += rng.shuffled(cards, state, tx)
        return deck
    if zone.start == "all" and zone.holds == "garments":
        return sorted(g.id for g in rules.garments.values() if g.start_in == zone.id)
    if zone.start == "all" and zone.holds == "tiles":
        return sorted(rules.tiles)
    return []
