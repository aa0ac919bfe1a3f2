"""Text -> AST. The Lark parser is built once at import; Lark errors become EffectSyntaxError.

All AST spans are file positions (through `Origin.locate`), so later stages never need the text.
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.tree import Meta

from . import ast
from .rule_errors import EffectSyntaxError, Origin, Span
from .suggest import closest

KEYWORDS = frozenset([
    "gain", "pay", "let", "if", "then", "else", "repeat", "times", "choose", "one", "any",
    "number", "of", "from", "to", "where", "and", "or", "not", "true", "false", "table", "either",
    "possible", "whenever", "before", "require", "each", "as"])
STATEMENT_WORDS = ("gain", "pay", "let", "if", "repeat", "either", "whenever", "require", "each",
                   "as")
_STATEMENT_HINT = "expected a statement such as gain, pay, let, if, repeat or a verb"
_OPENERS = {"LPAR": 1, "LSQB": 1, "RPAR": -1, "RSQB": -1}

# Bounds that keep every effect cheap to load, and every later stage (checker, compiler, printer,
# the compiled closures) far from Python's recursion limit. Hostile or mistaken text gets a
# positioned error instead of a hang or a RecursionError.
MAX_DEPTH = 64            # nested expressions and statements (sums, nots, lists, ifs, repeats...)
MAX_NUMBER = 1_000_000    # the largest number literal
MAX_STATEMENTS = 500      # statements in one effect, nested ones included
MAX_LENGTH = 10_000       # characters in one effect (the longest base-game effect has 311)
# Statements start at the beginning of the text and after these tokens.
_STATEMENT_BEFORE = frozenset(("_NL", "SEMICOLON", "LBRACE", "THEN", "ELSE", "TIMES"))
# Lark tree nodes that only group others or cannot hold others: not a level of nesting.
_FLAT = frozenset(("start", "expression", "stmt_seq", "block", "dotted", "entry", "option",
                   "number", "true", "false", "key_one", "key_range", "key_open", "key_enum"))


class _TooBig(Exception):
    """A bound was exceeded at (line, column) of the effect text; becomes an EffectSyntaxError."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


class _DropBracketedNewlines:
    """Postlexer: a newline inside ( ) or [ ] is just whitespace (long tables, long lists).

    It also remembers the tokens seen so far, so syntax errors can talk about the previous one.
    """

    always_accept = ()

    def __init__(self) -> None:
        self._local = threading.local()

    @property
    def history(self) -> list[Token]:
        return getattr(self._local, "history", [])

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        statements = 0
        history: list[Token] = []
        self._local.history = history
        for tok in stream:
            if tok.type == "_NL" and depth > 0:
                continue
            depth = max(0, depth + _OPENERS.get(tok.type, 0))
            if tok.type == "NUMBER":
                _check_number(tok)
            elif tok.type not in ("_NL", "SEMICOLON", "RBRACE") and (
                    not history or history[-1].type in _STATEMENT_BEFORE) and depth == 0:
                statements += 1
                if statements > MAX_STATEMENTS:
                    raise _TooBig(*_position(tok), "too many statements in one effect, "
                                  f"the limit is {MAX_STATEMENTS}")
            history.append(tok)
            yield tok


def _position(tok: Token) -> tuple[int, int]:
    """A token's line and column (Lark types them optional; the lexer always sets them)."""
    return tok.line or 1, tok.column or 1


def _check_number(tok: Token) -> None:
    if len(tok) > len(str(MAX_NUMBER)) or int(tok) > MAX_NUMBER:
        shown = str(tok) if len(tok) <= 20 else f"{tok[:10]}... ({len(tok)} digits)"
        raise _TooBig(*_position(tok),
                      f"number {shown} is too large, the limit is {MAX_NUMBER}")


def _check_depth(tree: Tree) -> None:
    """Refuse trees nested deeper than MAX_DEPTH, walking them without recursion."""
    stack = [(tree, 0, 1, 1)]
    while stack:
        node, depth, line, column = stack.pop()
        if not isinstance(node, Tree):
            continue
        if not node.meta.empty:
            line, column = node.meta.line, node.meta.column
        if node.data not in _FLAT:
            depth += 1
            if depth > MAX_DEPTH:
                raise _TooBig(line, column, f"nested too deeply, the limit is {MAX_DEPTH}")
        stack.extend((child, depth, line, column) for child in reversed(node.children))


