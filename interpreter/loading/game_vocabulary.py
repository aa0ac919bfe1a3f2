"""The game's vocabulary for the effect language: every name, field, resource and verb it may use.

This is where the rules data meets the names and fields the interpreter knows, and the verbs
that each module of verbs declares beside its code (`_verbs` only assembles them); no card,
garment or space is named here.
"""
from __future__ import annotations

from dataclasses import replace as _with

from rulesdsl import (
    BOOLEAN,
    NUMBER,
    EffectAbort,
    EnumType,
    FieldDef,
    ListType,
    NameDef,
    RecordType,
    VerbDef,
    Vocabulary,
)

from ..core import board, zones
from ..core import components as comp
from ..core import modifiers as mod
from ..core.context import Context
from ..core.declaring import (
    AREA,
    CARD,
    COLOR,
    DECORATION,
    EMPLOYEE,
    EMPLOYEE_TYPE,
    GARMENT,
    GARMENT_KIND,
    HALL,
    PLAYER,
    REWARD_KIND,
    SEAT_KIND,
    SPACE,
    TILE,
    Say,
    same_word,
)
from ..core.trial import Completes, DeadEnd, look_ahead
from ..verbs import actions as act
from ..verbs import cards as cv
from ..verbs import displays as disp
from ..verbs import phases as ph
from ..verbs import scoring as sc
from ..verbs import shuffling as shf
from ..verbs import stacks as st


def _names(words) -> dict[str, NameDef]:
    def me(key):
        return lambda ctx: ctx.state["players"][ctx.seat][key]

    return {
        "my.livre": NameDef(NUMBER, me("livre"), f"your {words('livre')}"),
        "my.prestige": NameDef(NUMBER, me("prestige"), f"your {words('prestige')}"),
        "my.thread": NameDef(NUMBER, me("thread"), f"your {words('thread')} tokens"),
        "my.lace": NameDef(NUMBER, me("lace"), f"your {words('lace')} tokens"),
        # a player's cards and pieces: counted without the list (NameDef.count), and the same
        # after a gain or a payment (NameDef.steady)
        "my.tiles": NameDef(ListType(TILE), lambda ctx: list(ctx.me["tiles"]),
                            "your Resource tiles", count=_mine_count("tiles"), steady=True),
        "my.hand": NameDef(ListType(EMPLOYEE), lambda ctx: list(ctx.me["hand"]),
                           "the Employees in your hand", count=_mine_count("hand"),
                           steady=True),
        "my.staff": NameDef(ListType(EMPLOYEE), _my_staff,
                            f"the cards in your {words('staff')}", count=_count_my_staff,
                            steady=True),
        "my.supply": NameDef(ListType(EMPLOYEE), lambda ctx: list(ctx.me["supply"]),
                             "the Employees in your supply", count=_mine_count("supply"),
                             steady=True),
        "my.discard": NameDef(ListType(EMPLOYEE), lambda ctx: list(ctx.me["discard"]),
                              "the Employees in your discard pile",
                              count=_mine_count("discard"), steady=True),
        "my.discard_top": NameDef(EMPLOYEE, lambda ctx: _top(ctx.me["discard"]),
                                  "the Employee on top of your discard pile"),
        "my.garments": NameDef(ListType(GARMENT), _my_garments,
                               f"your {words('garments')} on the board",
                               count=_count_my_garments, steady=True),
        "my.decorations": NameDef(ListType(DECORATION), _my_decorations, "your Decorations",
                                  count=_count_my_decorations, steady=True),
        "my.has_favor": NameDef(BOOLEAN, lambda ctx: ctx.state["favor"] == ctx.seat,
                                f"you hold the {words('favor')}"),
        "my.all_halls_prestige": NameDef(NUMBER, _all_halls_prestige,
                                         "the prestige of your All Halls Bonus space"),
        "players": NameDef(ListType(PLAYER), lambda ctx: list(range(len(ctx.state["players"]))),
                           "the players", count=lambda ctx: len(ctx.state["players"]),
                           steady=True),
        "opponents": NameDef(ListType(PLAYER),
                             lambda ctx: [s for s in range(len(ctx.state["players"]))
                                          if s != ctx.seat], "the other players"),
        "round": NameDef(NUMBER, lambda ctx: ctx.state["round"], "the round"),
        "halls": NameDef(ListType(HALL), lambda ctx: [h.id for h in ctx.side.halls],
                         "the Halls"),
        "my.halls_present": NameDef(ListType(HALL), lambda ctx: _halls_present(ctx, ctx.seat),
                                    "the Halls you are represented in"),
        "played": NameDef(EMPLOYEE, cv.played_card, "this Employee"),
        "display_garments": NameDef(ListType(GARMENT), lambda ctx: [
            g for g in ctx.state["garment_display"] if g is not None],
            f"the {words('garments')} in the display, from the left"),
        "hire_display": NameDef(ListType(EMPLOYEE), lambda ctx: [
            c for c in ctx.state["hire_display"] if c is not None],
            "the Employees for hire, from the left"),
        "hire_spaces": NameDef(NUMBER, lambda ctx: len(ctx.state["hire_display"]),
                               "the Hire spaces, empty ones too"),
        "display_tiles": NameDef(ListType(TILE), lambda ctx: [
            t for drawer in ctx.state["drawers"] for t in drawer if t is not None],
            "the Resource tiles in the drawers, row by row from the top left"),
        "tile_discard": NameDef(ListType(TILE), lambda ctx: list(ctx.state["resource_discard"]),
                                "the discarded Resource tiles, the last discarded last"),
        "free_spaces": NameDef(ListType(SPACE), lambda ctx: [
            s for s in ctx.side.guest_spaces if s not in ctx.state["guests"]],
            "the free guest spaces, Hall by Hall from the top, each from the left"),
        "free_decorations": NameDef(ListType(DECORATION), lambda ctx: act.fundable(ctx),
                                    "the Decoration spaces you may fund"),
        # the details of the event a trigger or a garment's hook runs for
        "event.garment": NameDef(GARMENT, lambda ctx: ctx.event.get("garment"),
                                 "the Garment of the event"),
        "event.card": NameDef(EMPLOYEE, lambda ctx: ctx.event.get("card"),
                              "the Employee of the event"),
        "event.tile": NameDef(TILE, lambda ctx: ctx.event.get("tile"),
                              "the Resource tile of the event"),
        "event.space": NameDef(SPACE, lambda ctx: ctx.event.get("space"),
                               "the guest space of the event"),
        "event.kept": NameDef(BOOLEAN, lambda ctx: bool(ctx.event.get("kept")),
                              "the tile of the event was kept"),
    }


