"""The verbs of phases 1 and 2: the favor, the displays, and choosing a hand."""
from __future__ import annotations

from typing import Any, Final, cast

from rulesdsl import NUMBER, ListType, VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import rng, zones
from ..core.context import Context
from ..core.declaring import ZONE, Say, VerbDoc, documented, opt, same_word
from .displays import renew


def pass_favor(ctx: Context, args: VerbArgs) -> None:
    """Whoever took the Queen's Favor last round becomes start player; the token goes back."""
    state = ctx.state
    if state["favor"] is not None:
        ctx.tx.set(state, "start_player", state["favor"])
        ctx.tx.set(state, "favor", None)


def renew_hire_display(ctx: Context, args: VerbArgs) -> None:
    """Remove the cards nobody hired from the game and reveal new ones from the deck into
    `count` Hire spaces, from the left: "Remove leftover face-up Employee cards from Hire
    spaces. Reveal 4 new". A space stays empty (None) when the deck has run out."""
    state = ctx.state
    display = state["hire_display"]
    count = int(args["count"]())
    while display:
        card = ctx.tx.pop(display, 0)
        if card is not None:
            ctx.tx.append(state["removed_employees"], card)
    for _ in range(count):
        ctx.tx.append(display, ctx.tx.pop(state["hire_deck"], 0) if state["hire_deck"] else None)


def draw(ctx: Context, bag: str, discard: str) -> str | None:
    """A random item from a bag; an empty bag is first refilled from its discards."""
    state = cast("dict[str, Any]", ctx.state)  # `keyed`: the bag and discards by their ids
    items: list = state[bag]  # (read once: the journal changes the lists in place)
    if not items:
        dropped: list = state[discard]
        for item in list(dropped):
            ctx.tx.remove(dropped, item)
            ctx.tx.append(items, item)
        if not items:
            return None
    return ctx.tx.pop(items, rng.next_int(state, ctx.tx, len(items)))


def refill_resources(ctx: Context, args: VerbArgs) -> None:
    """Fill every empty drawer space in place, left to right (the tiles left lie where they
    are); leave spaces empty if tiles run out. With
    `among`, each tile is the top of a random one of those face-down stacks."""
    side = ctx.side
    stacks = list(args["among"]()) if "among" in args else None
    for drawer in ctx.state["drawers"]:
        for pos in range(side.tiles_per_drawer):
            if drawer[pos] is not None:
                continue
            tile = (draw(ctx, "resource_bag", "resource_discard") if stacks is None
                    else zones.draw_top(ctx, stacks, "resource_discard"))
            if tile is None:
                return
            ctx.tx.set(drawer, pos, tile)


def renew_garments(ctx: Context, args: VerbArgs) -> None:
    """Discard the rightmost garments, shift the rest right, refill from the right: the
    Garment display renewed as every positioned display is (verbs/displays.py)."""
    display = next(d for d in ctx.rules.displays if d.game and d.holds == "garments")
    renew(ctx, display, int(args["discard"]()))


def select_hand(ctx: Context, args: VerbArgs) -> None:
    """Phase 2: choose cards from the supply; when it runs out, the discards become the supply.
    (The player's lists read once: the journal changes them in place.)"""
    me, tx = ctx.me, ctx.tx
    hand, supply, discard = me["hand"], me["supply"], me["discard"]
    size = int(args["size"]())
    while len(hand) < size:
        need = size - len(hand)
        if not supply:
            if not discard:
                return
            for card in list(discard):
                tx.remove(discard, card)
                tx.append(supply, card)
        if len(supply) <= need:
            for card in list(supply):
                tx.remove(supply, card)
                tx.append(hand, card)
            continue
        card = ctx.ask("hand", _hand_prompt(len(hand) + 1, size), supply, exact=True)
        tx.remove(supply, card)
        tx.append(hand, card)


# each hand size's prompts, by the card's place (1-based; place 0 unused): read-only once made
# (a prompt is a function of the two numbers alone; made at every question, an f-string and two
# numbers' texts cost ~0.9k instructions: callgrind, play_out)
_HAND_PROMPTS: Final[dict[int, list[str]]] = {}
_MOST_KEPT: Final = 16


def _hand_prompt(place: int, size: int) -> str:
    """'choose a card for your hand (2 of 3)'."""
    if size > _MOST_KEPT:  # (a rule's outsized hand: made as asked, not kept)
        return f"choose a card for your hand ({place} of {size})"
    prompts = _HAND_PROMPTS.get(size)
    if prompts is None:  # (two threads may both make it: the same texts)
        prompts = _HAND_PROMPTS[size] = ["" if n == 0 else
                                         f"choose a card for your hand ({n} of {size})"
                                         for n in range(size + 1)]
    return prompts[place]


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    garments = say("garments", "Garments")
    favor = say("favor", "Queen's Favor")
    return documented({
        "pass_favor": VerbDef({}, pass_favor,
                              f"the holder of the {favor} becomes start player"),
        "renew_hire_display": VerbDef({"count": opt(NUMBER, required=True)},
                                      renew_hire_display,
                                      "remove the unhired Employees and reveal {count} new ones"),
        "refill_resources": VerbDef({"among": opt(ListType(ZONE), " from {}")},
                                    refill_resources,
                                    f"refill the {say('resource_display', 'Resource display')}"
                                    "{among}"),
        "renew_garments": VerbDef({"discard": opt(NUMBER, required=True)}, renew_garments,
                                  f"discard the {{discard}} rightmost {garments}, shift the rest "
                                  "right and refill"),
        "select_hand": VerbDef({"size": opt(NUMBER, required=True)}, select_hand,
                               "select {size} Employee cards"),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "pass_favor": ("the holder of the Queen's Favor becomes start player", {}, {}),
    "renew_hire_display": ("remove the unhired Employees and reveal new ones",
                           {"count": "how many Hire spaces to reveal a card into (one the "
                                     "deck cannot fill stays empty)"}, {}),
    "refill_resources": ("refill the Resource display from the bag",
                         {"among": "instead, from the tops of these face-down stacks, at random "
                                  "(restacked from the discards when all run out)"}, {}),
    "renew_garments": ("discard the rightmost Garments of the display, shift the rest right and "
                       "refill", {"discard": "how many garments to discard"}, {}),
    "select_hand": ("each player selects the cards of their hand from their supply",
                    {"size": "how many cards"}, {}),
}
