"""The board in one screen: what a player sees at their first decision.

The whole board (`render.board`) at four players is about 70 lines; with the question under it,
an 80 x 40 terminal scrolls the displays away before the player reads them. Here each part is a
row under a short title, its pieces side by side as far as the width allows: garments in the
legend's notation (`8 pink frock coat 3p+T 15/3`), a card's text cut to one line, the players a
row each. Nothing is left out but the rest of long card texts, which `board` shows.
"""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core.labels import garment_rules
from ..core.wording import letter
from .render import (
    COLOR_STYLE,
    COUNTERS,
    deck_zones,
    decoration_areas,
    guest_spaces,
    seat_name,
    tile_code,
)

TITLE_WIDTH = 11  # a row's title wraps at this width, so the pieces keep the rest of the line
HINT = "('board', 'legend': more)"


def overview(game, seat: int | None = None) -> Group:
    """Displays, halls, piles, decorations and players, a titled row each."""
    state, rules = game.state, game.rules
    heading = Text(f"Round {state['round']} of {rules.rounds}, start player: ", style="bold")
    heading.append_text(seat_name(game, state["start_player"]))
    heading.append(f" {HINT}", style="dim")
    rows = Table.grid(padding=(0, 1))
    rows.add_column(max_width=TITLE_WIDTH, style="bold")
    rows.add_column()

    def row(title: str, content: RenderableType) -> None:
        rows.add_row(Text(title), content)

    side = game.side
    row(rules.term("garment_display", "Garment Design display"),
        _side_by_side(f"{cost} {garment_code(game, gid)}" if gid else f"{cost} -"
                      for cost, gid in zip(side.garment_costs, state["garment_display"])))
    row(rules.term("resource_display", "Resource display"),
        _side_by_side(f"{i + 1}: " + (" ".join(tile_code(game, t) if t else "-" for t in drawer)
                                      or "-") for i, drawer in enumerate(state["drawers"])))
    row("New Employees", Group(*(Text(game.label(c) if c else "-", no_wrap=True,
                                      overflow="ellipsis") for c in state["hire_display"])))
    row("Halls", Columns([_hall(game, hall) for hall in side.halls], padding=(0, 2)))
    for display in rules.displays:  # the modules' priced displays, slot by slot
        if not display.game:
            row(rules.term(display.id, display.name),
                _side_by_side(f"{price} {game.label(item) if item else '-'}" for price, item
                              in zip(display.prices, state["displays"][display.id])))
    shared = [(zone, state["zones"][zone.id]) for zone in rules.zones if not zone.per_player]
    hidden = [f"{zone.name} {len(items)}" for zone, items in shared if not zone.visible]
    shown = [f"{zone.name}: {_pile(game, zone, items, False)}" for zone, items in shared
             if zone.visible and items]  # an empty open pile shows nothing
    if hidden or shown:
        row("Piles", Text("; ".join(shown + ([f"face down: {', '.join(hidden)}"]
                                             if hidden else []))))
    row("Decorations", _decorations(game))
    row("Players", players(game, seat))
    for title, cells in _player_rows(game, seat):  # titled in the line: the titles are long
        line = Text(f"{title}: ", style="italic")
        row("", line.append_text(Text("  ").join(_merged(game, cells))))
    return Group(heading, rows)


def garment_code(game, garment_id: str) -> str:
    """'pink frock coat* 3p+T 15/3': colour and kind, * when for a Master only, its bales and
    Thread/Lace as the legend writes them, value/prestige; '!' when it has rules of its own
    (the whole board says them)."""
    rules = game.rules
    g = rules.garments[garment_id]
    bales = "".join(f"{n}{rules.word(color)[0]}" for color, n in g.silk.items())
    needs = "".join(f"+{n if n > 1 else ''}{resource[0].upper()}" for resource, n in g.needs())
    marks = ("*" if g.master else "") + ("!" if garment_rules(g) else "")
    return f"{rules.word(g.color)} {rules.word(g.kind)}{marks} {bales}{needs} " \
           f"{g.value}/{g.prestige}"


def players(game, seat: int | None) -> Table:
    """A row per player: the counters, and how many tiles and cards each holds (the player's
    own tiles and hand are listed in the rows under it)."""
    rules = game.rules
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    table.add_column("")
    for key in (*COUNTERS, "tiles", "hand", "supply", "discard"):
        table.add_column(rules.word(key) if key in COUNTERS else key, justify="right")
    for p in game.state["players"]:
        own = seat is None or p["seat"] == seat
        secret = () if own or game.state["finished"] else rules.private
        table.add_row(seat_name(game, p["seat"]),
                      *("?" if key in secret else str(p[key]) for key in COUNTERS),
                      *(str(len(p[key])) for key in ("tiles", "hand", "supply", "discard")))
    return table


