"""The game's vocabulary for the effect language: every name, field, resource and verb it may use.

This is where the interpreter's knowledge of Rococo's *verbs* meets the rules data; no card,
garment or space is named here.
"""
from __future__ import annotations

from dataclasses import replace as _with

from rulesdsl import (
    BOOLEAN,
    NUMBER,
    UNKNOWN,
    EffectAbort,
    EnumType,
    FieldDef,
    ListType,
    NameDef,
    OptionDef,
    RecordType,
    VerbDef,
    Vocabulary,
)

from ..core import board, zones
from ..core import components as comp
from ..core import modifiers as mod
from ..core.context import Context
from ..core.trial import Completes, DeadEnd
from ..verbs import actions as act
from ..verbs import cards as cv
from ..verbs import displays as disp
from ..verbs import phases as ph
from ..verbs import scoring as sc
from ..verbs import shuffling as shf
from ..verbs import stacks as st

GARMENT, EMPLOYEE, TILE, DECORATION, PLAYER, SPACE = (
    RecordType(n) for n in ("garment", "employee", "tile", "decoration", "player", "space"))
COLOR, EMPLOYEE_TYPE, AREA, ACTION = (EnumType(n) for n in ("color", "employee_type", "area",
                                                             "action"))
GARMENT_KIND = EnumType("garment_kind")
COST, LIFETIME, ZONE = EnumType("cost"), EnumType("lifetime"), EnumType("zone")
HALL, REWARD_KIND, DISPLAY = EnumType("hall"), EnumType("reward_kind"), EnumType("display")
TRIGGER = EnumType("trigger")  # a declared trigger with a lifetime, started by an effect
PILE = EnumType("pile")  # a player's own piles of cards: hand, supply, discard
COUNTER, SEAT_KIND, CARD = EnumType("counter"), EnumType("seat_kind"), RecordType("card")
AREAS = ("fireworks", "statue", "kitchen_left", "kitchen_right", "musician")


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
        "played": NameDef(EMPLOYEE, lambda ctx: ctx.played, "this Employee"),
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


# "In a 2-player game, only the player with the most ... scores" (the second place's condition)
_SECOND = "; the second most scores too if {}"


def _take(ctx, args) -> None:
    """`take`: a card into a pile or a zone, or a piece of a declared kind from its display."""
    if "piece" in args:
        disp.take(ctx, args)
    else:
        cv.take(ctx, args)


