"""What owning a decoration of an area does, read from the loaded rules' effects and board
(never an area's id): the parts of the greedy bot's score for funding one (greedy_tables.py,
bots.py `_fund`)."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from rulesdsl import Origin, ast, parse_effect


class AreaWorths:
    """What owning a decoration of each area does, read from the rules (never an area's id), as
    the three parts of the bot's score for funding one (bots.py `_fund`):
    - `income`: a round phase's effect gains something for a seat with the area's decorations
      (the Catering Kitchen's income each round): worth the rounds left;
    - `colors`: a final-scoring step counts the area's decorations and the seat's garments by
      colour (the statues' "2 prestige per different colour"): worth the colours rented;
    - `balcony`: the area's spaces carry a balcony multiplier (the fireworks' spaces, by which
      final scoring multiplies a Royal Hall garment): a fixed worth;
    - `majority`: a phase scores the area's majority (`area_majority area fireworks`): a
      fixed worth.
    The areas are those a seat's decorations are filtered by (`count(my.decorations where
    area = garden)`), so a designer's new area with such an effect gets that part too."""

    __slots__ = ("balcony", "colors", "income", "majority")

    def __init__(self, rules: Any):
        areas = {deco.area for side in rules.sides for deco in side.decorations.values()}
        self.income = frozenset(a for phase in rules.round_phases for step in phase.steps
                                for statement in _statements(step.effect)
                                if _gains(statement) for a in _areas_owned(statement, areas))
        self.colors = frozenset(a for phase in rules.final_phases for step in phase.steps
                                if _reads_colors(tree := _tree(step.effect))
                                for a in _areas_owned(tree, areas))
        self.balcony = frozenset(deco.area for side in rules.sides
                                 for deco in side.decorations.values()
                                 if deco.multiplier is not None)
        self.majority = frozenset(a for phase in (*rules.round_phases, *rules.final_phases)
                                  for step in phase.steps
                                  for a in _majorities(_tree(step.effect)) if a in areas)

    def parts(self, area: str) -> tuple[bool, bool, bool, bool]:
        """(an income, counts colours, a balcony, a majority) for a decoration of `area`."""
        return (area in self.income, area in self.colors, area in self.balcony,
                area in self.majority)


def _tree(effect: Any) -> Any:
    return parse_effect(effect.source, Origin(effect.owner or "rules"))


def _statements(effect: Any) -> tuple:
    return _tree(effect).statements


def _nodes(node: Any) -> Iterator[Any]:
    """The node and every node beneath it in an effect's tree."""
    yield node
    if isinstance(node, tuple | list):
        for item in node:
            yield from _nodes(item)
    elif dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            if f.name != "span":
                yield from _nodes(getattr(node, f.name))


def _gains(node: Any) -> bool:
    return any(isinstance(n, ast.Gain) for n in _nodes(node))


def _filtered(node: Any, collection: tuple[str, ...], field: str) -> Iterator[Any]:
    """The values `collection where FIELD = value` compares its items' `field` with."""
    for n in _nodes(node):
        if isinstance(n, ast.Where) and isinstance(n.collection, ast.Name) and \
                n.collection.path == collection:
            for c in _nodes(n.cond):
                if isinstance(c, ast.Compare) and c.op == "=":
                    for this, other in ((c.left, c.right), (c.right, c.left)):
                        if isinstance(this, ast.Name) and this.path == (field,) and \
                                isinstance(other, ast.Name) and len(other.path) == 1:
                            yield other.path[0]


def _areas_owned(node: Any, areas: set[str]) -> set[str]:
    """The areas a seat's own decorations are filtered by in the tree."""
    return {a for a in _filtered(node, ("my", "decorations"), "area") if a in areas}


def _reads_colors(node: Any) -> bool:
    return any(True for _ in _filtered(node, ("my", "garments"), "color"))


def _majorities(node: Any) -> Iterator[str]:
    """The areas whose majority the tree scores (`area_majority area X`)."""
    for n in _nodes(node):
        if isinstance(n, ast.VerbCall) and n.verb == "area_majority":
            for option in n.options:
                if option.name == "area" and isinstance(option.value, ast.Name) and \
                        len(option.value.path) == 1:
                    yield option.value.path[0]
