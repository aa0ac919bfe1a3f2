"""What the greedy bot reads of a ruleset, worked out once per ruleset and keyed by component
id: each card's scores and rank (and whether it has a bonus or scores at the end), each tile's
and garment's silk as (colour, bales) pairs, each garment's colour, each space's parts of a
rent or fund score (a decoration's from what its area does: area_worths.py). The bot
reads these at every decision, never a rule object's attributes.

Nothing here depends on a game's state; the bot (bots.py) adds what does. Every number is the
one the bot's scoring formulas give for the component, computed with the same operations, so
that a choice read from the tables is the choice the formulas make."""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .area_worths import AreaWorths

TYPE_RANK = {"master": 3, "journeyman": 2, "apprentice": 1}


class SideTables:
    """A board side's guest spaces and decorations as the bot scores them."""

    __slots__ = ("decorations", "halls", "spaces")

    def __init__(self, side: Any, areas: AreaWorths):
        halls = side.halls_by_id
        # space -> (its hall's id, its hall's guest spaces, master, has a reward, royal hall)
        self.spaces = {s: (space.hall, halls[space.hall].guest_spaces, space.master,
                           space.reward is not None, halls[space.hall].royal)
                       for s, space in side.guest_spaces.items()}
        self.halls = halls
        # space -> (prestige * 2, an income, counts colours, a balcony, a majority)
        self.decorations = {s: (deco.prestige * 2, *areas.parts(deco.area))
                            for s, deco in side.decorations.items()}


class RulesetTables:
    """A ruleset's components as the greedy bot scores them."""

    __slots__ = ("__weakref__", "areas", "depute", "displays", "final", "garment_color",
                 "garment_score", "garment_silk", "hand", "hire", "play_card", "sides",
                 "tile_silk", "tile_total")

    def __init__(self, rules: Any):
        employees = rules.employees
        rank = {c: TYPE_RANK.get(card.type, 1) for c, card in employees.items()}
        # the cards that score at the end of the game
        self.final = frozenset(c for c, card in employees.items() if card.final is not None)
        # a play option's score is its action's part (bots.py) plus its card's: -1.5 per rank,
        # +0.5 with a bonus (every part a multiple of 0.5: the sum is exact in any order)
        self.play_card = {c: -1.5 * rank[c] + (0.5 if card.bonus is not None else 0.0)
                          for c, card in employees.items()}
        self.hand = {c: rank[c] + (0.5 if card.bonus else 0) for c, card in employees.items()}
        self.hire = {c: card.level + rank[c] + (3 if card.final is not None else 0)
                     for c, card in employees.items()}
        self.depute = {c: -rank[c] - (1 if card.bonus else 0) - card.level
                       for c, card in employees.items()}
        self.tile_silk = {t: tuple(tile.silk.items()) for t, tile in rules.tiles.items()}
        self.tile_total = {t: sum(tile.silk.values()) for t, tile in rules.tiles.items()}
        self.garment_silk = {g: tuple(garment.silk.items())
                             for g, garment in rules.garments.items()}
        self.garment_color = {g: garment.color for g, garment in rules.garments.items()}
        # garment -> its score before its cost: prestige * 3 + value / 8
        self.garment_score = {g: garment.prestige * 3 + garment.value / 8
                              for g, garment in rules.garments.items()}
        # a garment display (its ids, None for an empty slot) -> the bales of each colour its
        # garments take and what each tile's silk is worth to them (filled as tiles are
        # offered): shared by every greedy bot, kept for up to DISPLAYS_KEPT displays
        self.displays: dict[tuple, tuple[dict[str, int], dict[str, int]]] = {}
        # read from the rules' effect trees: the effect language is imported only here, when a
        # ruleset's tables are made (the command line's parser imports the bots, not rulesdsl)
        from .area_worths import AreaWorths
        self.areas = AreaWorths(rules)
        # the ruleset's board sides (a game's side is one of them) by identity
        self.sides = {id(side): (side, SideTables(side, self.areas)) for side in rules.sides}

    def side(self, side: Any) -> SideTables:
        """The tables of a board side: the ruleset's own are made once, any other each time."""
        found = self.sides.get(id(side))
        return found[1] if found is not None and found[0] is side else \
            SideTables(side, self.areas)


DISPLAYS_KEPT = 4096

_TABLES: dict[int, tuple[weakref.ref, RulesetTables]] = {}


def tables_for(rules: Any) -> RulesetTables:
    """The ruleset's tables, made once and kept while the ruleset lives."""
    found = _TABLES.get(id(rules))
    if found is not None and found[0]() is rules:
        return found[1]
    made = RulesetTables(rules)
    key = id(rules)
    _TABLES[key] = (weakref.ref(rules, lambda _ref: _forget(key, _ref)), made)
    return made


def _forget(key: int, ref: weakref.ref) -> None:
    found = _TABLES.get(key)
    if found is not None and found[0] is ref:
        del _TABLES[key]
