"""Verbs that move Employee cards between piles: take a card into a hand or pile, set cards
aside in a zone, put some back into a level of the hire deck, deal one to each player, remove a
card from the game, use another card's bonus, and hire from a zone when the card's condition
holds. None of them names a card: the piles and the cards come from the effect."""
from __future__ import annotations

from collections.abc import Iterator

from rulesdsl import NUMBER, EffectAbort, ListType, VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import rng, seats
from ..core.context import Context
from ..core.declaring import EMPLOYEE, ZONE, Say, VerbDoc, documented, opt, same_word
from ..core.events import announce, heard
from ..core.state import State, keyed

OWN_PILES = ("hand", "supply", "discard")  # the piles a player holds cards in


def played_card(ctx: Context) -> str | None:
    """The card being played (the vocabulary's `played`), as a compiled function: a check
    reads a name by its getter (checks.Named) from compiled code, where calling a compiled
    function costs a fraction of a Python lambda's call."""
    return ctx.played


def zone_pile(ctx: Context, zone_id: str, seat: int | None = None) -> list:
    """The list a zone keeps its items in: the game's, or (per-player) the acting player's."""
    state = ctx.state
    if zone_id in state.get("zones", {}):
        return state["zones"][zone_id]
    own = state["players"][ctx.seat if seat is None else seat].get("zones", {})
    if zone_id in own:
        return own[zone_id]
    return keyed(state)[zone_id]  # one of the game's piles (hire_deck, hire_display...)


def _piles(state: State) -> Iterator[list[str] | list[str | None]]:
    """Every list an Employee card can lie in."""
    yield state["hire_deck"]
    yield state["hire_display"]
    yield state["removed_employees"]
    yield from state["zones"].values()
    for p in state["players"]:
        for key in OWN_PILES:
            yield keyed(p)[key]
        yield from p.get("zones", {}).values()


def take_out(ctx: Context, pile: list, card: str) -> None:
    """Take a card out of a pile; out of the Hire display it leaves its space empty (None):
    the Hire spaces keep their places until the round's renewal."""
    if pile is ctx.state["hire_display"]:
        ctx.tx.set(pile, pile.index(card), None)
    else:
        ctx.tx.remove(pile, card)


def put_in(ctx: Context, pile: list, card: str) -> None:
    """Put a card on a pile; onto the Hire display, into its first empty space if it has one."""
    if pile is ctx.state["hire_display"] and None in pile:
        ctx.tx.set(pile, pile.index(None), card)
    else:
        ctx.tx.append(pile, card)


def cards_in(pile: list) -> list[str]:
    """A pile's cards (the Hire display's empty spaces left out)."""
    return [c for c in pile if c is not None]


def _lift(ctx: Context, card: str) -> None:
    """Take a card out of wherever it lies (not the card being played)."""
    for pile in _piles(ctx.state):
        if card in pile:
            take_out(ctx, pile, card)
            return
    raise EffectAbort(f"{ctx.engine.label(card)} is not in a pile it can be taken from")


def take(ctx: Context, args: VerbArgs) -> None:
    """Take one card from wherever it lies into the acting player's hand, supply or discard
    pile (`into`; the hand when nothing is said), or into a zone (`into_zone`)."""
    card = args["card"]()
    if card is None:
        raise EffectAbort("there is no card to take")
    if "into_zone" in args:
        target = zone_pile(ctx, args["into_zone"]())
    else:
        target = keyed(ctx.me)[args["into"]() if "into" in args else "hand"]
    _lift(ctx, card)
    put_in(ctx, target, card)


def move_cards(ctx: Context, args: VerbArgs) -> None:
    """Put every card of a list into a zone (setting cards aside: no choice, nothing paid)."""
    target = zone_pile(ctx, args["into"]())
    for card in list(args["cards"]()):
        _lift(ctx, card)
        put_in(ctx, target, card)


def shuffle_into_level(ctx: Context, args: VerbArgs) -> None:
    """Put `count` cards drawn at random from a zone into one level of the hire deck, shuffled
    together with that level's cards, in the level's place in the deck."""
    source = zone_pile(ctx, args["zone"]())
    level, n = int(args["level"]()), int(args["count"]())
    deck, levels = ctx.state["hire_deck"], {c.id: c.level for c in ctx.rules.employees.values()}
    added = []
    for _ in range(min(n, len(cards_in(source)))):
        cards = cards_in(source)
        added.append(cards[rng.next_int(ctx.state, ctx.tx, len(cards))])
        take_out(ctx, source, added[-1])
    at = [i for i, c in enumerate(deck) if levels[c] == level]
    where = at[0] if at else next((i for i, c in enumerate(deck) if levels[c] > level),
                                  len(deck))
    cards = [deck[i] for i in at] + added
    for i in reversed(at):
        ctx.tx.pop(deck, i)
    for k, card in enumerate(rng.shuffled(cards, ctx.state, ctx.tx)):
        ctx.tx.insert(deck, where + k, card)


def deal_each(ctx: Context, args: VerbArgs) -> None:
    """Deal one card at random from a zone into each player's own zone (`into`, a per-player
    zone), in seat order; what is left stays in the source zone."""
    source, target = zone_pile(ctx, args["zone"]()), args["into"]()
    for seat in range(len(ctx.state["players"])):
        cards = cards_in(source)
        if not cards:
            return
        card = cards[rng.next_int(ctx.state, ctx.tx, len(cards))]
        take_out(ctx, source, card)
        put_in(ctx, zone_pile(ctx, target, seat), card)


