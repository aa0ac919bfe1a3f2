"""What the verbs' options and checks read of a ruleset again and again, as plain tables.

A turn's options ask, for every card and action, the same questions of the frozen ruleset: a
card's type, a tile's bales and silk, what a garment takes, a Decoration space's area. Read
through the rule objects (Python classes) each is a generic attribute lookup from compiled
code; here each is one dict lookup, the tables a compiled class made once per ruleset and kept
with it. What the rule objects already work out and keep (a tile's `bales`, a garment's
`tailoring`, the ruleset's `fewest_bales`, `plays_for_type` and its columns) is read from them,
not worked out again: the tables only index it by id, in the types compiled code reads fast.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from ..core.model import BoardSide, Effect, Ruleset

# where a ruleset keeps its tables (in its `__dict__`, as its cached properties do: it is
# frozen, and its tables never change)
_KEPT = "_option_tables"


class OptionTables:
    """A ruleset's tables, by id: what no game of it ever changes."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        # the employees' types: the ruleset's own column of them (what the effect language's
        # `.type` reads), not a copy
        self.kind_of: dict[str, str] = cast("dict[str, str]", rules.column("employees", "type"))
        self.bales_of: dict[str, int] = {t: tile.bales for t, tile in rules.tiles.items()}
        # the values of the question a tile just acquired asks (`take_tile`), the tile's own
        self.keep_values: dict[str, tuple[str, ...]] = {
            t: tile.keep_values for t, tile in rules.tiles.items()}
        # the colours of silk numbered (the ruleset's, then any other a tile or garment
        # names), so that a player's bales by colour are a list indexed by number, not a dict
        # whose keys are hashed at every store and look-up
        number: dict[str, int] = {}
        for color in [*rules.colors, *(c for tile in rules.tiles.values() for c in tile.silk),
                      *(c for g in rules.garments.values() for c in g.silk)]:
            number.setdefault(color, len(number))
        self.colors: int = len(number)
        # no bales of any colour: what a count of bales by colour copies to count in
        self.no_bales: list[int] = [0] * len(number)
        # each tile's silk as (colour's number, bales)
        self.silk_at: dict[str, tuple[tuple[int, int], ...]] = {
            t: tuple((number[c], n) for c, n in tile.silk.items())
            for t, tile in rules.tiles.items()}
        self.fewest_bales: int = rules.fewest_bales
        # each garment's (a Master's, may be sold, bales, other resources, silk as (colour's
        # number, colour, bales))
        self.tailoring_of: dict[str, tuple[bool, bool, int, tuple[tuple[str, int], ...],
                                           tuple[tuple[int, str, int], ...]]] = {
            g: (master, sellable, bales, needs, tuple((number[c], c, n) for c, n in silk))
            for g, (master, sellable, bales, needs, silk) in
            ((g, garment.tailoring) for g, garment in rules.garments.items())}
        # the staff a player keeps, at least (`depute` reads it at every check)
        self.min_staff: int = rules.setup.get("min_staff", 0)
        # `fund`'s: each side's Decoration spaces from the cheapest (board order among
        # equals), as (cost, space, the number of its area among the limited ones: -1 for an
        # area without a limit, a limit of 0 too), and in board order, as (space, cost, that
        # number, the values of `fund`'s question for it, {"space", "cost"} by cost: made when
        # first offered and offered again as they are, the engine's own values, read only, as
        # `play_options`); each limited area's limit, and its spaces, by that number
        limited = [area for area, limit in rules.fund_limits.items() if limit]

        def number_of(area: str) -> int:
            return limited.index(area) if area in limited else -1

        self.fund_by_cost: dict[str, tuple[tuple[int, str, int], ...]] = {
            side.id: tuple((cost, s, number_of(area)) for cost, s, area in
                           side.decorations_by_cost)
            for side in rules.sides}
        self.fund_spaces: dict[str, tuple[tuple[str, int, int, dict[int, dict[str, Any]]],
                                          ...]] = {
            side.id: tuple((s, d.cost, number_of(d.area), {})
                           for s, d in side.decorations.items())
            for side in rules.sides}
        self.limit_of: list[int] = [rules.fund_limits[area] for area in limited]
        # -1 for each limited area (not counted yet): what `fund`'s check copies to count in
        self.uncounted: list[int] = [-1] * len(limited)
        self.limited_spaces: dict[str, tuple[tuple[str, ...], ...]] = {
            side.id: tuple(tuple(s for s, d in side.decorations.items() if d.area == area)
                           for area in limited) for side in rules.sides}
        # each card's bonus as a turn offers it (None: it has none), and whether an action may
        # offer the played card's bonus itself (`offer_bonus`)
        self.bonus_of: dict[str, Bonus | None] = {
            c: None if e.bonus is None else Bonus(e.bonus, f"bonus of {e.name}: {e.bonus.text}")
            for c, e in rules.employees.items()}
        self.guarded = bool(rules.offering_bonus)
        # each action's effect by id, and the actions that offer the played card's bonus
        # themselves (`Ruleset.offering_bonus`): what every turn reads of the chosen action
        self.effect_of: dict[str, Effect] = {a: action.effect
                                             for a, action in rules.actions.items()}
        self.offering_bonus: set[str] = set(rules.offering_bonus)
        # the play question's labeller (card: action), one for every turn of the ruleset
        self.play_label = _play_labeller(rules)
        # each key an answer is kept under for every card of a type (Play.shared) numbered, so
        # that a turn keeps its answers in a list by number (a tuple is hashed again at every
        # look-up of a dict)
        slots: dict[tuple, int] = {}
        self.plays_for_type: dict[str, tuple[Play, ...]] = {
            kind: tuple(Play(action, effect, shared,
                             -1 if shared is None else slots.setdefault(shared, len(slots)), i)
                        for i, (action, effect, shared) in enumerate(plays))
            for kind, plays in rules.plays_for_type.items()}
        self.shared_slots: int = len(slots)
        # -1 for each slot (not known yet): what a turn copies to keep its answers in
        self.unknown: list[int] = [-1] * len(slots)
        # each card's type and its play question's values, made once: {"card", "action"} for
        # each action of its type (by the play's `index`), then the card with no main action.
        # A question's values are the engine's own (it hands out frozen copies) and the turn
        # only reads the one chosen: every turn offers these very dicts, none made or freed
        self.play_options: dict[str, tuple[str, list[dict[str, Any]]]] = {
            c: (kind, [*({"card": c, "action": p.action}
                         for p in self.plays_for_type.get(kind, ())),
                       {"card": c, "action": None}])
            for c, kind in self.kind_of.items()}
        # the values of `acquire`'s question, {"drawer", "tile", "price"}, by drawer (a list
        # by its place, grown as games show more drawers), price and tile: made when first
        # offered and offered again as they are (the engine's own values, read only, as
        # `play_options`)
        self.tile_offers: list[dict[int, dict[str, dict[str, Any]]]] = []
        # a price or payout of the verb's binding alone (`_bound_whole`: a BoundMemo's, a
        # Memo's), by its option and the binding's value, each read natively once worked out
        self.prices: dict[Any, dict[Any, int]] = {}
        # `tailor`'s: {"garment", "cost"} by garment and cost, as those; and the places offered
        # for a garment, {"space": ...} by guest space (of every side), then selling it
        self.garment_offers: dict[str, dict[int, dict[str, Any]]] = {}
        self.place_of: dict[str, dict[str, Any]] = {
            s: {"space": s} for side in rules.sides for s in side.guest_spaces}
        self.sell_place: dict[str, Any] = {"sell": True}
        # each side's halls as `check_all_halls` reads them: (its musician's Decoration space,
        # the guest spaces in it)
        self.halls_of: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
            side.id: _halls(side) for side in rules.sides}
        # the side tables last asked for, and each side's by its id (`of_side`)
        self.last_side: SideTables | None = None
        self.by_side: dict[str, SideTables] = {}

    def of_side(self, side: BoardSide) -> SideTables:
        """The tables of the board side `side` (the game's, as a rule: the last kept)."""
        last = self.last_side
        if last is not None and last.side is side:
            return last
        found = self.by_side.get(side.id)
        if found is None or found.side is not side:  # a side of its own: its own tables
            found = self.by_side[side.id] = SideTables(side)
        self.last_side = found
        return found


