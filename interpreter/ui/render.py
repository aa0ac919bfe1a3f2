"""The board and results as rich renderables, for the terminal."""
from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core.model import MUSICIANS
from ..core.wording import letter, listed, seat_text

COLOR_STYLE = {"purple": "magenta", "black": "bright_black", "yellow": "yellow", "blue": "blue",
               "white": "white", "pink": "bright_magenta", "green": "green",
               "orange": "dark_orange"}


def seat_name(game, seat: int) -> Text:
    color = game.state["players"][seat]["color"]
    return Text(seat_text(game, seat), style=COLOR_STYLE.get(color, ""))


def legend(game) -> Text:
    """The symbols of the board, in the loaded edition's own words and colours."""
    rules = game.rules
    silk = dict.fromkeys(g.color for g in rules.garments.values())  # in the rules' order
    colors = [(c, rules.word(c)) for c in silk]
    (_, first), (_, second) = colors[0], colors[1]
    initials = ", ".join(f"{word[0]} {word}" for _, word in colors)
    thread, lace = rules.word("thread"), rules.word("lace")
    kind = next((rules.word(g.kind) for g in rules.garments.values()), "")
    text = (
        "legend: a hall's 6/3 = prestige for the most / second most garments there at the end; "
        "guest spaces: [.] free, [M] free Master guest space, [.2 A] or [M3 B] a garment worth 2 "
        f"or 3 prestige rented by player A or B; tiles (in the drawers and the players' racks): "
        f"2{second[0]}1{first[0]}|T/L = 2 {second} and 1 {first} bales of silk ({initials}) | "
        f"its bottom half: T {thread}, L {lace}, T/L one of them, T+L both; - an empty space; "
        f"garments: 8 {first} {kind}* 2{first[0]}+T+L 17/3 = costs 8 Livre to make, takes 2 "
        f"{first} bales, 1 {thread} and 1 {lace}, sells for 17 Livre, gives 3 prestige, * for "
        "a Master only, ! rules of its own (see 'board'); "
        "decorations: 6/2 = costs 6 Livre, gives 2 prestige, x2 its balcony factor, B its owner; "
        "players are lettered A, B, C... in seat order"
    )
    return Text(text, style="dim")


def board(game, seat: int | None = None) -> Group:
    """What a player sees: displays, halls, decorations and every player's open supplies."""
    state, side = game.state, game.side

    def label(value) -> str:
        return escape(game.label(value))

    if state["finished"]:
        heading = Text("The board at the end of the game", style="bold")
    else:
        heading = Text(f"Round {state['round']} of {game.rules.rounds}, start player: ",
                       style="bold") + seat_name(game, state["start_player"])
    parts: list[RenderableType] = [heading]
    words = game.rules
    garments = Table(title=words.term("garment_display", "Garment Design display"),
                     show_lines=False, expand=False)
    garments.add_column("cost")
    garments.add_column(words.term("garment", "garment").lower())
    for cost, gid in zip(side.garment_costs, state["garment_display"]):
        garments.add_row(str(cost), label(gid) if gid else "-")
    parts.append(garments)
    drawers = Table(title=f"{words.term('resource_display', 'Resource display')} / New Employees")
    drawers.add_column(words.term("drawer", "drawer"))
    drawers.add_column("tiles")
    for i, drawer in enumerate(state["drawers"]):  # in the legend's notation, as on a rack
        drawers.add_row(str(i + 1), escape(" ".join(tile_code(game, t) if t else "-"
                                                    for t in drawer)) or "-")
    # a card's text is sentences: one card a line
    drawers.add_row("hire", "\n".join(label(c) if c else "-" for c in state["hire_display"])
                    or "-")
    parts.append(drawers)
    halls = Table(title="Halls")
    halls.add_column("hall")
    halls.add_column("guests (M = Master guest space)")
    halls.add_column("musician")
    for hall in side.halls:
        cells = guest_spaces(game, hall, gap=" ")
        owner = state["decorations"].get(hall.musician)
        majority = "/".join(map(str, hall.majority))
        halls.add_row(f"{words.term(hall.id, hall.name)} {majority}", cells,
                      seat_name(game, owner) if owner is not None else "-")
    parts.append(halls)
    for display in game.rules.displays:  # the modules' priced displays, slot by slot
        if display.game:
            continue
        row = Table(title=words.term(display.id, display.name))
        row.add_column("price")
        row.add_column("piece")
        for price, item in zip(display.prices, state["displays"][display.id]):
            row.add_row(str(price), label(item) if item else "-")
        parts.append(row)
    for zone in game.rules.zones:  # the modules' piles: face-down ones show only their size
        if zone.per_player:  # one per player: its owner always sees their own
            for p in state["players"]:
                if zone.holds == "cards" and zone.id not in deck_zones(game.rules, p):
                    continue  # a seat kind's own deck: not a pile of this seat
                items = p["zones"][zone.id]
                shown = listed(label(i) for i in items) \
                    if zone.visible or p["seat"] == seat else f"{len(items)} face down"
                parts.append(Text(f"{zone.name} of {seat_name(game, p['seat'])}: "
                                  f"{shown or '-'}"))
            continue
        items = state["zones"][zone.id]
        shown = listed(label(i) for i in items) if zone.visible else f"{len(items)} face down"
        parts.append(Text(f"{zone.name}: {shown or '-'}"))
    parts.append(decorations(game))
    if state["balcony"]:
        parts.append(balcony(game))
    parts.append(players(game, seat))
    return Group(*parts)


