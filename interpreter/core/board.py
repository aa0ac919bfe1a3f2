"""Read-only questions about the state that several verbs and names ask."""
from __future__ import annotations

from .model import BoardSide
from .state import Player, State


def staff(state: State, seat: int) -> list[str]:
    """A player's whole staff: supply, hand, discard, and the card being played."""
    p = state["players"][seat]
    cards = p["supply"] + p["hand"] + p["discard"]
    if p["played"] is not None:
        cards = cards + [p["played"]]
    return cards


def staff_size(player: Player) -> int:
    """How many cards a player's staff holds: `len(staff(...))` without making the list."""
    return (len(player["supply"]) + len(player["hand"]) + len(player["discard"])
            + (player["played"] is not None))


def garments_of(state: State, seat: int) -> list[str]:
    """A player's garments on the board: rented in the halls or moved to the balcony."""
    out = [g["garment"] for g in state["guests"].values() if g["owner"] == seat]
    out += [g["garment"] for g in state["balcony"].values() if g["owner"] == seat]
    return out


def decorations_of(state: State, seat: int) -> list[str]:
    return [space for space, owner in state["decorations"].items() if owner == seat]


def balcony_multiplier(state: State, side: BoardSide, garment: str) -> int | None:
    """The multiplier of the balcony space a garment watches the fireworks from, or None when it
    is not on the balcony (the balcony holds a few garments at most, and none before the end)."""
    for space, g in state["balcony"].items():
        if g["garment"] == garment:
            return side.decorations[space].multiplier or 1
    return None


def on_master_space(state: State, side: BoardSide, garment: str) -> bool:
    """Whether a garment is rented on a Master guest space: only those few spaces are looked at."""
    guests = state["guests"]
    for space in side.master_spaces:
        g = guests.get(space)
        if g is not None and g["garment"] == garment:
            return True
    return False


def halls_present(state: State, side: BoardSide, seat: int) -> set[str]:
    """The halls a player is represented in: a garment rented there or its musician funded."""
    halls = {side.guest_spaces[s].hall for s, g in state["guests"].items() if g["owner"] == seat}
    for hall in side.halls:
        if state["decorations"].get(hall.musician) == seat:
            halls.add(hall.id)
    return halls
