"""Parser: AST shapes, file positions through Origin, and human syntax errors."""
import pytest

from rulesdsl import EffectSyntaxError, Origin, Span, parse_effect, parse_expression
from rulesdsl import ast as A

PLAIN = Origin("cards.yaml", 10, 12)          # `bonus: gain 2 livre` with the text at column 12
BLOCK = Origin("cards.yaml", 20, 1, block_indent=4)  # `bonus: |` on line 20, content indented 4


def test_origin_locate_plain_and_block():
    assert PLAIN.locate(1, 1) == Span("cards.yaml", 10, 12)
    assert PLAIN.locate(2, 3) == Span("cards.yaml", 11, 3)
    assert BLOCK.locate(1, 1) == Span("cards.yaml", 21, 5)
    assert BLOCK.locate(3, 2) == Span("cards.yaml", 23, 6)
    assert str(Span("f", 1, 2)) == "f:1:2"


def test_statements_and_separators():
    text = "\n# comment\npay 1 livre; gain 1 thread or lace  # trailing\n\nlet n = 2\n"
    eff = parse_effect(text, PLAIN)
    assert eff.statements == (
        A.Pay(A.Number(1), "livre"),
        A.Gain(A.Number(1), ("thread", "lace")),
        A.Let("n", A.Number(2)),
    )


def test_spans_are_file_positions():
    eff = parse_effect("let n = 1\n  gain n prestige", BLOCK)
    gain = eff.statements[1]
    assert gain.span == Span("cards.yaml", 22, 7)
    assert gain.amount.span == Span("cards.yaml", 22, 12)
    eff = parse_effect("pay 2 livre; gain 1 lace", PLAIN)
    assert eff.statements[1].span == Span("cards.yaml", 10, 25)


def test_precedence():
    e = parse_expression("1 + 2 * 3 - -4 / 2", PLAIN)
    assert e == A.BinOp("-", A.BinOp("+", A.Number(1), A.BinOp("*", A.Number(2), A.Number(3))),
                        A.BinOp("/", A.UnaryOp("-", A.Number(4)), A.Number(2)))
    e = parse_expression("not a and b or c = 1", PLAIN)
    assert e == A.BoolOp("or", A.BoolOp("and", A.Not(A.Name(("a",))), A.Name(("b",))),
                         A.Compare("=", A.Name(("c",)), A.Number(1)))
    e = parse_expression("my.garments where color = blue or prestige > 2", PLAIN)
    assert isinstance(e, A.Where) and isinstance(e.cond, A.BoolOp)


def test_choose_forms_and_tables():
    eff = parse_effect("let t = choose any of my.tiles\ngain choose number from 0 to 3 prestige", PLAIN)
    assert eff.statements[0].value == A.ChooseAny(A.Name(("my", "tiles")))
    assert eff.statements[1].amount == A.ChooseNumber(A.Number(0), A.Number(3))
    t = parse_expression("table(x; 3 -> 1, 5..6 -> 2, 11.. -> 11, blue -> 0)", PLAIN)
    assert [e.key for e in t.entries] == [A.RangeKey(3, 3), A.RangeKey(5, 6), A.RangeKey(11, None),
                                          A.EnumKey("blue")]


def test_verb_call_options():
    eff = parse_effect("tailor silk_discount 1, discount_colors [blue, pink], no_master_garment", PLAIN)
    (v,) = eff.statements
    assert v == A.VerbCall("tailor", (
        A.Option("silk_discount", A.Number(1)),
        A.Option("discount_colors", A.ListExpr((A.Name(("blue",)), A.Name(("pink",))))),
        A.Option("no_master_garment", None)))


def test_blocks_if_else_repeat_and_multiline_brackets():
    text = "if a then {\n  gain 1 livre\n  pay 1 livre\n} else gain 2 lace\nrepeat 2 times { }\n" \
           "gain table(x;\n  1 -> 2,\n  3.. -> 4) livre"
    eff = parse_effect(text, BLOCK)
    if_, rep, gain = eff.statements
    assert len(if_.then) == 2 and if_.else_ == (A.Gain(A.Number(2), ("lace",)),)
    assert rep.body == ()
    assert isinstance(gain.amount, A.Table)


def test_dangling_else_binds_to_nearest_if():
    (outer,) = parse_effect("if a then if b then x else y", PLAIN).statements
    assert outer.else_ is None and outer.then[0].else_ is not None


@pytest.mark.parametrize("text, origin, where, fragment", [
    ("gian 2 livre", PLAIN, Span("cards.yaml", 10, 12),
     "unexpected 'gian': expected a statement such as gain, pay, let, if, repeat or a verb"),
    ("gain 2 livre\npay 1 livre )", BLOCK, Span("cards.yaml", 22, 17), "unexpected ')'"),
    ("gain 1 livre\n  pay 2 + ", BLOCK, Span("cards.yaml", 22, 14), "unexpected end of text"),
    ("gain 1 Livre", PLAIN, Span("cards.yaml", 10, 19), "names are lowercase"),
    ("let then = 3", PLAIN, Span("cards.yaml", 10, 16), "unexpected 'then'"),
    ("gain 1 < 2 < 3 livre", PLAIN, Span("cards.yaml", 10, 23), "comparisons cannot be chained"),
    ("gain 1 @ livre", PLAIN, Span("cards.yaml", 10, 19), "unexpected character '@'"),
    ("5 livre", BLOCK, Span("cards.yaml", 21, 5), "expected a statement"),
    ("pay 1 livre\ngain (1 livre", PLAIN, Span("cards.yaml", 11, 9), "unexpected 'livre'"),
])
def test_syntax_errors_report_file_line_column(text, origin, where, fragment):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text, origin)
    err = info.value
    assert err.span == where, str(err)
    assert fragment in err.message
    assert str(err).startswith(f"{where}: ")
    assert err.code == "syntax"
    rendered = err.render().splitlines()
    assert rendered[-1].index("^") - 4 == where.column - 1   # caret under the column
    assert "Lark" not in str(err) and "Token" not in str(err)


@pytest.mark.parametrize("text", [
    "min_by(free_spaces where master as s, 100 * count(my.garments where hall = s.hall))",
    "my.tiles as t where count(my.tiles where it = t) > 1",
    "sort_by(my.garments as g, g.prestige)",
])
def test_a_named_item_round_trips_to_source(text):
    from rulesdsl.source import to_source
    assert to_source(parse_expression(text, Origin("t.yaml"))) == text
