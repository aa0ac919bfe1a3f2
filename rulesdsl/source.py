"""AST -> effect-language source text, with the fewest parentheses that parse back the same.

Used to show normalised rules and tested by round-tripping: parse(to_source(parse(t))) == parse(t).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from . import ast
from .walk import Walker

_BIN_PREC = {"+": 6, "-": 6, "*": 7, "/": 7}
_SIMPLE = (ast.Gain, ast.Pay, ast.Let, ast.VerbCall)
_WHAT = {"stmt": "a statement", "part": "an AST part", "prec": "an expression"}


def to_source(node: Any) -> str:
    """Source text for an Effect, a statement or an expression."""
    if isinstance(node, ast.Effect):
        return "\n".join(_SOURCE.stmt(s) for s in node.statements)
    if isinstance(node, ast.EXPR_TYPES):
        return _SOURCE.expr(node)
    if isinstance(node, (ast.TableEntry, ast.RangeKey, ast.EnumKey, ast.Option)):
        return _SOURCE.part(node)
    return _SOURCE.stmt(node)


class _Source(Walker):
    """Three families: `stmt` (a statement's text), `part` (an option, a table key or entry) and
    `prec` (an expression's text and its precedence, for `expr` to parenthesise)."""

    def missing(self, family: str, node: Any, *args: Any) -> NoReturn:
        raise TypeError(f"not {_WHAT[family]}: {node!r}")

    def stmt(self, s: ast.Stmt) -> str:
        return self.visit("stmt", s)

    def part(self, p: ast.TableEntry | ast.RangeKey | ast.EnumKey | ast.Option) -> str:
        return self.visit("part", p)

    def expr(self, node: ast.Expr, min_prec: int = 0) -> str:
        text, prec = self.visit("prec", node)
        return f"({text})" if prec < min_prec else text

    def block(self, stmts: Sequence[ast.Stmt]) -> str:
        if len(stmts) == 1 and isinstance(stmts[0], _SIMPLE):
            return self.stmt(stmts[0])
        return self.braced(stmts)

    def braced(self, stmts: Sequence[ast.Stmt]) -> str:
        """A block always in braces (after an expression, a bare statement would not parse
        back)."""
        return "{ " + "; ".join(self.stmt(s) for s in stmts) + " }" if stmts else "{ }"

    # ---- statements ----
    def stmt_gain(self, s: ast.Gain) -> str:
        return f"gain {self.expr(s.amount)} {' or '.join(s.resources)}"

    def stmt_pay(self, s: ast.Pay) -> str:
        return f"pay {self.expr(s.amount)} {s.resource}"

    def stmt_let(self, s: ast.Let) -> str:
        return f"let {s.name} = {self.expr(s.value)}"

    def stmt_if(self, s: ast.If) -> str:
        # a nested `if` gets braces: no dangling else
        out = f"if {self.expr(s.cond)} then {self.block(s.then)}"
        return out if s.else_ is None else f"{out} else {self.block(s.else_)}"

    def stmt_repeat(self, s: ast.Repeat) -> str:
        return f"repeat {self.expr(s.count)} times {self.block(s.body)}"

    def stmt_either(self, s: ast.Either) -> str:
        return "either " + " or ".join(self.braced(alt) for alt in s.alternatives)

    def stmt_whenever(self, s: ast.Whenever) -> str:
        return f"whenever {s.event} before {s.until} {{ " + "; ".join(map(self.stmt, s.body)) + " }"

    def stmt_require(self, s: ast.Require) -> str:
        return f"require {self.expr(s.cond)}"

    def stmt_each(self, s: ast.Each) -> str:
        return f"each {s.who} {self.braced(s.body)}"

    def stmt_as(self, s: ast.As) -> str:
        return f"as {self.expr(s.player)} {self.braced(s.body)}"

    def stmt_verb_call(self, s: ast.VerbCall) -> str:
        if not s.options:
            return s.verb
        return s.verb + " " + ", ".join(self.part(o) for o in s.options)

    # ---- options, table keys and entries ----
    def part_option(self, p: ast.Option) -> str:
        return p.name if p.value is None else f"{p.name} {self.expr(p.value)}"

    def part_range_key(self, p: ast.RangeKey) -> str:
        if p.hi is None:
            return f"{p.lo}.."
        return str(p.lo) if p.hi == p.lo else f"{p.lo}..{p.hi}"

    def part_enum_key(self, p: ast.EnumKey) -> str:
        return p.name

    def part_table_entry(self, p: ast.TableEntry) -> str:
        return f"{self.part(p.key)} -> {self.expr(p.value)}"

    # ---- expressions: (text, precedence) ----
    def prec_number(self, n: ast.Number) -> tuple[str, int]:
        return (str(n.value), 9) if n.value >= 0 else (f"-{-n.value}", 8)

    def prec_bool(self, n: ast.Bool) -> tuple[str, int]:
        return ("true" if n.value else "false"), 9

    def prec_name(self, n: ast.Name) -> tuple[str, int]:
        return n.dotted, 9

    def prec_list_expr(self, n: ast.ListExpr) -> tuple[str, int]:
        return "[" + ", ".join(self.expr(i) for i in n.items) + "]", 9

    def prec_call(self, n: ast.Call) -> tuple[str, int]:
        args = [self.expr(a) for a in n.args]
        if n.name:  # `min_by(LIST as NAME, KEY)`
            args[0] = f"{self.expr(n.args[0], 1)} as {n.name}"
        return f"{n.func}(" + ", ".join(args) + ")", 9

    def prec_table(self, n: ast.Table) -> tuple[str, int]:
        entries = ", ".join(self.part(e) for e in n.entries)
        return f"table({self.expr(n.subject)}; {entries})", 9

    def prec_unary_op(self, n: ast.UnaryOp) -> tuple[str, int]:
        return f"-{self.expr(n.operand, 8)}", 8

    def prec_bin_op(self, n: ast.BinOp) -> tuple[str, int]:
        p = _BIN_PREC[n.op]
        return f"{self.expr(n.left, p)} {n.op} {self.expr(n.right, p + 1)}", p

    def prec_compare(self, n: ast.Compare) -> tuple[str, int]:
        return f"{self.expr(n.left, 6)} {n.op} {self.expr(n.right, 6)}", 5

    def prec_not(self, n: ast.Not) -> tuple[str, int]:
        return f"not {self.expr(n.operand, 4)}", 4

    def prec_bool_op(self, n: ast.BoolOp) -> tuple[str, int]:
        p = 3 if n.op == "and" else 2
        return f"{self.expr(n.left, p)} {n.op} {self.expr(n.right, p + 1)}", p

    def prec_where(self, n: ast.Where) -> tuple[str, int]:
        named = f" as {n.name}" if n.name else ""
        return f"{self.expr(n.collection, 1)}{named} where {self.expr(n.cond, 2)}", 1

    def prec_choose_one(self, n: ast.ChooseOne) -> tuple[str, int]:
        return f"choose one of {self.expr(n.options)}", 0

    def prec_choose_any(self, n: ast.ChooseAny) -> tuple[str, int]:
        return f"choose any of {self.expr(n.options)}", 0

    def prec_choose_number(self, n: ast.ChooseNumber) -> tuple[str, int]:
        return f"choose number from {self.expr(n.lo, 1)} to {self.expr(n.hi)}", 0

    def prec_possible(self, n: ast.Possible) -> tuple[str, int]:
        return f"possible({self.stmt(n.stmt)})", 9


_SOURCE = _Source()