class SideTables:
    """What the verbs read of a board side (a frozen dataclass: each field a generic attribute
    look-up from compiled code), read once: its id, the Livre each place of the Garment display
    adds to a garment's cost, and the guest spaces a garment may be rented to (Master spaces
    only for a Master's: by whether a Master made it)."""

    def __init__(self, side: BoardSide):
        self.side = side
        self.id: str = side.id
        self.garment_costs: tuple[int, ...] = side.garment_costs
        self.guest_spaces_for: dict[bool, tuple[str, ...]] = dict(side.guest_spaces_for)


def _play_labeller(rules: Ruleset) -> Callable[[dict[str, Any]], str]:
    """The label of a play question's value: the card's name, then its action's."""
    employees, actions = rules.employees, rules.actions

    def label(v: dict[str, Any]) -> str:
        card = employees[v["card"]]
        action = "no main action" if v["action"] is None else actions[v["action"]].name
        return f"{card.name}: {action}"
    return label


def _halls(side: BoardSide) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A side's halls, each as (its musician's space, its guest spaces in board order). Every
    guest space is in one of them: a board lists each hall's spaces under it, and the loader
    refuses a hall id given twice (test_option_tables.py)."""
    return tuple((h.musician, tuple(s for s, g in side.guest_spaces.items() if g.hall == h.id))
                 for h in side.halls)


class Play:
    """An action as a turn's options read it (`Ruleset.plays_for_type`): its id, its effect's
    check, `blocked`, check where `blocked` said False (`unblocked`) and run, and the key
    whether it can be done is kept under for every card of a type (None when that depends on
    the card itself), with that key's number among the ruleset's (`slot`; -1 for None), and its
    place among its type's plays (`index`: a card's option for it, `play_options`)."""

    def __init__(self, action: str, effect: Effect, shared: tuple | None, slot: int = -1,
                 index: int = 0):
        self.action = action
        self.check: Any = effect.check
        self.blocked: Any = effect.blocked
        self.unblocked: Any = effect.unblocked
        self.run: Any = effect.run
        self.shared = shared
        self.slot = slot
        self.index = index


class Bonus:
    """A card's bonus as a turn offers it: the effect, its check and run, and the question's
    prompt."""

    def __init__(self, effect: Effect, prompt: str):
        self.effect = effect
        self.check: Any = effect.check
        self.run: Any = effect.run
        self.prompt = prompt


class _Last:
    """The tables last asked for: a game asks for its own ruleset's at every decision."""

    tables: OptionTables | None = None


# (Final: compiled, a C static, where a module's name is looked up in its dict at every use;
# `tables` is called several times at every question)
_LAST: Final = _Last()


def tables(rules: Ruleset) -> OptionTables:
    """The ruleset's tables, made when first asked for."""
    last = _LAST.tables
    if last is not None and last.rules is rules:
        return last
    kept: Any = rules.__dict__.get(_KEPT)
    if kept is None:
        kept = rules.__dict__[_KEPT] = OptionTables(rules)
    _LAST.tables = kept
    return kept
