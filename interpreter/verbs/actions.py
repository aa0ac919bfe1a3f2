"""The verbs of the main actions and bonuses: acquire, tailor, hire, depute, fund, favor."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from typing import Any, Final, cast

from rulesdsl import NUMBER, EffectAbort, ListType, VerbDef
from rulesdsl.memo import BoundMemo
from rulesdsl.vocabulary import VerbArgs

from ..core import board, seats, zones
from ..core.context import Context
from ..core.declaring import (
    ACTION,
    COLOR,
    DECORATION,
    EMPLOYEE,
    GARMENT,
    SPACE,
    TILE,
    ZONE,
    Say,
    VerbDoc,
    documented,
    opt,
    same_word,
)
from ..core.events import announce, heard, run_hook
from ..core.model import Garment, GuestSpace, Ruleset
from ..core.modifiers import expire, reduction
from . import checks
from .cards import cards_in, take_out
from .checks import Memo
from .option_tables import OptionTables, Play, SideTables, tables
from .phases import draw

# (Final: compiled, a C static, where a name imported from a Python module is looked up in the
# module's dict at every use)
_BOUND_MEMO: Final = BoundMemo


def _price(args: VerbArgs, binding: str, count: int, known: OptionTables) -> int:
    """The `price` option's value with `binding` = `count` (0 when free or not given)."""
    given = _dict(args)
    if "free" in given:
        return 0
    price = given.get("price")  # (an option's value is never None)
    return 0 if price is None else _bound_whole(price, binding, count, known)


def _dict(args: VerbArgs) -> dict[str, Any]:
    """A verb's options as the dict they are (the generated code and the checks give a dict;
    VerbArgs says Mapping): compiled, read by the dict's own look-ups and `get`, where a
    Mapping's `in` and `[]` go through Python's generic protocols (`_price` made a fifth
    cheaper so). A Mapping of another kind (a test's read-only view) is read as its copy."""
    if isinstance(args, dict):
        return args
    return dict(args)


def _bound_whole(option: Any, binding: str, value: Any, known: OptionTables) -> int:
    """`_whole(checks.bound(option, binding, value))`: an option's whole number given its verb's
    one binding (a price by a count, a payout by a card). One that is a function of the binding
    alone (rulesdsl's BoundMemo, a check's Memo: the same in every position) is kept by the
    binding's value, in a Memo itself, for a BoundMemo in the tables by its option (rulesdsl is
    not compiled: its memo is read as Python's call), read again natively. An option is always
    given the same binding."""
    if type(option) is Memo:  # a check's: its values kept in it, read natively
        wholes = option.wholes
        kept = wholes.get(value)
        if kept is None:  # worked out, unless it raises (then again at every call)
            kept = wholes[value] = _whole(option.bound(binding, value))
        return kept
    if type(option) is not _BOUND_MEMO:
        return _whole(checks.bound(option, binding, value))  # reads the position
    by_value = known.prices.get(option)
    if by_value is None:
        by_value = known.prices[option] = {}
    found = by_value.get(value)
    if found is None:  # worked out, unless it raises (then again at every call)
        found = by_value[value] = _whole(checks.bound(option, binding, value))
    return found


def _whole(value: Any) -> int:
    """`int(value)`, without calling `int` for a value that is one already (a price table's,
    as a rule: compiled, `int()` of an object is a Python call)."""
    return value if type(value) is int else int(value)


def take_tile(ctx: Context, tile_id: str) -> bool:
    """A tile just acquired goes on the rack; its owner keeps it for its silk, or discards it
    at once for its Thread and/or Lace. True if it was kept."""
    rules = ctx.rules
    tiles = ctx.me["tiles"]
    ctx.tx.append(tiles, tile_id)
    # the values worked out once per tile; the rules' words read only when a label is
    # (typed: compared and split as a text natively, not through Python's generic protocols)
    answer: str = ctx.ask("keep", f"keep {ctx.table.label(tile_id)} or discard it",
                          tables(rules).keep_values[tile_id],
                          lambda v: "keep it for its silk" if v == "keep" else
                          "discard it for " + " and ".join(f"1 {rules.word(r)}"
                                                           for r in v.split("+")), exact=True)
    if answer == "keep":
        return True
    ctx.tx.remove(tiles, tile_id)
    for resource in answer.split("+"):
        ctx.gain(resource, 1)
    ctx.tx.append(ctx.state["resource_discard"], tile_id)
    return False


def _tiles_in(drawer: list[str | None]) -> int:
    """How many tiles a drawer holds (its empty spaces are None; counted in a loop: compiled,
    `list.count` is a method looked up by name)."""
    n = 0
    for tile_id in drawer:
        if tile_id is not None:
            n += 1
    return n


def _acquire_offers(ctx: Context, args: VerbArgs) -> list[dict[str, Any]]:
    """What `acquire` offers: each tile of a drawer whose price the player can pay, in drawer
    order."""
    livre = ctx.may_spend("livre")
    less = reduction(ctx, "acquiring")
    tile = _dict(args).get("tile")
    pinned = None if tile is None else tile()
    offers: list[dict[str, Any]] = []
    known_size = price = -1  # the last size of drawer looked at, and its price (as the check)
    known = tables(ctx.rules)
    made = known.tile_offers  # the values made before, by drawer, price and tile
    drawers: list[list[str | None]] = ctx.state["drawers"]
    while len(made) < len(drawers):  # (a list by drawer, grown as more drawers are seen)
        made.append({})
    d = -1
    for drawer in drawers:
        d += 1
        size = _tiles_in(drawer)
        if not size:
            continue
        if size != known_size:
            known_size, price = size, max(0, _price(args, "tiles_in_drawer", size, known) - less)
        if price > livre:
            continue
        at = _kept(made[d], price)
        for tile_id in drawer:
            if tile_id is not None and (pinned is None or tile_id == pinned):
                offer = at.get(tile_id)
                if offer is None:
                    offer = at[tile_id] = {"drawer": d, "tile": tile_id, "price": price}
                offers.append(offer)
    return offers


def _kept(made: dict[Any, dict], key: Any) -> dict:
    """The dict `made` keeps under `key`, a new one when there is none yet."""
    found = made.get(key)
    if found is None:
        found = made[key] = {}
    return found


def acquire(ctx: Context, args: VerbArgs) -> None:
    """Buy one tile from a drawer, its price set by how many tiles that drawer holds; its
    space stays empty until the refill."""
    state, label = ctx.state, ctx.table.label
    # (typed: the offer's dict read natively)
    choice: dict[str, Any] = ctx.ask(
        "tile", "acquire a resource tile", _acquire_offers(ctx, args),
        lambda v: f"{label(v['tile'])} from {ctx.rules.term('drawer', 'drawer')} "
                  f"{v['drawer'] + 1} for {v['price']} Livre", exact=True)
    tile_id: str = choice["tile"]
    ctx.pay("livre", choice["price"])
    drawer = state["drawers"][choice["drawer"]]
    ctx.tx.set(drawer, drawer.index(tile_id), None)
    kept = take_tile(ctx, tile_id)
    if heard(ctx, "acquire"):
        announce(ctx, "acquire", tile=tile_id, kept=kept)