def guest_spaces(game, hall, gap: str = "") -> Text:
    """A hall's guest spaces in the legend's notation, `gap` after each: [.] free, [M] a free
    Master guest space, [.2 A] or [M3 B] a garment worth 2 or 3 prestige of player A or B."""
    state, side = game.state, game.side
    cells = Text()
    for space_id in hall.guest_spaces:
        guest = state["guests"].get(space_id)
        mark = "M" if side.guest_spaces[space_id].master else "."
        if guest is None:
            cells.append(f"[{mark}]{gap}")
        else:
            color = state["players"][guest["owner"]]["color"]
            cells.append(f"[{mark}{game.rules.garments[guest['garment']].prestige} "
                         f"{letter(guest['owner'])}]{gap}", style=COLOR_STYLE.get(color, ""))
    return cells


def decoration_areas(game, factor: str) -> dict[str, list[str]]:
    """Each area's Decoration spaces but the musicians', as 'cost/prestige', then `factor` and
    the balcony factor when it has one, in brackets with its owner's letter once funded."""
    side, state = game.side, game.state
    areas: dict[str, list[str]] = {}
    for space_id, deco in side.decorations.items():
        if deco.area == MUSICIANS:
            continue
        owner = state["decorations"].get(space_id)
        cell = f"{deco.cost}/{deco.prestige}" + (f"{factor}{deco.multiplier}"
                                                  if deco.multiplier else "")
        areas.setdefault(deco.area, []).append(
            f"[{cell} {letter(owner)}]" if owner is not None else cell)
    return areas


def decorations(game) -> Table:
    """The Decoration spaces, an area a row (the musicians are in the Halls table): each space
    as cost/prestige, its balcony factor, and its owner's letter once funded."""
    rows = decoration_areas(game, f" {game.rules.word('balcony')} x")  # the Original: Terrace
    table = Table(title="Decorations")
    table.add_column("area")
    table.add_column("spaces (Livre/prestige)")
    for area, cells in rows.items():
        table.add_row(escape(game.rules.word(area)), escape(", ".join(cells)))
    return table


def players(game, seat: int | None) -> Table:
    """Every player's open supplies: a row per kind of thing, a column per player (as the
    final score sheet), so four or five players fit a narrow terminal."""
    kinds = list(game.rules.components.values())
    extra = tuple(game.rules.extra_resources)  # a module's counters (exam tokens...)
    table = Table(title="Players")
    table.add_column("what")
    rows: dict[str, list] = {key: [] for key in (
        "livre", "prestige", "thread", "lace", "tiles", "hand", "supply", "discard",
        *(f"{k.name}s" for k in kinds), *(["other"] if extra else []))}
    for p in game.state["players"]:
        table.add_column(seat_name(game, p["seat"]), overflow="fold")
        own = seat is None or p["seat"] == seat
        secret = () if own or game.state["finished"] else game.rules.private

        def shown(key, p=p, secret=secret):  # a private counter (face down) reads "?"
            return "?" if key in secret else str(p[key])
        for key in COUNTERS:
            rows[key].append(shown(key))
        tiles = escape(" ".join(tile_code(game, t) for t in p["tiles"])) if own \
            else str(len(p["tiles"]))
        hand = ", ".join(game.rules.employees[c].name for c in p["hand"]) if own \
            else str(len(p["hand"]))
        rows["tiles"].append(tiles or "-")
        rows["hand"].append(hand or "-")
        rows["supply"].append(str(len(p["supply"])))
        rows["discard"].append(str(len(p["discard"])))
        for k in kinds:
            items = p.get("owned", {}).get(k.id, [])
            rows[f"{k.name}s"].append((", ".join(escape(game.label(x)) for x in items) or "-")
                                      if own or k.visible == "all" else str(len(items)))
        if extra:
            others = [f"{shown(k)} {game.rules.word(k)}" for k in extra if p[k]]
            rows["other"].append(", ".join(others) or "-")
    for key, cells in rows.items():
        table.add_row(key, *cells)
    return table