def _verbs(say=lambda key, default: default) -> dict[str, VerbDef]:
    """Each verb with its options; a `{}` in an option's text is where its value is printed.
    `say(key, default)` is the edition's word for a thing the texts name (words.yaml)."""
    garment, garments = say("garment", "Garment"), say("garments", "Garments")
    favor = say("favor", "Queen's Favor")
    def opt(type_, text="", required=False):
        return OptionDef(type_, required=required, text=text)

    return {
        "acquire": VerbDef({"price": opt(NUMBER, " paying {} Livre"),
                            "free": opt(None, " free of charge"),
                            "tile": opt(TILE, ": {}")},
                           act.acquire, "take 1 Resource tile from the display{free}{price}",
                           can=act.can_acquire,
                           binds={"tiles_in_drawer": NUMBER},
                           bind_text={"tiles_in_drawer": "the number of tiles in the drawer"}),
        "discard": VerbDef({"tiles": opt(ListType(TILE), required=True)}, act.discard,
                           "discard {tiles}"),
        "draw_resource": VerbDef({"among": opt(ListType(ZONE), " from 1 of {}")},
                                 act.draw_resource,
                                 "randomly take 1 Resource from the bag. As usual, either keep "
                                 "the tile for silk hidden on your rack or discard it "
                                 "immediately for Thread/Lace", describe=_draw_text),
        "tailor": VerbDef({"silk_discount": opt(NUMBER, " using up to {} fewer bales of silk"),
                           "discount_colors": opt(ListType(COLOR), " ({})"),
                           "no_master_garment": opt(None, f"; not a Master {garment}"),
                           "sell_only": opt(None, f"; you must sell this {garment}"),
                           "garment": opt(GARMENT, ": {}"),
                           "free": opt(None, ", for free (no cost, no silk, Thread or Lace)"),
                           "space": opt(SPACE, ", rented to {}"),
                           "sell": opt(None, ", sold"),
                           "master_made": opt(None, ", as a Master makes it"),
                           "no_reward": opt(None, ", without the guest space's reward")},
                          act.tailor, f"perform 1 additional {say('tailor', 'Tailor a Garment')} "
                                      "action"
                                      "{silk_discount}{discount_colors}{sell_only}"
                                      "{no_master_garment}",
                          describe=lambda o: _tailor_text(o, say), reads=("played",),
                          can=act.can_tailor,
                          as_action=f"make 1 {garment} from the "
                                    f"{say('garment_display', 'Garment Design display')} with "
                                    "your silk, Thread and Lace (paying its cost in Livre), then "
                                    "rent it to a guest space or sell it"),
        "hire": VerbDef({"price": opt(NUMBER, " paying {} Livre"),
                         "card": opt(EMPLOYEE, ": {}"), "free": opt(None, " for free"),
                         "to_supply": opt(None, ", into your supply")}, act.hire,
                        "hire 1 new Employee{card}{price}{free}{to_supply}", can=act.can_hire,
                        binds={"cards_in_display": NUMBER},
                        bind_text={"cards_in_display": "the number of cards in the display"}),
        "depute": VerbDef({"card": opt(EMPLOYEE, "{}"),
                           "among": opt(ListType(EMPLOYEE),
                                        "any 1 Employee of your choice from {}"),
                           "payout": opt(NUMBER, " and gain {} Livre"),
                           "with_bonus": opt(None, ". Use that Employee's Bonus before "
                                                   "discarding the card from the game. (You "
                                                   "don't gain any Livre for deputing that "
                                                   "employee.)")},
                          act.depute, "depute {card}{among}{payout}{with_bonus}",
                          binds={"deputed": EMPLOYEE},
                          bind_text={"deputed": "the deputed Employee"},
                          describe=_depute_text, one_of=(("card", "among"),),
                          reads=("played",), can=act.can_depute,
                          blocked=act.depute_blocked),
        "fund": VerbDef({"discount": opt(NUMBER, " for a {} Livre discount"),
                         "space": opt(DECORATION, ": {}"), "free": opt(None, " for free")},
                        act.fund,
                        f"perform 1 additional {say('fund', 'Fund a Decoration')} action "
                        "(regardless of your Main action){space}{discount}{free}",
                        can=act.can_fund,
                        as_action="pay for 1 free Decoration space and put your Trademark token "
                                  "on it"),
        "shuffle_supply": VerbDef({}, st.shuffle_supply,
                                  "shuffle your supply into a face-down stack"),
        "discard_top": VerbDef({}, st.discard_top,
                               "put the top card of your supply face up on your discard pile"),
        "draw_hand": VerbDef({"count": opt(NUMBER, required=True)}, st.draw_hand,
                             "take the top {count} cards of your supply into your hand (when it "
                             "runs out, shuffle your discard pile but its top card into a new "
                             "supply)"),
        "reveal_tile": VerbDef({}, st.reveal_tile,
                               "draw a random Resource tile from the bag, reveal it and discard "
                               "it"),
        "own_shuffle": VerbDef({}, st.own_shuffle, "shuffle all your own cards into your card "
                                                   "supply"),
        "own_draw": VerbDef({"count": opt(NUMBER, required=True)}, st.own_draw,
                            "add the top {count} cards of your card supply to your hand cards"),
        "own_reveal": VerbDef({}, st.own_reveal,
                              "reveal the top card of your card supply onto your discard pile"),
        "take_all": VerbDef({"drawer": opt(NUMBER, " of drawer {}"),
                             "place": opt(NUMBER, " at place {} of every drawer")},
                            st.take_all, "take all Resource tiles{drawer}{place}, free and "
                                         "face down", one_of=(("drawer", "place"),)),
        "set_counter": VerbDef({"counter": opt(COUNTER, required=True),
                                "value": opt(NUMBER, required=True)}, st.set_counter,
                               "move the {counter} to {value}"),
        "claim_favor": VerbDef({}, act.claim_favor, f"take the {favor}",
                               can=act.can_claim_favor),
        "perform": VerbDef({"action": opt(ACTION, required=True)}, act.perform,
                           "perform 1 additional {action} action (regardless of your Main "
                           "action)", reads=("played",), can=act.can_perform),
        "play_card": VerbDef({}, act.play_card, "play 1 Employee card"),
        "pass_favor": VerbDef({}, ph.pass_favor,
                              f"the holder of the {favor} becomes start player"),
        "renew_hire_display": VerbDef({"count": opt(NUMBER, required=True)},
                                      ph.renew_hire_display,
                                      "remove the unhired Employees and reveal {count} new ones"),
        "refill_resources": VerbDef({"among": opt(ListType(ZONE), " from {}")},
                                    ph.refill_resources,
                                    f"refill the {say('resource_display', 'Resource display')}"
                                    "{among}"),
        "renew_garments": VerbDef({"discard": opt(NUMBER, required=True)}, ph.renew_garments,
                                  f"discard the {{discard}} rightmost {garments}, shift the rest "
                                  "right and refill"),
        "select_hand": VerbDef({"size": opt(NUMBER, required=True)}, ph.select_hand,
                               "select {size} Employee cards"),
        "score_crowns": VerbDef({}, sc.score_crowns, "score the crown Employee bonuses"),
        "hall_majorities": VerbDef({"second_place": opt(BOOLEAN, _SECOND)}, sc.hall_majorities,
                                   "score the majority in each Hall{second_place}"),
        "fireworks_majority": VerbDef({"second_place": opt(BOOLEAN, _SECOND)},
                                      sc.fireworks_majority,
                                      "score the majority in the Fireworks{second_place}"),
        "balcony": VerbDef({}, sc.balcony,
                           f"move {say('balcony_hall', 'Royal Hall')} {garments} to your "
                           f"Fireworks on the {say('balcony', 'balcony')}"),
        "reduce_cost": VerbDef({"on": opt(COST, required=True), "by": opt(NUMBER, required=True),
                                "until": opt(LIFETIME, " until the {}")},
                               mod.reduce_cost, "your {on} costs {by} Livre less{until}"),
        "start_trigger": VerbDef({"trigger": opt(TRIGGER, required=True)}, mod.start_trigger,
                                 "{trigger}"),
        "renew_display": VerbDef({"display": opt(DISPLAY, required=True),
                                  "discard": opt(NUMBER, required=True)}, disp.renew_display,
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
                        _take, "take {card}{piece}{into}{into_zone}{pay_price}{rent}",
                        one_of=(("card", "piece"),)),
        "move_cards": VerbDef({"cards": opt(ListType(EMPLOYEE), required=True),
                               "into": opt(ZONE, required=True)},
                              cv.move_cards, "set {cards} aside in the {into}"),
        "shuffle_into_level": VerbDef({"zone": opt(ZONE, required=True),
                                       "count": opt(NUMBER, required=True),
                                       "level": opt(NUMBER, required=True)},
                                      cv.shuffle_into_level,
                                      "draw {count} cards at random from the {zone} and shuffle "
                                      "them into level {level} of the Employee deck"),
        "deal_each": VerbDef({"zone": opt(ZONE, required=True),
                              "into": opt(ZONE, required=True)},
                             cv.deal_each, "deal 1 card from the {zone} face down to each "
                                           "player's {into}; the rest stay there"),
        "remove_card": VerbDef({"card": opt(EMPLOYEE, required=True)}, cv.remove_card,
                               "remove {card} from the game (no Livre for it)",
                               reads=("played",)),
        "shuffle": VerbDef({"pile": opt(PILE, "your {}"), "zone": opt(ZONE, "the {}")},
                           shf.shuffle, "shuffle {pile}{zone}", one_of=(("pile", "zone"),)),
        "offer_bonus": VerbDef({}, act.offer_bonus,
                               "you may use this Employee's Bonus now, as usual",
                               reads=("played",)),
        "use_bonus": VerbDef({"card": opt(EMPLOYEE, required=True)}, cv.use_bonus,
                             "use the Employee Bonus of {card} as if you had played it"),
        "hire_from": VerbDef({"zone": opt(ZONE, required=True),
                              "price": opt(NUMBER, " paying {} Livre")},
                             cv.hire_from, "hire the Employee from your {zone} if you meet its "
                                           "hiring condition{price}", can=cv.can_hire_from),
        "deal": VerbDef({"zone": opt(ZONE, required=True),
                         "into": opt(ListType(ZONE), required=True)},
                        zones.deal, "shuffle the {zone} and deal it face down onto {into}"),
        "move_all": VerbDef({"zone": opt(ZONE, required=True), "into": opt(ZONE, required=True)},
                            zones.move_all, "put everything in the {zone} into the {into}"),
    }


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
    trial.trial, trial.trial_todo = [], []  # a trial run: its questions take the first option
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