_POSTLEX = _DropBracketedNewlines()
_LARK = Lark(
    (Path(__file__).with_name("effects.lark")).read_text(),
    parser="lalr",
    # keywords are reserved everywhere (a contextual lexer would let `then` be a name)
    lexer="basic",
    start=["start", "expression"],
    propagate_positions=True,
    maybe_placeholders=True,
    postlex=_POSTLEX,
    cache=True,  # the grammar analysis is stored in the temp dir, keyed by grammar and options
)


_Children = list[Any]  # a rule's children, already transformed (AST nodes, tokens, tuples)
_Rule = Callable[[Any, Meta, _Children], ast.Expr]  # a transformer method


def _binary(node: type[ast.BoolOp] | type[ast.Compare] | type[ast.BinOp], op: str) -> _Rule:
    """The transformer method for a binary rule whose operator the grammar's alias names."""
    def build(self: _ToAst, meta: Meta, c: _Children) -> ast.Expr:
        return node(op, c[0], c[1], self._span(meta, c[0]))
    return build


def _boolop_rule(op: str) -> _Rule:
    return _binary(ast.BoolOp, op)


def _compare_rule(op: str) -> _Rule:
    return _binary(ast.Compare, op)


def _binop_rule(op: str) -> _Rule:
    return _binary(ast.BinOp, op)


@v_args(meta=True)
class _ToAst(Transformer):
    """Lark tree -> AST nodes with file spans (one method per grammar rule)."""

    def __init__(self, origin: Origin, text: str):
        super().__init__()
        self.origin = origin
        self.text = text

    def _span(self, meta: Meta, first: Any = None) -> Span:
        if isinstance(first, Token):
            return self.origin.locate(*_position(first))
        if first is not None and getattr(first, "span", None) is not None and meta.empty:
            return first.span
        if meta.empty:
            return self.origin.locate(1, 1)
        return self.origin.locate(meta.line, meta.column)

    def _name(self, tok: Token) -> str:
        if tok in KEYWORDS:
            raise _syntax(self.origin, self.text, *_position(tok),
                          f"'{tok}' is a keyword and cannot be used as a name")
        return str(tok)

    # statements
    def start(self, meta: Meta, c: _Children) -> ast.Effect:
        return ast.Effect(c[0], self._span(meta))

    def stmt_seq(self, meta: Meta, c: _Children) -> tuple[ast.Stmt, ...]:
        return tuple(s for s in c if s is not None)

    def expression(self, meta: Meta, c: _Children) -> ast.Expr:
        return c[0]

    def block(self, meta: Meta, c: _Children) -> tuple[ast.Stmt, ...]:
        return c[0] if isinstance(c[0], tuple) else (c[0],)

    def gain(self, meta: Meta, c: _Children) -> ast.Gain:
        return ast.Gain(c[0], tuple(self._name(t) for t in c[1:]), self._span(meta))

    def pay(self, meta: Meta, c: _Children) -> ast.Pay:
        return ast.Pay(c[0], self._name(c[1]), self._span(meta))

    def let(self, meta: Meta, c: _Children) -> ast.Let:
        return ast.Let(self._name(c[0]), c[1], self._span(meta))

    def if_stmt(self, meta: Meta, c: _Children) -> ast.If:
        return ast.If(c[0], c[1], c[2], self._span(meta))

    def repeat(self, meta: Meta, c: _Children) -> ast.Repeat:
        return ast.Repeat(c[0], c[1], self._span(meta))

    def whenever(self, meta: Meta, c: _Children) -> ast.Whenever:
        return ast.Whenever(self._name(c[0]), self._name(c[1]), c[2], self._span(meta))

    def either(self, meta: Meta, c: _Children) -> ast.Either:
        return ast.Either(tuple(tuple(alt) for alt in c), self._span(meta))

    def require(self, meta: Meta, c: _Children) -> ast.Require:
        return ast.Require(c[0], self._span(meta))

    def each(self, meta: Meta, c: _Children) -> ast.Each:
        return ast.Each(self._name(c[0]), c[1], self._span(meta))

    def as_player(self, meta: Meta, c: _Children) -> ast.As:
        return ast.As(c[0], tuple(c[1]), self._span(meta))

    def possible(self, meta: Meta, c: _Children) -> ast.Possible:
        return ast.Possible(c[0], self._span(meta))

    def verb_call(self, meta: Meta, c: _Children) -> ast.VerbCall:
        return ast.VerbCall(self._name(c[0]), tuple(o for o in c[1:] if o is not None),
                            self._span(meta))

    def option(self, meta: Meta, c: _Children) -> ast.Option:
        return ast.Option(self._name(c[0]), c[1], self._span(meta, c[0]))

    # expressions
    def choose_one(self, meta: Meta, c: _Children) -> ast.ChooseOne:
        return ast.ChooseOne(c[0], self._span(meta))

    def choose_any(self, meta: Meta, c: _Children) -> ast.ChooseAny:
        return ast.ChooseAny(c[0], self._span(meta))

    def choose_number(self, meta: Meta, c: _Children) -> ast.ChooseNumber:
        return ast.ChooseNumber(c[0], c[1], self._span(meta))

    def where(self, meta: Meta, c: _Children) -> ast.Where:
        return ast.Where(c[0], c[1], self._span(meta, c[0]))

    def where_named(self, meta: Meta, c: _Children) -> ast.Where:
        return ast.Where(c[0], c[2], self._span(meta, c[0]), self._name(c[1]))

    or_ = _boolop_rule("or")
    and_ = _boolop_rule("and")

    def not_(self, meta: Meta, c: _Children) -> ast.Not:
        return ast.Not(c[0], self._span(meta))

    eq, ne, lt = _compare_rule("="), _compare_rule("!="), _compare_rule("<")
    le, gt, ge = _compare_rule("<="), _compare_rule(">"), _compare_rule(">=")

    add, sub = _binop_rule("+"), _binop_rule("-")
    mul, div = _binop_rule("*"), _binop_rule("/")

    def neg(self, meta: Meta, c: _Children) -> ast.UnaryOp:
        return ast.UnaryOp("-", c[0], self._span(meta))

    def number(self, meta: Meta, c: _Children) -> ast.Number:
        return ast.Number(int(c[0]), self._span(meta, c[0]))

    def true(self, meta: Meta, c: _Children) -> ast.Bool:
        return ast.Bool(True, self._span(meta))

    def false(self, meta: Meta, c: _Children) -> ast.Bool:
        return ast.Bool(False, self._span(meta))

    def dotted(self, meta: Meta, c: _Children) -> ast.Name:
        return ast.Name(tuple(self._name(t) for t in c), self._span(meta, c[0]))

    def list(self, meta: Meta, c: _Children) -> ast.ListExpr:
        return ast.ListExpr(tuple(x for x in c if x is not None), self._span(meta))

    def call(self, meta: Meta, c: _Children) -> ast.Call:
        return ast.Call(self._name(c[0]), tuple(x for x in c[1:] if x is not None),
                        self._span(meta, c[0]))

    def call_named(self, meta: Meta, c: _Children) -> ast.Call:
        return ast.Call(self._name(c[0]), (c[1], c[3]), self._span(meta, c[0]), self._name(c[2]))

    def table(self, meta: Meta, c: _Children) -> ast.Table:
        return ast.Table(c[0], tuple(c[1:]), self._span(meta))

    def entry(self, meta: Meta, c: _Children) -> ast.TableEntry:
        return ast.TableEntry(c[0], c[1], self._span(meta, c[0]))

    def key_one(self, meta: Meta, c: _Children) -> ast.RangeKey:
        return ast.RangeKey(int(c[0]), int(c[0]), self._span(meta, c[0]))

    def key_range(self, meta: Meta, c: _Children) -> ast.RangeKey:
        return ast.RangeKey(int(c[0]), int(c[1]), self._span(meta, c[0]))

    def key_open(self, meta: Meta, c: _Children) -> ast.RangeKey:
        return ast.RangeKey(int(c[0]), None, self._span(meta, c[0]))

    def key_enum(self, meta: Meta, c: _Children) -> ast.EnumKey:
        return ast.EnumKey(self._name(c[0]), self._span(meta, c[0]))


