"""The verbs of the main actions and bonuses: acquire, tailor, hire, depute, fund, favor."""
from __future__ import annotations

from itertools import combinations

from rulesdsl import EffectAbort

from . import board
from .decisions import Option
from .verbs_phases import draw


def _price(args, binding: str, count: int) -> int:
    thunk = None if "free" in args else args.get("price")
    return int(thunk(**{binding: count})) if thunk is not None else 0


def take_tile(ctx, tile_id: str) -> None:
    """A tile just acquired: keep it as silk, or discard it for its Thread and/or Lace."""
    tile = ctx.rules.tiles[tile_id]
    options = [Option("keep", "keep it for its silk")]
    for gives in tile.conversions:
        options.append(Option("+".join(gives), "discard it for " + " and ".join(
            f"1 {ctx.rules.word(r)}" for r in gives)))
    answer = ctx.ask("keep", f"keep {ctx.engine.label(tile_id)} or discard it", options)
    if answer == "keep":
        ctx.tx.append(ctx.me["tiles"], tile_id)
        return
    for resource in answer.split("+"):
        ctx.gain(resource, 1)
    ctx.tx.append(ctx.state["resource_discard"], tile_id)


def acquire(ctx, args) -> None:
    """Buy one tile from a drawer, its price set by how many tiles that drawer holds."""
    options = []
    for d, drawer in enumerate(ctx.state["drawers"]):
        if not drawer:
            continue
        price = _price(args, "tiles_in_drawer", len(drawer))
        if price > ctx.me["livre"]:
            continue
        for tile_id in drawer:
            options.append(Option({"drawer": d, "tile": tile_id, "price": price},
                                  f"{ctx.engine.label(tile_id)} from drawer {d + 1} for {price} Livre"))
    choice = ctx.ask("tile", "acquire a resource tile", options)
    ctx.pay("livre", choice["price"])
    ctx.tx.remove(ctx.state["drawers"][choice["drawer"]], choice["tile"])
    take_tile(ctx, choice["tile"])


def discard(ctx, args) -> None:
    """Discard chosen Resource tiles from the player's rack."""
    for tile_id in args["tiles"]():
        ctx.tx.remove(ctx.me["tiles"], tile_id)
        ctx.tx.append(ctx.state["resource_discard"], tile_id)


def draw_resource(ctx, args) -> None:
    """Take a random tile from the bag (refilled from the discards when empty)."""
    tile_id = draw(ctx, "resource_bag", "resource_discard")
    if tile_id is None:
        raise EffectAbort("the resource bag is empty")
    take_tile(ctx, tile_id)


def _covers(need: dict, have: dict, discount: int, colors) -> bool:
    short = 0
    for color, n in need.items():
        missing = n - have.get(color, 0)
        if missing > 0:
            if color not in colors:
                return False
            short += missing
    return short <= discount


def covering_sets(rules, garment, tiles: list[str], discount: int, colors) -> list[list[str]]:
    """Every minimal set of tiles whose bales cover the garment (excess bales are lost)."""
    need = dict(garment.silk)
    useful = [t for t in tiles if any(c in need for c in rules.tiles[t].silk)]
    found: list[frozenset] = []
    for size in range(0, min(len(useful), sum(need.values())) + 1):
        for combo in combinations(useful, size):
            chosen = frozenset(combo)
            if any(f <= chosen for f in found):
                continue
            have: dict = {}
            for t in combo:
                for color, n in rules.tiles[t].silk.items():
                    have[color] = have.get(color, 0) + n
            if _covers(need, have, discount, colors):
                found.append(chosen)
    return [sorted(f) for f in found]


def _master_made(ctx) -> bool:
    return ctx.played is not None and ctx.rules.employees[ctx.played].type == "master"


