"""What one player may see: others' tiles and hands, bag order and the generator are hidden."""
from __future__ import annotations

from .decisions import Decision
from .journal import copy_json
from .model import Ruleset
from .state import Player, State, keyed


def player_view(state: State, seat: int, decision: Decision | None = None,
                rules: Ruleset | None = None) -> dict:
    """A copy of the live state for `seat`, with the pending decision (in full only for the
    seat that must answer it)."""
    view = copy_json(state)
    # the seed replays every shuffle, so it is as secret as the generator itself
    for key in ("rng", "seed"):
        view.pop(key, None)
    for zone in (rules.board_zones if rules is not None else ()):
        if not zone.visible:  # a hidden pile shows only how many it holds
            view[zone.id] = len(keyed(state)[zone.id])
    for zone in (rules.zones if rules is not None else ()):
        if zone.per_player:  # its owner sees it; the others see it only if it is visible
            for p in view["players"]:  # (or if the owner's kind keeps it face up)
                if not zone.visible and p["seat"] != seat and not _face_up(rules, p, zone.id):
                    p["zones"][zone.id] = len(p["zones"][zone.id])
        elif not zone.visible:
            view["zones"][zone.id] = len(state["zones"][zone.id])
    secret = rules.private if rules is not None and not state.get("finished") else ()
    for p in view["players"]:
        if p["seat"] != seat:
            for key in secret:  # e.g. prestige kept face down until the final scoring
                p[key] = None
            p["tiles"] = len(p["tiles"])
            p["hand"] = len(p["hand"])
            p["supply"] = len(p["supply"])
            for kind in (rules.components.values() if rules is not None else ()):
                if kind.visible != "all" and kind.id in p.get("owned", {}):
                    p["owned"][kind.id] = len(p["owned"][kind.id])
    if decision is None:
        view["pending"] = None
    elif decision.seat == seat:
        view["pending"] = decision.to_json()
    else:
        view["pending"] = {"seat": decision.seat, "kind": decision.kind}
    return view


def _face_up(rules: Ruleset | None, player: Player, zone_id: str) -> bool:
    """Whether this player's kind of seat keeps its pile of this per-player zone face up."""
    if rules is None:
        return False
    kind = next((k for k in rules.seat_kinds if k.id == player.get("kind")), None)
    return kind is not None and zone_id in kind.public_zones
