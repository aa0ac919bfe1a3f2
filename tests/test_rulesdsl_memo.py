"""A verb option of the verb's bindings alone is worked out once per binding (rulesdsl/memo.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from interpreter import Game, load_ruleset
from rulesdsl import EffectAbort, Origin, parse_expression
from rulesdsl.memo import BoundMemo, bindings_only

ORIGIN = Origin("<test>")


@pytest.mark.parametrize(("text", "only"), [
    ("table(tiles_in_drawer; 3.. -> 2, 2 -> 1, 1 -> 0)", True),
    ("tiles_in_drawer * 2 + 1", True),
    ("3", True),
    ("tiles_in_drawer + my.livre", False),  # the position
    ("deputed.depute_value", False),  # a field of a binding
    ("count(my.tiles where orange > 0)", False),
    ("random([1, 2, 3])", False),
])
def test_an_option_of_the_bindings_alone(text, only):
    assert bindings_only(parse_expression(text, ORIGIN), {"tiles_in_drawer", "deputed"}) is only


def test_a_memo_keeps_numbers_and_works_lists_out_again():
    calls = []

    def fn(ctx, env):
        calls.append(dict(env))
        if env.get("n") == 0:
            raise EffectAbort("none")
        return [env["n"]] if env.get("listed") else env.get("n", 7) * 2

    memo = BoundMemo(fn, "twice n")
    assert [memo.bound("n", 3), memo.bound("n", 3), memo(n=3), memo(), memo()] == [6, 6, 6, 14, 14]
    assert calls == [{"n": 3}, {"n": 3}, {}]  # `bound` and a keyword call keep their own
    for _ in range(2):
        with pytest.raises(EffectAbort):
            memo.bound("n", 0)
    assert memo(n=2, listed=True) == [2] and memo(n=2, listed=True) is not memo(n=2, listed=True)
    assert len(calls) == 3 + 2 + 3 and repr(memo) == "<BoundMemo twice n>"


def test_acquire_offers_the_prices_of_its_table_by_drawer_size():
    """The base game's price (a table of the drawer's size, one memo for every acquire) in two
    positions whose drawers differ (2 players: 3 drawers of 3): 3 tiles 2 Livre, 2 tiles 1,
    1 tile free."""
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=3)
    seat = game.decision().seat
    game.state["players"][seat]["livre"] = 9
    drawers, bag = game.state["drawers"], game.state["resource_bag"]
    pool = [t for drawer in drawers for t in drawer if t is not None] + bag
    for sizes in ((3, 2, 1), (1, 3, 2)):
        tiles = iter(pool)
        for drawer, size in zip(drawers, sizes):
            drawer[:] = [next(tiles) for _ in range(size)] + [None] * (len(drawer) - size)
        offers = game.next_question(rules.actions["acquire"].effect, seat).options
        assert {(o.value["drawer"], o.value["price"]) for o in offers} == {
            (d, {1: 0, 2: 1, 3: 2}[size]) for d, size in enumerate(sizes)}


def test_a_memo_tells_a_flag_from_a_number():
    """1, True, 1.0 and Fraction(1) are equal and hash alike, yet a binding that can be a flag
    or a number gives each its own value: the memo keys a value by its type too, both ways of
    asking (`bound` and keywords), and asked again gives what it gave first."""
    asked: list = []

    def fn(ctx, env):
        asked.append(env["n"])
        return type(env["n"]).__name__

    memo = BoundMemo(fn, "the kind of n")
    values = (1, True, 1.0, Fraction(1), 1, True)
    kinds = ["int", "bool", "float", "Fraction", "int", "bool"]
    assert [memo.bound("n", v) for v in values] == kinds
    assert [type(n).__name__ for n in asked] == kinds[:4]  # each kind worked out once
    assert [memo(n=v) for v in values] == kinds
