"""The one tree walker both printers use (rulesdsl/walk.py): every node kind has its method in
each printer, so a new construct cannot silently print as something else."""
import typing

import pytest

from rulesdsl import ast, to_source
from rulesdsl.printer import _Printer
from rulesdsl.source import _Source
from rulesdsl.walk import Walker, method_name

STATEMENTS = typing.get_args(ast.Stmt)
PARTS = (ast.Option, ast.RangeKey, ast.EnumKey, ast.TableEntry)


def test_method_names_are_the_class_names_in_snake_case():
    assert method_name("expr", ast.BinOp) == "expr_bin_op"
    assert method_name("stmt", ast.VerbCall) == "stmt_verb_call"
    assert method_name("prec", ast.Not) == "prec_not"


@pytest.mark.parametrize(("walker", "family", "kinds"), [
    (_Source, "stmt", STATEMENTS), (_Source, "prec", ast.EXPR_TYPES), (_Source, "part", PARTS),
    (_Printer, "clause", STATEMENTS), (_Printer, "text", ast.EXPR_TYPES)])
def test_every_node_kind_has_a_method(walker, family, kinds):
    missing = [k.__name__ for k in kinds if not hasattr(walker, method_name(family, k))]
    assert missing == []
    assert len(STATEMENTS) == 11 and len(ast.EXPR_TYPES) == 16


def test_dispatch_goes_to_the_method_or_to_missing_with_the_arguments():
    class Echo(Walker):
        def say_number(self, n, suffix):
            return f"{n.value}{suffix}"

        def missing(self, family, node, *args):
            return ("missing", family, type(node).__name__, args)

    echo = Echo()
    assert echo.visit("say", ast.Number(4), "!") == "4!"
    assert echo.visit("say", ast.Number(5), "?") == "5?"  # the cached lookup
    assert echo.visit("say", ast.Bool(True), "!") == ("missing", "say", "Bool", ("!",))
    assert echo.visit("other", ast.Number(4)) == ("missing", "other", "Number", ())


def test_what_is_not_a_node_is_refused_with_its_kind():
    with pytest.raises(TypeError, match=r"^not a statement: 3$"):
        to_source(3)
    with pytest.raises(TypeError, match=r"^not an expression: 'x'$"):
        _Source().expr("x")
    with pytest.raises(TypeError, match=r"^not an AST part: None$"):
        _Source().part(None)


def test_the_base_walker_names_the_family_it_lacks():
    class Bare(Walker):
        pass

    with pytest.raises(TypeError, match=r"^no stmt method for Number\(value=1"):
        Bare().visit("stmt", ast.Number(1))
