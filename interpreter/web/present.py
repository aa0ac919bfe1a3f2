"""What a page receives: a viewer's view of the game, the names of the ids in it, the board's
fixed layout, what a move changed as that viewer saw it, and the explain trace they may read.

Everything a seat's page gets is derived from `game.view(seat)` (or, for the explain trace,
filtered by the places that view hides), so it never holds what that seat may not see. A
spectator sees what every seat may see (`view(-1)`: no hand, tiles or supply of anybody).
"""
from __future__ import annotations

import re
from typing import Any

from ..core.journal import copy_json
from ..core.model import MUSICIANS

SPECTATOR = -1
_SECRET_KEYS = ("rng", "seed")


def view_for(game, seat: int | None) -> dict:
    """The position as `seat` sees it; None: the whole state (a replay of a finished record)."""
    if seat is not None:
        return game.view(seat)
    view = copy_json(game.state)
    for key in _SECRET_KEYS:
        view.pop(key, None)
    decision = game.decision()
    view["pending"] = None if decision is None else decision.to_json()
    return view


def strings(data: Any) -> set[str]:
    """Every string in a JSON tree, keys included."""
    out: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.add(node)
        elif isinstance(node, dict):
            out.update(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def is_id(game, value: str) -> bool:
    rules, side = game.rules, game.side
    return any(value in table for table in (rules.employees, rules.garments, rules.tiles,
                                             rules.actions, side.guest_spaces, side.decorations,
                                             rules.pieces))  # a module's pieces: jewels...


def labels(game, view: dict) -> dict[str, str]:
    """How each id in `view` reads to a person (only the ids the view holds)."""
    return {s: game.label(s) for s in sorted(strings(view)) if is_id(game, s)}


def layout(game) -> dict:
    """The board's fixed parts: halls and their guest spaces, decorations, display costs."""
    rules, side = game.rules, game.side
    return {
        "rounds": rules.rounds,
        "garment_costs": list(side.garment_costs),
        "halls": [{"id": h.id, "name": rules.term(h.id, h.name), "majority": list(h.majority),
                   "musician": h.musician,
                   "spaces": [{"id": s, "master": side.guest_spaces[s].master,
                               "label": game.label(s)}
                              for s in h.guest_spaces]} for h in side.halls],
        "decorations": [{"id": d.id, "area": rules.word(d.area), "label": game.label(d.id),
                         "name": game.label(d.id).split(" (")[0], "cost": d.cost,
                         "prestige": d.prestige, "multiplier": d.multiplier,
                         "musician": d.area == MUSICIANS} for d in side.decorations.values()],
        # the modules' priced displays (the Jewelry display...), slot by slot
        "displays": [{"id": d.id, "name": rules.term(d.id, d.name), "prices": list(d.prices)}
                     for d in rules.displays if not d.game],
        # what players hold of a module's kinds (jewels...), and its counters (exams...)
        "components": [{"id": k.id, "name": k.name} for k in rules.components.values()],
        "counters": {k: rules.word(k) for k in rules.extra_resources},
        "balcony": rules.term("balcony", "Balcony"),
        # the final score sheet's rows: prestige gained in the rounds, then each scoring step
        "final_steps": [{"id": "play", "name": "during the rounds"},
                        *({"id": p.id, "name": p.name} for p in rules.final_phases)],
        "left": [f"{rules.word(key)} left" for key in rules.ranking[1:]],
        "zones": [{"id": z.id, "name": z.name} for z in rules.zones if not z.per_player],
        # one pile per player (a solo automaton's deck, a specialised Apprentice): a column
        "player_zones": [{"id": z.id, "name": z.name} for z in rules.zones if z.per_player],
        "words": {k: rules.word(k) for k in ("livre", "prestige", "thread", "lace")},
    }


# -- the explain trace a viewer may read -------------------------------------------------------
def hidden_places(game, seat: int | None) -> tuple[set[str], set[str]]:
    """The places (as the explain trace names them) whose content `seat` may not see: other
    players' own (hand, tiles, supply, face-down counters) and the face-down piles."""
    if seat is None:
        return set(), set()
    rules, state = game.rules, game.state
    private = ("tiles", "hand", "supply") + (() if state["finished"] else tuple(rules.private))
    players = {f"{p['color']}.{key}" for p in state["players"] if p["seat"] != seat
               for key in private}
    piles = {z.id for z in rules.board_zones if not z.visible} | \
        {f"zones.{z.id}" for z in rules.zones if not z.visible}
    return players, piles


_PLACE = re.compile(r"[A-Za-z_][\w]*(?:\.[\w]+)*")


def explain(game, decision: int, seat: int | None) -> list[dict]:
    """The changes made after answer number `decision` (0: set-up and the first steps), each
    with the rule that made it. For a seat, a change is left out (and counted) when it touches
    another player's hand, tiles, supply or face-down counter, or a face-down pile unless
    every id it names is in that seat's view now (a card dealt from the deck to the display)."""
    players, piles = hidden_places(game, seat)
    seen = strings(view_for(game, seat)) if seat is not None else set()
    rows, withheld = [], 0
    for change in game.explain():
        if change.decision != decision:
            continue
        named = {m.group(0) for m in _PLACE.finditer(change.text)}

        def touches(places: set[str], named=named) -> bool:
            return any(n == h or n.startswith(h + ".") for n in named for h in places)
        if touches(players) or (touches(piles) and
                                any(is_id(game, n) and n not in seen for n in named)):
            withheld += 1
            continue
        rows.append({"step": change.step, "owner": change.owner,
                     "where": None if change.where is None else str(change.where),
                     "source": change.source, "text": change.text})
    return [*rows, *([{"withheld": withheld}] if withheld else [])]
