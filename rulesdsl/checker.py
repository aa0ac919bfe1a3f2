"""Static checking: resolve every name and type every expression, collecting all errors.

The result of the analysis (the type of each node and what each name refers to) is also what the
compiler and the printer use, so the name and type rules live only here.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from . import ast, cost
from .folding import fold
from .rule_errors import EffectNameError, EffectTypeError, RulesError, Span
from .suggest import did_you_mean
from .types import (
    BOOLEAN,
    NUMBER,
    UNKNOWN,
    EnumType,
    ListType,
    RecordType,
    Type,
    compatible,
    unify,
)
from .vocabulary import FieldDef, Vocabulary

BUILTINS = ("count", "sum", "min", "max", "floor", "ceil", "first", "last", "nth", "reverse",
            "position", "mod", "min_by", "max_by", "sort_by", "random")
# functions over a list and a key computed for each item (the item's fields bare, or `it`)
KEYED = ("min_by", "max_by", "sort_by")
STATEMENT_WORDS = ("gain", "pay", "let", "if", "repeat", "either", "whenever", "require", "each",
                   "as")
MAX_REPEAT = 100  # the largest repeat count (runtime.MAX_REPEAT checks counts known only in play)


def constant_value(node: ast.Expr) -> Fraction | None:
    """The value of a number expression made only of literals (`5 / 2`, `0 - 3`, `floor(7 / 2)`),
    or None when it depends on the game (or divides by zero, which the checker reports)."""
    value = fold(node)
    return Fraction(value) if type(value) in (int, Fraction) else None


def _shown(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator} / {value.denominator}"


@dataclass(frozen=True)
class Resolution:
    """What a dotted name means: a base (local / item field / vocabulary name / enum constant)
    followed by record fields; `project` marks a field applied to each item of a list."""

    kind: str  # "local", "item", "vocab", "enum"
    base: Any  # local name, None (the where item), NameDef, or the constant string
    fields: tuple[tuple[FieldDef, bool], ...]
    type: Type


@dataclass
class Analysis:
    errors: list[RulesError] = field(default_factory=list)
    types: dict[int, Type] = field(default_factory=dict)
    names: dict[int, Resolution] = field(default_factory=dict)

    def type_of(self, node: object) -> Type:
        return self.types.get(id(node), UNKNOWN)


def a(t: Type) -> str:
    """`number` -> `a number`, for messages."""
    s = str(t)
    return ("an " if s[0] in "aeiou" else "a ") + s




@dataclass(frozen=True)
class _Scope:
    """Locals (let names and verb-bound names) and the record type of the current `where` item."""

    locals: dict[str, Type]
    item: RecordType | None = None

    def child(self, **changes: Any) -> _Scope:
        return _Scope(dict(self.locals), changes.get("item", self.item))


class _Checker:
    def __init__(self, vocab: Vocabulary):
        self.vocab = vocab
        self.result = Analysis()

    # ---- reporting ----
    def name_error(self, span: Span, msg: str) -> Type:
        self.result.errors.append(EffectNameError(msg, span))
        return UNKNOWN

    def type_error(self, span: Span, msg: str) -> Type:
        self.result.errors.append(EffectTypeError(msg, span))
        return UNKNOWN

    # ---- statements ----
    def block(self, stmts: Iterable[ast.Stmt], scope: _Scope) -> None:
        for s in stmts:
            self.stmt(s, scope)

    def stmt(self, s: ast.Stmt, scope: _Scope) -> None:
        if isinstance(s, ast.Gain):
            self.expect(s.amount, scope, NUMBER)
            self.whole(s.amount, "the amount to gain")
            for r in s.resources:
                self.resource(r, s.span)
        elif isinstance(s, ast.Pay):
            self.expect(s.amount, scope, NUMBER)
            self.whole(s.amount, "the amount to pay")
            self.resource(s.resource, s.span)
        elif isinstance(s, ast.Let):
            t = self.expr(s.value, scope)
            scope.locals[s.name] = t
        elif isinstance(s, ast.If):
            self.expect(s.cond, scope, BOOLEAN)
            self.block(s.then, scope.child())
            if s.else_ is not None:
                self.block(s.else_, scope.child())
        elif isinstance(s, ast.Repeat):
            self.expect(s.count, scope, NUMBER)
            count = self.whole(s.count, "the repeat count")
            if count is not None and count > MAX_REPEAT:
                self.type_error(s.count.span, f"repeat count {count} is over {MAX_REPEAT}")
            self.block(s.body, scope.child())
        elif isinstance(s, ast.Either):
            for alternative in s.alternatives:
                self.block(alternative, scope.child())
        elif isinstance(s, ast.Whenever):
            if s.event not in self.vocab.events:
                self.name_error(s.span, f"unknown event '{s.event}'"
                                f"{did_you_mean(s.event, self.vocab.events)} (events: "
                                f"{', '.join(self.vocab.events)})")
            lifetimes = self.vocab.enums.get("lifetime", ())
            if s.until not in lifetimes:
                self.name_error(s.span, f"unknown lifetime '{s.until}'"
                                f"{did_you_mean(s.until, lifetimes)} (lifetimes: "
                                f"{', '.join(lifetimes)})")
            # the body runs later, in the event: this run's locals are gone by then
            self.block(s.body, _Scope({}))
        elif isinstance(s, ast.Require):
            self.expect(s.cond, scope, BOOLEAN)
        elif isinstance(s, ast.Each):
            self.each(s)
            self.block(s.body, scope.child())
        elif isinstance(s, ast.As):
            if self.vocab.actor is None:
                self.name_error(s.span, "'as' needs someone to act, and this language has none")
            else:
                self.expect(s.player, scope, self.vocab.actor)
            self.block(s.body, scope.child())
        elif isinstance(s, ast.VerbCall):
            self.verb(s, scope)
        else:  # pragma: no cover - the parser makes no other statements
            raise TypeError(f"not a statement: {s!r}")

    def each(self, s: ast.Each) -> None:
        """`each opponent`: the list of actors named `opponents` (the word + s)."""
        actor = self.vocab.actor
        lists = [n[:-1] for n, d in self.vocab.names.items()
                 if actor is not None and n.endswith("s") and d.type == ListType(actor)]
        if s.who not in lists:
            shown = " or ".join(f"'each {w}'" for w in sorted(lists)) or "nothing"
            self.name_error(s.span, f"unknown 'each {s.who}': expected {shown}"
                                    f"{did_you_mean(s.who, lists)}")

    def whole(self, node: ast.Expr, what: str) -> int | None:
        """A constant amount or count must be whole and not negative; returns it if constant."""
        value = constant_value(node)
        if value is None:
            self._division_by_zero(node)
            return None
        if value.denominator != 1:
            self.type_error(node.span, f"{what} must be a whole number, found {_shown(value)}")
        elif value < 0:
            self.type_error(node.span, f"{what} must not be negative, found {_shown(value)}")
        else:
            return int(value)
        return None

    def _division_by_zero(self, node: ast.Expr) -> None:
        """`x / 0` with a constant 0 can never run."""
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, ast.BinOp):
                if n.op == "/" and constant_value(n.right) == 0:
                    self.type_error(n.right.span, "division by zero")
                    return
                stack += [n.left, n.right]
            elif isinstance(n, ast.UnaryOp):
                stack.append(n.operand)
            elif isinstance(n, ast.Call):
                stack += list(n.args)

    def resource(self, r: str, span: Span) -> None:
        if r not in self.vocab.resources:
            self.name_error(span, f"unknown resource '{r}'{did_you_mean(r, self.vocab.resources)}")

    def verb(self, s: ast.VerbCall, scope: _Scope) -> None:
        vdef = self.vocab.verbs.get(s.verb)
        if vdef is None:
            self.name_error(s.span, f"unknown verb '{s.verb}'"
                            f"{did_you_mean(s.verb, [*self.vocab.verbs, *STATEMENT_WORDS])}")
            for o in s.options:
                if o.value is not None:
                    self.expr(o.value, scope)
            return
        inner = scope.child()
        inner.locals.update(vdef.binds)
        seen = set()
        for o in s.options:
            odef = vdef.options.get(o.name)
            if o.name in seen:
                self.type_error(o.span, f"option '{o.name}' is given twice")
            seen.add(o.name)
            if odef is None:
                self.name_error(o.span, f"unknown option '{o.name}' for '{s.verb}'"
                                f"{did_you_mean(o.name, vdef.options)}")
                if o.value is not None:
                    self.expr(o.value, inner)
            elif odef.type is None and o.value is not None:
                self.type_error(o.value.span, f"'{o.name}' is a flag and takes no value")
            elif odef.type is not None and o.value is None:
                self.type_error(o.span, f"option '{o.name}' needs a value ({a(odef.type)})")
            elif o.value is not None and odef.type is not None:
                self.expect(o.value, inner, odef.type)
                if odef.type == NUMBER and odef.whole:
                    self.whole(o.value, f"option '{o.name}'")
        for name, odef in vdef.options.items():
            if odef.required and name not in seen:
                self.type_error(s.span, f"'{s.verb}' needs the option '{name}'")
        for group in vdef.one_of:
            given = [name for name in group if name in seen]
            names = " or ".join(f"'{name}'" for name in group)
            if not given:
                self.type_error(s.span, f"'{s.verb}' needs one of the options {names}")
            elif len(given) > 1:
                self.type_error(s.span, f"'{s.verb}' takes only one of the options {names}")

    # ---- expressions ----
    def expect(self, node: ast.Expr, scope: _Scope, want: Type) -> Type:
        t = self.expr(node, scope, want)
        if not compatible(t, want):
            self.type_error(node.span, f"expected {a(want)}, found {t}")
        return t

    def expr(self, node: ast.Expr, scope: _Scope, expected: Type | None = None) -> Type:
        t = self._expr(node, scope, expected)
        self.result.types[id(node)] = t
        return t

    def _expr(self, node: ast.Expr, scope: _Scope, expected: Type | None) -> Type:
        if isinstance(node, ast.Number):
            return NUMBER
        if isinstance(node, ast.Bool):
            return BOOLEAN
        if isinstance(node, ast.Name):
            return self.name(node, scope, expected)
        if isinstance(node, ast.ListExpr):
            return self.list_expr(node, scope, expected)
        if isinstance(node, ast.BinOp):
            return self._operands(node, scope, NUMBER, NUMBER)
        if isinstance(node, ast.UnaryOp):
            self.expect(node.operand, scope, NUMBER)
            return NUMBER
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.BoolOp):
            return self._operands(node, scope, BOOLEAN, BOOLEAN)
        if isinstance(node, ast.Not):
            self.expect(node.operand, scope, BOOLEAN)
            return BOOLEAN
        if isinstance(node, ast.Where):
            return self.where(node, scope)
        if isinstance(node, ast.Call):
            return self.call(node, scope)
        if isinstance(node, ast.Table):
            return self.table(node, scope)
        if isinstance(node, (ast.ChooseOne, ast.ChooseAny)):
            return self.choose(node, scope, expected)
        if isinstance(node, ast.ChooseNumber):
            self.expect(node.lo, scope, NUMBER)
            self.expect(node.hi, scope, NUMBER)
            return NUMBER
        if isinstance(node, ast.Possible):
            self.stmt(node.stmt, scope.child())
            return BOOLEAN
        raise TypeError(f"not an expression: {node!r}")  # pragma: no cover

    def list_expr(self, node: ast.ListExpr, scope: _Scope, expected: Type | None) -> Type:
        """A list's type: its items' one type (the expected item type guides the first)."""
        want = expected.item if isinstance(expected, ListType) else None
        item_t: Type = UNKNOWN
        for it in node.items:
            hint = want if want is not None else (item_t if item_t != UNKNOWN else None)
            t = self.expr(it, scope, hint)
            if not compatible(t, item_t):
                self.type_error(it.span, "list items must have the same type: "
                                         f"expected {a(item_t)}, found {t}")
            else:
                item_t = unify(item_t, t)
        return ListType(item_t)

    def compare(self, node: ast.Compare, scope: _Scope) -> Type:
        if node.op in ("=", "!="):
            if self._ambiguous_constant(node.left, scope):  # e.g. `blue = color`
                rt = self.expr(node.right, scope)
                lt = self.expr(node.left, scope, rt)
            else:
                lt = self.expr(node.left, scope)
                rt = self.expr(node.right, scope, lt if lt != UNKNOWN else None)
            if not compatible(lt, rt):
                self.type_error(node.span, f"cannot compare {lt} with {rt}")
        else:
            self._operands(node, scope, NUMBER, BOOLEAN)
        return BOOLEAN

    def choose(self, node: ast.ChooseOne | ast.ChooseAny, scope: _Scope,
               expected: Type | None) -> Type:
        """`choose one of` gives an item of its options' list, `choose any of` a list."""
        want = expected if isinstance(node, ast.ChooseAny) else (
            ListType(expected) if expected is not None else None)
        t = self.expr(node.options, scope, want)
        if t == UNKNOWN:
            return UNKNOWN
        if not isinstance(t, ListType):
            return self.type_error(node.options.span,
                                   f"expected a list to choose from, found {t}")
        return t.item if isinstance(node, ast.ChooseOne) else t

    def where(self, node: ast.Where, scope: _Scope) -> Type:
        t = self.expr(node.collection, scope)
        if t != UNKNOWN and not isinstance(t, ListType):
            self.type_error(node.collection.span, f"'where' needs a list, found {t}")
            t = UNKNOWN
        item = t.item if isinstance(t, ListType) and isinstance(t.item, RecordType) else None
        inner = scope.child(item=item)
        inner.locals["it"] = t.item if isinstance(t, ListType) else UNKNOWN  # as in min_by
        if node.name is not None:  # `LIST as NAME where ...`
            inner.locals[node.name] = inner.locals["it"]
        self.expect(node.cond, inner, BOOLEAN)
        return t if t != UNKNOWN else ListType(UNKNOWN)

    def call(self, node: ast.Call, scope: _Scope) -> Type:
        f, args = node.func, node.args
        if node.name is not None and f not in KEYED:
            self.type_error(node.span, f"only {', '.join(KEYED)} name their item "
                                       f"('{f}(LIST as {node.name}, ...)')")
        if f not in BUILTINS:
            for arg in args:
                self.expr(arg, scope)
            return self.name_error(node.span, f"unknown function '{f}'{did_you_mean(f, BUILTINS)}")
        picked = self.ordered(node, scope)
        if picked is not None:
            return picked
        if f in ("min", "max"):
            if not args:
                return self.type_error(node.span, f"{f}() needs at least one argument")
            if len(args) == 1:
                t = self.expr(args[0], scope)
                if not (compatible(t, NUMBER) or compatible(t, ListType(NUMBER))):
                    self.type_error(args[0].span,
                                    f"expected numbers or a list of number, found {t}")
            else:
                for arg in args:
                    self.expect(arg, scope, NUMBER)
            return NUMBER
        if len(args) != 1:
            for arg in args:
                self.expr(arg, scope)
            return self.type_error(node.span, f"{f}() takes 1 argument, found {len(args)}")
        if f == "count":
            t = self.expr(args[0], scope)
            if not compatible(t, ListType(UNKNOWN)):
                self.type_error(args[0].span, f"expected a list, found {t}")
        elif f == "sum":
            self.expect(args[0], scope, ListType(NUMBER))
        else:
            self.expect(args[0], scope, NUMBER)
        return NUMBER

    def ordered(self, node: ast.Call, scope: _Scope) -> Type | None:
        """The functions that pick or order items of a list; None for any other function."""
        f, args = node.func, node.args
        arity = {"first": 1, "last": 1, "random": 1, "reverse": 1, "nth": 2, "position": 2,
                 "mod": 2, "min_by": 2, "max_by": 2, "sort_by": 2}.get(f)
        if arity is None:
            return None
        if len(args) != arity:
            for arg in args:
                self.expr(arg, scope)
            return self.type_error(node.span, f"{f}() takes {arity} argument"
                                              f"{'s' if arity > 1 else ''}, found {len(args)}")
        if f == "mod":
            self.expect(args[0], scope, NUMBER)
            self.expect(args[1], scope, NUMBER)
            return NUMBER
        t = self.expr(args[0], scope)
        if t == UNKNOWN:
            return UNKNOWN
        if not isinstance(t, ListType):
            return self.type_error(args[0].span, f"{f}() needs a list, found {t}")
        if f == "position":
            self.expect(args[1], scope, t.item)
            return NUMBER
        if f == "nth":
            self.expect(args[1], scope, NUMBER)
            return t.item
        if f in KEYED:
            item = t.item if isinstance(t.item, RecordType) else None
            inner = scope.child(item=item)
            inner.locals["it"] = t.item
            if node.name is not None:  # `min_by(LIST as NAME, KEY)`
                inner.locals[node.name] = t.item
            self.expect(args[1], inner, NUMBER)
            return t.item if f != "sort_by" else t
        return t if f == "reverse" else t.item

    def table(self, node: ast.Table, scope: _Scope) -> Type:
        t = self.expr(node.subject, scope)
        if t != UNKNOWN and t != NUMBER and not isinstance(t, EnumType):
            self.type_error(node.subject.span, f"a table needs a number or a constant, found {t}")
        ranges, seen = [], set()
        for e in node.entries:
            k = e.key
            if isinstance(k, ast.RangeKey):
                if isinstance(t, EnumType):
                    self.type_error(k.span, f"expected a {t} constant as key, found a number")
                elif k.hi is not None and k.hi < k.lo:
                    self.type_error(k.span, f"empty range {k.lo}..{k.hi}")
                else:
                    ranges.append(k)
            else:
                if t == NUMBER:
                    self.type_error(k.span,
                                    f"expected a number or a range as key, found '{k.name}'")
                elif isinstance(t, EnumType):
                    consts = self.vocab.enums.get(t.name, ())
                    if k.name not in consts:
                        self.name_error(k.span, f"'{k.name}' is not {a(t)}"
                                                f"{did_you_mean(k.name, consts)}")
                    elif k.name in seen:
                        self.type_error(k.span, f"'{k.name}' appears twice in the table")
                    seen.add(k.name)
            self.expect(e.value, scope, NUMBER)
        ranges.sort(key=lambda k: k.lo)
        for prev, cur in pairwise(ranges):
            if prev.hi is None or cur.lo <= prev.hi:
                self.type_error(cur.span, "table ranges overlap")
        return NUMBER

    # ---- names ----
    def name(self, node: ast.Name, scope: _Scope, expected: Type | None) -> Type:
        path = node.path
        res = None
        fields_start = 1
        if scope.item is not None and path[0] in self.vocab.records.get(scope.item.name, {}):
            res = Resolution("item", None, (), scope.item)
            fields_start = 0
        elif path[0] in scope.locals:
            res = Resolution("local", path[0], (), scope.locals[path[0]])
        else:
            for k in range(len(path), 0, -1):
                ndef = self.vocab.names.get(".".join(path[:k]))
                if ndef is not None:
                    res = Resolution("vocab", ndef, (), ndef.type)
                    fields_start = k
                    break
        if res is None and len(path) == 1:
            enums = self.vocab.enums_of(path[0])
            if isinstance(expected, EnumType) and expected.name in enums:
                enums = [expected.name]
            if len(enums) == 1:
                res = Resolution("enum", path[0], (), EnumType(enums[0]))
            elif len(enums) > 1:
                return self.type_error(node.span, f"'{path[0]}' is a constant of several kinds "
                                       f"({', '.join(enums)}); compare it with one of them")
        if res is None:
            return self.name_error(node.span, f"unknown name '{node.dotted}'"
                                   f"{did_you_mean(node.dotted, self.candidates(scope))}")
        t, steps = res.type, []
        for i in range(fields_start, len(path)):
            seg = path[i]
            project = isinstance(t, ListType)
            rec = t.item if isinstance(t, ListType) else t
            if not isinstance(rec, RecordType):
                return self.type_error(node.span, f"'{'.'.join(path[:i])}' is {a(t)} and has "
                                                  f"no field '{seg}'")
            fdefs = self.vocab.records.get(rec.name, {})
            fdef = fdefs.get(seg)
            if fdef is None:
                col = node.span.column + sum(len(p) + 1 for p in path[:i])
                return self.name_error(Span(node.span.file, node.span.line, col),
                                       f"unknown field '{seg}' of {rec}{did_you_mean(seg, fdefs)}")
            steps.append((fdef, project))
            t = ListType(fdef.type) if project else fdef.type
        res = Resolution(res.kind, res.base, tuple(steps), t)
        self.result.names[id(node)] = res
        return t

    def _operands(self, node: ast.BinOp | ast.Compare | ast.BoolOp, scope: _Scope, want: Type,
                  gives: Type) -> Type:
        """Both sides of a binary operator checked as `want`; the result is a `gives`."""
        self.expect(node.left, scope, want)
        self.expect(node.right, scope, want)
        return gives

    def _ambiguous_constant(self, node: ast.Expr, scope: _Scope) -> bool:
        if not isinstance(node, ast.Name) or len(node.path) != 1:
            return False
        n = node.path[0]
        if n in scope.locals or n in self.vocab.names:
            return False
        if scope.item is not None and n in self.vocab.records.get(scope.item.name, {}):
            return False
        return len(self.vocab.enums_of(n)) > 1

    def effect(self, effect: ast.Effect) -> Analysis:
        """The whole analysis of one effect (the seam a test counts analyses by)."""
        self.block(effect.statements, _Scope({}))
        self.result.errors.sort(key=lambda e: (e.span.line, e.span.column))
        if not self.result.errors:  # the work of an ill-typed effect is not worth counting
            self.result.errors.extend(cost.check_work(effect))
        return self.result

    def candidates(self, scope: _Scope) -> list[str]:
        out = [*self.vocab.names, *scope.locals]
        if scope.item is not None:
            out += list(self.vocab.records.get(scope.item.name, {}))
        for consts in self.vocab.enums.values():
            out += list(consts)
        return out


def analyse_effect(effect: ast.Effect, vocab: Vocabulary) -> Analysis:
    """Check an effect (its types, then the work it may do) and keep the types and name
    resolutions: the one analysis the compiler, the printer, the static checks and the editor
    read (`CompiledEffect.analysis`), made once per effect."""
    return _Checker(vocab).effect(effect)


def analyse_expression(expr: ast.Expr, vocab: Vocabulary, expected: Type | None = None,
                       locals: dict[str, Type] | None = None) -> Analysis:
    c = _Checker(vocab)
    scope = _Scope(dict(locals or {}))
    if expected is None:
        c.expr(expr, scope)
    else:
        c.expect(expr, scope, expected)
    c.result.errors.sort(key=lambda e: (e.span.line, e.span.column))
    return c.result


def check_effect(effect: ast.Effect, vocab: Vocabulary) -> list[RulesError]:
    """All load-time errors of an effect (empty list: it is fine)."""
    return analyse_effect(effect, vocab).errors


def check_expression(expr: ast.Expr, vocab: Vocabulary,
                     expected: Type | None = None) -> list[RulesError]:
    """All load-time errors of a standalone expression, optionally of an expected type."""
    return analyse_expression(expr, vocab, expected).errors