def _halls_present(ctx, seat) -> list[str]:
    """The halls a player is represented in, in board order."""
    present = board.halls_present(ctx.state, ctx.side, seat)
    return [h.id for h in ctx.side.halls if h.id in present]


def _hire_space_of(ctx, card_id) -> int:
    """The Hire space an Employee lies in, 1 the leftmost, empty spaces counted; 0 when it is
    not for hire."""
    display = ctx.state["hire_display"]
    return display.index(card_id) + 1 if card_id in display else 0


def _drawer_of(ctx, tile_id) -> tuple[int, int]:
    """(drawer, space in it) of a tile on the Resource display, each counted from 1 at the
    left, empty spaces too; (0, 0) when it is not there."""
    for d, drawer in enumerate(ctx.state["drawers"]):
        if tile_id in drawer:
            return d + 1, drawer.index(tile_id) + 1
    return 0, 0


def _garment_space(ctx, garment_id) -> str | None:
    """The guest space a garment is rented to (None off the guest spaces)."""
    for space, g in ctx.state["guests"].items():
        if g["garment"] == garment_id:
            return space
    return None


def _space_hall(ctx, space_id) -> str | None:
    space = ctx.side.guest_spaces.get(space_id) if space_id is not None else None
    return None if space is None else space.hall


def _reward_kind(ctx, space_id) -> str:
    space = ctx.side.guest_spaces.get(space_id) if space_id is not None else None
    return reward_kind(space.reward if space is not None else None)


def reward_kind(effect) -> str:
    """What a guest space's reward gives, read from its first statement: the resource it gains
    (`livre`, `thread`, ...), the verb it calls (`acquire`), or `none`."""
    if effect is None:
        return "none"
    for stmt in getattr(effect.compiled.effect, "statements", ()):
        resources = getattr(stmt, "resources", None)
        if resources:
            return resources[0]
        verb = getattr(stmt, "verb", None)
        if isinstance(verb, str):
            return verb
    return "none"


# The names read most often, as board.staff / garments_of / decorations_of with the state read
# straight from the context (one call fewer per use).
def _zone_name(zid: str, item, per_player: bool, text: str) -> dict[str, NameDef]:
    """`zone.<id>`: what a zone holds; a per-player zone is `my.<id>`, the player's own."""
    if per_player:
        return {f"my.{zid}": NameDef(ListType(item),
                                     (lambda z: lambda ctx: list(ctx.me["zones"][z]))(zid),
                                     f"your {_bare(text)}",
                                     count=(lambda z: lambda ctx: len(ctx.me["zones"][z]))(zid),
                                     steady=True)}
    return {f"zone.{zid}": NameDef(ListType(item),
                                   (lambda z: lambda ctx: [
                                       c for c in cv.zone_pile(ctx, z) if c is not None])(zid),
                                   f"the {_bare(text)}")}


def _bare(name: str) -> str:
    """A zone's name without its article ('the Garment bag' -> 'Garment bag')."""
    return name[4:] if name.startswith("the ") else name


def _top(pile: list):
    """The top card of a face-up pile (the last put on it), or None when it is empty."""
    return pile[-1] if pile else None


def _my_staff(ctx) -> list[str]:
    p = ctx.state["players"][ctx.seat]
    cards = p["supply"] + p["hand"] + p["discard"]
    if p["played"] is not None:
        cards.append(p["played"])
    return cards


