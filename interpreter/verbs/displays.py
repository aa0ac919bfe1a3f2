"""The verbs of the positioned displays declared in data: renew one, take a piece from it."""
from __future__ import annotations

from rulesdsl import NUMBER, UNKNOWN, EffectAbort, VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import components, rng
from ..core.context import Context
from ..core.declaring import DISPLAY, EMPLOYEE, PILE, ZONE, Say, VerbDoc, documented, opt, same_word
from ..core.model import Display
from ..core.zones import contents
from . import cards


def renew_display(ctx: Context, args: VerbArgs) -> None:
    """Renew a display: the verb `renew_display display D, discard N`."""
    renew(ctx, ctx.rules.display(args["display"]()), int(args["discard"]()))


def renew(ctx: Context, display: Display, discard: int) -> None:
    """Discard the `discard` rightmost pieces, shift the rest right as far as possible, then
    fill the empty slots from the right end leftwards with random pieces of the source; when
    it runs out (and, for a recycling display, its discard is empty too) the leftmost slots
    stay empty."""
    state = ctx.state
    row = components.slots(state, display.id)
    out = contents(state, display.discard)
    for pos in range(max(0, len(row) - discard), len(row)):
        if row[pos] is not None:
            ctx.tx.append(out, row[pos])
            ctx.tx.set(row, pos, None)
    remaining = [x for x in row if x is not None]
    shifted = [None] * (len(row) - len(remaining)) + remaining
    for pos, item in enumerate(shifted):
        if row[pos] != item:
            ctx.tx.set(row, pos, item)
    for pos in range(len(row) - 1, -1, -1):
        if row[pos] is None:
            item = _draw(ctx, display)
            if item is None:
                return
            ctx.tx.set(row, pos, item)


def _draw(ctx: Context, display: Display) -> str | None:
    source = contents(ctx.state, display.source)
    if not source and display.recycle:
        spent = contents(ctx.state, display.discard)
        for item in list(spent):
            ctx.tx.remove(spent, item)
            ctx.tx.append(source, item)
    if not source:
        return None
    return ctx.tx.pop(source, rng.next_int(ctx.state, ctx.tx, len(source)))


def take(ctx: Context, args: VerbArgs) -> None:
    """Take a piece of a declared kind from the display (or zone) it lies in, into the player's
    holdings; `pay_price`: pay the price beneath its slot; `rent`: it is rented along with the
    garment being placed (`event.<kind>` in the rent and place triggers)."""
    piece_id = args["piece"]()
    piece = ctx.rules.pieces.get(piece_id) if isinstance(piece_id, str) else None
    if piece is None:
        raise EffectAbort(f"{piece_id!r} is not a component that can be taken")
    if "rent" in args and ctx.me["tailoring"] is None:
        raise EffectAbort("no garment is being rented to rent it out along with")
    at = components.position(ctx.rules, ctx.state, piece_id)
    if at is None:
        raise EffectAbort(f"{ctx.engine.label(piece_id)} is not on a display")
    if "pay_price" in args:
        ctx.pay("livre", components.price_of(ctx, piece_id))
    row = components.slots(ctx.state, at[0])
    ctx.tx.set(row, at[1], None)
    ctx.tx.append(ctx.me["owned"][piece.kind], piece_id)
    if "rent" in args:
        ctx.tx.append(ctx.me["renting"], piece_id)


def take_card_or_piece(ctx: Context, args: VerbArgs) -> None:
    """`take`: a card into a pile or a zone, or a piece of a declared kind from its display."""
    if "piece" in args:
        take(ctx, args)
    else:
        cards.take(ctx, args)


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    garment = say("garment", "Garment")
    return documented({
        "renew_display": VerbDef({"display": opt(DISPLAY, required=True),
                                  "discard": opt(NUMBER, required=True)}, renew_display,
                                 "discard the {discard} rightmost piece{discard:s} of the "
                                 "{display}, shift the rest right and refill it from the left"),
        # one verb, two things to take: a card (into a pile of yours or a zone; the hand when
        # neither is said) or a piece of a declared kind from its display
        "take": VerbDef({"card": opt(EMPLOYEE), "piece": opt(UNKNOWN),
                         "into": opt(PILE, " into your {}"),
                         "into_zone": opt(ZONE, " into the {}"),
                         "pay_price": opt(None, ", paying the Livre shown beneath its space"),
                         "rent": opt(None, ", and rent it out along with the "
                                           f"{garment}")},
                        take_card_or_piece, "take {card}{piece}{into}{into_zone}{pay_price}{rent}",
                        one_of=(("card", "piece"),)),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "renew_display": ("renew a positioned display: discard its rightmost pieces, shift the rest "
                      "right, refill from the right end leftwards (the leftmost slots stay empty "
                      "when the source runs out)", {
                          "display": "which display (declared under displays:)",
                          "discard": "how many of the rightmost slots are discarded",
                      }, {}),
    "take": ("take one Employee card from wherever it lies into your hand (or your supply or "
             "discard pile, or a zone), or a piece of a declared kind from the display it lies "
             "on into your holdings", {
                 "card": "the card (e.g. choose one of zone.hire_display); or piece",
                 "piece": "the piece (e.g. chosen with choose one of display.<id>); or card",
                 "into": "hand, supply or discard: your pile that receives a card (hand when "
                         "neither into nor into_zone is given)",
                 "into_zone": "instead, the zone that receives the card (a per-player zone: "
                              "yours)",
                 "pay_price": "with piece: pay the Livre shown beneath its slot",
                 "rent": "with piece: it is rented along with the garment being placed "
                         "(event.<kind> reads it)",
             }, {}),
}
