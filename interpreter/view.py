"""What one player may see: others' tiles and hands, bag order and the generator are hidden."""
from __future__ import annotations

import copy


def player_view(state: dict, seat: int) -> dict:
    view = copy.deepcopy(state)
    # the seed replays every shuffle, so it is as secret as the generator itself
    for key in ("rng", "seed", "answers", "history"):
        view.pop(key, None)
    view["hire_deck"] = len(state["hire_deck"])
    view["resource_bag"] = len(state["resource_bag"])
    view["garment_bag"] = len(state["garment_bag"])
    for p in view["players"]:
        if p["seat"] != seat:
            p["tiles"] = len(p["tiles"])
            p["hand"] = len(p["hand"])
            p["supply"] = len(p["supply"])
    pending = view.get("pending")
    if pending is not None and pending["seat"] != seat:
        view["pending"] = {"seat": pending["seat"], "kind": pending["kind"]}
    return view