# The getters and counters below loop as statements: a comprehension costs a function made
# and called (Python 3.11), more than the loop itself for the few items a player has.
def _my_garments(ctx) -> list[str]:
    seat, state = ctx.seat, ctx.state
    out: list[str] = []
    for g in state["guests"].values():
        if g["owner"] == seat:
            out.append(g["garment"])
    balcony = state["balcony"]
    if balcony:
        for g in balcony.values():
            if g["owner"] == seat:
                out.append(g["garment"])
    return out


def _my_decorations(ctx) -> list[str]:
    seat = ctx.seat
    out: list[str] = []
    for space, owner in ctx.state["decorations"].items():
        if owner == seat:
            out.append(space)
    return out


# How many items those lists have, counted without making them (NameDef.count): each is
# len() of its getter's list in every position (tests/test_vocab_counters.py).
def _mine_count(key: str):
    return lambda ctx: len(ctx.state["players"][ctx.seat][key])


def _count_my_staff(ctx) -> int:
    return board.staff_size(ctx.state["players"][ctx.seat])


def _count_my_garments(ctx) -> int:
    seat, state = ctx.seat, ctx.state
    n = 0
    for g in state["guests"].values():
        if g["owner"] == seat:
            n += 1
    balcony = state["balcony"]
    if balcony:
        for g in balcony.values():
            if g["owner"] == seat:
                n += 1
    return n


def _count_my_decorations(ctx) -> int:
    return [*ctx.state["decorations"].values()].count(ctx.seat)  # the owners, counted in C


def _all_halls_prestige(ctx) -> int:
    order = ctx.state["all_halls"]
    return ctx.side.all_halls[order.index(ctx.seat)] if ctx.seat in order else 0


def _tile_items(ctx, tile_id) -> int:
    """Everything a tile depicts: its bales of silk and its Thread and Lace symbols."""
    tile = ctx.rules.tiles[tile_id]
    return sum(tile.silk.values()) + sum(
        1 for part in tile.bottom.replace("/", "+").split("+") if part)


def _display_cost(ctx, garment_id) -> int:
    display = ctx.state["garment_display"]
    return ctx.side.garment_costs[display.index(garment_id)] \
        if garment_id in display else 0


def _garment_points(ctx, garment_id) -> int:
    """A garment's prestige, multiplied when it watches the fireworks from the balcony."""
    prestige = ctx.rules.garments[garment_id].prestige
    multiplier = board.balcony_multiplier(ctx.state, ctx.side, garment_id)
    return prestige if multiplier is None else prestige * multiplier


def _balcony_bonus(ctx, garment_id) -> int:
    """What the balcony adds to a garment's prestige: prestige x (factor - 1), 0 elsewhere."""
    multiplier = board.balcony_multiplier(ctx.state, ctx.side, garment_id)
    return 0 if multiplier is None else ctx.rules.garments[garment_id].prestige * (multiplier - 1)


def _on_master_space(ctx, garment_id) -> bool:
    return board.on_master_space(ctx.state, ctx.side, garment_id)


def _column(catalogue: str, attr: str, on_side: bool = False):
    """FieldDef.column: `owner.column(catalogue, attr)` of the context's ruleset (or board
    side), kept with the last owner it was read for: one call, not three, while the same
    ruleset and side are played (both are frozen: their columns never change)."""
    last: list = [(None, None)]  # [(owner, its column)], replaced as one tuple

    def column(ctx):
        owner = ctx.side if on_side else ctx.rules
        seen, values = last[0]
        if seen is not owner:
            values = owner.column(catalogue, attr)
            last[0] = (owner, values)
        return values
    return column