def parse_effect(text: str, origin: Origin) -> ast.Effect:
    """Parse a whole effect (statements); raise EffectSyntaxError with a file position."""
    return _parse(text, origin, "start")


def parse_expression(text: str, origin: Origin) -> ast.Expr:
    """Parse a single expression (e.g. a condition field in YAML)."""
    return _parse(text, origin, "expression")


@functools.lru_cache(maxsize=4096)
def _parse(text: str, origin: Origin, start: str) -> Any:
    """Parse once per (text, origin): the AST is immutable, so reloading the same rules (tests,
    tools that load a ruleset many times) reuses it. Errors are not cached."""
    try:
        if len(text) > MAX_LENGTH:
            raise _TooBig(1, 1, f"effect of {len(text)} characters is too long, "
                                f"the limit is {MAX_LENGTH}")
        tree = _LARK.parse(text, start=start)
        _check_depth(tree)
    except UnexpectedInput as e:
        raise _humanize(e, text, origin, start) from None
    except _TooBig as e:
        raise _syntax(origin, text, e.line, e.column, e.message) from None
    try:
        return _ToAst(origin, text).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, EffectSyntaxError):
            raise e.orig_exc from None
        raise


def _syntax(origin: Origin, text: str, line: int, column: int, message: str) -> EffectSyntaxError:
    return EffectSyntaxError(message, origin.locate(line, column), origin.file_line(text, line))


