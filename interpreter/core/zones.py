"""Zones: the bags and discard piles of the base game, and the places modules declare in data
(`zones:` in a flow document), such as a pile set aside until the end of round 1's Phase 1."""
from __future__ import annotations

from rulesdsl import ListType, VerbDef
from rulesdsl.vocabulary import VerbArgs

from . import rng
from .context import Context
from .declaring import ZONE, Say, VerbDoc, documented, opt, same_word
from .state import State, keyed

BUILT_IN = ("garment_bag", "garment_discard", "resource_bag", "resource_discard")
# The piles the game's verbs work on, and what each holds: game.yaml declares each of them once
# (what it starts with, who sees it); a module adds zones of its own in a flow document.
PILES = {"hire_deck": "employees", "hire_display": "employees",
         "removed_employees": "employees", "resource_bag": "tiles",
         "resource_discard": "tiles", "garment_bag": "garments", "garment_discard": "garments"}


def contents(state: State, zone: str) -> list:
    return keyed(state)[zone] if zone in BUILT_IN else state["zones"][zone]


def own_or_shared(ctx: Context, zone: str) -> list:
    """A zone's items: the game's zone, or a per-player zone's, the acting player's own (a
    `zone` argument may name either: the checker cannot tell them apart)."""
    shared = ctx.state["zones"]
    if zone in BUILT_IN or zone in shared:
        return contents(ctx.state, zone)
    return ctx.me["zones"][zone]


def move_all(ctx: Context, args: VerbArgs) -> None:
    """Put everything in one zone into another (into a bag: it is mixed in, as draws are
    random); a per-player zone is the acting player's."""
    source, target = own_or_shared(ctx, args["zone"]()), own_or_shared(ctx, args["into"]())
    while source:
        ctx.tx.append(target, ctx.tx.pop(source, 0))


def deal(ctx: Context, args: VerbArgs) -> None:
    """Shuffle a zone's contents and deal them, one at a time, onto several face-down stacks."""
    _deal(ctx, args["zone"](), list(args["into"]()))


def _deal(ctx: Context, source_zone: str, stacks: list[str]) -> None:
    source = own_or_shared(ctx, source_zone)
    i = 0
    while source:
        item = ctx.tx.pop(source, rng.next_int(ctx.state, ctx.tx, len(source)))
        ctx.tx.append(own_or_shared(ctx, stacks[i % len(stacks)]), item)
        i += 1


def draw_top(ctx: Context, stacks: list[str], restock: str,
             chosen: str | None = None) -> str | None:
    """The top item of one of several face-down stacks: the one chosen, or a random non-empty
    one. When every stack has run out, the `restock` zone is shuffled and dealt as new stacks
    first; None if there is still nothing to draw."""
    state = ctx.state
    if not any(contents(state, s) for s in stacks):
        _deal(ctx, restock, stacks)
    filled = [s for s in stacks if contents(state, s)]
    if not filled:
        return None
    if chosen not in filled:
        chosen = filled[rng.next_int(state, ctx.tx, len(filled))]
    return ctx.tx.pop(contents(state, chosen))


def nonempty_or_restockable(state: State, stacks: list[str], restock: str) -> list[str]:
    """The stacks a player may draw from: the non-empty ones, or all of them when every one is
    empty and the restock zone will refill them."""
    filled = [s for s in stacks if contents(state, s)]
    if filled:
        return filled
    return list(stacks) if contents(state, restock) else []


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    return documented({
        "deal": VerbDef({"zone": opt(ZONE, required=True),
                         "into": opt(ListType(ZONE), required=True)},
                        deal, "shuffle the {zone} and deal it face down onto {into}"),
        "move_all": VerbDef({"zone": opt(ZONE, required=True), "into": opt(ZONE, required=True)},
                            move_all, "put everything in the {zone} into the {into}"),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "deal": ("shuffle a zone and deal it out, one at a time, onto face-down stacks", {
        "zone": "the zone emptied",
        "into": "the stacks (zones) dealt onto in turn",
    }, {}),
    "move_all": ("put everything in one zone into another (mixed in, when it is a bag)", {
        "zone": "the zone emptied",
        "into": "the zone that receives it",
    }, {}),
}