def _records(rules, word=lambda key: key) -> dict:
    g = lambda attr: (lambda ctx, item: getattr(ctx.rules.garments[item], attr))
    e = lambda attr: (lambda ctx, item: getattr(ctx.rules.employees[item], attr))
    d = lambda attr: (lambda ctx, item: getattr(ctx.side.decorations[item], attr))
    # the same fields for every entry at once (FieldDef.column: generated code looks items up);
    # a catalogue's own fields are its printed data (FieldDef.printed), a board side's are not
    gc = lambda attr: _column("garments", attr)
    ec = lambda attr: _column("employees", attr)
    dc = lambda attr: _column("decorations", attr, on_side=True)
    tile_fields = {
        color: FieldDef(NUMBER, (lambda c: lambda ctx, t: ctx.rules.tiles[t].silk.get(c, 0))(color),
                        f"{word(color)} bales")
        for color in rules["colors"]
    }
    tile_fields["bales"] = FieldDef(NUMBER, lambda ctx, t: sum(ctx.rules.tiles[t].silk.values()),
                                    "bales of silk")
    for res in ("thread", "lace"):
        tile_fields[res] = FieldDef(NUMBER, (lambda r: lambda ctx, t: int(
            r in ctx.rules.tiles[t].bottom.replace("/", "+").split("+")))(res), f"{res} symbols")
    tile_fields["items"] = FieldDef(NUMBER, _tile_items, "items")
    tile_fields["drawer"] = FieldDef(NUMBER, lambda ctx, t: _drawer_of(ctx, t)[0], "drawer")
    tile_fields["place_in_drawer"] = FieldDef(NUMBER, lambda ctx, t: _drawer_of(ctx, t)[1],
                                              "place in its drawer")
    return {
        "garment": {
            "color": FieldDef(COLOR, g("color"), "color", column=gc("color"), printed=True),
            "kind": FieldDef(GARMENT_KIND, g("kind"), "kind", column=gc("kind"), printed=True),
            "prestige": FieldDef(NUMBER, g("prestige"), "prestige", column=gc("prestige"),
                                 printed=True),
            "value": FieldDef(NUMBER, g("value"), "value", column=gc("value"), printed=True),
            "master_only": FieldDef(BOOLEAN, g("master"), "Master-only", column=gc("master"),
                                    printed=True),
            "on_master_space": FieldDef(BOOLEAN, _on_master_space, "on a Master guest space"),
            "points": FieldDef(NUMBER, _garment_points, "prestige (multiplied on the balcony)"),
            "balcony_bonus": FieldDef(NUMBER, _balcony_bonus, "balcony bonus"),
            "display_cost": FieldDef(NUMBER, _display_cost, "cost in the display"),
            **{f"{c}_silk": FieldDef(
                NUMBER, (lambda col: lambda ctx, g: ctx.rules.garments[g].silk.get(col, 0))(c),
                f"bales of {word(c)} silk it needs") for c in rules["colors"]},
            "space": FieldDef(SPACE, _garment_space, "guest space"),
            "hall": FieldDef(HALL, lambda ctx, g: _space_hall(ctx, _garment_space(ctx, g)),
                             "Hall"),
        },
        "space": {
            "hall": FieldDef(HALL, _space_hall, "Hall"),
            "master": FieldDef(BOOLEAN, lambda ctx, s: s is not None and
                               ctx.side.guest_spaces[s].master, "Master guest space"),
            "reward_kind": FieldDef(REWARD_KIND, _reward_kind, "kind of reward"),
        },
        "employee": {
            "type": FieldDef(EMPLOYEE_TYPE, e("type"), "type", column=ec("type"), printed=True),
            "level": FieldDef(NUMBER, e("level"), "level", column=ec("level"), printed=True),
            "depute_value": FieldDef(NUMBER, e("depute_value"), "deputing value",
                                     column=ec("depute_value"), printed=True),
            "crown": FieldDef(BOOLEAN, lambda ctx, c: ctx.rules.employees[c].final is not None,
                              "crown"),
            "final_value": FieldDef(NUMBER, lambda ctx, c: final_value(ctx, c, ctx.seat),
                                    "end-of-game bonus it would bring you now"),
            "final_value_opponent": FieldDef(
                NUMBER, lambda ctx, c: max((final_value(ctx, c, s) for s in range(
                    len(ctx.state["players"])) if s != ctx.seat), default=0),
                "end-of-game bonus it would bring an opponent now (the most)"),
            "hire_space": FieldDef(NUMBER, _hire_space_of, "Hire space"),
        },
        "tile": tile_fields,
        "player": {
            "garments": FieldDef(ListType(GARMENT),
                                 lambda ctx, seat: board.garments_of(ctx.state, seat),
                                 "garments on the board"),
            "decorations": FieldDef(ListType(DECORATION),
                                    lambda ctx, seat: board.decorations_of(ctx.state, seat),
                                    "decorations"),
            "staff": FieldDef(ListType(EMPLOYEE), lambda ctx, seat: board.staff(ctx.state, seat),
                              "cards in the staff"),
            "halls_present": FieldDef(ListType(HALL), _halls_present,
                                      "Halls that player is represented in"),
            "discard": FieldDef(ListType(EMPLOYEE),
                                lambda ctx, seat: list(ctx.state["players"][seat]["discard"]),
                                "Employees in the discard pile"),
            "discard_top": FieldDef(EMPLOYEE,
                                    lambda ctx, seat: _top(ctx.state["players"][seat]["discard"]),
                                    "Employee on top of the discard pile"),
            **{key: FieldDef(NUMBER, (lambda k: lambda ctx, seat: ctx.state["players"][seat][k])(
                key), word(key)) for key in ("livre", "prestige", "thread", "lace")},
        },
        "decoration": {
            "area": FieldDef(AREA, d("area"), "area", column=dc("area")),
            "cost": FieldDef(NUMBER, d("cost"), "cost", column=dc("cost")),
            "prestige": FieldDef(NUMBER, d("prestige"), "prestige", column=dc("prestige")),
            "hall": FieldDef(HALL, d("hall"), "Hall", column=dc("hall")),
        },
    }


_HOLDS: dict[str, RecordType] = {"garments": GARMENT, "tiles": TILE, "employees": EMPLOYEE,
                                  "cards": CARD}  # cards: a seat kind's own cards


