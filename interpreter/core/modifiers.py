"""Lasting modifiers: "this round, your hires cost 1 less" as data in the state.

The `reduce_cost` verb records `{"seat", "cost", "by", "until"}` in `state["modifiers"]`; a
`whenever` statement, and the `start_trigger` verb for a declared trigger with `until:`, record
`{"seat", "trigger", "event", "until"}` (a trigger that lasts, run by core/events.py); the
verbs that charge a price ask `reduction(ctx, cost)`; the flow removes a modifier when its
time is up (`turn_end`, `round_end`, or `game_end`: never).
"""
from __future__ import annotations

from rulesdsl import NUMBER, VerbDef
from rulesdsl.vocabulary import VerbArgs

from .context import Context
from .declaring import COST, LIFETIME, TRIGGER, Say, VerbDoc, documented, opt, same_word
from .journal import Journal
from .state import State

COSTS = ("hiring", "acquiring", "tailoring", "funding")
LIFETIMES = ("turn_end", "round_end", "game_end")


def reduce_cost(ctx: Context, args: VerbArgs) -> None:
    amount = int(args["by"]())
    if amount:
        ctx.tx.append(ctx.state["modifiers"], {"seat": ctx.seat, "cost": args["on"](),
                                               "by": amount, "until": args["until"]()
                                               if "until" in args else "turn_end"})


def start_trigger(ctx: Context, args: VerbArgs) -> None:
    """`start_trigger trigger ID`: the declared trigger ID (one with a lifetime) listens for the
    acting player from now until its `until`."""
    trigger = ctx.rules.started[args["trigger"]()]
    ctx.start_trigger(trigger.id, trigger.on, trigger.until)


def reduction(ctx: Context, cost: str) -> int:
    """How much less the acting seat pays for `cost` now."""
    mods = ctx.state["modifiers"]
    if not mods:  # the usual case: nothing lasting
        return 0
    return sum(m["by"] for m in mods
               if "cost" in m and m["cost"] == cost and m["seat"] == ctx.seat)


def expire(state: State, tx: Journal, until: str, seat: int | None = None) -> None:
    """Drop the modifiers whose time is up (for one seat, or for everyone)."""
    mods = state["modifiers"]
    for i in range(len(mods) - 1, -1, -1):
        if mods[i]["until"] == until and (seat is None or mods[i]["seat"] == seat):
            tx.pop(mods, i)


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    return documented({
        "reduce_cost": VerbDef({"on": opt(COST, required=True), "by": opt(NUMBER, required=True),
                                "until": opt(LIFETIME, " until the {}")},
                               reduce_cost, "your {on} costs {by} Livre less{until}"),
        "start_trigger": VerbDef({"trigger": opt(TRIGGER, required=True)}, start_trigger,
                                 "{trigger}"),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "reduce_cost": ("from now on, one of your prices is lower for a while", {
        "on": "which price: hiring, acquiring, tailoring or funding",
        "by": "how many Livre less",
        "until": "when it ends: turn_end (the default), round_end or game_end",
    }, {}),
    "start_trigger": ("from now until its lifetime ends, a declared trigger with 'until:' runs "
                      "for you at each of its events (started twice, it runs twice)", {
                          "trigger": "which trigger (its id, in a flow document or on a card)",
                      }, {}),
}
