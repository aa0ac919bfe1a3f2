"""Cards kept as ordered stacks (a seat that plays the top card of its hand, whatever it is),
and the turn of a seat whose kind plays itself."""
from __future__ import annotations

from rulesdsl import NUMBER, EffectAbort, VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import rng
from ..core.context import Context
from ..core.declaring import COUNTER, Say, VerbDoc, documented, opt, same_word
from ..core.events import announce
from ..core.model import Effect, SeatKind
from ..core.modifiers import expire
from .actions import remove_from_staff
from .phases import draw


def shuffle_supply(ctx: Context, args: VerbArgs) -> None:
    """Shuffle your Employee supply into a face-down stack (its first card is the top)."""
    me = ctx.me
    order = rng.shuffled(list(me["supply"]), ctx.state, ctx.tx)
    for card in list(me["supply"]):
        ctx.tx.remove(me["supply"], card)
    for card in order:
        ctx.tx.append(me["supply"], card)


def discard_top(ctx: Context, args: VerbArgs) -> None:
    """Put the top card of your supply face up on your discard pile."""
    me = ctx.me
    if not me["supply"]:
        raise EffectAbort("the supply is empty")
    ctx.tx.append(me["discard"], ctx.tx.pop(me["supply"], 0))


def draw_hand(ctx: Context, args: VerbArgs) -> None:
    """Take cards from the top of your supply into your hand, in order; when the supply runs
    out, your discard pile but its top card is shuffled into a new supply."""
    me, tx = ctx.me, ctx.tx
    for _ in range(int(args["count"]())):
        if not me["supply"]:
            rest = me["discard"][:-1]
            for card in rng.shuffled(list(rest), ctx.state, tx):
                tx.remove(me["discard"], card)
                tx.append(me["supply"], card)
        if not me["supply"]:
            return
        tx.append(me["hand"], tx.pop(me["supply"], 0))


def reveal_tile(ctx: Context, args: VerbArgs) -> None:
    """Draw a random Resource tile from the bag, reveal it and discard it (it is the last tile
    of `tile_discard` until another is discarded)."""
    if draw_to(ctx) is None:
        raise EffectAbort("the resource bag is empty")


def draw_to(ctx: Context) -> str | None:
    tile = draw(ctx, "resource_bag", "resource_discard")
    if tile is not None:
        ctx.tx.append(ctx.state["resource_discard"], tile)
    return tile


def _kind(ctx: Context) -> SeatKind:
    kind = next((k for k in ctx.rules.seat_kinds if k.id == ctx.me.get("kind")), None)
    if kind is None or not kind.cards:
        raise EffectAbort("this seat has no cards of its own")
    return kind


def own_shuffle(ctx: Context, args: VerbArgs) -> None:
    """Gather every card of your own deck into its supply and shuffle it."""
    kind, me, tx = _kind(ctx), ctx.me, ctx.tx
    cards = []
    for which in (1, 2, 0):
        pile = kind.pile(me, which)
        while pile:
            cards.append(tx.pop(pile, 0))
    supply = kind.pile(me, 0)
    for card in rng.shuffled(sorted(cards), ctx.state, tx):
        tx.append(supply, card)


def own_draw(ctx: Context, args: VerbArgs) -> None:
    """Take cards from the top of your own deck's supply onto its hand (one more turn each)."""
    kind, me, tx = _kind(ctx), ctx.me, ctx.tx
    for _ in range(int(args["count"]())):
        if kind.pile(me, 0):
            tx.append(kind.pile(me, 1), tx.pop(kind.pile(me, 0), 0))


def own_reveal(ctx: Context, args: VerbArgs) -> None:
    """Reveal the top card of your own deck's supply onto its discard pile."""
    kind, me, tx = _kind(ctx), ctx.me, ctx.tx
    if not kind.pile(me, 0):
        raise EffectAbort("the card supply is empty")
    tx.append(kind.pile(me, 2), tx.pop(kind.pile(me, 0), 0))


def take_all(ctx: Context, args: VerbArgs) -> None:
    """Take every Resource tile of one drawer (`drawer`, 1 first), or in one space of every
    drawer (`place`, 1 the leftmost; an empty space gives nothing), free and face down: no
    Thread or Lace is taken for it."""
    drawers, tx = ctx.state["drawers"], ctx.tx
    if "drawer" in args:
        n = int(args["drawer"]())
        spaces = [(n - 1, pos) for pos in range(len(drawers[n - 1]))] \
            if 1 <= n <= len(drawers) else []
    else:
        place = int(args["place"]()) - 1
        spaces = [(d, place) for d, drawer in enumerate(drawers) if 0 <= place < len(drawer)]
    spaces = [(d, pos) for d, pos in spaces if drawers[d][pos] is not None]
    if not spaces:
        raise EffectAbort("there is no tile to take there")
    for d, pos in spaces:
        tile = drawers[d][pos]
        tx.set(drawers[d], pos, None)
        tx.append(ctx.me["tiles"], tile)