def remove_card(ctx: Context, args: VerbArgs) -> None:
    """Remove a card from the game: no Livre for it and no minimum staff. The card being played
    leaves when its turn ends, after its own bonus (it is marked as leaving)."""
    card, me = args["card"](), ctx.me
    if card is None:
        raise EffectAbort("there is no card to remove")
    if card == me["played"] and card == ctx.played:
        if card not in me["deputing"]:
            ctx.tx.append(me["deputing"], card)
        return
    _lift(ctx, card)
    ctx.tx.append(ctx.state["removed_employees"], card)


def use_bonus(ctx: Context, args: VerbArgs) -> None:
    """Use another card's bonus as if it were being played (`played` is that card), as the
    acting seat reads it (a seat kind's reading of the card); a card without a bonus, or one
    whose bonus cannot be done, does nothing."""
    card = args["card"]()
    bonus = None if card is None else seats.bonus_of(ctx.rules, ctx.state, ctx.seat, card)
    if bonus is None:
        return
    saved, ctx.played = ctx.played, card
    try:
        ctx.attempt(bonus)
    finally:
        ctx.played = saved


def hire_from(ctx: Context, args: VerbArgs) -> None:
    """Hire a card from a zone (the player's own, if it is per-player) into the hand: only a
    card whose `hire_condition` holds for the player now, free unless a `price` is given."""
    pile = zone_pile(ctx, args["zone"]())
    price = int(args["price"]()) if "price" in args else 0
    if price > ctx.may_spend("livre"):
        raise EffectAbort(f"hiring costs {price} Livre")
    rules = ctx.rules

    def hirable() -> Iterator[str]:
        for card in cards_in(pile):
            cond = rules.employees[card].hire_condition
            if cond is None or cond.holds(ctx, {}):
                yield card
    card = ctx.ask("hire", f"hire an employee for {price} Livre", hirable())
    ctx.pay("livre", price)
    take_out(ctx, pile, card)
    ctx.tx.append(ctx.me["hand"], card)
    announce(ctx, "hire", card=card)


def can_hire_from(ctx: Context, args: VerbArgs) -> bool | None:
    """`hire_from`'s check (checks.py): some card of the zone can be hired and paid for. Every
    card's condition is read, in order, as a trial run reads them (its question is not exact:
    with two cards or more it reads them all); past the question the verb only pays and
    announces, so a card to hire completes while nothing hears `hire`."""
    pile = zone_pile(ctx, args["zone"]())
    price = int(args["price"]()) if "price" in args else 0
    if price > ctx.may_spend("livre"):
        return False
    employees, found = ctx.rules.employees, False
    for card in cards_in(pile):
        cond = employees[card].hire_condition
        if cond is None or cond.holds(ctx, {}):
            found = True
    if not found:
        return False
    return None if heard(ctx, "hire") else True


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    return documented({
        "move_cards": VerbDef({"cards": opt(ListType(EMPLOYEE), required=True),
                               "into": opt(ZONE, required=True)},
                              move_cards, "set {cards} aside in the {into}"),
        "shuffle_into_level": VerbDef({"zone": opt(ZONE, required=True),
                                       "count": opt(NUMBER, required=True),
                                       "level": opt(NUMBER, required=True)},
                                      shuffle_into_level,
                                      "draw {count} cards at random from the {zone} and shuffle "
                                      "them into level {level} of the Employee deck"),
        "deal_each": VerbDef({"zone": opt(ZONE, required=True),
                              "into": opt(ZONE, required=True)},
                             deal_each, "deal 1 card from the {zone} face down to each "
                                           "player's {into}; the rest stay there"),
        "remove_card": VerbDef({"card": opt(EMPLOYEE, required=True)}, remove_card,
                               "remove {card} from the game (no Livre for it)",
                               reads=("played",)),
        "use_bonus": VerbDef({"card": opt(EMPLOYEE, required=True)}, use_bonus,
                             "use the Employee Bonus of {card} as if you had played it"),
        "hire_from": VerbDef({"zone": opt(ZONE, required=True),
                              "price": opt(NUMBER, " paying {} Livre")},
                             hire_from, "hire the Employee from your {zone} if you meet its "
                                           "hiring condition{price}", can=can_hire_from),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "move_cards": ("set every card of a list aside in a zone (no choice, nothing paid)", {
        "cards": "the cards (e.g. zone.hire_deck where level = 2 and type = journeyman)",
        "into": "the zone that receives them",
    }, {}),
    "shuffle_into_level": ("draw cards at random from a zone and shuffle them into one level "
                           "of the hire deck (for a setup step)", {
                               "zone": "the zone drawn from",
                               "count": "how many cards",
                               "level": "the hire deck level they join",
                           }, {}),
    "deal_each": ("deal one card at random from a zone into each player's own (per-player) "
                  "zone; the rest stay", {
                      "zone": "the zone dealt from",
                      "into": "the per-player zone each player receives a card in",
                  }, {}),
    "remove_card": ("remove an Employee card from the game: no Livre, no minimum staff; the card "
                    "being played leaves after its own bonus", {"card": "the card"}, {}),
    "use_bonus": ("use another card's bonus as if you had played it (played is that card)",
                  {"card": "the card whose bonus is used"}, {}),
    "hire_from": ("hire a card from a zone (yours, if per-player) into your hand, only one whose "
                  "hire_condition holds for you now", {
                      "zone": "the zone hired from",
                      "price": "what it costs (default: free)",
                  }, {}),
}
