"""What a seat holds, as numbers named after the state's own keys and the ruleset's component
kinds: the features the judge learns the worth of. Nothing here names a card, resource, piece
or module; a designer's new counter, zone or piece kind is a new feature by itself."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..kept import KeptWhileAlive

_SKIP = frozenset({"seat", "prestige"})  # who it is, and what final scoring already counts
# The kinds of feature `seat_features` gives, each the start of a name (the rest comes from the
# rules): a counter, a list's size, owned board entries, held components by their fields, what
# held cards' effects give, the share of the game left. A new kind of feature is added here too,
# and tests/test_judge_weights.py then fails until every shipped set of weights is refitted
# with it (weights fitted without a kind give it no worth: the bot would ignore it).
FAMILIES = ("num.", "len.", "board.", "held.", "effect.held", "t")


def family(name: str) -> str | None:
    """The kind (`FAMILIES`) of a feature's name, its `*t` twin's too; None if of no kind."""
    base = name[:-2] if name.endswith("*t") else name
    return next((f for f in FAMILIES
                 if base == f or (f.endswith(".") and base.startswith(f))), None)


def seat_features(game, seat: int, effects=None) -> dict[str, float]:
    """The seat's holdings: each numeric counter of its player record, the size of each of its
    lists and zones, the board entries it owns, each by the name of the state key it sits
    under, and the components it holds added up by their fields; `t` is the share of
    the game still to play, and every holding is given again multiplied by it (what a Livre or a
    card is worth depends on the rounds left to use it). `effects` (held_effects.HeldEffects), if
    given, adds `effect.held`: what the seat's held cards' effects would give it now."""
    out, left = holdings(game, seat, effects)
    timed = {name + "*t": v * left for name, v in out.items()}
    out.update(timed)
    out["t"] = left
    return out


def seats_worths(game, weights, effects=None) -> list[float]:
    """Each seat's learned worth of its holdings, `weights.worth(seat_features(game, seat,
    effects))` to the last bit, without making the timed twins or any feature the weights give
    no worth: the judge asks it at every position it values. A feature of no worth adds 0.0
    twice to the sum, which leaves any sum as it is; the others are added in the same order."""
    state, rules = game.state, game.rules
    plan = _plan(rules, weights)
    players = state["players"]
    owned = plan.owned(state, _places(rules), len(players))
    here: list[list[float]] = []  # the position's seat values every seat's effects share
    left = _left(state, rules)
    held = plan.held and effects is not None
    out = []
    for seat, me in enumerate(players):
        base = plan.holdings(rules, me)
        for name, counts in owned:
            if counts[seat]:
                base[name] = counts[seat]
        if held:
            base["effect.held"] = effects.held(game, seat, here)
        out.append(plan.worth(base, left))
    return out


_NOT_SEEN = ""  # a name not looked up yet (None: of no worth)


class _Plan:
    """What `seats_worths` reads, per ruleset and weights: each weighted feature's worth and
    its timed twin's, the feature a player record's key or a board map gives, by the key (None:
    of no worth), and each list's weighted component sums by its items."""

    def __init__(self, weights) -> None:
        self.table = {n: wt for n, wt in _worth_table(weights).items() if wt != _UNWEIGHTED}
        self.t = weights.worths.get("t", 0.0)
        self.held = "effect.held" in self.table
        self.num: dict[str, str | None] = {}
        self.len: dict[str, str | None] = {}
        self.board: dict[str, str | None] = {}
        self.lists: dict[tuple, list[tuple[str, float]]] = {}

    def _name(self, names: dict[str, str | None], family: str, key: str) -> str | None:
        name = family + key
        found = names[key] = name if name in self.table else None
        return found

    def holdings(self, rules, me: dict) -> dict[str, float]:
        """`holdings`' features of worth from the player record, in its order."""
        out: dict[str, float] = {}
        num, lens = self.num, self.len
        for key, value in me.items():
            if key in _SKIP or key == "score":
                continue
            if type(value) is int:
                name = num.get(key, _NOT_SEEN)
                if name == _NOT_SEEN:
                    name = self._name(num, "num.", key)
                if name is not None:
                    out[name] = value
            elif isinstance(value, list):
                name = lens.get(key, _NOT_SEEN)
                if name == _NOT_SEEN:
                    name = self._name(lens, "len.", key)
                if name is not None:
                    out[name] = len(value)
                if value:
                    self._components(rules, value, out)
            elif isinstance(value, dict):
                for sub, inner in value.items():
                    if isinstance(inner, list):
                        name = self._name(lens, "len.", f"{key}.{sub}")
                        if name is not None:
                            out[name] = len(inner)
                        if inner:
                            self._components(rules, inner, out)
        return out

    def owned(self, state: dict, places: frozenset, seats: int) -> list[tuple[str, list[int]]]:
        """Each weighted board map's feature and how many of its places each seat owns (the
        state's maps of `ownership_maps`, only those of worth looked at)."""
        out = []
        for key, value in state.items():
            name = self.board.get(key, _NOT_SEEN)
            if name == _NOT_SEEN:
                name = self._name(self.board, "board.", key)
            if name is not None and key != "players" and _ownership_map(value, places):
                counts = [0] * seats
                for v in value.values():
                    owner = v if type(v) is int else \
                        v.get("owner") if isinstance(v, dict) else None
                    if type(owner) is int:
                        if 0 <= owner < seats:
                            counts[owner] += 1
                    elif owner is not None:  # as `_owned_by` compares: owner == seat
                        for seat in range(seats):
                            counts[seat] += owner == seat
                out.append((name, counts))
        return out

    def _components(self, rules, items: list, out: dict[str, float]) -> None:
        """`_components` of the weighted features: a list's sums kept by its items."""
        try:
            key = tuple(items)
            adds = self.lists.get(key)
        except TypeError:  # a list of records, not of catalogue ids
            key, adds = None, None
        if adds is None:
            every: dict[str, float] = {}
            _components(rules, _counts_table(rules), items, every)
            adds = [(name, n) for name, n in every.items() if name in self.table]
            if key is not None:
                if len(self.lists) > LISTS_KEPT:
                    self.lists.clear()
                self.lists[key] = adds
        for name, n in adds:
            out[name] = out.get(name, 0) + n

    def worth(self, base: dict[str, float], left: float) -> float:
        """`Weights.worth` of the features `base` (all weighted) and their timed twins and `t`:
        the same terms, in the same order, as the features `seat_features` gives (those of no
        worth left out), made in one loop (three times faster than pairs and two lists)."""
        table = self.table
        terms: list[float] = []
        timed: list[float] = []
        for name, v in base.items():
            w, t = table[name]
            terms.append(v * w)
            timed.append((v * left) * t)
        terms += timed
        terms.append(left * self.t)
        return sum(terms)


# per ruleset, then per weights
_PLANS: KeptWhileAlive[KeptWhileAlive[_Plan]] = KeptWhileAlive()


def _plan(rules, weights) -> _Plan:
    return _PLANS.get(rules, KeptWhileAlive).get(weights, lambda: _Plan(weights))


def _left(state: dict, rules) -> float:
    """The share of the game still to play (0 once it is finished)."""
    if state.get("finished"):
        return 0.0
    return max(0, rules.rounds - state["round"] + 1) / max(1, rules.rounds)


_UNWEIGHTED = (0.0, 0.0)
_WORTHS: KeptWhileAlive[dict[str, tuple[float, float]]] = KeptWhileAlive()  # per weights


def _worth_table(weights) -> dict[str, tuple[float, float]]:
    """Each weighted feature's worth and its timed twin's (w, w*t), by the feature's name."""
    def make() -> dict[str, tuple[float, float]]:
        worths = weights.worths
        names = {n[:-2] if n.endswith("*t") else n for n in worths}
        return {n: (worths.get(n, 0.0), worths.get(n + "*t", 0.0)) for n in names}
    return _WORTHS.get(weights, make)


def holdings(game, seat: int, effects=None) -> tuple[dict[str, float], float]:
    """The features of `seat_features` without their timed twins and `t`, and the share of the
    game left."""
    state, rules = game.state, game.rules
    counts = _counts_table(rules)
    me = state["players"][seat]
    out: dict[str, float] = {}
    for key, value in me.items():
        if key in _SKIP or key == "score":
            continue
        if type(value) is int:
            out["num." + key] = value
        elif isinstance(value, list):
            out["len." + key] = len(value)
            _components(rules, counts, value, out)
        elif isinstance(value, dict):
            for sub, inner in value.items():
                if isinstance(inner, list):
                    out[f"len.{key}.{sub}"] = len(inner)
                    _components(rules, counts, inner, out)
    for key, value in ownership_maps(state, rules):
        owned = sum(1 for v in value.values() if _owned_by(v, seat))
        if owned:
            out["board." + key] = owned
    if effects is not None:
        out["effect.held"] = effects.held(game, seat)
    return out, _left(state, rules)


def ownership_maps(state: dict, rules) -> list[tuple[str, dict]]:
    """The state's maps of the board's places to their owners (`_ownership_map`), in the
    state's order."""
    places = _places(rules)
    return [(key, value) for key, value in state.items()
            if key != "players" and _ownership_map(value, places)]


def _places(rules) -> frozenset:
    """The board places the ruleset declares, on every side: its guest and decoration spaces
    (where a seat's guests, balcony garments and decorations sit)."""
    return _PLACES.get(rules, lambda: frozenset(
        space for side in rules.sides for space in (*side.guest_spaces, *side.decorations)))


_PLACES: KeptWhileAlive[frozenset] = KeptWhileAlive()  # per ruleset: its board places


def _counts_table(rules) -> dict:
    """This ruleset's table of each item's counts (`_counts`) and each list's, by the item
    and by the list's items, filled in as they are seen."""
    return _tables.get(rules, dict)


def _components(rules, counts: dict, items: list, out: dict[str, float]) -> None:
    """Add up the catalogue components among `items` by their fields (`_counts`): a list's
    sums are kept by its items (a hand is seen again and again in one decision's trials),
    in the order the keys first appear, so `out` gets the same keys in the same order."""
    if not items:
        return
    try:
        key = tuple(items)
        adds = counts.get(key)
    except TypeError:  # a list of records, not of catalogue ids
        key, adds = None, None
    if adds is None:
        sums: dict[str, int] = {}
        for item in items:
            if not isinstance(item, str):
                continue
            found = counts.get(item)
            if found is None:
                found = counts[item] = _counts(rules, item)
            for name, n in found:
                sums[name] = sums.get(name, 0) + n
        adds = list(sums.items())
        if key is not None:
            if len(counts) > LISTS_KEPT:
                counts.clear()
            counts[key] = adds
    for name, n in adds:
        out[name] = out.get(name, 0) + n


LISTS_KEPT = 50_000  # items' and lists' sums kept per ruleset (then worked out anew)
_tables: KeptWhileAlive[dict] = KeptWhileAlive()  # per ruleset: each item's and list's counts


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


def _ownership_map(value: Any, places: frozenset) -> bool:
    """A state dict that maps the board's declared places to their owners: every key a place,
    no text or list among its values (not a ruleset's game counters, whose numbers are not
    seats, not the flow's cursor, not a set of zones)."""
    return isinstance(value, dict) and bool(value) and \
        all(k in places and not isinstance(v, str | list) for k, v in value.items())


def _owned_by(value: Any, seat: int) -> bool:
    """Whether a place's entry is the seat's: the seat number itself (a decoration's owner) or
    a record whose `owner` is the seat (a guest, a garment on the balcony)."""
    if type(value) is int:
        return value == seat
    return isinstance(value, dict) and value.get("owner") == seat