def _player_rows(game, seat: int | None) -> list[tuple[str, list[tuple[dict, str]]]]:
    """The rows under the players' table, a cell per player: the seat's own tiles and hand,
    then each module's pieces, counters and per-player piles."""
    rules, state = game.rules, game.state
    out: list[tuple[str, list[tuple[dict, str]]]] = []
    mine = [p for p in state["players"] if seat is None or p["seat"] == seat]
    for key, show in (("tiles", lambda t: tile_code(game, t)),
                      ("hand", lambda c: rules.employees[c].name)):
        cells = [_cell(game, p, ", ".join(map(show, p[key]))) for p in mine if p[key]]
        if cells:
            out.append((f"{'your ' if seat is not None else ''}{key}", cells))
    for kind in rules.components.values():  # a module's pieces: once someone holds one
        if not any(p.get("owned", {}).get(kind.id) for p in state["players"]):
            continue
        cells = []
        for p in state["players"]:
            items = p.get("owned", {}).get(kind.id, [])
            open_ = seat is None or p["seat"] == seat or kind.visible == "all"
            cells.append(_cell(game, p, ", ".join(map(game.label, items)) if open_
                               else str(len(items))))
        out.append((f"{kind.name}s", cells))
    for key in rules.extra_resources:  # a module's counters: only the ones someone holds
        if any(p[key] for p in state["players"]):
            secret = key in rules.private and not state["finished"]
            out.append((rules.word(key), [
                _cell(game, p, "?" if secret and seat != p["seat"] else str(p[key]))
                for p in state["players"]]))
    for zone in rules.zones:
        if zone.per_player:
            cells = [_cell(game, p, _pile(game, zone, p["zones"][zone.id],
                                          seat is None or p["seat"] == seat))
                     for p in state["players"]
                     if zone.holds != "cards" or zone.id in deck_zones(rules, p)]
            if cells:
                out.append((zone.name, cells))
    return out


def _pile(game, zone, items: list, own: bool) -> str:
    if zone.visible or own:
        return "; ".join(game.label(i) for i in items) or "-"
    return f"{len(items)} face down"


def _cell(game, player: dict, text: str) -> tuple[dict, str]:
    return player, text or "-"


def _merged(game, cells: list[tuple[dict, str]]) -> list[Text]:
    """'A: 2p|T/L  B-E: 1 face down': a cell per player, neighbours that read the same in one
    (one colour each, when they stand alone)."""
    runs: list[list] = []
    for player, text in cells:
        if runs and runs[-1][1] == text and runs[-1][0][-1]["seat"] + 1 == player["seat"]:
            runs[-1][0].append(player)
        else:
            runs.append([[player], text])
    out = []
    for players_, text in runs:
        first, last = players_[0], players_[-1]
        who = letter(first["seat"]) + (f"-{letter(last['seat'])}" if len(players_) > 1 else "")
        cell = Text(f"{who}:", style=COLOR_STYLE.get(first["color"], "")
                    if len(players_) == 1 else "")
        out.append(cell.append(f" {text}"))
    return out


def _side_by_side(cells) -> Columns:
    return Columns([Text(c) for c in cells], padding=(0, 2))


def _hall(game, hall) -> Text:
    """'Royal Hall 8/4 [.][.][M][.3 A] musician B': its guest spaces in the legend's
    notation, and who funded its musician."""
    cell = Text(f"{game.rules.term(hall.id, hall.name)} {'/'.join(map(str, hall.majority))} ")
    cell.append_text(guest_spaces(game, hall))
    owner = game.state["decorations"].get(hall.musician)
    if owner is not None:
        cell.append(f" musician {letter(owner)}")
    return cell


def _decorations(game) -> Text:
    """Each area and its spaces, 'cost/prestige', xN a balcony factor, the owner's letter
    once funded; areas one after the other (the musicians are in the halls)."""
    text = Text()
    for area, cells in decoration_areas(game, "x").items():
        if text:
            text.append("; ")
        text.append(game.rules.word(area), style="italic")
        text.append(" " + " ".join(cells))
    return text
