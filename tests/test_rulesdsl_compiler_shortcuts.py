"""The compiler's shortcuts (folded constants, integer floor/ceil division, in-place `where`,
constant tables) give exactly what the general closures give, errors included."""
from fractions import Fraction

import pytest
from test_rulesdsl_vocab import ORIGIN, VOCAB, FakeCtx, run

from rulesdsl import (
    RulesRuntimeError,
    compile_effect,
    compile_expression,
    parse_effect,
    parse_expression,
)


def value(text, ctx=None, env=None):
    fn = compile_expression(parse_expression(text, ORIGIN), VOCAB)
    return fn(ctx or FakeCtx(), {} if env is None else env)


@pytest.mark.parametrize("text, expected", [
    # floor/ceil of a division: negative, exact, by a constant or not, of a Fraction
    ("floor(-7 / 2)", -4), ("ceil(-7 / 2)", -3), ("floor(8 / 2)", 4), ("ceil(8 / 2)", 4),
    ("ceil(my.livre / 4)", 3), ("floor(my.livre / 3)", 3), ("floor(-my.livre / 3)", -4),
    ("ceil(-my.livre / 4)", -2), ("floor(my.livre / (1 + 2))", 3),
    ("ceil(my.livre / count(my.staff))", 4), ("floor((my.livre / 4) / (1 / 2))", 5),
    ("ceil((my.livre / 4) / 2)", 2), ("floor(my.livre / 4 * 3)", 7), ("floor(7 / 2 + 1 / 2)", 4),
    ("floor(my.livre)", 10), ("ceil(my.livre / 4 + 0)", 3),
    # folded constants keep their exact value
    ("2 * 3 - 1", 5), ("1 / 3 + 1 / 6", Fraction(1, 2)), ("-(2 - 5)", 3), ("6 / 3", 2),
    ("3 > my.livre", False), ("12 > my.livre", True), ("blue = my.favourite", False),
    # where with the constant on either side, every comparison, and non-constant conditions
    ("my.garments where 3 <= prestige", ["g2", "g3"]),
    ("my.garments where prestige != 3", ["g1", "g3"]),
    ("my.garments where prestige < 3", ["g1"]), ("my.garments where prestige > 3", ["g3"]),
    ("my.garments where prestige <= 2", ["g1"]),
    ("my.garments where blue = color", ["g1", "g3"]),
    ("my.garments where prestige > my.livre / 4", ["g2", "g3"]),
    ("my.garments where count(my.garments where color = blue) = 2", ["g1", "g2", "g3"]),
    ("count(my.garments where count(my.garments where prestige > 2) > 1 and color = blue)", 2),
    ("my.garments.prestige", [2, 3, 5]), ("sum(my.garments.prestige)", 10),
    # min/max of two names, of one value, of many
    ("min(my.livre, count(my.staff))", 3), ("max(2, 9, 4)", 9), ("min(5)", 5),
    # tables with constant and computed rows
    ("table(my.livre; 1..9 -> 1, 10.. -> 2)", 2), ("table(my.livre; 1..9 -> 1)", 0),
    ("table(my.livre / 4; 2..2 -> 1, 3.. -> 2)", 0),
    ("table(my.livre / 4; 2..3 -> 1, 4.. -> 2)", 1), ("table(my.livre / 3; 4.. -> 1)", 0),
    ("table(my.livre; 1..9 -> 1, 10.. -> my.livre * 2)", 20),
])
def test_shortcuts_give_the_exact_value(text, expected):
    result = value(text)
    assert result == expected and type(result) is type(expected)


@pytest.mark.parametrize("text", ["floor(1 / (2 - 2))", "ceil(my.livre / (1 - 1))",
                                  "floor(my.livre / 0)", "floor(1 / 2 / 0)"])
def test_division_by_zero_inside_floor_or_ceil_is_a_runtime_error(text):
    with pytest.raises(RulesRuntimeError, match="division by zero"):
        value(text)


def test_where_leaves_the_env_as_it_found_it():
    env = {"k": 1}
    assert value("my.garments where prestige > my.livre / 4", env=env) == ["g2", "g3"]
    assert env == {"k": 1}
    env = {"$item": "outer"}
    value("my.garments where prestige > my.livre / 4", env=env)
    assert env == {"$item": "outer"}


def test_blocks_without_a_let_share_the_env_and_blocks_with_one_do_not():
    eff = compile_effect(parse_effect(
        "let n = 1\nif my.livre > 5 then gain n livre\n"
        "if my.livre > 5 then { let n = 7; gain n livre }\ngain n prestige", ORIGIN), VOCAB)
    env: dict = {}
    ctx = FakeCtx()
    eff.run(ctx, env)
    assert ctx.log == [("gain", "livre", 1), ("gain", "livre", 7), ("gain", "prestige", 1)]
    assert env == {"n": 1}


@pytest.mark.parametrize("text, fragment", [
    ("gain 1 - 3 livre", "must not be negative, found -2"),
    ("pay 2 - 5 livre", "must not be negative, found -3"),
    ("gain 7 / 2 livre", "whole number, found 7 / 2"),
])
def test_constant_amounts_are_checked_at_load(text, fragment):
    """A constant amount that is negative or not whole is a load error (issue 5, item 3)."""
    from rulesdsl import RulesErrors
    with pytest.raises(RulesErrors, match=fragment):
        run(text)


def test_computed_amounts_are_still_checked_when_they_run():
    with pytest.raises(RulesRuntimeError, match="whole number, found 5/2"):
        run("pay my.livre / 4 livre")


def test_constant_amounts_and_unrolled_sequences_run_in_order():
    ctx = run("gain 2 * 3 livre; pay 4 livre; gain 0 thread; gain 1 lace")
    assert ctx.log == [("gain", "livre", 6), ("pay", "livre", 4), ("gain", "thread", 0),
                       ("gain", "lace", 1)]
