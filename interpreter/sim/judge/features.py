"""What a seat holds, as numbers named after the state's own keys and the ruleset's component
kinds: the features the judge learns the worth of. Nothing here names a card, resource, piece
or module; a designer's new counter, zone or piece kind is a new feature by itself."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

_SKIP = frozenset({"seat", "prestige"})  # who it is, and what final scoring already counts


def seat_features(game, seat: int) -> dict[str, float]:
    """The seat's holdings: each numeric counter of its player record, the size of each of its
    lists and zones, the board entries it owns, each by the name of the state key it sits
    under, and the components it holds added up by their fields; `t` is the share of
    the game still to play, and every holding is given again multiplied by it (what a Livre or a
    card is worth depends on the rounds left to use it)."""
    return every_seat_features(game, (seat,))[0]


def every_seat_features(game, seats=None) -> list[dict[str, float]]:
    """`seat_features` of each of `seats` (default: every seat), the board read once for all."""
    state, rules = game.state, game.rules
    players = state["players"]
    seats = range(len(players)) if seats is None else seats
    board = _board_counts(state, seats)
    left = _left(rules, state)
    return [_holdings(rules, players[seat], board[seat], left) for seat in seats]


def every_seat_worth(game, worths: dict[str, float]) -> list[float]:
    """What each seat's features are worth by `worths` (a feature's worth by name), as
    `every_seat_features` then their weighted sum, without making the timed copies (a search
    values many positions)."""
    state, rules = game.state, game.rules
    players = state["players"]
    board = _board_counts(state, range(len(players)))
    left = _left(rules, state)
    pairs = _pairs_for(worths)
    out = []
    for seat, me in enumerate(players):
        total = worths.get("t", 0.0) * left
        for name, v in _base(rules, me, board[seat]).items():
            pair = pairs.get(name)
            if pair is None:
                pair = pairs[name] = (worths.get(name, 0.0), worths.get(name + "*t", 0.0))
            total += v * (pair[0] + left * pair[1])
        out.append(total)
    return out


_PAIRS: dict[int, tuple[dict, dict[str, tuple[float, float]]]] = {}


def _pairs_for(worths: dict[str, float]) -> dict[str, tuple[float, float]]:
    """Per table of worths: each feature's worth as is and timed, looked up once."""
    found = _PAIRS.get(id(worths))
    if found is None or found[0] is not worths:
        found = _PAIRS[id(worths)] = (worths, {})
    return found[1]


def _left(rules, state: dict) -> float:
    """The share of the game still to play (none once it is over)."""
    if state.get("finished"):
        return 0.0
    return max(0, rules.rounds - state["round"] + 1) / max(1, rules.rounds)


def _holdings(rules, me: dict, board: dict[str, float], left: float) -> dict[str, float]:
    out = _base(rules, me, board)
    timed = _TIMED
    for name, v in list(out.items()):
        named = timed.get(name)
        if named is None:
            named = timed[name] = name + "*t"
        out[named] = v * left
    out["t"] = left
    return out


def _base(rules, me: dict, board: dict[str, float]) -> dict[str, float]:
    """The seat's features before their timed copies."""
    out: dict[str, float] = {}
    for key, value in me.items():
        if key in _SKIP or key == "score":
            continue
        if type(value) is int:
            out["num." + key] = value
        elif isinstance(value, list):
            out["len." + key] = len(value)
            _components(rules, value, out)
        elif isinstance(value, dict):
            for sub, inner in value.items():
                if isinstance(inner, list):
                    out[f"len.{key}.{sub}"] = len(inner)
                    _components(rules, inner, out)
    out.update(board)
    return out


_TIMED: dict[str, str] = {}  # a feature's name -> the name of its timed copy


def _board_counts(state: dict, seats) -> dict[int, dict[str, float]]:
    """For each of `seats`, how many entries of each of the state's ownership maps it owns
    (`board.<key>`; none owned: no feature)."""
    counts: dict[int, dict[str, float]] = {seat: {} for seat in seats}
    for key, value in state.items():
        if key == "players" or not _ownership_map(value):
            continue
        name = "board." + key
        for v in value.values():
            owner = v if type(v) is int else v.get("owner") if isinstance(v, dict) else None
            mine = counts.get(owner) if type(owner) is int else None
            if mine is not None:
                mine[name] = mine.get(name, 0) + 1
    return counts


def _components(rules, items: list, out: dict[str, float]) -> None:
    """Add up the catalogue components among `items` by their fields (`_counts`)."""
    table = _tables.get(id(rules))
    if table is None or table[0] is not rules:
        table = _tables[id(rules)] = (rules, {})
    counts = table[1]
    for item in items:
        if not isinstance(item, str):
            continue
        adds = counts.get(item)
        if adds is None:
            adds = counts[item] = _counts(rules, item)
        for key, n in adds:
            out[key] = out.get(key, 0) + n


_tables: dict[int, tuple[Any, dict[str, list]]] = {}  # per ruleset: each item's counts


def _counts(rules, item: str) -> list[tuple[str, int]]:
    """What a catalogue component (employee card, tile, garment, piece of a declared kind)
    adds to its holder's features, from its own fields: each number, each table of numbers by
    key and in all (a tile's bales of silk), each word by value (a card's type), each effect
    where present (a card that scores at the end). The fields come from the loaded
    components, never from Python."""
    found = _component(rules, item)
    if found is None:
        return []
    kind, fields = found
    out: dict[str, int] = {}
    for name, value in fields:
        if name in ("id", "name") or value is None or value == "":
            continue
        key = f"held.{kind}.{name}"
        if type(value) is int:
            out[key] = out.get(key, 0) + value
        elif isinstance(value, str):
            out[f"{key}={value}"] = 1
        elif isinstance(value, Mapping):
            for sub, n in value.items():
                if type(n) is int:
                    out[f"{key}.{sub}"] = n
                    out[key] = out.get(key, 0) + n
                elif isinstance(n, str):
                    out[f"{key}.{sub}={n}"] = 1
        elif hasattr(value, "run"):  # an effect: the component does something
            out[key] = 1
    return list(out.items())


def _component(rules, item: str) -> tuple[str, list] | None:
    """The kind of catalogue entry `item` is, and its fields (name, value)."""
    for kind, catalogue in (("employee", rules.employees), ("tile", rules.tiles),
                            ("garment", rules.garments)):
        entry = catalogue.get(item)
        if entry is not None:
            return kind, [(f.name, getattr(entry, f.name)) for f in dataclasses.fields(entry)]
    piece = rules.pieces.get(item)
    if piece is not None:
        return piece.kind, [("values", piece.values)]
    return None


def _ownership_map(value: Any) -> bool:
    """A state dict that maps places to owners (no text or list among its values: not the
    flow's cursor, not a set of zones)."""
    return isinstance(value, dict) and not any(isinstance(v, str | list) for v in value.values())