def tailor(ctx, args) -> None:
    """Tailor a garment from the display, then rent it to a guest space or sell it."""
    rules, state, me = ctx.rules, ctx.state, ctx.me
    side = ctx.engine.side
    discount = int(args["silk_discount"]()) if "silk_discount" in args else 0
    colors = tuple(args["discount_colors"]()) if "discount_colors" in args else ()
    master = _master_made(ctx) and "no_master_garment" not in args
    candidates = []
    for pos, garment_id in enumerate(state["garment_display"]):
        if garment_id is None:
            continue
        g = rules.garments[garment_id]
        cost = side.garment_costs[pos]
        if g.master and not master:
            continue
        if cost > me["livre"] or g.thread > me["thread"] or g.lace > me["lace"]:
            continue
        if not covering_sets(rules, g, me["tiles"], discount, colors):
            continue
        candidates.append(Option({"garment": garment_id, "cost": cost},
                                 f"{ctx.engine.label(garment_id)} for {cost} Livre"))
    choice = ctx.ask("garment", "tailor a garment", candidates)
    garment_id, g = choice["garment"], rules.garments[choice["garment"]]
    ctx.pay("livre", choice["cost"])
    ctx.pay("thread", g.thread)
    ctx.pay("lace", g.lace)
    sets = covering_sets(rules, g, me["tiles"], discount, colors)
    tiles = ctx.ask("tiles", f"choose the tiles for {ctx.engine.label(garment_id)}",
                    [Option(s, ", ".join(ctx.engine.label(t) for t in s) or "no tiles") for s in sets])
    for tile_id in tiles:
        ctx.tx.remove(me["tiles"], tile_id)
        ctx.tx.append(state["resource_discard"], tile_id)
    display = state["garment_display"]
    ctx.tx.set(display, display.index(garment_id), None)
    made_by_master = _master_made(ctx)
    options = [Option({"sell": True}, f"sell it for {g.value} Livre")]
    for space_id, space in side.guest_spaces.items():
        if space_id in state["guests"] or (space.master and not made_by_master):
            continue
        options.append(Option({"space": space_id}, "rent it at " + ctx.engine.label(space_id)))
    where = ctx.ask("rent", f"rent or sell {ctx.engine.label(garment_id)}", options)
    if "sell" in where:
        ctx.gain("livre", g.value)
        ctx.tx.append(state["garment_discard"], garment_id)
        return
    space = side.guest_spaces[where["space"]]
    ctx.tx.set(state["guests"], space.id,
               {"garment": garment_id, "owner": ctx.seat, "master_made": made_by_master})
    if space.reward is not None:
        ctx.attempt(space.reward)
    check_all_halls(ctx)


def check_all_halls(ctx) -> None:
    """The moment a player is represented in every hall, its token takes the best free space."""
    state, side = ctx.state, ctx.engine.side
    if ctx.seat in state["all_halls"] or len(state["all_halls"]) >= len(side.all_halls):
        return
    if len(board.halls_present(state, side, ctx.seat)) == len(side.halls):
        ctx.tx.append(state["all_halls"], ctx.seat)


def hire(ctx, args) -> None:
    """Hire a card from the display into the hand, its price set by how many cards are shown."""
    display = ctx.state["hire_display"]
    price = _price(args, "cards_in_display", len(display))
    if price > ctx.me["livre"]:
        raise EffectAbort(f"hiring costs {price} Livre")
    card = ctx.ask("hire", f"hire an employee for {price} Livre",
                   [Option(c, ctx.engine.label(c)) for c in display])
    ctx.pay("livre", price)
    ctx.tx.remove(display, card)
    ctx.tx.append(ctx.me["hand"], card)