def _draw_text(o) -> str:
    """'randomly take 1 Resource from the bag ...', or with `among` stacks: 'take 1 face-down
    Resource tile from 1 of the Resource stacks ...' (stacks sharing one name read as one)."""
    usual = ("As usual, either keep the tile for silk hidden on your rack or discard it "
             "immediately for Thread/Lace")
    stacks = o.get("among")
    if not isinstance(stacks, list):
        return f"randomly take 1 Resource from the bag. {usual}"
    names = list(dict.fromkeys(stacks))
    where = f"the {names[0]}s" if len(names) == 1 else " or ".join(names)
    return f"take 1 face-down Resource tile from 1 of {where}. {usual}"


def _tailor_text(o, say=lambda key, default: default) -> str:
    """The printed wording: '1 less bale of silk (blue OR pink)', 'up to 2 less green bales'."""
    garment, verb = say("garment", "Garment"), say("tailor_verb", "tailor")
    text = (f"perform 1 additional {say('tailor', 'Tailor a Garment')} action (regardless of "
            "your Main action)")
    n, colors = o.get("silk_discount"), o.get("discount_colors")
    if n is not None:
        upto = "" if n == "1" else "up to "
        bales = "bale" if n == "1" else "bales"
        if isinstance(colors, list) and len(colors) > 1:
            fewer = f"{upto}{n} less {bales} of silk ({' OR '.join(colors)})"
        elif isinstance(colors, list) and colors:
            fewer = f"{upto}{n} less {colors[0]} {bales} of silk"
        else:
            fewer = f"{upto}{n} less {bales} of silk"
        need = f"{' or '.join(colors)} bales of silk" if isinstance(colors, list) and colors \
            else "silk"
        text += (f". If you {verb} a {garment} that requires {need}, you can use {fewer} to "
                 f"complete the action")
    if o.get("sell_only"):
        text += (f". You must sell this {garment} for the value shown on the {garment}")
    if o.get("no_master_garment"):
        text += f". You can't {verb} a Master {garment} with this action"
    return text