def can_acquire(ctx: Context, args: VerbArgs) -> bool | None:
    """`acquire`'s check (checks.py): some tile can be paid for. It reads what the offers read,
    in their order, and stops where they would (at the second tile); a drawer's price is worked
    out again only where its size differs from the drawer before."""
    less, known = reduction(ctx, "acquiring"), tables(ctx.rules)
    tile = _dict(args).get("tile")
    pinned = None if tile is None else checks.called(tile)
    livre, found = ctx.may_spend("livre"), 0
    known_size = known_price = -1  # the last size of drawer looked at, and its price
    for drawer in ctx.state["drawers"]:
        size = _tiles_in(drawer)
        if not size:
            continue
        if size != known_size:
            known_size, known_price = size, _price(args, "tiles_in_drawer", size, known) - less
            if known_price < 0:
                known_price = 0
        if known_price <= livre:
            found += size if pinned is None else drawer.count(pinned)
            if found > 1:
                return True
    # a single tile: the rest (pay, keep or discard it: an exact question) completes unless
    # an announced trigger may abort
    return checks.from_count(found, "acquire", ctx)


def discard(ctx: Context, args: VerbArgs) -> None:
    """Discard chosen Resource tiles from the player's rack. It never aborts (declared so:
    a question before it, `choose any of my.tiles`, stays exact); the tiles are the rack's."""
    for tile_id in args["tiles"]():
        ctx.tx.remove(ctx.me["tiles"], tile_id)
        ctx.tx.append(ctx.state["resource_discard"], tile_id)


def draw_resource(ctx: Context, args: VerbArgs) -> None:
    """Take a random tile from the bag (refilled from the discards when empty), or with `among`
    the top tile of the face-down stack the player chooses (restacked from the discards)."""
    if "among" in args:
        stacks = zones.nonempty_or_restockable(ctx.state, list(args["among"]()),
                                               "resource_discard")
        names = {z.id: z.name for z in ctx.rules.zones}
        stack = ctx.ask("stack", "take the top tile of", stacks,
                        lambda z: names.get(z, ctx.rules.word(z)), exact=True)
        tile_id = zones.draw_top(ctx, list(args["among"]()), "resource_discard", stack)
    else:
        tile_id = draw(ctx, "resource_bag", "resource_discard")
    if tile_id is None:
        raise EffectAbort("the resource bag is empty" if "among" not in args
                          else "the resource stacks are empty")
    take_tile(ctx, tile_id)


def can_draw_resource(ctx: Context, args: VerbArgs) -> bool | None:
    """`draw_resource`'s check (checks.py): a tile can be drawn (from the bag, refilled from
    the discards; or from a stack the player may choose). The rest cannot abort: keep or
    discard it is an exact question, and nothing is announced. A seat a seat kind controls
    answers by its policy, which may refuse: left to the trial."""
    if ctx.rules.has_seat_kinds and seats.kind_of(ctx.rules, ctx.state, ctx.seat) is not None:
        return None
    state = ctx.state
    if "among" in args:
        return bool(zones.nonempty_or_restockable(state, list(args["among"]()),
                                                  "resource_discard"))
    return bool(state["resource_bag"]) or bool(state["resource_discard"])


def _covers(need: tuple[tuple[int, str, int], ...], have: list[int], discount: int,
            colors: tuple[str, ...]) -> bool:
    """Whether bales `have` (by colour's number, `_bales`) cover the silk `need`s (colour's
    number, colour, bales), with up to `discount` bales of the discount's `colors` missing
    (typed tuples and a list of whole numbers: compiled code reads them without hashing)."""
    short = 0
    for number, color, n in need:
        missing = n - have[number]
        if missing > 0:
            if color not in colors:
                return False
            short += missing
    return short <= discount


def covering_sets(rules: Ruleset, garment: Garment, tiles: list[str], discount: int,
                  colors: tuple[str, ...]) -> list[list[str]]:
    """Every minimal set of tiles whose bales cover the garment (excess bales are lost), each
    sorted, the smallest first (in the order `combinations` makes them: `_next_combo`, a
    native loop, where each size's `combinations` and `range` were two objects of Python's
    made and read through its iterator protocol). A set is kept as the bits of its tiles'
    places among the useful ones: a set found before is in it when its bits are (the tiles
    are distinct)."""
    known = tables(rules)
    needs = known.tailoring_of[garment.id][4]
    needed = [False] * known.colors
    for number, _, _ in needs:
        needed[number] = True
    silk_at = known.silk_at
    useful: list[str] = []
    for t in tiles:
        for c, _ in silk_at[t]:
            if needed[c]:
                useful.append(t)
                break
    found: list[int] = []  # each set found, as its bits
    sets: list[list[str]] = []
    n = len(useful)
    for size in range(0, min(n, garment.bales) + 1):
        combo = [0] * size  # the places of a combination's tiles, the first one first
        for i in range(size):
            combo[i] = i
        while True:
            bits = 0
            for i in combo:
                bits |= 1 << i
            if not _holds_one(found, bits):
                chosen = [useful[i] for i in combo]
                if _covers(needs, _bales(known, chosen), discount, colors):
                    found.append(bits)
                    chosen.sort()
                    sets.append(chosen)
            if not _next_combo(combo, n):
                break
    return sets