def _add_components(names, records, kinds, displays, kind_enums) -> dict:
    """The names and records of the component kinds and displays declared in data: a record
    per kind with its fields and its position (`slot`, `price`), `my.<kind>`,
    `player.<kind>`, `event.<kind>` (one rented along with the garment), `display.<id>`.
    Returns the enums the kinds bring (a field's own values)."""
    for kind in kinds.values():
        rec = RecordType(kind.id)
        fields = {}
        for name, t in kind.fields.items():
            ftype = NUMBER if t == "number" else BOOLEAN if t == "boolean" else EnumType(t)
            fields[name] = FieldDef(ftype, (lambda n: lambda ctx, item: None if item is None
                                            else ctx.rules.pieces[item].values.get(n))(name),
                                    name.replace("_", " "), f"the {kind.name}'s {name}")
        records[kind.id] = {**fields, **_position_fields()}
        names[f"my.{kind.id}"] = NameDef(
            ListType(rec), (lambda k: lambda ctx: list(comp.owned(ctx.me, k)))(kind.id),
            f"your {kind.name}s", f"the {kind.name}s you hold")
        names[f"event.{kind.id}"] = NameDef(
            rec, (lambda k: lambda ctx: next((x for x in ctx.me.get("renting", ())
                                               if ctx.rules.pieces[x].kind == k), None))(kind.id),
            f"the {kind.name} rented along with it",
            f"in a rent or place trigger or a garment's on_place: the {kind.name} rented along "
            "with the garment (none if none)")
        records["player"][kind.id] = FieldDef(
            ListType(rec), (lambda k: lambda ctx, seat: list(
                comp.owned(ctx.state["players"][seat], k)))(kind.id),
            f"{kind.name}s", f"the {kind.name}s that player holds")
    for d in displays:
        item = _HOLDS.get(d.holds) or RecordType(d.holds)
        names[f"display.{d.id}"] = NameDef(
            ListType(item), (lambda i: lambda ctx: [x for x in comp.slots(ctx.state, i)
                                                    if x is not None])(d.id),
            f"the pieces on the {d.name}", f"what lies on the {d.name}, left to right")
    records["garment"].update(_position_fields())  # the Garment display's positions
    return {e: v for e, v in kind_enums.items() if e not in ("color", "garment_kind")}


def _position_fields() -> dict:
    return {"slot": FieldDef(NUMBER, comp.slot_of, "space",
                             "its space on a display, 1 at the left (0 when not on one)"),
            "price": FieldDef(NUMBER, comp.price_of, "price",
                              "the Livre shown beneath its space on a display (0 when not on "
                              "one)")}


# The order of the verbs in the vocabulary: the reference's (docs/effect-language.md) and the
# `reward_kind` enum's. A verb not named here comes after these, in its module's order.
_READING_ORDER = (
    "acquire", "discard", "draw_resource", "tailor", "hire", "depute", "fund", "shuffle_supply",
    "discard_top", "draw_hand", "reveal_tile", "own_shuffle", "own_draw", "own_reveal",
    "take_all", "set_counter", "claim_favor", "perform", "play_card", "pass_favor",
    "renew_hire_display", "refill_resources", "renew_garments", "select_hand", "score_crowns",
    "hall_majorities", "area_majority", "balcony", "reduce_cost", "start_trigger",
    "renew_display", "take", "move_cards", "shuffle_into_level", "deal_each", "remove_card",
    "shuffle", "offer_bonus", "use_bonus", "hire_from", "deal", "move_all",
)
# The modules that hold verbs: each declares its own (`declarations(say)`, beside their code).
_VERB_MODULES = (act, st, ph, sc, mod, disp, cv, shf, zones)


def _verbs(say: Say = same_word) -> dict[str, VerbDef]:
    """Every verb, assembled from the modules that declare them; `say(key, default)` is the
    edition's word for a thing the texts name (words.yaml)."""
    declared: dict[str, VerbDef] = {}
    for module in _VERB_MODULES:
        for name, verb in module.declarations(say).items():
            if name in declared:
                raise ValueError(f"the verb {name!r} is declared twice (again in "
                                 f"{module.__name__})")
            declared[name] = verb
    return {**{name: declared[name] for name in _READING_ORDER if name in declared}, **declared}


def _seat_names(names: dict, records: dict, counters, card_fields: dict) -> None:
    """The names of seat kinds and game counters: `my.kind`, `player.kind`, `counter.<id>`,
    and `turn_card` with the fields a kind's own cards declare."""
    names["my.kind"] = NameDef(SEAT_KIND, lambda ctx: ctx.me.get("kind", "human"),
                               "your kind of seat")
    records["player"]["kind"] = FieldDef(
        SEAT_KIND, lambda ctx, seat: ctx.state["players"][seat].get("kind", "human"),
        "kind of seat")
    for c in counters:
        names[f"counter.{c}"] = NameDef(
            NUMBER, (lambda k: lambda ctx: ctx.state["counters"][k])(c), f"the {c} counter")
    if not card_fields:
        return
    names["turn_card"] = NameDef(CARD, lambda ctx: ctx.me.get("turn_card"), "the card revealed")
    piles = (("supply", "card supply"), ("hand", "hand cards"), ("discard", "discard pile"))
    for i, (pile, words) in enumerate(piles):
        names[f"my.own_{pile}"] = NameDef(
            ListType(CARD), (lambda w: lambda ctx: _own_pile(ctx, w))(i), f"your own {words}")
    records["card"] = {
        n: FieldDef(EnumType(f"card_{n}") if "values" in spec else NUMBER,
                    (lambda k: lambda ctx, c: _seat_card(ctx, c).get(k, 0))(n), n.replace("_", " "))
        for n, spec in card_fields.items()}


