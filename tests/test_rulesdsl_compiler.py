"""Compiler: compiled closures evaluate every construct correctly against a fake game context."""
from fractions import Fraction

import pytest
from test_rulesdsl_vocab import ORIGIN, VOCAB, FakeCtx, run

from rulesdsl import (
    EffectAbort,
    RulesRuntimeError,
    Span,
    compile_effect,
    compile_expression,
    parse_effect,
    parse_expression,
)


def value(text, ctx=None, env=None):
    fn = compile_expression(parse_expression(text, ORIGIN), VOCAB)
    return fn(ctx or FakeCtx(), env or {})


def test_gain_pay_and_resource_choice():
    ctx = run("pay 1 livre; gain 1 thread or lace", FakeCtx(answers=["lace"]))
    assert ctx.log == [("pay", "livre", 1), ("gain", "lace", 1)]
    assert ctx.choices == [("resource", ["thread", "lace"], 1)]


def test_illegal_resource_choice_is_a_runtime_error():
    with pytest.raises(RulesRuntimeError):
        run("gain 1 thread or lace", FakeCtx(answers=["livre"]))


def test_pay_too_much_aborts():
    with pytest.raises(EffectAbort):
        run("pay 99 livre", FakeCtx(livre=3))


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("7 - -2", 9), ("7 / 2", Fraction(7, 2)), ("8 / 2", 4),
    ("floor(7 / 2)", 3), ("ceil(7 / 2)", 4), ("floor(my.livre / 4)", 2),
    ("count(my.garments)", 3), ("count(my.garments where color = blue)", 2),
    ("count(my.garments where color = blue and prestige > 2)", 1),
    ("count(my.garments where not (color = blue))", 1),
    ("sum(my.garments.prestige)", 10), ("my.tiles.orange", [2, 3]),
    ("max(my.garments.prestige)", 5), ("min(my.garments.prestige)", 2), ("min(4, 2, 9)", 2),
    ("max(3, my.livre)", 10), ("max(my.garments.prestige where true)", 0) if False else ("max(1)", 1),
    ("my.garments where prestige >= 3", ["g2", "g3"]),
    ("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 4 or 1 != 1", False), ("1 = 1 or 1 / 0 = 1", True),
    ("[blue, pink]", ["blue", "pink"]), ("played.type", "master"), ("my.favourite = pink", True),
    ("table(count(my.staff); 1..2 -> 10, 3 -> 20, 4.. -> 30)", 20),
    ("table(count(my.staff) + 5; 1..2 -> 10, 3 -> 20, 4.. -> 30)", 30),
    ("table(count(my.staff); 5..6 -> 2)", 0),
    ("table(played.type; master -> 8, journeyman -> 5)", 8),
    ("table(my.favourite; blue -> 8)", 0),
])
def test_expressions(text, expected):
    assert value(text) == expected


def test_max_of_empty_list_is_zero():
    assert value("max(my.garments.prestige)", FakeCtx(garments={})) == 0


def test_division_by_zero_is_a_runtime_error():
    with pytest.raises(RulesRuntimeError, match="division by zero"):
        value("1 / (2 - 2)")


def test_the_spec_examples():
    ctx = run("gain count(my.garments where color = blue) + 2 * count(my.garments where color = green) livre")
    assert ctx.log == [("gain", "livre", 4)]
    ctx = run("let n = choose number from 0 to floor(my.livre / 4)\npay 4 * n livre\ngain n prestige",
              FakeCtx(answers=[2], livre=9))
    assert ctx.choices[0][:2] == ("number", [0, 1, 2])
    assert ctx.log == [("pay", "livre", 8), ("gain", "prestige", 2)]
    ctx = run("gain table(count(my.staff); 5..6 -> 2, 7..8 -> 5, 9..10 -> 8, 11.. -> 11) prestige",
              FakeCtx(staff={f"e{i}": {"type": "master"} for i in range(12)}))
    assert ctx.log == [("gain", "prestige", 11)]


def test_choose_one_any_number():
    ctx = run("let g = choose one of my.garments where color = blue\ngain g.prestige prestige",
              FakeCtx(answers=["g3"]))
    assert ctx.choices == [("one", ["g1", "g3"], "your blue Garments on the board")]
    assert ctx.log == [("gain", "prestige", 5)]
    ctx = run("let s = choose any of my.garments; gain sum(s.prestige) livre", FakeCtx(answers=[["g1", "g2"]]))
    assert ctx.log == [("gain", "livre", 5)]
    ctx = run("gain choose number from 1 to 3 lace", FakeCtx(answers=[3]))
    assert ctx.log == [("gain", "lace", 3)] and ctx.choices[0][1] == [1, 2, 3]
    assert ctx.choices[0][2] == "the amount"  # 'choose a number for the amount'
    ctx = run("let sets = choose number from 1 to 2\ngain sets lace", FakeCtx(answers=[2]))
    assert ctx.choices[0][2] == "sets"  # 'choose a number for sets'


def test_choose_any_of_nothing_does_not_ask():
    ctx = run("gain count(choose any of my.garments) livre", FakeCtx(garments={}))
    assert ctx.choices == [] and ctx.log == [("gain", "livre", 0)]


@pytest.mark.parametrize("text, ctx", [
    ("let g = choose one of my.garments where color = orange", FakeCtx()),
    ("gain choose number from 3 to 2 livre", FakeCtx()),
    ("gain choose number from 0 to my.livre - 1 livre", FakeCtx(livre=0)),
])
def test_empty_choice_aborts(text, ctx):
    with pytest.raises(EffectAbort, match="nothing to choose from"):
        run(text, ctx)
    assert ctx.choices == []