def _next_combo(combo: list[int], n: int) -> bool:
    """`combo` (ascending places among `n`) made the combination of its size that follows it
    in `itertools.combinations`' order; False when it was the last."""
    k = len(combo)
    i = k - 1
    while i >= 0 and combo[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    at = combo[i] + 1
    for j in range(i, k):
        combo[j] = at
        at += 1
    return True


def _holds_one(found: list[int], bits: int) -> bool:
    """Whether the set `bits` holds one of the sets `found` (each as its bits)."""
    for f in found:  # noqa: SIM110 - a loop: quicker than any() over a generator
        if f & bits == f:
            return True
    return False


def _bales(known: OptionTables, tiles: list[str]) -> list[int]:
    """The bales of each colour `tiles` hold together, by the colour's number (the tables')."""
    have = known.no_bales.copy()
    silk_at = known.silk_at
    for t in tiles:
        for number, n in silk_at[t]:
            held: int = have[number]
            have[number] = held + n
    return have


class _Tailoring:
    """What a `tailor` call reads before its first question: its options as the position makes
    them (silk discount, its colours, made by a Master, cost waived, silk waived), the free guest
    spaces, and the garments it offers (`garments`, each with its cost in `costs`)."""

    __slots__ = ("colors", "costs", "discount", "free", "garments", "made_by_master",
                 "silk_waived", "waived")

    def __init__(self, discount: int, colors: tuple[str, ...], made_by_master: bool,
                 waived: bool, silk_waived: bool):
        self.discount = discount
        self.colors = colors
        self.made_by_master = made_by_master
        self.waived = waived
        self.silk_waived = silk_waived
        # none yet: lists of their own only once found (a call that ends before the garments
        # are looked at makes none; the empty tuples every `_Tailoring` starts with cannot be
        # changed through one of them)
        self.free: Sequence[str] = _NO_IDS
        self.garments: Sequence[str] = _NO_IDS
        self.costs: Sequence[int] = _NO_COSTS


# the empty values a `_Tailoring` starts with, shared (tuples: nothing can change them)
_NO_IDS: Final[tuple[str, ...]] = ()
_NO_COSTS: Final[tuple[int, ...]] = ()
# what `_tailoring` finds when the player's bales are too few for any garment: nothing offered
# (its options unread: `tailor` aborts at its empty question, `can_tailor` answers False)
_NOTHING: Final = _Tailoring(0, (), False, False, False)


def _tailoring(ctx: Context, args: VerbArgs, most: int = 0) -> _Tailoring:
    """What `tailor` offers: each garment of the display the player can make and then rent or
    sell, in display order, the first `most` of them (0: all; a check needs two, and then only
    whether some guest space is free, and whether a second one is). What the player may spend
    is its `purse`: a resource its seat kind never pays gates nothing, and a kind that never
    pays `silk` needs no tiles and spends none (as `free` does). Too few bales for the garment
    that takes fewest end it before anything else is read."""
    me = ctx.me
    given = len(args) != 0  # a main action's `tailor` has no options: none is looked up
    discount = int(args["silk_discount"]()) if given and "silk_discount" in args else 0
    waived = given and "free" in args  # no cost, no silk, no Thread or Lace
    never_paid = ctx.never_paid()
    silk_waived = waived or "silk" in never_paid  # no tiles needed, none spent
    known = tables(ctx.rules)
    held = 0 if silk_waived else _held(known.bales_of, me["tiles"])  # the player's bales in all
    colors = tuple(args["discount_colors"]()) if given and "discount_colors" in args else ()
    pinned_space = given and "space" in args
    if not silk_waived and held + discount < known.fewest_bales and not pinned_space:
        return _NOTHING
    played = ctx.played  # a Master's garment when a Master plays this
    made_by_master = (played is not None and known.kind_of[played] == "master") or \
        (given and "master_made" in args)
    found = _Tailoring(discount, colors, made_by_master, waived, silk_waived)
    state, side = ctx.state, known.of_side(ctx.side)
    sell_only = given and "sell_only" in args  # "You must sell this Garment"
    sold = given and "sell" in args
    # the free guest spaces, looked for only once a garment can be made (a check that finds
    # none reads none), or one that cannot be sold needs a place
    later = not (sell_only or sold or pinned_space)
    if pinned_space and not sell_only and not sold:
        space = args["space"]()
        found.free = [s for s in _free_spaces(side, state["guests"], made_by_master)
                      if s == space]
    if not found.free and pinned_space:  # no place for it: nothing offered
        return found
    have: list[int] | None = None  # the bales of each colour, when first needed
    looked = False  # whether the free guest spaces were looked for (`later`)
    master = made_by_master and not (given and "no_master_garment" in args)
    less = reduction(ctx, "tailoring")
    purse = ctx.purse(never_paid)  # what the player may spend: never-paid resources unbounded
    pinned = args["garment"]() if given and "garment" in args else None
    tailoring, garment_costs = known.tailoring_of, side.garment_costs
    livre: int = purse["livre"]  # (typed: compared as a whole number, not as an object)
    placed_only = not later and not found.free  # a garment that cannot be sold is not offered
    garments: list[str] | None = None  # (lists of their own once a garment is found)
    costs: list[int] | None = None
    pos = -1
    for garment_id in state["garment_display"]:
        pos += 1
        if garment_id is None or (pinned is not None and garment_id != pinned):
            continue
        g_master, sellable, bales, needs, silk = tailoring[garment_id]
        if (g_master and not master) or (placed_only and not sellable):
            continue
        cost = 0
        if not waived:
            if not silk_waived and bales - discount > held:  # too few bales in all
                continue
            cost = garment_costs[pos] - less
            if cost < 0:
                cost = 0
            if cost > livre or not _affords(needs, purse):
                continue
            if not silk_waived:
                if have is None:
                    have = _bales(known, me["tiles"])
                if not _covers(silk, have, discount, colors):
                    continue
        if later and not sellable:
            if not looked:
                found.free, looked = _free_spaces(side, state["guests"], made_by_master,
                                                  2 if most else 0), True
            if not found.free:
                continue
        if garments is None or costs is None:
            garments, costs = [], []
            found.garments, found.costs = garments, costs
        garments.append(garment_id)
        costs.append(cost)
        if len(garments) == most:
            break
    if later and not looked and garments is not None:
        found.free = _free_spaces(side, state["guests"], made_by_master, 2 if most else 0)
    return found


def _held(bales_of: dict[str, int], tiles: list[str]) -> int:
    """How many bales the `tiles` hold in all."""
    held = 0
    for tile_id in tiles:
        held += bales_of[tile_id]
    return held


def _affords(needs: tuple[tuple[str, int], ...], purse: dict[str, Any]) -> bool:
    """Whether the `purse` holds the resources (not silk) a garment `needs` (each holding
    read as a whole number: compiled, compared without Python's comparison of objects)."""
    for resource, n in needs:
        held: int = purse[resource]
        if n > held:
            return False
    return True


def _free_spaces(side: SideTables, guests: dict, made_by_master: bool,
                 most: int = 0) -> list[str]:
    """The guest spaces a garment can be rented to (Master spaces only if a Master made it), in
    board order: the first `most` of them (0: all)."""
    free: list[str] = []
    for space_id in side.guest_spaces_for[made_by_master]:
        if space_id not in guests:
            free.append(space_id)
            if len(free) == most:
                break
    return free


def tailor(ctx: Context, args: VerbArgs) -> None:
    """Tailor a garment from the display, then rent it to a guest space or sell it.

    A garment's hooks run on the way: `on_tailor` once its cost and silk are spent, `on_place`
    after the guest space's reward, `on_sell` after its value is paid; a garment that may not be
    sold is rented, and is not offered while no guest space is free for it."""
    rules, state, me, label = ctx.rules, ctx.state, ctx.me, ctx.table.label
    found = _tailoring(ctx, args)
    garments, costs = found.garments, found.costs
    known = tables(rules)
    made = known.garment_offers  # the values made before, by garment and cost
    offers: list[dict[str, Any]] = []
    for i in range(len(garments)):
        at = _kept(made, garments[i])
        offer = at.get(costs[i])
        if offer is None:
            offer = at[costs[i]] = {"garment": garments[i], "cost": costs[i]}
        offers.append(offer)
    making = f"{rules.term('tailor_verb', 'tailor')} a {rules.term('garment', 'garment').lower()}"
    choice = ctx.ask("garment", making, offers,
                     lambda v: f"{label(v['garment'])} for {v['cost']} Livre", exact=True)
    garment_id, g = choice["garment"], rules.garments[choice["garment"]]
    if not found.waived:
        ctx.pay("livre", choice["cost"])
        for resource, n in g.needs():
            ctx.pay(resource, n)
    display = state["garment_display"]
    ctx.tx.set(display, display.index(garment_id), None)
    ctx.tx.set(me, "tailoring", garment_id)
    sets = [[]] if found.silk_waived else covering_sets(rules, g, me["tiles"], found.discount,
                                                        found.colors)
    tiles = ctx.ask("tiles", f"choose the tiles for {label(garment_id)}", sets,
                    lambda v: ", ".join(label(t) for t in v) or "no tiles", exact=True)
    for tile_id in tiles:
        ctx.tx.remove(me["tiles"], tile_id)
        ctx.tx.append(state["resource_discard"], tile_id)
    run_hook(ctx, g.on_tailor, garment=garment_id)
    if heard(ctx, "tailor"):
        announce(ctx, "tailor", garment=garment_id)
    places: list = [known.sell_place] if _may_sell(g) and "space" not in args else []
    place_of = known.place_of
    for space_id in found.free:
        places.append(place_of[space_id])
    where = ctx.ask("rent", f"rent or sell {label(garment_id)}", places,
                    lambda v: f"sell it for {g.value} Livre" if "sell" in v
                    else "rent it at " + label(v["space"]), exact=True)
    if "sell" in where:
        _sell(ctx, g)
    else:
        _rent(ctx, g, ctx.side.guest_spaces[where["space"]], found.made_by_master,
              "no_reward" not in args)


def can_tailor(ctx: Context, args: VerbArgs) -> bool | None:
    """`tailor`'s check (checks.py): some garment can be made, then rented or sold. A single
    garment is known to complete when nothing after its question may abort: no hook of it, no
    trigger announced, and then a choice of places (an exact question) or the one place's
    own work certain (a reward that cannot abort)."""
    found = _tailoring(ctx, args, 2)
    if len(found.garments) != 1:
        return bool(found.garments)
    g = ctx.rules.garments[found.garments[0]]
    if g.on_tailor is not None or heard(ctx, "tailor"):
        return None
    places = ["sell", *found.free] if _may_sell(g) and "space" not in args else [*found.free]
    if len(places) > 1:
        return True
    if places == ["sell"]:
        done = g.on_sell is None and not heard(ctx, "sell")
    else:
        reward = ctx.side.guest_spaces[places[0]].reward
        done = (reward is None or "no_reward" in args or reward.certain) and \
            g.on_place is None and not heard(ctx, "rent") and not heard(ctx, "place")
    return True if done else None


def _sell(ctx: Context, g: Garment) -> None:
    """The tailored garment sold: its value paid, the garment discarded, its `on_sell` run."""
    ctx.tx.set(ctx.me, "tailoring", None)
    ctx.gain("livre", g.value)
    ctx.tx.append(ctx.state["garment_discard"], g.id)
    run_hook(ctx, g.on_sell, garment=g.id)
    announce(ctx, "sell", garment=g.id)


def _rent(ctx: Context, g: Garment, space: GuestSpace, master_made: bool,
          rewarded: bool) -> None:
    """The tailored garment rented to a guest space: the space's reward, its `on_place`, the
    all halls bonus."""
    me = ctx.me
    # the rent moment: the player has chosen to rent, the garment is not down yet (what is
    # rented along with it, e.g. a component taken `rent`, is listed in `renting`)
    if heard(ctx, "rent"):
        announce(ctx, "rent", garment=g.id, space=space.id)
    ctx.tx.set(me, "tailoring", None)
    ctx.tx.set(ctx.state["guests"], space.id,
               {"garment": g.id, "owner": ctx.seat, "master_made": master_made})
    if space.reward is not None and rewarded:
        ctx.attempt(space.reward)
    run_hook(ctx, g.on_place, garment=g.id, space=space.id)
    if heard(ctx, "place"):
        announce(ctx, "place", garment=g.id, space=space.id)
    if me.get("renting"):
        ctx.tx.set(me, "renting", [])
    check_all_halls(ctx)


def _may_sell(garment: Garment) -> bool:
    return garment.sellable and not garment.rent_only


def check_all_halls(ctx: Context) -> None:
    """The moment a player is represented in every hall, its token takes the best free space."""
    state, side = ctx.state, ctx.side
    if ctx.seat in state["all_halls"] or len(state["all_halls"]) >= len(side.all_halls):
        return
    if _in_every_hall(tables(ctx.rules).halls_of[side.id], state["guests"], state["decorations"],
                      ctx.seat):
        ctx.tx.append(state["all_halls"], ctx.seat)


def _in_every_hall(halls: tuple[tuple[str, tuple[str, ...]], ...], guests: dict[str, Any],
                   funded: dict[str, Any], seat: int) -> bool:
    """Whether the player in `seat` is represented in every hall (its musician funded, or a
    garment rented there), as `board.halls_present` finds, read only as far as the first
    hall it is not in."""
    for musician, spaces in halls:
        funder: int | None = funded.get(musician)
        if funder is not None and funder == seat:
            continue
        for space_id in spaces:
            guest = guests.get(space_id)
            if guest is not None:
                owner: int = guest["owner"]
                if owner == seat:
                    break
        else:
            return False
    return True


def _hire_offers(ctx: Context, args: VerbArgs) -> tuple[int, list[str]]:
    """The price of a `hire` call and the cards it offers (aborts when the price cannot be
    paid or a pinned card is not in the display)."""
    display = cards_in(ctx.state["hire_display"])  # the cards, not the empty spaces
    given = _dict(args)
    price = _hire_price(ctx, given, len(display))
    if price > ctx.may_spend("livre"):
        raise EffectAbort(f"hiring costs {price} Livre")
    pinned = given.get("card")
    if pinned is None:
        return price, display
    card = checks.called(pinned)
    if card not in display:
        raise EffectAbort("that card is not in the display")
    return price, [card]


def _hire_price(ctx: Context, given: dict[str, Any], shown: int) -> int:
    """What a `hire` call costs with `shown` cards in the display."""
    if "free" in given:
        return 0
    price = _price(given, "cards_in_display", shown, tables(ctx.rules)) - \
        reduction(ctx, "hiring")
    return price if price > 0 else 0


def hire(ctx: Context, args: VerbArgs) -> None:
    """Hire a card from the display into the hand, its price set by how many cards are shown;
    its Hire space stays empty until the round's renewal."""
    price, offered = _hire_offers(ctx, args)
    card = ctx.ask("hire", f"hire an employee for {price} Livre", offered, exact=True)
    ctx.pay("livre", price)
    take_out(ctx, ctx.state["hire_display"], card)  # its space stays empty
    ctx.tx.append(ctx.me["supply" if "to_supply" in _dict(args) else "hand"], card)
    if heard(ctx, "hire"):
        announce(ctx, "hire", card=card)


def can_hire(ctx: Context, args: VerbArgs) -> bool | None:
    """`hire`'s check (checks.py): the price can be paid and the display offers a card. It
    reads what `_hire_offers` reads, in its order, but counts the cards where the verb lists
    them, and answers False where the verb aborts (no exception made, its text built and
    caught: a check at every turn whose player cannot pay)."""
    display: list[str | None] = ctx.state["hire_display"]
    given = _dict(args)
    shown = _tiles_in(display)  # (the cards: the empty spaces are None, as a drawer's)
    if _hire_price(ctx, given, shown) > ctx.may_spend("livre"):
        return False
    pinned = given.get("card")
    if pinned is not None and checks.called(pinned) not in display:
        return False
    return checks.from_count(shown if pinned is None else 1, "hire", ctx)


def depute(ctx: Context, args: VerbArgs) -> None:
    """Remove a card of the staff from the game, never going below the minimum staff.

    The card stays on the staff until its last bonus is used: "you can now use the Bonus
    action one last time before the card is removed from the game". A card deputed by the
    main action leaves when its turn ends (after its bonus); one deputed `with_bonus` leaves
    right after that bonus. Until then it is listed in its owner's `deputing`, and a card on
    its way out cannot be deputed twice.
    """
    me = ctx.me
    leaving = me["deputing"]
    staff = _deputing_staff(ctx)
    payouts: dict[str, int] = {}
    if "card" in args:
        card = _pinned_deputy(args, staff, payouts, tables(ctx.rules))
    else:
        listed = [c for c in args["among"]() if c not in leaving]
        offered = _deputable(args, staff, payouts, tables(ctx.rules))
        # exact when nothing had to be left out; otherwise the cards are listed as the rules
        # give them and tried one by one, as any question (so the answers a step records do
        # not depend on what was weeded out: docs/decisions.md)
        whole = len(offered) == len(listed)
        card = ctx.ask("depute", "depute an employee", offered if whole else listed,
                       exact=whole)
        if card not in staff:
            raise EffectAbort("that card is not on the staff")
    if "payout" in args:
        ctx.gain("livre", payouts[card] if card in payouts
                 else _bound_whole(args["payout"], "deputed", card, tables(ctx.rules)))
    ctx.settled()  # from here nothing aborts: a trial run of `depute card ...` ends here
    ctx.tx.append(leaving, card)
    if heard(ctx, "depute"):
        announce(ctx, "depute", card=card)
    # the bonus as the acting seat reads it, as `use_bonus` runs it (a seat kind's reading)
    bonus = seats.bonus_of(ctx.rules, ctx.state, ctx.seat, card)
    if "with_bonus" in args and bonus is not None:
        saved, ctx.played = ctx.played, card
        try:
            if _bonus_chosen(ctx, bonus.run, bonus.check,
                             f"bonus of the deputed {ctx.engine.label(card)}"):
                ctx.attempt(bonus)
        finally:
            ctx.played = saved
    elif card == me["played"] and card == ctx.played:
        return  # it leaves when the turn ends, after its own bonus (see play_card)
    ctx.tx.remove(leaving, card)
    remove_from_staff(ctx, card)


def _deputing_staff(ctx: Context) -> list[str]:
    """The staff that may depute, cards on their way out left out (aborts at the minimum)."""
    leaving = ctx.me["deputing"]
    staff = board.staff(ctx.state, ctx.seat)  # a new list
    if leaving:
        staff = [c for c in staff if c not in leaving]
    if len(staff) <= ctx.rules.setup["min_staff"]:
        raise EffectAbort(f"a staff of {ctx.rules.setup['min_staff']} cannot depute")
    return staff


def _pinned_deputy(args: VerbArgs, staff: list[str], payouts: dict[str, int],
                   known: OptionTables) -> str:
    """The card a `depute card ...` call names, its payout worked out in `payouts` (aborts
    when it is not on the staff)."""
    card = args["card"]()
    if card not in staff:
        raise EffectAbort("that card is not on the staff")
    if "payout" in args:
        payouts[card] = _bound_whole(args["payout"], "deputed", card, known)
    return card


def depute_blocked(ctx: Context) -> bool:
    """Whether no card can be deputed now: "you must always retain a staff of at least 4
    Employee cards" (cards on their way out not counted), whichever card is named."""
    return _staff_at_minimum(ctx, _player(ctx))


def _player(ctx: Context) -> dict[str, Any]:
    """The acting player, as the plain dict it is (a TypedDict's keys are read generically)."""
    return cast("dict[str, Any]", ctx.state["players"][ctx.seat])


def _staff_at_minimum(ctx: Context, me: dict[str, Any]) -> bool:
    leaving = me["deputing"]
    size = len(me["supply"]) + len(me["hand"]) + len(me["discard"]) + (
        me["played"] is not None)  # board.staff_size, read from the plain dict
    if leaving:
        size -= len(set(leaving).intersection(board.staff(ctx.state, ctx.seat)))
    return size <= tables(ctx.rules).min_staff


def can_depute(ctx: Context, args: VerbArgs) -> bool | None:
    """`depute`'s check (checks.py): past these checks nothing aborts (a trial run ends at the
    verb's `settled`). It reads what the verb reads, in its order, without building the staff
    for a named card. A choice `among` cards can be done exactly when one of them can be
    deputed (on the staff, its payout worked out): the trial tries them until one can. A seat
    a seat kind controls answers by its policy, which may refuse every card offered (a
    preference no card matches): that choice is left to the trial, which asks the policy; a
    person's seat in the same game is decided here. A staff at its minimum (the verb aborts)
    is `depute_blocked`'s, which a check reads first (VerbDef.blocked): not read again here."""
    me, given = _player(ctx), _dict(args)
    named = given.get("card")
    if named is None:
        if ctx.rules.has_seat_kinds and seats.kind_of(ctx.rules, ctx.state,
                                                      ctx.seat) is not None:
            return None
        return bool(_deputable(args, _deputing_staff(ctx), {}, tables(ctx.rules)))
    card = checks.called(named)
    leaving = me["deputing"]
    # (the hand first: a card played is looked at there while the turn's plays are offered)
    if (leaving and card in leaving) or not (card in me["hand"] or card == me["played"]
                                             or card in me["supply"] or card in me["discard"]):
        return False  # the verb aborts: that card is not on the staff
    payout = given.get("payout")
    if payout is not None:  # (aborts where the verb would)
        _bound_whole(payout, "deputed", card, tables(ctx.rules))
    return True


def _deputable(args: VerbArgs, staff: list[str], payouts: dict[str, int],
               known: OptionTables) -> list[str]:
    """The cards of `among` that can be deputed, each with its payout worked out in `payouts`.

    What could abort once a card is chosen is checked before the question instead: a card off
    the staff (or on its way out) and a card whose payout cannot be worked out are left out.
    Nothing after the question can then abort: each card left completes its own work."""
    on_staff = set(staff)
    offered = [c for c in args["among"]() if c in on_staff]
    if "payout" not in args:
        return offered
    payout = args["payout"]
    for card in offered:
        with suppress(EffectAbort):
            payouts[card] = _bound_whole(payout, "deputed", card, known)
    return [c for c in offered if c in payouts]


def remove_from_staff(ctx: Context, card: str) -> None:
    """Take a card out of its owner's staff and out of the game."""
    me = ctx.me
    for zone in ("supply", "hand", "discard"):
        if card in me[zone]:
            ctx.tx.remove(me[zone], card)
            break
    else:
        ctx.tx.set(me, "played", None)
    ctx.tx.append(ctx.state["removed_employees"], card)


def _fund_offers(ctx: Context, args: VerbArgs) -> list[dict[str, Any]]:
    """What `fund` offers: each space the player may fund and can pay for, in board order
    (the spaces `_fundable` gives, read in the same loop)."""
    livre, given = ctx.may_spend("livre"), _dict(args)
    less = given.get("discount")
    discount = (0 if less is None else int(less())) + reduction(ctx, "funding")
    space = given.get("space")
    pinned = None if space is None else space()
    free = "free" in given
    known, funded, seat = tables(ctx.rules), ctx.state["decorations"], ctx.seat
    side_id = known.of_side(ctx.side).id
    mine: list[int] | None = None  # the player's spaces in each limited area, when counted
    offers: list[dict[str, Any]] = []
    for space_id, cost, limited, made in known.fund_spaces[side_id]:
        if space_id in funded or (pinned is not None and space_id != pinned):
            continue
        if limited >= 0:
            if mine is None:
                mine = known.uncounted.copy()
            if _at_limit(known, side_id, limited, mine, funded, seat):
                continue
        cost = 0 if free or cost < discount else cost - discount
        if cost <= livre:
            offer = made.get(cost)  # (the values made before, by cost)
            if offer is None:
                offer = made[cost] = {"space": space_id, "cost": cost}
            offers.append(offer)
    return offers


def _at_limit(known: OptionTables, side_id: str, limited: int, mine: list[int],
              funded: dict[str, Any], seat: int) -> bool:
    """Whether the player in `seat` has funded as many spaces of the limited area numbered
    `limited` as its limit allows, counted in `mine` (-1: not yet) once, as far as the limit
    (a few of the area's spaces read, where the funded spaces are many)."""
    n = mine[limited]
    limit = known.limit_of[limited]
    if n < 0:
        n = mine[limited] = _funded_in(funded, seat, known.limited_spaces[side_id][limited],
                                       limit)
    return n >= limit


def fund(ctx: Context, args: VerbArgs) -> None:
    """Fund an empty decoration space, paying its cost less any discount."""
    label = ctx.table.label
    choice: dict[str, Any] = ctx.ask(  # (typed: the offer's dict read natively)
        "fund", "fund a decoration", _fund_offers(ctx, args),
        lambda v: f"{label(v['space'])} for {v['cost']} Livre", exact=True)
    ctx.pay("livre", choice["cost"])
    ctx.tx.set(ctx.state["decorations"], choice["space"], ctx.seat)
    if heard(ctx, "fund"):
        announce(ctx, "fund", space=choice["space"])
    check_all_halls(ctx)


def can_fund(ctx: Context, args: VerbArgs) -> bool | None:
    """`fund`'s check (checks.py): some space can be funded and paid for. The spaces are looked
    at from the cheapest (how many there are is all a check needs), up to the first the player
    cannot pay for; the player's spaces in a limited area are counted once, when first needed."""
    known = tables(ctx.rules)
    side_id = known.of_side(ctx.side).id
    given = len(args) != 0  # a main action's `fund` has no options: none is looked up
    discount = (int(args["discount"]()) if given and "discount" in args else 0) + \
        reduction(ctx, "funding")
    pinned = args["space"]() if given and "space" in args else None
    free, livre, funded = given and "free" in args, ctx.may_spend("livre"), \
        ctx.state["decorations"]
    mine: list[int] | None = None  # the player's spaces in each limited area (-1: not counted)
    found = 0
    for cost, space_id, limited in known.fund_by_cost[side_id]:
        price = 0 if free else cost - discount
        if (price if price > 0 else 0) > livre:
            break
        if space_id in funded or (pinned is not None and space_id != pinned):
            continue
        if limited >= 0:  # (`_at_limit` inlined: a check at most turns, a call per space)
            if mine is None:
                mine = known.uncounted.copy()  # (one list made, where `*` makes two: the
                # tables' own list would be shared by games in threads)
            n = mine[limited]
            limit = known.limit_of[limited]
            if n < 0:  # (counted only as far as the limit)
                n = mine[limited] = _funded_in(funded, ctx.seat,
                                               known.limited_spaces[side_id][limited], limit)
            if n >= limit:
                continue
        found += 1
        if found > 1:
            return True
    return checks.from_count(found, "fund", ctx)  # a single space: paid for, then announced


def _funded_in(funded: dict[str, Any], seat: int, spaces: tuple[str, ...], most: int = 0
               ) -> int:
    """How many of the Decoration `spaces` (an area's) the player in `seat` has funded, counted
    as far as `most` (0: all). Each space is looked up once, its funder compared as a whole
    number (typed: compiled, no comparison of objects)."""
    n = 0
    for space_id in spaces:
        funder: int | None = funded.get(space_id)
        if funder is not None and funder == seat:
            n += 1
            if n == most:
                break
    return n


def fundable(ctx: Context) -> list[str]:
    """The empty Decoration spaces this player may fund (each area's limit per player kept),
    in board order."""
    return [space_id for space_id, _ in _fundable(ctx)]


def _fundable(ctx: Context) -> list[tuple[str, int]]:
    """`fundable`, each space with its printed cost."""
    known, funded, seat = tables(ctx.rules), ctx.state["decorations"], ctx.seat
    side_id = known.of_side(ctx.side).id
    mine = known.uncounted.copy()
    spaces: list[tuple[str, int]] = []
    for space_id, cost, limited, _ in known.fund_spaces[side_id]:
        if space_id in funded or (limited >= 0 and _at_limit(known, side_id, limited, mine,
                                                              funded, seat)):
            continue
        spaces.append((space_id, cost))
    return spaces


def can_claim_favor(ctx: Context, args: VerbArgs) -> bool | None:
    """`claim_favor`'s check (checks.py): nobody holds the favor yet."""
    return ctx.state["favor"] is None


def claim_favor(ctx: Context, args: VerbArgs) -> None:
    if ctx.state["favor"] is not None:
        favor = ctx.rules.term("favor", "Queen's Favor").lower()
        raise EffectAbort(f"the {favor} is already taken this round")
    ctx.tx.set(ctx.state, "favor", ctx.seat)


def perform(ctx: Context, args: VerbArgs) -> None:
    """An additional main action, whatever the type of the card."""
    tables(ctx.rules).effect_of[args["action"]()].run(ctx)


def can_perform(ctx: Context, args: VerbArgs) -> bool | None:
    """`perform`'s check (checks.py): the action's own check, where it has one."""
    check = tables(ctx.rules).effect_of[args["action"]()].check
    return None if check is None else check(ctx)


def _plays(ctx: Context) -> Iterable[dict[str, Any]]:
    """Each card of the hand with each action it can do, then with none, in hand order: listed
    at once where the question reads them all, looked at lazily where it may stop early (a trial
    run at the second, a re-run step at the answer it recorded: `_lazy_plays`). What a card of
    a type can do but for its own actions is worked out once, from the first card of the type
    (`_type_plan`). The values are the tables' (`play_options`), made once."""
    if ctx.trial is not None or ctx.questions.replaying():
        return _lazy_plays(ctx)
    # `_lazy_plays`' loop, as a list (compiled, a generator costs a call of its helper and
    # the reads and writes of its locals for every value; a turn offers ten or so)
    kinds: list[str] = []  # the types seen this turn, each with its plan (`_plan_for`)
    plans: list[list[Play]] = []
    blocked: dict[str, bool] = {}  # whether a card's own action is blocked this turn
    known_tables = tables(ctx.rules)
    known = known_tables.unknown.copy()  # the answers kept between types, by slot
    play_options = known_tables.play_options
    hand: list[str] = _player(ctx)["hand"]  # (typed: a list's own loop, not an iterator's)
    values: list[dict[str, Any]] = []
    for card_id in hand:
        kind, options = play_options[card_id]
        ctx.played = card_id
        plan = _plan_for(ctx, kind, kinds, plans, known_tables, known)
        for play in plan:
            if play.slot >= 0 or _card_can(ctx, card_id, play, blocked):
                values.append(options[play.index])
        values.append(options[len(options) - 1])  # the card with no main action, offered last
    ctx.played = None
    return values


def _lazy_plays(ctx: Context) -> Iterator[dict[str, Any]]:
    """`_plays`, looked at lazily (the same loop, yielding: keep the two alike)."""
    kinds: list[str] = []
    plans: list[list[Play]] = []
    blocked: dict[str, bool] = {}
    known_tables = tables(ctx.rules)
    known = known_tables.unknown.copy()
    play_options = known_tables.play_options
    hand: list[str] = _player(ctx)["hand"]
    for card_id in hand:
        kind, options = play_options[card_id]
        ctx.played = card_id
        plan = _plan_for(ctx, kind, kinds, plans, known_tables, known)
        for play in plan:
            if play.slot >= 0 or _card_can(ctx, card_id, play, blocked):
                yield options[play.index]
        yield options[len(options) - 1]
    ctx.played = None


def _plan_for(ctx: Context, kind: str, kinds: list[str], plans: list[list[Play]],
              known_tables: OptionTables, known: list[int]) -> list[Play]:
    """The plan of a card of type `kind` this turn (`plans`, beside the `kinds` seen): made
    from the first card of the type (`_type_plan`), then found again. A turn sees a few types:
    two short lists looked through cost less than a dict made, read and written every turn."""
    for i in range(len(kinds)):
        if kinds[i] == kind:
            return plans[i]
    plan = _type_plan(ctx, known_tables.plays_for_type.get(kind, ()), known)
    kinds.append(kind)
    plans.append(plan)
    return plan


def _type_plan(ctx: Context, plays: tuple[Play, ...], known: list[int]
               ) -> list[Play]:
    """The actions a card of a type may be offered this turn (`plays`: the type's, in the
    ruleset's order): one that can be done whichever card of the type is played (a shared
    slot), or one that depends on the card itself (no slot: asked for each card), those that
    cannot be done left out. Read from the position where a check can, else tried; an answer
    that does not depend on the type is kept in `known` (by the play's slot: 1 yes, 0 no, -1
    not yet known) for the other types."""
    plan: list[Play] = []
    for play in plays:
        slot = play.slot
        if slot < 0:
            plan.append(play)
            continue
        can = known[slot]
        if can < 0:
            check = play.check
            answer = None if check is None else check(ctx)
            if answer is None:
                answer = ctx.possible(play.run, play.shared)
            can = known[slot] = 1 if answer else 0
        if can:
            plan.append(play)
    return plan


def _card_can(ctx: Context, card_id: str, play: Play, blocked: dict[str, bool]) -> bool:
    """Whether the played card can do its own action (`depute card played`): not when the
    action is blocked this turn whichever card is played (read once a turn), else its check
    (the one that does not read `blocked` again), else a trial."""
    check = play.check
    if play.blocked is not None:
        stop = blocked.get(play.action)
        if stop is None:
            stop = blocked[play.action] = play.blocked(ctx)
        if stop:
            return False
        check = play.unblocked
    can = None if check is None else check(ctx)
    return ctx.possible(play.run, (card_id, play.action)) if can is None else can


def play_card(ctx: Context, args: VerbArgs) -> None:
    """One turn: play a card from the hand, do a main action it allows, then maybe its bonus."""
    me, known = ctx.me, tables(ctx.rules)
    # exact: each action was tried through to its end, and the rest of a turn cannot fail
    choice: dict[str, Any] = ctx.ask("play", "play an employee card", _plays(ctx),
                                     known.play_label, exact=True)
    card_id = choice["card"]
    ctx.tx.remove(me["hand"], card_id)
    ctx.tx.set(me, "played", card_id)
    ctx.played = card_id
    if heard(ctx, "play"):  # (the event's details made only for a listener)
        announce(ctx, "play", card=card_id)
    action_id = choice["action"]
    if action_id is not None:
        ctx.attempt(known.effect_of[action_id])
    if action_id not in known.offering_bonus:  # else the action offered it (`offer_bonus`)
        _offer_bonus(ctx, card_id)
    if me["played"] == card_id:
        if card_id in me["deputing"]:  # deputed by the main action: it leaves now
            ctx.tx.remove(me["deputing"], card_id)
            remove_from_staff(ctx, card_id)
        else:
            ctx.tx.append(me["discard"], card_id)
            ctx.tx.set(me, "played", None)
    ctx.played = None
    expire(ctx.state, ctx.tx, "turn_end", ctx.seat)


def offer_bonus(ctx: Context, args: VerbArgs) -> None:
    """The played card's bonus offered now, as after a main action (the player may use it or
    not), by an action whose later steps come after it: the turn then does not offer it again
    (the Jewelry Box's Examinations: "2) If you desire, you may use the Employee Bonus of your
    played Apprentice as usual. 3) Then, remove the played Apprentice ..."). Inside a bonus
    (an action performed by one) it offers nothing: that bonus is being used."""
    if ctx.played is None:
        raise EffectAbort("no card is being played")
    _offer_bonus(ctx, ctx.played)


def _offer_bonus(ctx: Context, card_id: str) -> None:
    """A played card's bonus, when it has one that can be done now and the player wants it."""
    known = tables(ctx.rules)
    bonus = known.bonus_of[card_id]
    if bonus is None or ctx.in_bonus:
        return
    guarded = known.guarded  # an action the bonus performs could offer it again
    if guarded:
        ctx.in_bonus = True
    try:
        if _bonus_chosen(ctx, bonus.run, bonus.check, bonus.prompt):
            ctx.attempt(bonus.effect)
    finally:
        if guarded:
            ctx.in_bonus = False


# the bonus question's values, one tuple its every Decision takes as it is
_USE_OR_SKIP: Final = (True, False)


def _bonus_label(use: bool) -> str:
    return "use the bonus" if use else "skip the bonus"


def _bonus_chosen(ctx: Context, run: Any, check: Any, prompt: str) -> bool:
    """Whether a bonus (its `run` and `check`) can be done now and the player chooses to use
    it ("may use")."""
    return ctx.possible(run, check=check) and ctx.ask("bonus", prompt, _USE_OR_SKIP,
                                                      _bonus_label, exact=True)


def _draw_text(o: Mapping[str, Any]) -> str:
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


def _tailor_text(o: Mapping[str, Any], say: Say = same_word) -> str:
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


def _depute_text(o: Mapping[str, Any]) -> str:
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


# ---- declarations: this module's verbs as the effect language sees them ---------------------
# (loading/game_vocabulary.py only assembles every module's declarations)

def declarations(say: Say = same_word) -> dict[str, VerbDef]:
    """Each verb of this module with its options; a `{}` in an option's text is where its
    value is printed. `say(key, default)` is the edition's word for a thing the texts name."""
    garment = say("garment", "Garment")
    favor = say("favor", "Queen's Favor")
    return documented({
        "acquire": VerbDef({"price": opt(NUMBER, " paying {} Livre"),
                            "free": opt(None, " free of charge"),
                            "tile": opt(TILE, ": {}")},
                           acquire, "take 1 Resource tile from the display{free}{price}",
                           can=can_acquire,
                           binds={"tiles_in_drawer": NUMBER},
                           bind_text={"tiles_in_drawer": "the number of tiles in the drawer"}),
        "discard": VerbDef({"tiles": opt(ListType(TILE), required=True)}, discard,
                           "discard {tiles}", aborts=False),
        "draw_resource": VerbDef({"among": opt(ListType(ZONE), " from 1 of {}")},
                                 draw_resource,
                                 "randomly take 1 Resource from the bag. As usual, either keep "
                                 "the tile for silk hidden on your rack or discard it "
                                 "immediately for Thread/Lace", describe=_draw_text,
                                 can=can_draw_resource),
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
                          tailor, f"perform 1 additional {say('tailor', 'Tailor a Garment')} "
                                      "action"
                                      "{silk_discount}{discount_colors}{sell_only}"
                                      "{no_master_garment}",
                          describe=lambda o: _tailor_text(o, say), reads=("played",),
                          can=can_tailor,
                          as_action=f"make 1 {garment} from the "
                                    f"{say('garment_display', 'Garment Design display')} with "
                                    "your silk, Thread and Lace (paying its cost in Livre), then "
                                    "rent it to a guest space or sell it"),
        "hire": VerbDef({"price": opt(NUMBER, " paying {} Livre"),
                         "card": opt(EMPLOYEE, ": {}"), "free": opt(None, " for free"),
                         "to_supply": opt(None, ", into your supply")}, hire,
                        "hire 1 new Employee{card}{price}{free}{to_supply}", can=can_hire,
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
                          depute, "depute {card}{among}{payout}{with_bonus}",
                          binds={"deputed": EMPLOYEE},
                          bind_text={"deputed": "the deputed Employee"},
                          describe=_depute_text, one_of=(("card", "among"),),
                          reads=("played",), can=can_depute,
                          blocked=depute_blocked),
        "fund": VerbDef({"discount": opt(NUMBER, " for a {} Livre discount"),
                         "space": opt(DECORATION, ": {}"), "free": opt(None, " for free")},
                        fund,
                        f"perform 1 additional {say('fund', 'Fund a Decoration')} action "
                        "(regardless of your Main action){space}{discount}{free}",
                        can=can_fund,
                        as_action="pay for 1 free Decoration space and put your Trademark token "
                                  "on it"),
        "claim_favor": VerbDef({}, claim_favor, f"take the {favor}",
                               can=can_claim_favor),
        "perform": VerbDef({"action": opt(ACTION, required=True)}, perform,
                           "perform 1 additional {action} action (regardless of your Main "
                           "action)", reads=("played",), can=can_perform),
        "play_card": VerbDef({}, play_card, "play 1 Employee card"),
        "offer_bonus": VerbDef({}, offer_bonus,
                               "you may use this Employee's Bonus now, as usual",
                               reads=("played",)),
    }, VERB_DOCS)


VERB_DOCS: dict[str, VerbDoc] = {
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
    "claim_favor": ("take the Queen's Favor", {}, {}),
    "perform": ("perform an additional main action, whatever the card's type",
                {"action": "which main action"}, {}),
    "play_card": ("one turn: play a card from the hand, do a main action it allows, then maybe "
                  "its bonus", {}, {}),
    "offer_bonus": ("offer the played card's bonus now, as after a main action (use it or "
                    "not), by an action that goes on after it; the turn does not offer it again",
                    {}, {}),
}