# ---- turning Lark's errors into sentences ------------------------------------------------------

_EXPR_STARTERS = {"NUMBER", "NAME", "LPAR", "LSQB", "MINUS", "TRUE", "FALSE", "NOT", "CHOOSE",
                  "TABLE"}
_OPERATORS = {"PLUS", "MINUS", "STAR", "SLASH", "EQUAL", "LESSTHAN", "MORETHAN", "AND", "OR",
              "WHERE"}


def _describe_terminal(name: str) -> str:
    special = {"NAME": "a name", "NUMBER": "a number", "_NL": "a new line",
               "$END": "the end of the text"}
    if name in special:
        return special[name]
    try:
        pattern = _LARK.get_terminal(name).pattern
    except KeyError:
        return name.lower()
    return f"'{pattern.value}'" if pattern.type == "str" else name.lower()


def _describe_expected(expected: set[str]) -> str:
    expected = set(expected)
    if {"GAIN", "PAY", "LET"} <= expected:
        return _STATEMENT_HINT
    parts = []
    if len(expected & _EXPR_STARTERS) >= 4:
        parts.append("an expression")
        expected -= _EXPR_STARTERS
    ops = {t for t in expected if t in _OPERATORS or _describe_terminal(t) in
           ("'<='", "'>='", "'!='", "'='")}
    if len(ops) >= 3:
        parts.append("an operator")
        expected -= ops
    parts += sorted(_describe_terminal(t) for t in expected)
    if not parts or len(parts) > 6:
        return "it does not fit here"
    if len(parts) == 1:
        return "expected " + parts[0]
    return "expected " + ", ".join(parts[:-1]) + " or " + parts[-1]


def _token_text(tok: Token) -> str:
    if tok.type == "$END":
        return "end of text"
    if tok.type == "_NL":
        return "end of line"
    return f"'{tok}'"


def _humanize(e: UnexpectedInput, text: str, origin: Origin, start: str) -> EffectSyntaxError:
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        if ch.isalpha() and ch.isupper():
            end = pos
            while end < len(text) and (text[end].isalnum() or text[end] == "_"):
                end += 1
            word = text[pos:end]
            msg = f"unexpected '{word}': names are lowercase (did you mean '{word.lower()}'?)"
        else:
            msg = f"unexpected character '{ch}'"
        return _syntax(origin, text, e.line or 1, e.column or 1, msg)
    if isinstance(e, UnexpectedEOF):
        line, col = _end_position(text)
        return _syntax(origin, text, line, col, "unexpected end of text")
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    history = _POSTLEX.history
    if tok.type == "$END":
        line, col = _end_position(text)
    else:
        line, col = _position(tok)
    # A misspelt statement word parses as a verb and fails on its first "option": blame the word.
    prev: Token | None
    if history and history[-1] is not tok:
        prev = history[-1]
    else:
        prev = history[-2] if len(history) > 1 else None
    if prev is not None and prev.type == "NAME" and start == "start":
        idx = len(history) - (1 if history[-1] is not tok else 2)
        before = history[idx - 1] if idx > 0 else None
        if before is None or before.type in ("_NL", "SEMICOLON", "LBRACE", "THEN", "ELSE", "TIMES"):
            close = closest(prev, STATEMENT_WORDS)
            if close:
                return _syntax(origin, text, *_position(prev),
                               f"unexpected '{prev}': {_STATEMENT_HINT} "
                               f"(did you mean '{close}'?)")
    if str(tok) == "=" and prev is not None and str(prev) == "=" \
            and (prev.line, prev.end_column) == (tok.line, tok.column):
        return _syntax(origin, text, *_position(prev), "unexpected '==': use '=' to compare")
    if str(tok) in ("=", "!=", "<", "<=", ">", ">=") \
            and not e.expected & {"EQUAL", "LESSTHAN", "MORETHAN"}:
        return _syntax(origin, text, line, col,
                       f"unexpected '{tok}': comparisons cannot be chained, use 'and'")
    return _syntax(origin, text, line, col,
                   f"unexpected {_token_text(tok)}: {_describe_expected(e.expected)}")


def _end_position(text: str) -> tuple[int, int]:
    """Just after the last non-blank character (where a missing piece should have been)."""
    stripped = text.rstrip()
    if not stripped:
        return 1, 1
    line = stripped.count("\n") + 1
    col = len(stripped) - (stripped.rfind("\n") + 1) + 1
    return line, col