def set_counter(ctx: Context, args: VerbArgs) -> None:
    """Set one of the game's counters (a token on the board no player owns)."""
    ctx.tx.set(ctx.state["counters"], args["counter"](), int(args["value"]()))


class SeatTurn:
    """One turn of a seat whose kind plays itself: the top card of its turn zone is revealed
    (an Employee becomes the played card), the kind's turn effect runs, then (for an Employee)
    its bonus as the kind reads it, then the card goes onto the discard pile."""

    def __init__(self, kind_id: str, effect: Effect):
        self.kind_id, self.effect = kind_id, effect
        # read like the effect it wraps (its text, its place in the rules)
        self.source, self.compiled, self.text = effect.source, effect.compiled, effect.text
        self.owner, self.where = effect.owner, effect.where

    def run(self, ctx: Context, env: dict | None = None) -> None:
        kind = next(k for k in ctx.rules.seat_kinds if k.id == self.kind_id)
        me, tx = ctx.me, ctx.tx
        card = tx.pop(kind.pile(me, 1), 0)
        if kind.cards:  # a card of its own deck, read as turn_card
            tx.set(me, "turn_card", card)
            ctx.attempt(self.effect)
            tx.append(kind.pile(me, 2), card)
            tx.set(me, "turn_card", None)
            expire(ctx.state, tx, "turn_end", ctx.seat)
            return
        tx.set(me, "played", card)
        ctx.played = card
        announce(ctx, "play", card=card)
        ctx.attempt(self.effect)
        bonus = kind.bonus_for(ctx.rules.employees[card])
        if bonus is not None and ctx.possible(bonus.run, check=bonus.check) and ctx.ask(
                "bonus", f"bonus of {ctx.rules.employees[card].name}", [True, False]):
            ctx.attempt(bonus)
        if me["played"] == card:
            if card in me["deputing"]:
                tx.remove(me["deputing"], card)
                remove_from_staff(ctx, card)
            else:
                tx.append(me["discard"], card)
                tx.set(me, "played", None)
        ctx.played = None
        expire(ctx.state, tx, "turn_end", ctx.seat)


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    return documented({
        "shuffle_supply": VerbDef({}, shuffle_supply,
                                  "shuffle your supply into a face-down stack"),
        "discard_top": VerbDef({}, discard_top,
                               "put the top card of your supply face up on your discard pile"),
        "draw_hand": VerbDef({"count": opt(NUMBER, required=True)}, draw_hand,
                             "take the top {count} cards of your supply into your hand (when it "
                             "runs out, shuffle your discard pile but its top card into a new "
                             "supply)"),
        "reveal_tile": VerbDef({}, reveal_tile,
                               "draw a random Resource tile from the bag, reveal it and discard "
                               "it"),
        "own_shuffle": VerbDef({}, own_shuffle, "shuffle all your own cards into your card "
                                                   "supply"),
        "own_draw": VerbDef({"count": opt(NUMBER, required=True)}, own_draw,
                            "add the top {count} cards of your card supply to your hand cards"),
        "own_reveal": VerbDef({}, own_reveal,
                              "reveal the top card of your card supply onto your discard pile"),
        "take_all": VerbDef({"drawer": opt(NUMBER, " of drawer {}"),
                             "place": opt(NUMBER, " at place {} of every drawer")},
                            take_all, "take all Resource tiles{drawer}{place}, free and "
                                         "face down", one_of=(("drawer", "place"),)),
        "set_counter": VerbDef({"counter": opt(COUNTER, required=True),
                                "value": opt(NUMBER, required=True)}, set_counter,
                               "move the {counter} to {value}"),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "shuffle_supply": ("shuffle your Employee supply into a face-down stack", {}, {}),
    "discard_top": ("put the top card of your supply face up on your discard pile", {}, {}),
    "draw_hand": ("take the top cards of your supply into your hand, in order; when the supply "
                  "runs out, the discard pile but its top card is shuffled into a new supply",
                  {"count": "how many cards"}, {}),
    "reveal_tile": ("draw a random Resource tile from the bag, reveal it and discard it "
                    "(read it as last(tile_discard))", {}, {}),
    "own_shuffle": ("gather every card of your own deck (a seat kind's cards) and shuffle it "
                    "into its supply", {}, {}),
    "own_draw": ("add the top cards of your own card supply to your hand cards",
                 {"count": "how many cards"}, {}),
    "own_reveal": ("reveal the top card of your own card supply onto your discard pile", {}, {}),
    "take_all": ("take every Resource tile of a drawer, or in one space of every drawer, free "
                 "and face down", {"drawer": "the drawer, 1 the first",
                                   "place": "the space in each drawer, 1 the leftmost"}, {}),
    "set_counter": ("move a game counter (a token no player owns) to a value",
                    {"counter": "which counter (a flow document's counters)",
                     "value": "its new value"}, {}),
}