def _own_pile(ctx, which: int) -> list:
    kind = next((k for k in ctx.rules.seat_kinds if k.id == ctx.me.get("kind")), None)
    return list(kind.pile(ctx.me, which)) if kind is not None and kind.cards else []


def final_value(ctx, card_id, seat: int) -> int:
    """The prestige a card's end-of-game bonus would give `seat` now, as if the card were on
    its staff: tried and undone (a question takes its first option; a bonus that cannot be
    carried through counts 0)."""
    final = ctx.rules.employees[card_id].final
    if final is None:
        return 0
    mark = ctx.tx.mark()
    trial = Context(ctx.engine, seat, "trial")
    look_ahead(trial)  # a trial run: its questions take their first option
    player = ctx.state["players"][seat]
    try:
        before = player["prestige"]
        if card_id not in board.staff(ctx.state, seat):
            ctx.tx.append(player["supply"], card_id)
        final.run(trial)
        return player["prestige"] - before
    except (EffectAbort, Completes, DeadEnd):
        return 0
    finally:
        ctx.tx.rollback(mark)


def _seat_card(ctx, card_id) -> dict:
    for kind in ctx.rules.seat_kinds:
        if card_id in kind.cards:
            return kind.cards[card_id]
    return {}


def _event_texts(word, words) -> dict[str, str]:
    """How a card says each event a `whenever` may listen to, in the edition's words."""
    garment = words.get("garment", "Garment")
    return {"tailor": f"you {words.get('tailor_verb', 'tailor')} a {garment}",
            "rent": f"you rent out a {garment}", "place": f"you place a {garment}",
            "sell": f"you sell a {garment}", "acquire": "you acquire a Resource tile",
            "hire": "you hire an Employee", "depute": "you depute an Employee",
            "play": "you play an Employee", "fund": f"you fund a {word('decoration').title()}"}


def _started_text(events: dict, on: str, until: str, name: str) -> str:
    """How a card says `start_trigger trigger ID`: "until the end of the round, whenever you
    rent out a Garment: <the trigger's name>"."""
    return f"until the {_CONSTANT_TEXT.get(until, until)}, whenever {events.get(on, on)}: {name}"


_CONSTANT_TEXT = {"turn_end": "end of your turn", "round_end": "end of the round",
                  "game_end": "end of the game"}


def build_vocabulary(colors, action_ids, words, zone_ids=(), areas=(),
                     employee_types=("master", "journeyman", "apprentice"),
                     extra_resources=(), extra_fields=None, garment_kinds=(),
                     halls=None, components=None, displays=(), kind_enums=None,
                     game_keys=None, zone_kinds=None, seat_kinds=(), counters=(),
                     card_fields=None, started=None) -> Vocabulary:
    """The vocabulary for a ruleset whose data defines these colors and actions (and the
    resources its modules add, each also a name `my.<resource>`). `game_keys` are game.yaml's
    numbers after the modules' changes (`game.rounds`): cards print their value. `started`:
    the triggers with a lifetime, id -> (event, lifetime, name)."""
    word = lambda key: words.get(key, key.replace("_", " "))
    events = _event_texts(word, words)
    started = started or {}
    halls = dict(halls or {})
    names = _names(word)
    for zid, (holds, per_player, name) in (zone_kinds or {}).items():
        item = _HOLDS.get(holds) or RecordType(holds)  # a declared kind's pieces: its record
        names.update(_zone_name(zid, item, per_player, name or word(zid)))
    for key, value in (game_keys or {"rounds": 7, "hand_size": 3}).items():
        names[f"game.{key}"] = NameDef(NUMBER, (lambda k: lambda ctx: getattr(ctx.rules, k))(key),
                                       str(value), fixed=(value,))
    for r in extra_resources:
        names[f"my.{r}"] = NameDef(NUMBER, (lambda k: lambda ctx: ctx.me[k])(r),
                                   f"your {word(r)}")
    records = _records({"colors": tuple(colors)}, word)
    _seat_names(names, records, counters, card_fields or {})
    verbs = _verbs(lambda key, default: words.get(key, default))
    extra_enums = _add_components(names, records, components or {}, displays, kind_enums or {})
    catalogues = {"garment": "garments", "employee": "employees", "tile": "tiles"}
    for record, declared in (extra_fields or {}).items():
        for name, spec in declared.items():
            default = spec["default"]
            records[record][name] = FieldDef(
                BOOLEAN if isinstance(default, bool) else NUMBER,
                (lambda cat, n, dflt: lambda ctx, item: getattr(ctx.rules, cat)[item]
                 .fields.get(n, dflt))(catalogues[record], name, default),
                spec.get("description", name.replace("_", " ")))
    return _documented(Vocabulary(
        names=names,
        records=records,
        enums={"color": tuple(colors),
               "garment_kind": tuple(dict.fromkeys(("gown", "coat", *(garment_kinds or ())))),
               "employee_type": tuple(employee_types),
               "area": tuple(dict.fromkeys(areas)),
               "action": tuple(action_ids), "cost": mod.COSTS,
               "lifetime": mod.LIFETIMES, "zone": zones.BUILT_IN + tuple(zone_ids),
               "hall": tuple(halls),
               "counter": tuple(counters), "seat_kind": ("human", *seat_kinds),
               **{f"card_{n}": tuple(spec["values"]) for n, spec in (card_fields or {}).items()
                  if "values" in spec},
               "display": tuple(d.id for d in displays),
               "trigger": tuple(started),
               **extra_enums,
               "reward_kind": ("none", "livre", "prestige", "thread", "lace",
                               *extra_resources, *verbs),
               "pile": cv.OWN_PILES},
        resources={r: word(r) for r in ("livre", "prestige", "thread", "lace",
                                        *extra_resources)},
        verbs=verbs,
        enum_text={**_CONSTANT_TEXT, **{h: words.get(h, name) for h, name in halls.items()},
                   **{d.id: words.get(d.id, d.name) for d in displays},
                   **{tid: _started_text(events, on, until, name or word(tid))
                      for tid, (on, until, name) in started.items()},
                   **{z: _bare(k[2]) for z, k in (zone_kinds or {}).items() if k[2]}, **words},
        events=events,
        noun_enums=("garment_kind",),
        place_enums={"hall": "in the {}"},
        actor=PLAYER,
    ))


