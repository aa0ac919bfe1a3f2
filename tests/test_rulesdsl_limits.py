"""Hostile or mistaken effect text is bounded at load: nesting depth, number size, statement count
and length each get a positioned error (never a RecursionError or a hang), and mistakes the
checker can see in constants (`gain 5 / 2 livre`, `repeat 101 times`, `acquire price 0 - 3`)
are load errors rather than surprises in play."""
from __future__ import annotations

import pytest
from test_rulesdsl_vocab import VOCAB

from rulesdsl import (
    EffectSyntaxError,
    EffectTypeError,
    Origin,
    RulesErrors,
    build_effect,
    check_effect,
    effect_text,
    parse_effect,
    parse_expression,
)
from rulesdsl.parser import MAX_DEPTH, MAX_LENGTH, MAX_NUMBER, MAX_STATEMENTS

O = Origin("cards.yaml", 7, 12)  # `bonus: <text>` with the text at column 12 of line 7


def syntax_error(text: str) -> EffectSyntaxError:
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text, O)
    return info.value


def test_the_limits_are_the_documented_ones():
    assert (MAX_DEPTH, MAX_NUMBER, MAX_STATEMENTS, MAX_LENGTH) == (64, 1_000_000, 500, 10_000)


NESTED = [
    # (what, text nested 500 or 300 times, where the first too-deep construct starts)
    ("sums", "gain " + " + ".join(["1"] * 500) + " livre", 17),
    ("negations", "gain " + "-" * 500 + "1 livre", 17 + 63),
    ("nots", "if " + "not " * 500 + "true then gain 1 livre", 15 + 63 * 4),
    ("lists", "let x = " + "[" * 500 + "]" * 500, 20 + 63),
    ("ifs", "if true then " * 300 + "gain 1 livre", 12 + 64 * 13),
    ("braces", "if true then { " * 70 + "gain 1 livre" + " }" * 70, 12 + 64 * 15),
    ("repeats", "repeat 1 times " * 300 + "gain 1 livre", 12 + 64 * 15),
]


@pytest.mark.parametrize("what, text, column", NESTED, ids=[n[0] for n in NESTED])
def test_deep_nesting_is_a_positioned_error(what, text, column):
    err = syntax_error(text)
    assert str(err) == f"cards.yaml:7:{column}: nested too deeply, the limit is 64"
    assert err.render().splitlines()[-1].index("^") - 4 == column - 1


def test_nesting_at_the_limit_parses_checks_compiles_prints_and_runs():
    from test_rulesdsl_vocab import FakeCtx
    deepest = "gain " + " + ".join(["1"] * 64) + " livre"   # gain + 63 sums: 64 levels
    compiled = build_effect(deepest, O, VOCAB)
    ctx = FakeCtx()
    compiled.run(ctx)
    assert ctx.log == [("gain", "livre", 64)]
    assert effect_text(compiled.effect, VOCAB).startswith("Gain 1 + 1 + 1")
    lists = "if count(" + "[" * 61 + "]" * 61 + ") = 1 then gain 1 livre"
    ctx = FakeCtx()
    build_effect(lists, O, VOCAB).run(ctx)
    assert ctx.log == [("gain", "livre", 1)]
    with pytest.raises(EffectSyntaxError, match="nested too deeply"):
        parse_expression("-" * 65 + "1", O)
    assert parse_expression("-" * 64 + "1", O) is not None


def test_parentheses_alone_are_not_nesting():
    assert parse_effect("gain " + "(" * 500 + "1" + ")" * 500 + " livre", O).statements


def test_number_literals_are_bounded():
    assert str(syntax_error("gain 1000001 livre")) == \
        "cards.yaml:7:17: number 1000001 is too large, the limit is 1000000"
    assert str(syntax_error("gain 2 livre; pay " + "9" * 5000 + " livre")) == \
        "cards.yaml:7:30: number 9999999999... (5000 digits) is too large, the limit is 1000000"
    assert str(syntax_error("gain table(1; 1..99999999 -> 1) livre")).startswith(
        "cards.yaml:7:29: number 99999999 is too large")
    assert parse_effect("gain 1000000 livre", O).statements


def test_statements_per_effect_are_bounded():
    ok = "gain 1 livre\n" * MAX_STATEMENTS
    assert len(parse_effect(ok, O).statements) == MAX_STATEMENTS
    err = syntax_error("gain 1 livre; " * 100 + "\n" + "pay 1 livre\n" * 500)
    # 100 on line 7, then statement 501 is the 401st line below
    assert str(err) == "cards.yaml:408:1: too many statements in one effect, the limit is 500"
    nested = "if true then { " + "gain 1 livre; " * 500 + "}"
    assert "too many statements" in str(syntax_error(nested))


