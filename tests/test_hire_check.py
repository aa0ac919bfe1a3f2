"""`hire`'s check (interpreter/verbs/actions.py `can_hire`) answers False where the verb aborts
(a price the player cannot pay, a named card not in the display), as a check may say it, without
making, raising and catching the verb's EffectAbort at every turn of a player short of Livre;
and it answers what the verb's trial run finds."""
from __future__ import annotations

import pytest

from interpreter import Game, load_ruleset
from interpreter.core.context import Context
from interpreter.core.trial import search
from interpreter.verbs.actions import can_hire, hire
from rulesdsl import EffectAbort


class _Price:
    """A `price` option of a fixed amount, whatever the display's count (the binding)."""

    def __init__(self, livre: int):
        self.livre = livre

    def bound(self, binding: str, value: int) -> int:
        return self.livre


def _game() -> Game:
    return Game.new(load_ruleset(), players=4, seed=3)


def test_a_price_the_player_cannot_pay_is_a_plain_false():
    game = _game()
    shown = [c for c in game.state["hire_display"] if c is not None]
    assert len(shown) > 1
    ctx = Context(game, 0)
    price = {"price": _Price(3)}
    for livre, answer in ((0, False), (2, False), (3, True), (9, True)):
        game.state["players"][0]["livre"] = livre
        assert can_hire(ctx, price) is answer
        assert search(ctx, lambda c: hire(c, price)) is answer
    game.state["players"][0]["livre"] = 0
    with pytest.raises(EffectAbort, match="hiring costs 3 Livre"):  # the verb's own words
        hire(ctx, price)


def test_a_named_card_not_in_the_display_is_a_plain_false():
    game = _game()
    ctx = Context(game, 0)
    shown = [c for c in game.state["hire_display"] if c is not None]
    hidden = next(c for c in game.rules.employees if c not in shown)
    assert can_hire(ctx, {"card": lambda: hidden, "free": True}) is False
    assert can_hire(ctx, {"card": lambda: shown[0], "free": True}) is True
    with pytest.raises(EffectAbort, match="not in the display"):
        hire(ctx, {"card": lambda: hidden, "free": True})
