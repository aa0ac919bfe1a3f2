"""Shuffle one pile in place: one of the acting player's own piles of cards (a hand kept as an
ordered stack, a supply) or a zone (a face-down exam deck). Nothing moves between piles."""
from __future__ import annotations

from rulesdsl import VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import rng
from ..core.context import Context
from ..core.declaring import PILE, ZONE, Say, VerbDoc, documented, opt, same_word
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


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    return documented({
        "shuffle": VerbDef({"pile": opt(PILE, "your {}"), "zone": opt(ZONE, "the {}")},
                           shuffle, "shuffle {pile}{zone}", one_of=(("pile", "zone"),)),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "shuffle": ("put one pile in a random order: one of your piles of cards, or a zone", {
        "pile": "hand, supply or discard: your pile shuffled",
        "zone": "or the zone shuffled (a per-player zone: yours)",
    }, {}),
}