def test_100000_statements_are_refused_at_once():
    err = syntax_error("gain 1 livre\n" * 100_000)
    assert str(err) == "cards.yaml:7:12: effect of 1300000 characters is too long, the limit is 10000"


def test_double_equals_gets_a_designer_sentence():
    err = syntax_error("if my.livre == 3 then gain 1 livre")
    assert str(err) == "cards.yaml:7:24: unexpected '==': use '=' to compare"
    # a real chain keeps its own sentence
    assert "comparisons cannot be chained" in str(syntax_error("gain 1 < 2 < 3 livre"))


# ---- constants the checker can judge ---------------------------------------------------------

def check(text: str) -> list[str]:
    return [str(e) for e in check_effect(parse_effect(text, O), VOCAB)]


@pytest.mark.parametrize("text, message", [
    ("gain 5 / 2 livre", "cards.yaml:7:17: the amount to gain must be a whole number, found 5 / 2"),
    ("gain 0 - 3 livre", "cards.yaml:7:17: the amount to gain must not be negative, found -3"),
    ("pay -1 livre", "cards.yaml:7:16: the amount to pay must not be negative, found -1"),
    ("pay 7 / 2 livre", "cards.yaml:7:16: the amount to pay must be a whole number, found 7 / 2"),
    ("repeat 101 times gain 1 livre", "cards.yaml:7:19: repeat count 101 is over 100"),
    ("repeat 20 * 6 times gain 1 livre", "cards.yaml:7:19: repeat count 120 is over 100"),
    ("repeat 0 - 1 times gain 1 livre",
     "cards.yaml:7:19: the repeat count must not be negative, found -1"),
    ("gain 1 / 0 livre", "cards.yaml:7:21: division by zero"),
    ("tailor silk_discount 3 / 2",
     "cards.yaml:7:33: option 'silk_discount' must be a whole number, found 3 / 2"),
    ("tailor silk_discount 0 - 3",
     "cards.yaml:7:33: option 'silk_discount' must not be negative, found -3"),
])
def test_constant_mistakes_are_load_errors(text, message):
    assert check(text) == [message]


@pytest.mark.parametrize("text", [
    "gain 10 / 2 livre", "gain floor(7 / 2) livre", "repeat 100 times gain 1 livre",
    "gain max(0, 1 - 3) livre", "pay 0 livre", "gain my.livre / 2 livre",
    "tailor silk_discount ceil(3 / 2)",
])
def test_whole_constants_and_game_values_pass(text):
    assert check(text) == []


def test_constant_errors_carry_their_source_line():
    with pytest.raises(RulesErrors) as info:
        build_effect("gain 5 / 2 livre", O, VOCAB)
    assert info.value.render().splitlines()[1:] == [
        "    " + " " * 11 + "gain 5 / 2 livre", "    " + " " * 16 + "^"]
    assert isinstance(info.value.errors[0], EffectTypeError)


# ---- the game's own verbs --------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("acquire price 0 - 3", "cards.yaml:7:26: option 'price' must not be negative, found -3"),
    ("acquire price 5 / 2", "cards.yaml:7:26: option 'price' must be a whole number, found 5 / 2"),
    ("hire price -1", "cards.yaml:7:23: option 'price' must not be negative, found -1"),
    ("depute", "cards.yaml:7:12: 'depute' needs one of the options 'card' or 'among'"),
    ("depute payout 3, with_bonus",
     "cards.yaml:7:12: 'depute' needs one of the options 'card' or 'among'"),
    ("depute card played, among my.staff",
     "cards.yaml:7:12: 'depute' takes only one of the options 'card' or 'among'"),
])
def test_game_verb_options_are_checked(rules, text, message):
    assert [str(e) for e in check_effect(parse_effect(text, O), rules.vocabulary)] == [message]


@pytest.mark.parametrize("text, message", [
    ("tailor silk_discount my.livre - 20",
     "cards.yaml:10:19: option 'silk_discount' must not be negative, found -10"),
    ("tailor silk_discount my.livre / 4",
     "cards.yaml:10:19: option 'silk_discount' must be a whole number, found 5/2"),
])
def test_number_options_known_only_in_play_are_checked_when_used(text, message):
    from test_rulesdsl_vocab import run

    from rulesdsl import RulesRuntimeError
    with pytest.raises(RulesRuntimeError) as info:
        run(text)
    assert str(info.value) == message
