"""How ids read to a person: cards, garments, tiles and spaces as short descriptions."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .model import BoardSide, Employee, Ruleset


def card_text(card: Employee) -> str:
    """An Employee's bonus as its card says it; a crown bonus says when it is used."""
    effect = card.bonus or card.final
    if effect is None or not effect.text:
        return "No bonus."
    if card.final is not None:
        return "One-time Bonus at the end of the game: " + effect.text
    return effect.text


GARMENT_HOOKS = (("on_tailor", "When tailored"), ("on_place", "When placed on a guest space"),
                 ("on_sell", "When sold"))


def garment_rules(g: object) -> list[str]:
    """What a garment does beyond its value and prestige, one sentence each: its hooks ('When
    tailored: Gain 2 Prestige ...') and whether it may be sold."""
    out = [f"{label}: {hook.text}" for key, label in GARMENT_HOOKS
           if (hook := getattr(g, key, None)) is not None]
    if getattr(g, "rent_only", False):
        out.append("Rented only, never sold.")
    elif not getattr(g, "sellable", True):
        out.append("Cannot be sold.")
    return out


def silk_text(silk: Mapping[str, int], word: Callable[[str], str] = lambda key: key) -> str:
    """'2 blue, 1 pink': the colours as the edition names them (`rules.word`)."""
    return ", ".join(f"{n} {word(color)}" for color, n in silk.items())


class Labeller:
    """Turns option values into readable labels; anything unknown is shown as it is.

    Compiled (interpreter/_core.py): verbs label the ids in their prompts as they ask (`choose
    the tiles for ...`), a native call and one look-up of the cache, where the class of Python's
    cost a call of Python's each."""

    def __init__(self, rules: Ruleset, side: BoardSide):
        self.rules = rules
        self.side = side
        self._cache: dict[str, str] = {}

    def __call__(self, value: Any) -> str:
        if type(value) is not str and not isinstance(value, str):
            return str(value)
        known = self._cache.get(value)
        if known is None:
            known = self._cache[value] = self._label(value)
        return known

    def _label(self, value: str) -> str:
        rules, side = self.rules, self.side
        if value in rules.employees:
            card = rules.employees[value]
            level = "start" if card.start else f"level {card.level}"
            effect = card.bonus or card.final
            text = f": {card_text(card)}" if effect is not None and effect.text else ""
            crown = " (crown)" if card.final is not None else ""
            return f"{card.name} [{level}]{crown}{text}"
        if value in rules.garments:
            g = rules.garments[value]
            needs = silk_text(g.silk, rules.word)
            extra = "".join(f", {n} {rules.word(r).lower()}" for r, n in g.needs())
            master = " (Master only)" if g.master else ""
            own = "; ".join(text.rstrip(".") for text in garment_rules(g))
            return (f"{rules.word(g.color)} {rules.word(g.kind)}{master} [{needs}{extra}] "
                    f"value {g.value}, {g.prestige} prestige" + (f" ({own})" if own else ""))
        if value in rules.tiles:
            t = rules.tiles[value]
            return f"tile [{silk_text(t.silk, rules.word)} | {t.bottom}]"
        if value in side.guest_spaces:
            space = side.guest_spaces[value]
            hall = next(h for h in side.halls if h.id == space.hall)
            master = " (Master guest space)" if space.master else ""
            reward = ""
            if space.reward:  # as card text, not rule source: "reward: Gain 3 Livre."
                reward = f", reward: {space.reward.text or space.reward.source}"
            hall_name = rules.term(hall.id, hall.name)
            return f"{hall_name} space {value.rsplit('.', 1)[-1]}{master}{reward}"
        if value in side.decorations:
            d = side.decorations[value]
            where = ""
            if d.hall:
                where = " in " + next(rules.term(h.id, h.name) for h in side.halls
                                      if h.id == d.hall)
            mult = f", {rules.word('balcony')} x{d.multiplier}" if d.multiplier else ""
            return (f"{rules.word(d.area)} {d.order + 1}{where} "
                    f"({d.cost} Livre, {d.prestige} prestige{mult})")
        if value in rules.pieces:
            return piece_text(rules, value)
        return rules.word(value)


def labeller_for(rules: Ruleset, side: BoardSide) -> Labeller:
    """The labeller of `rules` on `side`, shared by every game of them: a label depends only
    on the rules and the side, so each is worked out once, not once a game."""
    held = rules.labellers.get(id(side))
    if held is None or held.side is not side:
        held = rules.labellers[id(side)] = Labeller(rules, side)
    return held


def piece_text(rules: Ruleset, piece_id: str) -> str:
    """A piece of a declared kind by its named field values, in the order its kind declares
    them: 'blue necklace' (its kind's name when it has no such field)."""
    piece = rules.pieces[piece_id]
    kind = rules.components[piece.kind]
    words = [rules.word(str(piece.values[f])) for f in kind.fields
             if f in piece.values and isinstance(piece.values[f], str)]
    return " ".join(words) or rules.components[piece.kind].name