COUNTERS = ("livre", "prestige", "thread", "lace")


def tile_code(game, tile_id: str) -> str:
    """A tile in a few letters: bales by colour initial, then its bottom half."""
    tile = game.rules.tiles[tile_id]
    bales = "".join(f"{n}{game.rules.word(color)[0]}" for color, n in tile.silk.items())
    bottom = tile.bottom.replace("thread", "T").replace("lace", "L")
    return f"{bales}|{bottom}"


def balcony(game) -> Table:
    """The garments moved to the balcony at the end, each with its factor."""
    rules, side = game.rules, game.side
    table = Table(title=rules.term("balcony", "Balcony").capitalize())
    for col in ("space", "garment", "factor", "owner"):
        table.add_column(col)
    for space_id, guest in game.state["balcony"].items():
        factor = side.decorations[space_id].multiplier or 1
        table.add_row(escape(game.label(space_id)), escape(game.label(guest["garment"])),
                      f"x{factor}", seat_name(game, guest["owner"]))
    return table


def tie_rule(rules) -> str:
    """How the ruleset breaks a tie on prestige: its further ranking keys, then a seat kind
    that wins ties ("Livre left breaks a tie"; "a tie goes to" the automaton)."""
    keys = [f"{rules.word(key)} left" for key in rules.ranking[1:]]
    kinds = [kind.name for kind in rules.seat_kinds if kind.wins_ties]
    parts = [f"{' then '.join(keys)} {'breaks' if len(keys) == 1 else 'break'} a tie"] \
        if keys else []
    if kinds:
        parts.append(f"{'a' if not keys else 'a full'} tie goes to {' or '.join(kinds)}")
    return "; ".join(parts) or "players tied on prestige share the victory"


def result_line(game) -> Text:
    """Who won, with how much prestige, and why when it was a tie ("Winners (tied): ...")."""
    winners = game.winners()
    prestige = next(p["prestige"] for p in game.state["players"] if p["seat"] == winners[0])
    tied = sum(p["prestige"] == prestige for p in game.state["players"]) > len(winners)
    line = Text("Winners (tied): " if len(winners) > 1 else "Winner: ")
    line.append(Text(", ").join(seat_name(game, seat) for seat in winners))
    line.append(f" with {prestige} prestige" + (f" ({tie_rule(game.rules)})" if tied else ""))
    return line


def final_scores(game) -> Table:
    """The final-scoring table: a row per scoring step in the printed order, a column per
    player in the order of the standings (a score sheet fits a narrow terminal this way)."""
    standings = game.standings()
    table = Table(title="Final scoring: prestige by step",
                  caption=f"rounds: gained during the rounds; {tie_rule(game.rules)}")
    table.add_column("step")
    for row in standings:
        table.add_column(seat_name(game, row["seat"]), justify="right", no_wrap=True)
    table.add_row("rank", *[str(rank) for rank in range(1, len(standings) + 1)])
    table.add_row("rounds", *[str(r["score"].get("play", 0)) for r in standings])
    for phase in game.rules.final_phases:
        table.add_row(phase.id, *[str(r["score"].get(phase.id, 0)) for r in standings])
    table.add_row(Text("total", style="bold"),
                  *[Text(str(r["prestige"]), style="bold") for r in standings], end_section=True)
    table.add_row(f"{game.rules.word('livre')} left",
                  *[str(r["livre"]) for r in standings])
    return table


def deck_zones(rules, player: dict) -> tuple[str, ...]:
    """The zones a seat's kind keeps its own cards in (none for a person's seat)."""
    kind = next((k for k in rules.seat_kinds if k.id == player.get("kind")), None)
    return kind.zones if kind is not None else ()