# ---- descriptions for `rococo vocab` and the editor ---------------------------------------
# One line each, saying what a designer gets; kept apart from the definitions above so that the
# getters stay short. tests/test_vocab_doc.py checks that nothing is left undescribed.

NAME_DOCS = {
    "my.livre": "the Livre you hold",
    "my.prestige": "your prestige points so far",
    "my.thread": "the Thread tokens you hold",
    "my.lace": "the Lace tokens you hold",
    "my.tiles": "the Resource tiles on your rack (kept for their silk)",
    "my.hand": "the Employee cards in your hand this round",
    "my.staff": "all your Employee cards: supply, hand, discard pile and the card being played",
    "my.garments": "your Garments on the board: on guest spaces and on the balcony",
    "my.decorations": "the Decoration spaces you funded, musicians included",
    "my.has_favor": "true while you hold the Queen's Favor",
    "my.discard_top": "the Employee card on top of your discard pile (none when it is empty)",
    "my.all_halls_prestige": "the prestige of your All Halls Bonus space (0 if you have none)",
    "players": "every player, you included (count(players) is how many play)",
    "opponents": "every other player",
    "round": "the current round, 1 to the last",
    "halls": "the Halls of the board (choose one of halls picks one)",
    "my.halls_present": "the Halls you are represented in: a Garment rented there or its "
                        "musicians funded",
    "game.rounds": "how many rounds the game has (game.yaml's rounds, a module may change it)",
    "game.hand_size": "how many cards each player selects in Phase 2 (game.yaml's hand_size)",
    "played": "the Employee card whose bonus or action is running",
    "my.supply": "the cards of your Employee supply, in order (a stack's top first)",
    "my.discard": "your discard pile, in order: its top card last",
    "display_garments": "the Garments in the Garment Design display, from the left (empty "
                       "spaces not counted)",
    "hire_display": "the Employees for hire, from the left (empty spaces not counted)",
    "hire_spaces": "how many Hire spaces the display has, empty ones too (as many as the "
                   "round's renew_hire_display reveals into)",
    "display_tiles": "the Resource tiles in the drawers, drawer by drawer from the top, each "
                     "from the left (empty spaces not counted)",
    "tile_discard": "the discarded Resource tiles; last(tile_discard) is the one just revealed",
    "free_spaces": "the free guest spaces, Hall by Hall in board order, each from the left",
    "free_decorations": "the Decoration spaces you may fund now (each area's limit kept), in "
                        "board order",
    "my.kind": "your kind of seat: human, or a kind a solo mode declares",
    "turn_card": "a seat kind with cards of its own: the card revealed for this turn",
    "my.own_supply": "a seat kind with cards of its own: its card supply, top first",
    "my.own_hand": "a seat kind with cards of its own: its hand cards, top first",
    "my.own_discard": "a seat kind with cards of its own: its discard pile, top last",
    "event.garment": "in a trigger or a garment's hook: the Garment of the event",
    "event.card": "in a trigger: the Employee card of the event",
    "event.tile": "in a trigger: the Resource tile of the event",
    "event.space": "in a trigger or a garment's hook: the guest space the Garment is rented to",
    "event.kept": "in an acquire trigger: true if the tile was kept for its silk (false if "
                  "discarded for Thread/Lace)",
}

