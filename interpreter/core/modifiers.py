"""Lasting modifiers: "this round, your hires cost 1 less" as data in the state.

The `reduce_cost` verb records `{"seat", "cost", "by", "until"}` in `state["modifiers"]`; a
`whenever` statement, and the `start_trigger` verb for a declared trigger with `until:`, record
`{"seat", "trigger", "event", "until"}` (a trigger that lasts, run by core/events.py); the
verbs that charge a price ask `reduction(ctx, cost)`; the flow removes a modifier when its
time is up (`turn_end`, `round_end`, or `game_end`: never).
"""
from __future__ import annotations

COSTS = ("hiring", "acquiring", "tailoring", "funding")
LIFETIMES = ("turn_end", "round_end", "game_end")


def reduce_cost(ctx, args) -> None:
    amount = int(args["by"]())
    if amount:
        ctx.tx.append(ctx.state["modifiers"], {"seat": ctx.seat, "cost": args["on"](),
                                               "by": amount, "until": args["until"]()
                                               if "until" in args else "turn_end"})


def start_trigger(ctx, args) -> None:
    """`start_trigger trigger ID`: the declared trigger ID (one with a lifetime) listens for the
    acting player from now until its `until`."""
    trigger = ctx.rules.started[args["trigger"]()]
    ctx.start_trigger(trigger.id, trigger.on, trigger.until)


def reduction(ctx, cost: str) -> int:
    """How much less the acting seat pays for `cost` now."""
    mods = ctx.state["modifiers"]
    if not mods:  # the usual case: nothing lasting
        return 0
    return sum(m["by"] for m in mods if m["seat"] == ctx.seat and m.get("cost") == cost)


def expire(state: dict, tx, until: str, seat: int | None = None) -> None:
    """Drop the modifiers whose time is up (for one seat, or for everyone)."""
    mods = state["modifiers"]
    for i in range(len(mods) - 1, -1, -1):
        if mods[i]["until"] == until and (seat is None or mods[i]["seat"] == seat):
            tx.pop(mods, i)