def _depute_text(o) -> str:
    """'Depute any 1 Employee of your choice from your staff. Before removing the card ...'."""
    if "card" in o:
        text = f"depute {o['card']}"
    else:
        text = f"depute any 1 Employee of your choice from {o.get('among', 'your staff')}"
    if "payout" in o:
        text += (f". Before removing the card from the game, gain {o['payout']}. (You may not "
                 f"use that Employee's Bonus.)")
    if o.get("with_bonus"):
        text += (". Use that Employee's Bonus before discarding the card from the game. (You "
                 "don't gain any Livre for deputing that employee.)")
    return text


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
                                       str(value))
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
               "area": AREAS + tuple(a for a in dict.fromkeys(areas) if a not in AREAS),
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
        "area": "where the space is: fireworks, statue, kitchen_left, kitchen_right, musician, "
                "or an area a module adds",
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

VERB_DOCS = {
    "acquire": ("buy 1 Resource tile from a drawer of the display; keep it for its silk or "
                "discard it for its Thread/Lace", {
                    "price": "what the tile costs (tiles_in_drawer is bound); default free",
                    "free": "the tile costs nothing",
                    "tile": "this tile, and no other (the choice is pinned)",
                }, {"tiles_in_drawer": "how many tiles the chosen drawer holds"}),
    "discard": ("discard Resource tiles from your rack",
                {"tiles": "the tiles to discard"}, {}),
    "draw_resource": ("take a random Resource tile from the bag (refilled from the discards)",
                      {"among": "instead, the top tile of the face-down stack the player "
                               "chooses among these zones (restacked from the discards)"}, {}),
    "tailor": ("tailor a Garment from the display, then rent it to a guest space or sell it", {
        "silk_discount": "the garment needs up to this many fewer bales of silk",
        "discount_colors": "the discount applies only to bales of these colours",
        "no_master_garment": "a Master-only garment may not be tailored",
        "sell_only": "the garment must be sold, not rented (one that cannot be sold is not "
                     "offered)",
        "garment": "this garment of the display, and no other",
        "free": "no cost, no silk, no Thread or Lace",
        "space": "rent it to this guest space (the only place offered: it is not sold)",
        "sell": "sell it (no guest space offered)",
        "master_made": "made as a Master makes it (Master garments and spaces allowed)",
        "no_reward": "the guest space's reward is not given (the caller gives its own)",
    }, {}),
    "hire": ("hire 1 Employee from the display into your hand",
             {"price": "what the card costs (cards_in_display is bound)",
              "card": "this card of the display, and no other",
              "free": "the card costs nothing",
              "to_supply": "the card goes into your supply instead of your hand"},
             {"cards_in_display": "how many cards the display shows"}),
    "depute": ("remove a card of your staff from the game (never below the minimum staff)", {
        "card": "the card to depute",
        "among": "the player chooses the card to depute from this list",
        "payout": "the Livre gained for it (deputed is bound)",
        "with_bonus": "use the deputed card's bonus instead of Livre",
    }, {"deputed": "the card being deputed"}),
    "fund": ("fund an empty Decoration space, paying its cost",
             {"discount": "Livre taken off the cost",
              "space": "this Decoration space, and no other",
              "free": "the space costs nothing"}, {}),
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
    "claim_favor": ("take the Queen's Favor", {}, {}),
    "perform": ("perform an additional main action, whatever the card's type",
                {"action": "which main action"}, {}),
    "play_card": ("one turn: play a card from the hand, do a main action it allows, then maybe "
                  "its bonus", {}, {}),
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
    "score_crowns": ("score the end-of-game bonuses of your crown Employees", {}, {}),
    "hall_majorities": ("score the most (and second most) garments in each Hall",
                        {"second_place": "whether second place scores too (default true)"}, {}),
    "fireworks_majority": ("score the most (and second most) Fireworks decorations",
                           {"second_place": "whether second place scores too (default true)"},
                           {}),
    "balcony": ("move Royal Hall garments to your Fireworks spaces on the balcony", {}, {}),
    "reduce_cost": ("from now on, one of your prices is lower for a while", {
        "on": "which price: hiring, acquiring, tailoring or funding",
        "by": "how many Livre less",
        "until": "when it ends: turn_end (the default), round_end or game_end",
    }, {}),
    "start_trigger": ("from now until its lifetime ends, a declared trigger with 'until:' runs "
                      "for you at each of its events (started twice, it runs twice)", {
                          "trigger": "which trigger (its id, in a flow document or on a card)",
                      }, {}),
    "renew_display": ("renew a positioned display: discard its rightmost pieces, shift the rest "
                      "right, refill from the right end leftwards (the leftmost slots stay empty "
                      "when the source runs out)", {
                          "display": "which display (declared under displays:)",
                          "discard": "how many of the rightmost slots are discarded",
                      }, {}),
    "deal": ("shuffle a zone and deal it out, one at a time, onto face-down stacks", {
        "zone": "the zone emptied",
        "into": "the stacks (zones) dealt onto in turn",
    }, {}),
    "move_all": ("put everything in one zone into another (mixed in, when it is a bag)", {
        "zone": "the zone emptied",
        "into": "the zone that receives it",
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
    "shuffle": ("put one pile in a random order: one of your piles of cards, or a zone", {
        "pile": "hand, supply or discard: your pile shuffled",
        "zone": "or the zone shuffled (a per-player zone: yours)",
    }, {}),
    "offer_bonus": ("offer the played card's bonus now, as after a main action (use it or "
                    "not), by an action that goes on after it; the turn does not offer it again",
                    {}, {}),
    "use_bonus": ("use another card's bonus as if you had played it (played is that card)",
                  {"card": "the card whose bonus is used"}, {}),
    "hire_from": ("hire a card from a zone (yours, if per-player) into your hand, only one whose "
                  "hire_condition holds for you now", {
                      "zone": "the zone hired from",
                      "price": "what it costs (default: free)",
                  }, {}),
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
    verbs = {}
    for v, d in vocab.verbs.items():
        doc, option_docs, bind_docs = VERB_DOCS.get(v, (d.doc, {}, {}))
        options = {o: _with(od, doc=option_docs.get(o, od.doc)) for o, od in d.options.items()}
        verbs[v] = _with(d, options=options, doc=doc, bind_docs=bind_docs)
    return _with(vocab, names=names, records=records, verbs=verbs, enum_docs=ENUM_DOCS,
                 record_docs=RECORD_DOCS, resource_docs=RESOURCE_DOCS)
