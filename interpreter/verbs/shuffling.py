"""Shuffle one pile in place: one of the acting player's own piles of cards (a hand kept as an
ordered stack, a supply) or a zone (a face-down exam deck). Nothing moves between piles."""
from __future__ import annotations

from ..core import rng
from .cards import zone_pile


def shuffle(ctx, args) -> None:
    """Put a pile's items in a random order (its first item is then a random one)."""
    pile = ctx.me[args["pile"]()] if "pile" in args else zone_pile(ctx, args["zone"]())
    order = rng.shuffled(list(pile), ctx.state, ctx.tx)
    for item in list(pile):
        ctx.tx.remove(pile, item)
    for item in order:
        ctx.tx.append(pile, item)
