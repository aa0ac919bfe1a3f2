"""Components of the kinds modules declare in data, and the positioned displays: where each
piece is, what a slot costs. Read-only questions; the verbs that move pieces are in verbs/."""
from __future__ import annotations

from .context import Context
from .model import BoardSide, Display, Ruleset
from .state import Player, State, keyed


def slots(state: State, display_id: str) -> list[str | None]:
    """A display's slots, left to right (None where a slot is empty). A display of the game's
    own (the Garment display) keeps its state key; a module's lives under `displays`."""
    module_displays = state.get("displays", {})
    if display_id in module_displays:
        return module_displays[display_id]
    return keyed(state)[display_id]


def prices(display: Display, side: BoardSide) -> tuple[int, ...]:
    """The price beneath each slot: the display's own, or the board side's printed costs."""
    return side.garment_costs if isinstance(display.prices, str) else display.prices  # "board"


def position(rules: Ruleset, state: State, item: str) -> tuple[str, int] | None:
    """(display id, slot) of an item lying on a display, else None."""
    for display in rules.displays:
        row = slots(state, display.id)
        if item in row:
            return display.id, row.index(item)
    return None


def slot_of(ctx: Context, item: str) -> int:
    """The item's slot on its display, counted from 1 at the left (0 when not on a display)."""
    at = position(ctx.rules, ctx.state, item)
    return 0 if at is None else at[1] + 1


def price_of(ctx: Context, item: str) -> int:
    """The price beneath the item's slot (0 when not on a display)."""
    at = position(ctx.rules, ctx.state, item)
    if at is None:
        return 0
    return prices(ctx.rules.display(at[0]), ctx.side)[at[1]]


def owned(player: Player, kind: str) -> list[str]:
    """The pieces of a kind a player holds."""
    return player.get("owned", {}).get(kind, [])


def new_holdings(rules: Ruleset) -> dict:
    """What each player starts with: no piece of any declared kind."""
    return {"owned": {k: [] for k in rules.components}, "renting": []} if rules.components \
        else {}


def new_displays(rules: Ruleset, side: BoardSide) -> dict:
    """The module displays' empty slots (the game's own displays are set up with the board)."""
    return {d.id: [None] * len(prices(d, side)) for d in rules.displays if not d.game}
