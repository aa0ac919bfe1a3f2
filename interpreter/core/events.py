"""Events and triggers: the verbs announce what happened; rules written as data react.

A verb calls `announce(ctx, "tailor", garment=...)` after a garment is tailored, rented (chosen
to be rented, before it is placed), placed, sold, a
tile acquired, an employee hired, deputed or played, a decoration funded.
Every trigger of the ruleset listening to that event runs for the acting seat, if its owner is
in play for that seat (a module's trigger always is; a card's while it is on the seat's staff;
a decoration's while the seat holds it; a garment's while the seat has it on the board), and
within its limit (`once` a game, `once_per_round`); a seat whose kind reads a module trigger
its own way (seats.trigger_reading) runs that reading instead. The event's details are the names
`event.garment`, `event.card`, `event.tile`, `event.space`, `event.kept` inside the triggered
effect. A trigger an effect started (`whenever ... before ...`, or `start_trigger` for a declared
trigger with `until:`) is a modifier in the state: it runs for the seat that started it, while
the modifier lasts, within the declared trigger's limit.
A garment's own hooks (`on_tailor`, `on_place`, `on_sell`) run through `run_hook`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import board, seats
from .context import Context
from .model import Effect, Trigger

EVENTS = ("tailor", "rent", "place", "sell", "acquire", "hire", "depute", "play", "fund")


def announce(ctx: Context, event: str, **payload: Any) -> None:
    """Run the triggers listening to `event` for the acting seat."""
    triggers = ctx.rules.triggers.get(event, ())
    mods = ctx.state["modifiers"]
    lasting = [m["trigger"] for m in mods
               if "event" in m and m["event"] == event and m["seat"] == ctx.seat] if mods else ()
    if not triggers and not lasting:
        return
    saved = ctx.event
    ctx.event = payload
    try:
        for trigger in triggers:
            if _in_play(ctx, trigger) and _within_limit(ctx, trigger):
                ctx.attempt(seats.trigger_reading(ctx.rules, ctx.state, ctx.seat, trigger))
        for key in lasting:  # started by an effect
            declared = ctx.rules.started.get(key)
            if declared is not None:  # `start_trigger`
                if _within_limit(ctx, declared):
                    ctx.attempt(declared.effect)
            elif key in ctx.rules.lasting:  # `whenever ... before ...`
                ctx.attempt(_Lasting(ctx.rules.lasting[key]))
    finally:
        ctx.event = saved


def heard(ctx: Context, event: str) -> bool:
    """Whether announcing `event` now might run anything for the acting seat: a trigger of the
    rules listens to it, or one an effect started for this seat (a check that knows the rest of
    a verb completes needs it to run nothing)."""
    if event in ctx.table.plan.listened:  # the rules' triggers' events, read once (plan.py)
        return True
    mods = ctx.state["modifiers"]
    return bool(mods) and any("event" in m and m["event"] == event and m["seat"] == ctx.seat
                              for m in mods)


class _Lasting:
    """A lasting trigger's compiled body, run like an effect."""

    __slots__ = ("run",)

    def __init__(self, body: Callable[..., Any]):
        self.run = body


def run_hook(ctx: Context, effect: Effect | None, **payload: Any) -> None:
    """Run one component's own hook (e.g. a garment's `on_place`) with the event's details."""
    if effect is None:
        return
    saved = ctx.event
    ctx.event = payload
    try:
        ctx.attempt(effect)
    finally:
        ctx.event = saved


def _in_play(ctx: Context, trigger: Trigger) -> bool:
    kind, owner = trigger.owner_kind, trigger.owner
    if kind == "module":
        return True
    if kind == "employee":
        return owner in board.staff(ctx.state, ctx.seat)
    if kind == "decoration":
        return ctx.state["decorations"].get(owner) == ctx.seat
    if kind == "garment":
        return owner in board.garments_of(ctx.state, ctx.seat)
    return False


def _within_limit(ctx: Context, trigger: Trigger) -> bool:
    if trigger.limit == "always":
        return True
    key = f"{trigger.id}@{ctx.seat}"
    if trigger.limit == "once_per_round":
        key += f"@{ctx.state['round']}"
    fired = ctx.state["fired"]
    if key in fired:
        return False
    ctx.tx.append(fired, key)
    return True
