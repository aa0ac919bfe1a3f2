"""AST -> effect-language source text, with the fewest parentheses that parse back the same.

Used to show normalised rules and tested by round-tripping: parse(to_source(parse(t))) == parse(t).
"""
from __future__ import annotations

from . import ast

_BIN_PREC = {"+": 6, "-": 6, "*": 7, "/": 7}
_SIMPLE = (ast.Gain, ast.Pay, ast.Let, ast.VerbCall)


def to_source(node) -> str:
    """Source text for an Effect, a statement or an expression."""
    if isinstance(node, ast.Effect):
        return "\n".join(_stmt(s) for s in node.statements)
    if isinstance(node, ast.EXPR_TYPES):
        return _expr(node)
    if isinstance(node, (ast.TableEntry, ast.RangeKey, ast.EnumKey, ast.Option)):
        return _part(node)
    return _stmt(node)


def _block(stmts) -> str:
    if len(stmts) == 1 and isinstance(stmts[0], _SIMPLE):
        return _stmt(stmts[0])
    if not stmts:
        return "{ }"
    return "{ " + "; ".join(_stmt(s) for s in stmts) + " }"


def _stmt(s) -> str:
    if isinstance(s, ast.Gain):
        return f"gain {_expr(s.amount)} {' or '.join(s.resources)}"
    if isinstance(s, ast.Pay):
        return f"pay {_expr(s.amount)} {s.resource}"
    if isinstance(s, ast.Let):
        return f"let {s.name} = {_expr(s.value)}"
    if isinstance(s, ast.If):
        # a nested `if` gets braces: no dangling else
        out = f"if {_expr(s.cond)} then {_block(s.then)}"
        return out if s.else_ is None else f"{out} else {_block(s.else_)}"
    if isinstance(s, ast.Repeat):
        return f"repeat {_expr(s.count)} times {_block(s.body)}"
    if isinstance(s, ast.Either):
        return "either " + " or ".join("{ " + "; ".join(_stmt(x) for x in alt) + " }"
                                      if alt else "{ }" for alt in s.alternatives)
    if isinstance(s, ast.Whenever):
        return f"whenever {s.event} before {s.until} {{ " + "; ".join(map(_stmt, s.body)) + " }"
    if isinstance(s, ast.VerbCall):
        if not s.options:
            return s.verb
        return s.verb + " " + ", ".join(_part(o) for o in s.options)
    raise TypeError(f"not a statement: {s!r}")


def _part(p) -> str:
    if isinstance(p, ast.Option):
        return p.name if p.value is None else f"{p.name} {_expr(p.value)}"
    if isinstance(p, ast.RangeKey):
        if p.hi is None:
            return f"{p.lo}.."
        return str(p.lo) if p.hi == p.lo else f"{p.lo}..{p.hi}"
    if isinstance(p, ast.EnumKey):
        return p.name
    if isinstance(p, ast.TableEntry):
        return f"{_part(p.key)} -> {_expr(p.value)}"
    raise TypeError(f"not an AST part: {p!r}")


def _expr(node, min_prec: int = 0) -> str:
    text, prec = _prec_text(node)
    return f"({text})" if prec < min_prec else text


def _prec_text(n) -> tuple[str, int]:
    if isinstance(n, ast.Number):
        return (str(n.value), 9) if n.value >= 0 else (f"-{-n.value}", 8)
    if isinstance(n, ast.Bool):
        return ("true" if n.value else "false"), 9
    if isinstance(n, ast.Name):
        return n.dotted, 9
    if isinstance(n, ast.ListExpr):
        return "[" + ", ".join(_expr(i) for i in n.items) + "]", 9
    if isinstance(n, ast.Call):
        return f"{n.func}(" + ", ".join(_expr(a) for a in n.args) + ")", 9
    if isinstance(n, ast.Table):
        entries = ", ".join(_part(e) for e in n.entries)
        return f"table({_expr(n.subject)}; {entries})", 9
    if isinstance(n, ast.UnaryOp):
        return f"-{_expr(n.operand, 8)}", 8
    if isinstance(n, ast.BinOp):
        p = _BIN_PREC[n.op]
        return f"{_expr(n.left, p)} {n.op} {_expr(n.right, p + 1)}", p
    if isinstance(n, ast.Compare):
        return f"{_expr(n.left, 6)} {n.op} {_expr(n.right, 6)}", 5
    if isinstance(n, ast.Not):
        return f"not {_expr(n.operand, 4)}", 4
    if isinstance(n, ast.BoolOp):
        p = 3 if n.op == "and" else 2
        return f"{_expr(n.left, p)} {n.op} {_expr(n.right, p + 1)}", p
    if isinstance(n, ast.Where):
        return f"{_expr(n.collection, 1)} where {_expr(n.cond, 2)}", 1
    if isinstance(n, ast.ChooseOne):
        return f"choose one of {_expr(n.options)}", 0
    if isinstance(n, ast.ChooseAny):
        return f"choose any of {_expr(n.options)}", 0
    if isinstance(n, ast.ChooseNumber):
        return f"choose number from {_expr(n.lo, 1)} to {_expr(n.hi)}", 0
    if isinstance(n, ast.Possible):
        return f"possible({_stmt(n.stmt)})", 9
    raise TypeError(f"not an expression: {n!r}")
