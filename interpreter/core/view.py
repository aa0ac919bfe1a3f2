"""What one player may see: others' tiles and hands, bag order and the generator are hidden."""
from __future__ import annotations

from .decisions import Decision
from .journal import copy_json
from .model import Ruleset
from .state import State, keyed


def player_view(state: State, seat: int, decision: Decision | None = None,
                rules: Ruleset | None = None) -> dict:
    """A copy of the live state for `seat`, with the pending decision (in full only for the
    seat that must answer it)."""
    view = copy_json(state)
    # the seed replays every shuffle, so it is as secret as the generator itself
    for key in ("rng", "seed"):
        view.pop(key, None)
    hidden = rules.hidden if rules is not None else None
    if hidden is not None:
        for zone_id in hidden.board_zones:  # a hidden pile shows only how many it holds
            view[zone_id] = len(keyed(state)[zone_id])
        for zone_id in hidden.game_zones:
            view["zones"][zone_id] = len(state["zones"][zone_id])
    secret = hidden.private if hidden is not None and not state.get("finished") else ()
    for p in view["players"]:
        if p["seat"] != seat:
            for key in secret:  # e.g. prestige kept face down until the final scoring
                p[key] = None
            p["tiles"] = len(p["tiles"])
            p["hand"] = len(p["hand"])
            p["supply"] = len(p["supply"])
            if hidden is None:
                continue
            for zone_id in hidden.player_zones:  # its owner sees it, the others its count
                if not hidden.sees(p, zone_id):  # (unless the owner's kind keeps it face up)
                    p["zones"][zone_id] = len(p["zones"][zone_id])
            owned = p.get("owned", {})
            for kind_id in hidden.owned:
                if kind_id in owned:
                    owned[kind_id] = len(owned[kind_id])
    if decision is None:
        view["pending"] = None
    elif decision.seat == seat:
        view["pending"] = decision.to_json()
    else:
        view["pending"] = {"seat": decision.seat, "kind": decision.kind}
    return view

