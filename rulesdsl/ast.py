"""The effect-language AST: frozen dataclasses, one per construct.

Every node carries a `span` (its position in the rules file). Spans do not take part in equality,
so two parses of equivalent text compare equal (used by the round-trip tests).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rule_errors import NO_SPAN, Span


def _span() -> Any:
    return field(default=NO_SPAN, compare=False, repr=False)


# ---- expressions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Number:
    value: int
    span: Span = _span()


@dataclass(frozen=True)
class Bool:
    value: bool
    span: Span = _span()


@dataclass(frozen=True)
class Name:
    path: tuple[str, ...]
    span: Span = _span()

    @property
    def dotted(self) -> str:
        return ".".join(self.path)


@dataclass(frozen=True)
class ListExpr:
    items: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True)
class BinOp:
    op: str  # + - * /
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True)
class UnaryOp:
    op: str  # -
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Compare:
    op: str  # = != < <= > >=
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True)
class BoolOp:
    op: str  # and or
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Not:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Where:
    """`LIST where COND`; `LIST as NAME where COND` also names the item NAME in COND (a name
    that a `where` nested in COND does not take over, as it does `it`)."""
    collection: Expr
    cond: Expr
    span: Span = _span()
    name: str | None = None


@dataclass(frozen=True)
class Call:
    """`f(ARGS)`; `min_by(LIST as NAME, KEY)` (max_by, sort_by) also names the item NAME in KEY."""
    func: str
    args: tuple[Expr, ...]
    span: Span = _span()
    name: str | None = None


@dataclass(frozen=True)
class RangeKey:
    lo: int
    hi: int | None  # None: open range `lo..`
    span: Span = _span()


@dataclass(frozen=True)
class EnumKey:
    name: str
    span: Span = _span()


@dataclass(frozen=True)
class TableEntry:
    key: RangeKey | EnumKey
    value: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Table:
    subject: Expr
    entries: tuple[TableEntry, ...]
    span: Span = _span()


@dataclass(frozen=True)
class ChooseOne:
    options: Expr
    span: Span = _span()


@dataclass(frozen=True)
class ChooseAny:
    options: Expr
    span: Span = _span()


@dataclass(frozen=True)
class ChooseNumber:
    lo: Expr
    hi: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Possible:
    """`possible(stmt)`: whether the statement can be done now (a trial run, undone)."""

    stmt: Stmt
    span: Span = _span()


Expr = (Number | Bool | Name | ListExpr | BinOp | UnaryOp | Compare | BoolOp | Not | Where | Call
        | Table | ChooseOne | ChooseAny | ChooseNumber | Possible)
EXPR_TYPES = (Number, Bool, Name, ListExpr, BinOp, UnaryOp, Compare, BoolOp, Not, Where, Call,
              Table, ChooseOne, ChooseAny, ChooseNumber, Possible)


# ---- statements ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Gain:
    amount: Expr
    resources: tuple[str, ...]  # more than one: the player picks
    span: Span = _span()


@dataclass(frozen=True)
class Pay:
    amount: Expr
    resource: str
    span: Span = _span()


@dataclass(frozen=True)
class Let:
    name: str
    value: Expr
    span: Span = _span()


@dataclass(frozen=True)
class If:
    cond: Expr
    then: tuple[Stmt, ...]
    else_: tuple[Stmt, ...] | None
    span: Span = _span()


@dataclass(frozen=True)
class Repeat:
    count: Expr
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True)
class Either:
    """`either { ... } or { ... }`: the player picks one alternative that can be done."""

    alternatives: tuple[tuple[Stmt, ...], ...]
    span: Span = _span()


@dataclass(frozen=True)
class Whenever:
    """`whenever EVENT before LIFETIME { ... }`: from now until the lifetime ends, the body runs
    for this player each time the event happens to them."""

    event: str
    until: str
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True)
class Require:
    """`require COND`: the effect cannot be done (it aborts, undone) unless COND holds, so an
    `either` alternative or an action that starts with it is offered only when COND holds."""

    cond: Expr
    span: Span = _span()


@dataclass(frozen=True)
class Each:
    """`each opponent { ... }` / `each player { ... }`: the block run for every other player
    (or every player), in turn order from the acting player, as that player (`my.` is theirs,
    their questions are theirs). A player for whom the block cannot be done does none of it."""

    who: str  # opponent | player
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True)
class As:
    """`as PLAYER { ... }`: the block run as that player; if it cannot be done, neither can
    the effect (it aborts)."""

    player: Expr
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True)
class Option:
    name: str
    value: Expr | None  # None: a flag
    span: Span = _span()


@dataclass(frozen=True)
class VerbCall:
    verb: str
    options: tuple[Option, ...]
    span: Span = _span()


Stmt = Gain | Pay | Let | If | Repeat | Either | Whenever | Require | Each | As | VerbCall


@dataclass(frozen=True)
class Effect:
    statements: tuple[Stmt, ...]
    span: Span = _span()
