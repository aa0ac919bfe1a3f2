"""Checker: names, fields, verbs, options, resources and types, with every error collected."""
import pytest
from test_rulesdsl_vocab import VOCAB

from rulesdsl import (
    NUMBER,
    EffectNameError,
    EffectTypeError,
    Origin,
    RulesErrors,
    Span,
    build_effect,
    check_effect,
    check_expression,
    parse_effect,
    parse_expression,
)

O = Origin("cards.yaml", 5, 8)


def errors(text):
    return check_effect(parse_effect(text, O), VOCAB)


def one_error(text):
    errs = errors(text)
    assert len(errs) == 1, [str(e) for e in errs]
    return errs[0]


@pytest.mark.parametrize("text", [
    "gain 2 livre",
    "pay 1 livre; gain 1 thread or lace",
    "gain count(my.garments where color = blue) + 2 * count(my.garments where color = green) livre",
    "tailor silk_discount 1, discount_colors [blue, pink], no_master_garment",
    "depute among my.staff, payout table(deputed.type; master -> 8, journeyman -> 5, apprentice -> 2)",
    "let n = choose number from 0 to floor(my.livre / 4)\npay 4 * n livre\ngain n prestige",
    "gain table(count(my.staff); 5..6 -> 2, 7..8 -> 5, 9..10 -> 8, 11.. -> 11) prestige",
    "gain sum(my.tiles.orange) + max(my.tiles.orange) + min(1, 2, my.livre) prestige",
    "let g = choose one of my.garments\ngain g.prestige prestige\nif g.color = blue then gain 1 lace",
    "if played.type = master and not first_round then { let x = 1; gain x livre } else pay 1 livre",
    "repeat count(my.staff) times gain 1 livre",
    "gain count(choose any of my.garments where prestige >= 3) livre",
    "if my.favourite = pink then gain ceil(my.livre / 3) livre",
    "if blue = my.favourite then gain 1 livre",
])
def test_valid_effects_have_no_errors(text):
    assert errors(text) == []


def test_unknown_name_with_did_you_mean_and_position():
    e = one_error("pay 1 livre\ngain count(my.garmnts) livre")
    assert isinstance(e, EffectNameError) and e.code == "name"
    assert e.message == "unknown name 'my.garmnts' (did you mean 'my.garments'?)"
    assert e.span == Span("cards.yaml", 6, 12)


def test_unknown_field_verb_option_resource_function():
    assert one_error("gain count(my.garments where colr = blue) livre").message == \
        "unknown name 'colr' (did you mean 'color'?)"
    assert one_error("let g = choose one of my.garments; gain g.prestig livre").message == \
        "unknown field 'prestig' of garment (did you mean 'prestige'?)"
    assert one_error("tailr").message == "unknown verb 'tailr' (did you mean 'tailor'?)"
    assert one_error("tailor silk_discont 1").message == \
        "unknown option 'silk_discont' for 'tailor' (did you mean 'silk_discount'?)"
    assert one_error("gain 1 livres").message == "unknown resource 'livres' (did you mean 'livre'?)"
    assert one_error("gain cout(my.staff) livre").message == "unknown function 'cout' (did you mean 'count'?)"


def test_type_errors():
    e = one_error("gain my.garments livre")
    assert isinstance(e, EffectTypeError) and e.code == "type"
    assert e.message == "expected a number, found list of garment"
    assert one_error("if my.livre then gain 1 livre").message == "expected a boolean, found number"
    assert one_error("if my.favourite = master then gain 1 livre").message == \
        "cannot compare color with employee_type"
    assert one_error("gain count(my.livre) livre").message == "expected a list, found number"
    assert one_error("gain sum(my.garments) livre").message == \
        "expected a list of number, found list of garment"
    assert one_error("gain table(played.type; master -> 1, blu -> 2) livre").message == \
        "'blu' is not an employee_type"
    assert one_error("gain table(my.favourite; 1..2 -> 1) livre").message == \
        "expected a color constant as key, found a number"
    assert "overlap" in one_error("gain table(my.livre; 1..3 -> 1, 3.. -> 2) livre").message
    assert one_error("gain count(my.livre where true) livre").message == "'where' needs a list, found number"
    assert one_error("gain choose one of my.livre livre").message == \
        "expected a list to choose from, found number"
    assert one_error("repeat first_round times gain 1 livre").message == "expected a number, found boolean"
    assert one_error("gain floor(1, 2) livre").message == "floor() takes 1 argument, found 2"


