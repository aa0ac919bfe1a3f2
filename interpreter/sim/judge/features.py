"""What a seat holds, as numbers named after the state's own keys and the ruleset's component
kinds: the features the judge learns the worth of. Nothing here names a card, resource, piece
or module; a designer's new counter, zone or piece kind is a new feature by itself."""
from __future__ import annotations

from typing import Any

_SKIP = frozenset({"seat", "prestige"})  # who it is, and what final scoring already counts


def seat_features(game, seat: int) -> dict[str, float]:
    """The seat's holdings: each numeric counter of its player record, the size of each of its
    lists and zones, its cards by type (and how many score at the end or have a bonus), and the
    board entries it owns, each by the name of the state key it sits under; `t` is the share of
    the game still to play, and every holding is given again multiplied by it (what a Livre or a
    card is worth depends on the rounds left to use it)."""
    state, rules = game.state, game.rules
    me = state["players"][seat]
    out: dict[str, float] = {}
    for key, value in me.items():
        if key in _SKIP or key == "score":
            continue
        if type(value) is int:
            out["num." + key] = value
        elif isinstance(value, list):
            out["len." + key] = len(value)
            _cards(rules, value, out)
        elif isinstance(value, dict):
            for sub, inner in value.items():
                if isinstance(inner, list):
                    out[f"len.{key}.{sub}"] = len(inner)
    for key, value in state.items():
        if key != "players" and _ownership_map(value):
            owned = sum(1 for v in value.values() if _owned_by(v, seat))
            if owned:
                out["board." + key] = owned
    left = max(0, rules.rounds - state["round"] + 1) / max(1, rules.rounds)
    if state.get("finished"):
        left = 0.0
    timed = {name + "*t": v * left for name, v in out.items()}
    out.update(timed)
    out["t"] = left
    return out


def _cards(rules, items: list, out: dict[str, float]) -> None:
    """Count the employee cards among `items` by type, and those that score at the end or
    carry a bonus (the kinds come from the loaded cards, never from Python)."""
    employees = rules.employees
    for item in items:
        card = employees.get(item) if isinstance(item, str) else None
        if card is None:
            continue
        name = "cards.type." + card.type
        out[name] = out.get(name, 0) + 1
        if card.final is not None:
            out["cards.final"] = out.get("cards.final", 0) + 1
        if card.bonus is not None:
            out["cards.bonus"] = out.get("cards.bonus", 0) + 1


def _ownership_map(value: Any) -> bool:
    """A state dict that maps places to owners (no text or list among its values: not the
    flow's cursor, not a set of zones)."""
    return isinstance(value, dict) and not any(isinstance(v, str | list) for v in value.values())


def _owned_by(value: Any, seat: int) -> bool:
    """Whether a board entry is the seat's: the seat number itself (a decoration's owner) or a
    record whose `owner` is the seat (a guest)."""
    if type(value) is int:
        return value == seat
    return isinstance(value, dict) and value.get("owner") == seat