@pytest.mark.parametrize("text, answer", [
    ("let g = choose one of my.garments", "nope"),
    ("let g = choose any of my.garments", ["g2", "g1"]),   # not in the options' order
    ("let g = choose any of my.garments", ["g1", "g1"]),
    ("let n = choose number from 1 to 3", 4),
])
def test_illegal_answers_are_rejected(text, answer):
    with pytest.raises(RulesRuntimeError, match="illegal choice"):
        run(text, FakeCtx(answers=[answer]))


def test_if_else_repeat_and_let_scoping():
    ctx = run("let x = 1\nif x = 1 then { let x = 5; gain x livre } else gain 9 livre\ngain x prestige")
    assert ctx.log == [("gain", "livre", 5), ("gain", "prestige", 1)]
    ctx = run("if first_round and 1 > 2 then gain 1 livre else { gain 2 lace; gain 3 thread }")
    assert ctx.log == [("gain", "lace", 2), ("gain", "thread", 3)]
    ctx = run("repeat count(my.staff) times { let k = 2; gain k livre }")
    assert ctx.log == [("gain", "livre", 2)] * 3


@pytest.mark.parametrize("text, fragment", [
    ("gain my.livre / 4 livre", "whole number"),
    ("gain 1 - my.livre livre", "must not be negative"),
    ("pay -my.livre livre", "must not be negative"),
    ("repeat my.livre * 11 times gain 1 livre", "over 100"),
    ("repeat -my.livre times gain 1 livre", "must not be negative"),
])  # the same mistakes with constants are load errors (test_rulesdsl_checker.py)
def test_bugs_in_rule_text_are_runtime_errors_with_the_statement_span(text, fragment):
    with pytest.raises(RulesRuntimeError, match=fragment) as info:
        run(text)
    assert info.value.span == Span("cards.yaml", 10, 12)


def test_verb_options_are_lazy_thunks():
    ctx = run("tailor silk_discount 1 + 1, discount_colors [blue, pink], no_master_garment")
    assert ctx.log == [("tailor", {"discount_colors": ["blue", "pink"], "no_master_garment": True,
                                   "silk_discount": 2})]
    seen = []
    vocab = VOCAB.extended({})
    import dataclasses
    verbs = dict(vocab.verbs)
    verbs["tailor"] = dataclasses.replace(verbs["tailor"], run=lambda ctx, args: seen.append(args))
    vocab = dataclasses.replace(vocab, verbs=verbs)
    ctx = FakeCtx(answers=[])
    compile_effect(parse_effect("tailor silk_discount choose number from 1 to 2", ORIGIN), vocab).run(ctx)
    assert ctx.choices == []   # never evaluated, so the player was never asked
    (args,) = seen
    assert args["silk_discount"].text == "a number of your choice from 1 to 2"


def test_verb_binds_are_passed_to_option_thunks():
    ctx = run("depute among my.staff where type != master, "
              "payout table(deputed.type; master -> 8, journeyman -> 5, apprentice -> 2)",
              FakeCtx(answers=["e3"]))
    assert ctx.choices[0][1] == ["e2", "e3"]
    assert ctx.log == [("depute", "e3", 5), ("gain", "livre", 5)]
    assert "e3" not in ctx.staff
    with pytest.raises(EffectAbort):
        run("depute among my.staff where type = master and type != master")


def test_env_holds_locals_and_runs_are_independent():
    eff = compile_effect(parse_effect("let n = my.livre; gain n livre", ORIGIN), VOCAB)
    env = {}
    eff.run(FakeCtx(livre=3), env)
    assert env == {"n": 3}
    ctx = FakeCtx(livre=4)
    eff.run(ctx)
    assert ctx.log == [("gain", "livre", 4)]


def test_no_eval_or_exec_in_the_package():
    import pathlib

    import rulesdsl
    for path in pathlib.Path(rulesdsl.__file__).parent.glob("*.py"):
        src = path.read_text()
        assert "eval(" not in src and "exec(" not in src, path


@pytest.mark.parametrize("payout, card, value", [
    ("table(deputed.type; master -> 8, journeyman -> 5, apprentice -> 2)", "e3", 5),
    ("table(deputed.type; master -> 8)", "e3", 0),  # no row matches: 0
    ("3", "e3", 3),
])
def test_a_whole_number_option_known_whole_when_compiled_is_passed_on_as_it_is(payout, card,
                                                                                value):
    """A constant amount, or a table of them, is whole however it comes out: the option gives
    its value without the run-time check (which any other number option keeps)."""
    ctx = run(f"depute among my.staff where type != master, payout {payout}",
              FakeCtx(answers=[card]))
    assert ctx.log == [("depute", card, value), ("gain", "livre", value)]
    assert type(ctx.log[0][2]) is int
    with pytest.raises(RulesRuntimeError, match="option 'payout' must be a whole number"):
        run("depute among my.staff where type != master, "
            "payout table(deputed.type; journeyman -> my.livre / 4)", FakeCtx(answers=["e3"]))


@pytest.mark.parametrize("text, expected", [
    # `it` is the innermost item: here every garment counts the garments of its own colour
    ("min_by(my.garments, count(my.garments where color = it.color))", "g1"),
    # a named item stays itself in a nested `where`: the colour it alone has
    ("min_by(my.garments as g, count(my.garments where color = g.color))", "g2"),
    ("max_by(my.garments as g, count(my.garments where color = g.color) * 10 + g.prestige)",
     "g3"),
    ("sort_by(my.garments as g, count(my.garments where prestige > g.prestige))",
     ["g3", "g2", "g1"]),
    ("my.garments as g where count(my.garments where color = g.color) > 1", ["g1", "g3"]),
    ("count(my.garments as g where g.prestige > 2 and prestige < 5)", 1),
])
def test_a_named_item_is_seen_inside_nested_wheres(text, expected):
    assert value(text) == expected