def test_verb_option_errors():
    assert one_error("tailor no_master_garment 3").message == "'no_master_garment' is a flag and takes no value"
    assert one_error("tailor silk_discount").message == "option 'silk_discount' needs a value (a number)"
    assert one_error("tailor discount_colors [blue, master]").message == \
        "list items must have the same type: expected a color, found employee_type"
    assert one_error("depute payout 2").message == "'depute' needs the option 'among'"
    assert one_error("tailor silk_discount 1, silk_discount 2").message == "option 'silk_discount' is given twice"


def test_scoping_of_lets_and_binds():
    assert errors("let x = 1; gain x livre") == []
    assert one_error("gain x livre; let x = 1").message.startswith("unknown name 'x'")
    assert one_error("if true then { let y = 1 }; gain y livre").message.startswith("unknown name 'y'")
    assert one_error("tailor silk_discount deputed.type").message.startswith("unknown name 'deputed.type'")


def test_multiple_errors_are_collected_in_order():
    errs = errors("gain 1 livres\ngain my.garmnts prestige\ntailor no_master_garment 1")
    assert [e.span.line for e in errs] == [5, 6, 7]
    assert [e.code for e in errs] == ["name", "name", "type"]


def test_build_effect_raises_all_errors_with_source_lines():
    with pytest.raises(RulesErrors) as info:
        build_effect("gain 1 livres\n  gain my.garmnts prestige", Origin("c.yaml", 3, 1, block_indent=2), VOCAB)
    err = info.value
    assert len(err.errors) == 2
    assert str(err).splitlines()[0] == "c.yaml:4:3: unknown resource 'livres' (did you mean 'livre'?)"
    rendered = err.errors[1].render().splitlines()
    assert rendered[1].strip() == "gain my.garmnts prestige"
    assert rendered[2].index("^") == rendered[1].index("my.garmnts")


def test_check_expression_with_expected_type():
    expr = parse_expression("count(my.staff) > 2", O)
    assert check_expression(expr, VOCAB) == []
    assert check_expression(expr, VOCAB, NUMBER)[0].message == "expected a number, found boolean"


def test_one_suggestion_rule_everywhere():
    """Every 'did you mean' in the project comes from rulesdsl.suggest: same cutoff, same quotes."""
    from rulesdsl.suggest import closest, did_you_mean
    assert did_you_mean("my.garmnts", ["my.garments", "my.staff"]) == \
        " (did you mean 'my.garments'?)"
    assert did_you_mean("zzz", ["my.garments"]) == ""
    assert closest(12, [13, 120]) == "120"
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[1]
    users = [p.relative_to(root).as_posix() for top in ("interpreter", "rulesdsl")
             for p in (root / top).rglob("*.py") if "get_close_matches" in p.read_text()]
    assert users == ["rulesdsl/suggest.py"]


def test_only_the_keyed_functions_name_their_item():
    assert errors("gain count(my.garments as g where g.prestige > 2) livre") == []
    assert errors("let g = min_by(my.garments as g, g.prestige); gain g.prestige livre") == []
    e = one_error("let g = nth(my.garments as g, 1)")
    assert isinstance(e, EffectTypeError)
    assert e.message == "only min_by, max_by, sort_by name their item ('nth(LIST as g, ...)')"
    # the name is the item's only in its own `where`
    assert one_error("gain count(my.garments where g.prestige > 2) livre").message == \
        "unknown name 'g.prestige' (did you mean 'prestige'?)"
