"""The verbs of final scoring that compare players: majorities, the balcony, crown cards."""
from __future__ import annotations

from collections.abc import Sequence

from rulesdsl import BOOLEAN, VerbDef
from rulesdsl.vocabulary import VerbArgs

from ..core import board
from ..core.context import Context
from ..core.declaring import AREA, Say, VerbDoc, documented, opt, same_word


def score_crowns(ctx: Context, args: VerbArgs) -> None:
    """Score the end-of-game bonus of every crown card on the player's staff."""
    for card in board.staff(ctx.state, ctx.seat):
        final = ctx.rules.employees[card].final
        if final is not None:
            ctx.attempt(final)


def _award(ctx: Context, ranking: list[tuple[tuple, int]], values: Sequence[int],
           second_place: bool) -> None:
    """Most and second most: ties for first share full points and leave no second place;
    ties for second share full second-place points."""
    if not ranking or not values:
        return
    ranking.sort(reverse=True)
    top = [seat for key, seat in ranking if key == ranking[0][0]]
    for seat in top:
        ctx.gain("prestige", values[0], seat=seat)
    if len(top) > 1 or not second_place or len(values) < 2:
        return
    rest = [(key, seat) for key, seat in ranking if seat not in top]
    if rest:
        for seat in [seat for key, seat in rest if key == rest[0][0]]:
            ctx.gain("prestige", values[1], seat=seat)


def hall_majorities(ctx: Context, args: VerbArgs) -> None:
    """Each hall: most garments, ties broken by garments on Master guest spaces, then by
    the musician."""
    state, side = ctx.state, ctx.side
    second = bool(args["second_place"]()) if "second_place" in args else True
    for hall in side.halls:
        counts: dict[int, list[int]] = {}
        for space_id in hall.guest_spaces:
            guest = state["guests"].get(space_id)
            if guest is None:
                continue
            entry = counts.setdefault(guest["owner"], [0, 0, 0])
            entry[0] += 1
            entry[1] += side.guest_spaces[space_id].master
        musician = state["decorations"].get(hall.musician)
        if musician in counts:
            counts[musician][2] = 1
        _award(ctx, [(tuple(v), seat) for seat, v in counts.items()], hall.majority, second)


def area_majority(ctx: Context, args: VerbArgs) -> None:
    """Most Decorations in an area, for the prestige its board side prints; a tie goes to
    whoever holds the rightmost (in the Fireworks, the dearest) of them."""
    state, side = ctx.state, ctx.side
    area = str(args["area"]())
    second = bool(args["second_place"]()) if "second_place" in args else True
    best: dict[int, list[int]] = {}
    for space_id, owner in state["decorations"].items():
        deco = side.decorations[space_id]
        if deco.area != area:
            continue
        entry = best.setdefault(owner, [0, -1])
        entry[0] += 1
        entry[1] = max(entry[1], deco.order)
    held = side.areas.get(area)
    _award(ctx, [(tuple(v), seat) for seat, v in best.items()],
           held.majority if held is not None else (), second)


def balcony(ctx: Context, args: VerbArgs) -> None:
    """Move Royal Hall garments to the player's spaces of an area, the best garment to the
    biggest multiplier first."""
    state, side, tx = ctx.state, ctx.side, ctx.tx
    area = str(args["area"]())
    royal = next(h for h in side.halls if h.royal)
    spaces = sorted((s for s in board.decorations_of(state, ctx.seat)
                     if side.decorations[s].area == area and s not in state["balcony"]),
                    key=lambda s: -(side.decorations[s].multiplier or 1))
    guests = sorted((s for s in royal.guest_spaces
                     if s in state["guests"] and state["guests"][s]["owner"] == ctx.seat),
                    key=lambda s: -ctx.rules.garments[state["guests"][s]["garment"]].prestige)
    for space_id, guest_space in zip(spaces, guests):
        guest = state["guests"][guest_space]
        tx.set(state["balcony"], space_id, {"garment": guest["garment"], "owner": ctx.seat})
        tx.delete(state["guests"], guest_space)


# "In a 2-player game, only the player with the most ... scores" (the second place's condition)
_SECOND = "; the second most scores too if {}"


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    garments = say("garments", "Garments")
    return documented({
        "score_crowns": VerbDef({}, score_crowns, "score the crown Employee bonuses"),
        "hall_majorities": VerbDef({"second_place": opt(BOOLEAN, _SECOND)}, hall_majorities,
                                   "score the majority in each Hall{second_place}"),
        "area_majority": VerbDef({"area": opt(AREA, required=True),
                                  "second_place": opt(BOOLEAN, _SECOND)}, area_majority,
                                 "score the majority in the {area}{second_place}"),
        "balcony": VerbDef({"area": opt(AREA, required=True)}, balcony,
                           f"move {say('balcony_hall', 'Royal Hall')} {garments} to your "
                           f"{{area}} on the {say('balcony', 'balcony')}"),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
    "score_crowns": ("score the end-of-game bonuses of your crown Employees", {}, {}),
    "hall_majorities": ("score the most (and second most) garments in each Hall",
                        {"second_place": "whether second place scores too (default true)"}, {}),
    "area_majority": ("score the most (and second most) Decorations of an area, for the "
                      "prestige its board side gives (`majority:`); a tie goes to whoever "
                      "holds its rightmost space of them",
                      {"area": "which area (an id of the board side's areas:, or one a module "
                               "adds)",
                       "second_place": "whether second place scores too (default true)"}, {}),
    "balcony": ("move Royal Hall garments to your spaces of an area on the balcony, the best "
                "garment to the space with the biggest multiplier",
                {"area": "which area's spaces the garments watch from (each space's "
                          "multiplier: multiplies the garment there)"}, {}),
}
