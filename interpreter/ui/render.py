"""The board and results as rich renderables, for the terminal."""
from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

COLOR_STYLE = {"purple": "magenta", "black": "bright_black", "yellow": "yellow", "blue": "blue",
               "white": "white", "pink": "bright_magenta", "green": "green",
               "orange": "dark_orange"}


def letter(seat: int) -> str:
    """Players are A, B, C... in seat order, so owners read without relying on colour."""
    return chr(ord("A") + seat)


def seat_text(game, seat: int) -> str:
    return f"{game.state['players'][seat]['color']} ({letter(seat)})"


def seat_name(game, seat: int) -> Text:
    color = game.state["players"][seat]["color"]
    return Text(seat_text(game, seat), style=COLOR_STYLE.get(color, ""))


LEGEND = (
    "legend: a hall's 6/3 = prestige for the most / second most garments there at the end; "
    "guest spaces: [.] free, [M] free Master guest space, [.2 A] or [M3 B] a garment worth 2 or "
    "3 prestige rented by player A or B; tiles: 2p1b|T/L = 2 pink and 1 blue bales of silk "
    "(b blue, p pink, g green, o orange) | its bottom half: T Thread, L Lace, T/L one of them, "
    "T+L both; players are lettered A, B, C... in seat order"
)


def legend() -> Text:
    return Text(LEGEND, style="dim")


def board(game, seat: int | None = None) -> Group:
    """What a player sees: displays, halls, decorations and every player's open supplies."""
    state, side = game.state, game.side

    def label(value) -> str:
        return escape(game.label(value))

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
    for i, drawer in enumerate(state["drawers"]):
        drawers.add_row(str(i + 1), "; ".join(label(t) for t in drawer) or "-")
    drawers.add_row("hire", "; ".join(label(c) for c in state["hire_display"]) or "-")
    parts.append(drawers)
    halls = Table(title="Halls")
    halls.add_column("hall")
    halls.add_column("guests (M = Master guest space)")
    halls.add_column("musician")
    colors = [p["color"] for p in state["players"]]
    for hall in side.halls:
        cells = Text()
        for space_id in hall.guest_spaces:
            guest = state["guests"].get(space_id)
            mark = "M" if side.guest_spaces[space_id].master else "."
            if guest is None:
                cells.append(f"[{mark}] ")
            else:
                color = colors[guest["owner"]]
                cells.append(f"[{mark}{game.rules.garments[guest['garment']].prestige} "
                             f"{letter(guest['owner'])}] ", style=COLOR_STYLE.get(color, ""))
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
        items = state["zones"][zone.id]
        shown = "; ".join(label(i) for i in items) if zone.visible else f"{len(items)} face down"
        parts.append(Text(f"{zone.name}: {shown or '-'}"))
    decos = Table(title="Decorations")
    decos.add_column("space")
    decos.add_column("owner")
    for space_id, deco in side.decorations.items():
        if deco.area == "musician":
            continue
        owner = state["decorations"].get(space_id)
        decos.add_row(label(space_id), seat_name(game, owner) if owner is not None else "-")
    parts.append(decos)
    parts.append(players(game, seat))
    return Group(*parts)


def players(game, seat: int | None) -> Table:
    table = Table(title="Players")
    kinds = list(game.rules.components.values())
    for col in ("player", "livre", "prestige", "thread", "lace", "tiles (bales|bottom)", "hand",
                "supply", "discard", *(f"{k.name}s" for k in kinds)):
        table.add_column(col)
    for p in game.state["players"]:
        own = seat is None or p["seat"] == seat
        tiles = escape(" ".join(_tile_code(game, t) for t in p["tiles"])) if own \
            else str(len(p["tiles"]))
        hand = ", ".join(game.rules.employees[c].name for c in p["hand"]) if own \
            else str(len(p["hand"]))
        secret = () if own or game.state["finished"] else game.rules.private

        def shown(key, p=p, secret=secret):  # a private counter (face down) reads "?"
            return "?" if key in secret else str(p[key])
        held = [p.get("owned", {}).get(k.id, []) for k in kinds]
        held_text = [(", ".join(escape(game.label(x)) for x in items) or "-")
                     if own or k.visible == "all" else str(len(items))
                     for k, items in zip(kinds, held)]
        table.add_row(seat_name(game, p["seat"]), shown("livre"), shown("prestige"),
                      shown("thread"), shown("lace"), tiles or "-", hand or "-",
                      str(len(p["supply"])), str(len(p["discard"])), *held_text)
    return table


def _tile_code(game, tile_id: str) -> str:
    """A tile in a few letters: bales by colour initial, then its bottom half."""
    tile = game.rules.tiles[tile_id]
    bales = "".join(f"{n}{game.rules.word(color)[0]}" for color, n in tile.silk.items())
    bottom = tile.bottom.replace("thread", "T").replace("lace", "L")
    return f"{bales}|{bottom}"


def final_scores(game) -> Table:
    """The final-scoring table: one column per scoring step, in the printed order."""
    steps = ["play"] + [p.id for p in game.rules.final_phases]
    table = Table(title="Final scoring (prestige by step, in the printed order)")
    table.add_column("rank")
    table.add_column("player")
    for step in steps:
        table.add_column(step, justify="right")
    table.add_column("prestige", justify="right", style="bold")
    table.add_column("livre", justify="right")
    for rank, row in enumerate(game.standings(), 1):
        table.add_row(str(rank), seat_name(game, row["seat"]),
                      *[str(row["score"].get(s, 0)) for s in steps],
                      str(row["prestige"]), str(row["livre"]))
    return table