def depute(ctx, args) -> None:
    """Remove a card of the staff from the game, never going below the minimum staff."""
    state, me = ctx.state, ctx.me
    if len(board.staff(state, ctx.seat)) <= ctx.rules.setup["min_staff"]:
        raise EffectAbort(f"a staff of {ctx.rules.setup['min_staff']} cannot depute")
    if "card" in args:
        card = args["card"]()
    else:
        pool = args["among"]()
        card = ctx.ask("depute", "depute an employee",
                       [Option(c, ctx.engine.label(c)) for c in pool])
    for zone in ("supply", "hand", "discard"):
        if card in me[zone]:
            ctx.tx.remove(me[zone], card)
            break
    else:
        if me["played"] != card:
            raise EffectAbort("that card is not on the staff")
        ctx.tx.set(me, "played", None)
    ctx.tx.append(state["removed_employees"], card)
    if "payout" in args:
        ctx.gain("livre", int(args["payout"](deputed=card)))
    bonus = ctx.rules.employees[card].bonus
    if "with_bonus" in args and bonus is not None:
        saved, ctx.played = ctx.played, card
        try:
            if ctx.possible(bonus.run) and ctx.ask(
                    "bonus", f"bonus of the deputed {ctx.engine.label(card)}",
                    [Option(True, "use the bonus"), Option(False, "skip the bonus")]):
                ctx.attempt(bonus)
        finally:
            ctx.played = saved


def fund(ctx, args) -> None:
    """Fund an empty decoration space, paying its cost less any discount."""
    state, side, me = ctx.state, ctx.engine.side, ctx.me
    discount = int(args["discount"]()) if "discount" in args else 0
    mine: dict[str, int] = {}
    for space_id in board.decorations_of(state, ctx.seat):
        area = side.decorations[space_id].area
        mine[area] = mine.get(area, 0) + 1
    options = []
    for space_id, deco in side.decorations.items():
        if space_id in state["decorations"]:
            continue
        limit = ctx.rules.fund_limits.get(deco.area)
        if limit is not None and mine.get(deco.area, 0) >= limit:
            continue
        cost = max(0, deco.cost - discount)
        if cost > me["livre"]:
            continue
        options.append(Option({"space": space_id, "cost": cost},
                              f"{ctx.engine.label(space_id)} for {cost} Livre"))
    choice = ctx.ask("fund", "fund a decoration", options)
    ctx.pay("livre", choice["cost"])
    ctx.tx.set(state["decorations"], choice["space"], ctx.seat)
    check_all_halls(ctx)


def claim_favor(ctx, args) -> None:
    if ctx.state["favor"] is not None:
        raise EffectAbort("the queen's favor is already taken this round")
    ctx.tx.set(ctx.state, "favor", ctx.seat)


def perform(ctx, args) -> None:
    """An additional main action, whatever the type of the card."""
    ctx.rules.actions[args["action"]()].effect.run(ctx)


def play_card(ctx, args) -> None:
    """One turn: play a card from the hand, do a main action it allows, then maybe its bonus."""
    rules, me = ctx.rules, ctx.me
    options = []
    for card_id in me["hand"]:
        card = rules.employees[card_id]
        ctx.played = card_id
        for action in rules.actions.values():
            if card.type in action.types and ctx.possible(action.effect.run):
                options.append(Option({"card": card_id, "action": action.id},
                                      f"{card.name}: {action.name}"))
        options.append(Option({"card": card_id, "action": None}, f"{card.name}: no main action"))
    ctx.played = None
    choice = ctx.ask("play", "play an employee card", options)
    card_id = choice["card"]
    card = rules.employees[card_id]
    ctx.tx.remove(me["hand"], card_id)
    ctx.tx.set(me, "played", card_id)
    ctx.played = card_id
    if choice["action"] is not None:
        ctx.attempt(rules.actions[choice["action"]].effect)
    if card.bonus is not None and ctx.possible(card.bonus.run):
        use = ctx.ask("bonus", f"bonus of {card.name}: {card.bonus.text}",
                      [Option(True, "use the bonus"), Option(False, "skip the bonus")])
        if use:
            ctx.attempt(card.bonus)
    if me["played"] == card_id:
        ctx.tx.append(me["discard"], card_id)
        ctx.tx.set(me, "played", None)
    ctx.played = None
