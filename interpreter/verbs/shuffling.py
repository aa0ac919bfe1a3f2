"""Shuffle one pile in place: one of the acting player's own piles of cards (a hand kept as an
ordered stack, a supply) or a zone (a face-down exam deck). Nothing moves between piles."""
from __future__ import annotations

from rulesdsl.vocabulary import VerbArgs

from ..core import rng
from ..core.context import Context
from ..core.state import keyed
from .cards import zone_pile


def shuffle(ctx: Context, args: VerbArgs) -> None:
    """Put a pile's items in a random order (its first item is then a random one)."""
    pile = keyed(ctx.me)[args["pile"]()] if "pile" in args else zone_pile(ctx, args["zone"]())
    order = rng.shuffled(list(pile), ctx.state, ctx.tx)
    for item in list(pile):
        ctx.tx.remove(pile, item)
    for item in order:
        ctx.tx.append(pile, item)
