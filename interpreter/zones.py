"""Zones: the bags and discard piles of the base game, and the places modules declare in data
(`zones:` in a flow document), such as a pile set aside until the end of round 1's Phase 1."""
from __future__ import annotations

BUILT_IN = ("garment_bag", "garment_discard", "resource_bag", "resource_discard")


def contents(state: dict, zone: str) -> list:
    return state[zone] if zone in BUILT_IN else state["zones"][zone]


def move_all(ctx, args) -> None:
    """Put everything in one zone into another (into a bag: it is mixed in, as draws are
    random)."""
    source, target = contents(ctx.state, args["zone"]()), contents(ctx.state, args["into"]())
    while source:
        ctx.tx.append(target, ctx.tx.pop(source, 0))