FIELD_DOCS = {
    "garment": {
        "color": "the garment's colour",
        "kind": "gown or coat, set by its colour",
        "prestige": "its printed prestige",
        "value": "the Livre it sells for",
        "master_only": "true if only a Master may tailor it (gold thimble)",
        "on_master_space": "true if it is rented to a Master guest space",
        "points": "its prestige at game end: multiplied when it stands on the balcony",
        "balcony_bonus": "what the balcony adds to its prestige: prestige x (factor - 1), 0 when "
                         "it is not on the balcony",
        "display_cost": "its cost where it lies in the Garment Design display (0 elsewhere)",
        "space": "the guest space it is rented to (none when it is not on a guest space)",
        "hall": "the Hall it is rented in (none when it is not on a guest space)",
    },
    "space": {
        "hall": "the Hall the guest space is in",
        "master": "true for a Master guest space",
        "reward_kind": "what its reward gives: a resource (livre, thread, lace...), a verb "
                       "(acquire...), or none",
    },
    "employee": {
        "type": "master, journeyman or apprentice",
        "level": "the deck level, 1 to 6 (0 for a start card)",
        "depute_value": "the Livre a Depute action pays for it",
        "crown": "true if its bonus scores only at the end of the game (a crown card)",
        "final_value": "the prestige its end-of-game bonus would bring you now, as if it were "
                       "on your staff (tried and undone)",
        "final_value_opponent": "the most prestige its end-of-game bonus would bring another "
                                "player now",
        "hire_space": "the Hire space it lies in, 1 the leftmost, empty spaces counted (0 when "
                      "not for hire)",
    },
    "tile": {"bales": "how many bales of silk the tile shows, of any colour",
             "thread": "1 if the tile shows a Thread symbol, else 0",
             "lace": "1 if the tile shows a Lace symbol, else 0",
             "items": "everything the tile depicts: its bales and its Thread and Lace symbols",
             "drawer": "the drawer of the Resource display it lies in, 1 at the left (0 when "
                       "not on the display)",
             "place_in_drawer": "its space in that drawer, 1 the leftmost, empty spaces "
                                "counted (0 when not on the display)"},
    "player": {
        "garments": "that player's Garments on the board",
        "decorations": "the Decoration spaces that player funded",
        "staff": "all that player's Employee cards",
        "halls_present": "the Halls that player is represented in",
        "discard": "the Employee cards in that player's discard pile, the top one last",
        "discard_top": "the Employee card on top of that player's discard pile (none if empty)",
        "kind": "that player's kind of seat: human, or a kind a solo mode declares",
        "livre": "the Livre that player holds",
        "prestige": "that player's prestige points so far",
        "thread": "the Thread tokens that player holds",
        "lace": "the Lace tokens that player holds",
    },
    "decoration": {
        "area": "where the space is: an area of the board side (fireworks, statue, "
                "kitchen_left, kitchen_right in the base game), musician, or one a module adds",
        "cost": "the Livre it costs to fund",
        "prestige": "its printed prestige",
        "hall": "the Hall of a musicians' space (none for the other areas)",
    },
}

RECORD_DOCS = {
    "garment": "a Garment tile tailored from the display",
    "employee": "an Employee card",
    "tile": "a Resource tile",
    "decoration": "a Decoration space on the board",
    "player": "a player (an item of players or opponents)",
    "space": "a guest space in a Hall",
    "card": "a card of a seat kind's own deck",
}

ENUM_DOCS = {
    "color": "a Garment colour (from game.yaml's garment_kinds)",
    "garment_kind": "a lady's gown or a gentleman's frock coat",
    "employee_type": "the type of an Employee card",
    "area": "the area of a Decoration space",
    "action": "a main action (from actions.yaml)",
    "cost": "a price that reduce_cost can lower",
    "lifetime": "how long a reduce_cost, a whenever or a started trigger lasts: to the end of "
                "the turn, the round, or the game",
    "trigger": "a declared trigger with a lifetime ('until:'), which start_trigger starts",
    "hall": "a Hall of the board, printed by its name",
    "display": "a positioned display (game.yaml's or a module's displays:)",
    "reward_kind": "what a guest space's reward gives",
    "zone": "a place for components: the bags and discard piles, and the zones modules declare",
    "pile": "one of your own piles of Employee cards: hand, supply or discard",
    "counter": "a game counter a module declares (a token no player owns)",
    "seat_kind": "a kind of seat: human, or a kind a solo mode declares",
}

RESOURCE_DOCS = {
    "livre": "money, paid to the bank",
    "prestige": "victory points",
    "thread": "Thread tokens, used to tailor some garments",
    "lace": "Lace tokens, used to tailor some garments",
}

def _zone_doc(name: str) -> str:
    """The description of a zone's name (`zone.<id>`, or `my.<id>` for a per-player zone)."""
    if name.startswith("zone."):
        return f"what the {name[len('zone.'):]} zone holds"
    return ""


def _documented(vocab: Vocabulary) -> Vocabulary:
    """The vocabulary with every description filled in from the tables above."""
    names = {n: _with(d, doc=NAME_DOCS.get(n, d.doc) or _zone_doc(n))
             for n, d in vocab.names.items()}
    records = {}
    for rec, fields in vocab.records.items():
        docs = FIELD_DOCS.get(rec, {})
        records[rec] = {f: _with(d, doc=docs.get(f) or (
            f"bales of {f} silk on the tile" if rec == "tile"
            else f"bales of {f[:-5]} silk it needs" if rec == "garment" and f.endswith("_silk")
            else d.doc)) for f, d in fields.items()}
    return _with(vocab, names=names, records=records, enum_docs=ENUM_DOCS,
                 record_docs=RECORD_DOCS, resource_docs=RESOURCE_DOCS)
