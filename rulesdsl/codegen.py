"""A checked effect as the source of one Python function, compiled once with `compile()`.

The closures of compiler.py cost a Python call per node and a dict for the locals; here the
common shapes (gains, payments, lets, ifs, requires, repeats, verb calls; names, fields,
arithmetic, comparisons, counts, `where`, tables) become the body of one function: a `let` is a
Python local, a `where` a list comprehension, a constant a literal, and a list the vocabulary
gives (`my.garments`) is read once while nothing in between can change it (within one
statement and the pure `let`s before it; across gains and payments too for a name the
vocabulary calls steady, NameDef.steady). A count or a sum that is always evaluated is a loop
among the lines that read those lists (a comprehension is a function made and called), and
`count(name)` asks the name's counter when the vocabulary gives one (NameDef.count); a field's
column is read once for the rest of its block (it never changes while an effect runs).
Anything else (choices, `either`, `possible`, `random`, `min_by`...) is its compiled closure,
called from the generated code with the locals it may read in a dict, so every construct has
exactly one meaning: the closures'.

Safety, as Jinja2's compiler: the source is generated from the checked tree, never from the
rule's text. Every identifier in it is made here (`_g3`, `_v0`); every value of the vocabulary
(getters, verbs, spans, texts) reaches it as a global of the function, and only numbers,
booleans and strings are written into it, with `repr`.

Positions: faults and `explain` find the statement that was running from the frames on the
stack (interpreter/core/faults.py). A closure keeps its span in a local named `span`; a
generated function keeps, beside its code, a table from each of its lines to the span the
closures' frames held there (the statement's own for a gain, a non-constant payment, a verb, a
repeat and its body; otherwise the enclosing one, or none), and `frame_span` reads either. So
every position reads as before, and running an effect stores no position at all.
"""
from __future__ import annotations

import builtins
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, FunctionType
from typing import Any

from . import aborts, ast, parsecache, runtime
from .folding import NOT_CONSTANT
from .memo import BoundMemo, bindings_only
from .rule_errors import EffectAbort, RulesRuntimeError, Span
from .types import NUMBER, EnumType, ListType

# What the compiler gives the generator: closures for what is not generated, constants.
Closures = Any  # compiler._Compiler (a cycle to keep out of the import graph)

_BUILTINS = ("bool", "int", "len", "max", "min", "range", "sum", "type")
_OPS = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FALLBACK_CALLS = ("first", "last", "nth", "reverse", "position", "mod", "min_by", "max_by",
                   "sort_by", "random")


class Unsupported(Exception):
    """A shape the generator leaves to the closures (for the whole effect)."""


def generate(effect: ast.Effect, closures: Closures, name: str) -> tuple[Callable[..., None],
                                                                          str]:
    """The effect as `run(ctx, env=None)`, and the Python source it was compiled from."""
    gen = _Generator(closures)
    gen.block(effect.statements, enclosing=None)
    body = gen.lines or ["    pass"]
    source = "def run(ctx, env=None):\n" + "\n".join(body) + "\n"
    # the function is made from its code object, never by running the module's code: the
    # compiled source only ever defines it
    gen.globals[SPANS] = gen.spans
    code = parsecache.function_code(source, name, effect.span.file)
    run: Callable[..., None] = FunctionType(code, dict(gen.globals), "run", (None,))
    return run, source


SPANS = "__rulesdsl_spans__"  # the global of a generated function that maps lines to spans


def frame_span(frame: FrameType, line: int | None = None) -> Span | None:
    """The span of the rule a frame was running at `line` (its current line by default): for
    a generated function, from its table of lines; for a closure, its local named `span`."""
    spans = frame.f_globals.get(SPANS)
    if spans is not None:
        found: Span | None = spans.get(frame.f_lineno if line is None else line)
        return found
    local = frame.f_locals.get("span")
    return local if isinstance(local, Span) else None


def _nothing(what: str) -> Any:
    """A field read of nothing (no card played, an empty pile's top): the rule cannot be done."""
    raise EffectAbort(f"there is nothing to read in {what}")


def _over_ceiling(span: Span) -> Any:
    raise RulesRuntimeError(f"a product is over the ceiling of {runtime.CEILING:,}", span)


def _enter_risky(ctx: Any) -> bool:
    """aborts.guard's entry: raise `ctx.risky` (False for a context without it)."""
    try:
        ctx.risky += 1
    except AttributeError:
        return False
    return True


class _Generator:
    def __init__(self, closures: Closures):
        self.c = closures
        self.lines: list[str] = []
        self.indent = 1
        self.globals: dict[str, Any] = {
            "_whole": runtime.whole, "_spend": runtime.spend, "_divide": runtime.divide,
            "_floor_divide": runtime.floor_divide, "_ceil_divide": runtime.ceil_divide,
            "_floor": _floor, "_ceil": _ceil, "_Thunk": runtime.Thunk, "_nothing": _nothing,
            "_over": _over_ceiling, "_Abort": EffectAbort, "_RuntimeError": RulesRuntimeError,
            "_enter_risky": _enter_risky, "_CEILING": runtime.CEILING,
            "_MAX_REPEAT": runtime.MAX_REPEAT,
            # the only builtins the generated code may name
            "__builtins__": {name: getattr(builtins, name) for name in _BUILTINS}}
        self._ids: dict[int, str] = {}
        self._count = 0
        self.scope: dict[str, str] = {}   # let name (or `it`) -> Python local
        self.items: list[str] = []        # the `where` item variables, innermost last
        self.span: Span | None = None      # the span of the lines being emitted
        self.spans: dict[int, Span] = {}   # line of the source -> span (see frame_span)
        # read once per statement: list names (id(NameDef)) -> Python local
        self.cache: dict[Any, str] = {}
        # field columns (id(FieldDef)) -> Python local: a column never changes while an effect
        # runs (FieldDef.column), so one read serves the statements after it in its block
        self.columns: dict[int, str] = {}
        self.column_reads: set[str] = set()  # the lines that read them
        self.steady_ids: set[int] = set()  # the cached lists whose NameDef is steady
        self.pre: list[str | _Loop] = []   # lines that read the cached names, before a statement
        self.loops: dict[str, _Loop] = {}  # list -> a loop of safe bodies over it, in `pre`
        self.conditional = 0               # inside a branch of an expression: no caching
        self.whole_locals: set[str] = set()  # locals known to hold a whole number >= 0
        self.level = 0                     # how deep in nested blocks

    # ---- output ----
    def emit(self, line: str) -> None:
        if self.span is not None:  # line 1 is the `def`
            self.spans[len(self.lines) + 2] = self.span
        self.lines.append("    " * self.indent + line)

    def fresh(self, prefix: str) -> str:
        self._count += 1
        return f"{prefix}{self._count}"

    def value(self, obj: Any) -> str:
        """A global naming `obj` (the same object, the same name)."""
        key = id(obj)
        if key not in self._ids:
            self._ids[key] = self.fresh("_g")
            self.globals[self._ids[key]] = obj
        return self._ids[key]

    def literal(self, v: Any) -> str:
        if type(v) in (int, bool, str):
            return repr(v)
        return self.value(v)

    def at(self, span: Any) -> None:
        """The span the lines that follow stand for: what the closures' frames held there."""
        self.span = span

    def flush(self) -> None:
        for line in self.pre:
            if isinstance(line, _Loop):
                for part in line.lines():
                    self.emit(part)
            else:
                self.emit(line)
        self.pre = []
        self.loops = {}

    @contextmanager
    def nested(self, cache: dict[Any, str] | None = None) -> Iterator[None]:
        """An indented block with its own lets (a nested block's lets are local to it),
        starting with the list reads in `cache` (none by default)."""
        scope, span, columns = dict(self.scope), self.span, dict(self.columns)
        self.indent += 1
        self.level += 1
        self.cache = cache or {}
        mark = len(self.lines)
        try:
            yield
            if len(self.lines) == mark:
                self.emit("pass")
        finally:
            self.indent -= 1
            self.level -= 1
            self.scope, self.cache, self.columns = scope, {}, columns
            self.span = span

    def env(self) -> str:
        """The locals in a dict, for a closure called from the generated code."""
        if self.items:
            raise Unsupported("a closure inside a where")
        return "{" + ", ".join(f"{k!r}: {v}" for k, v in self.scope.items()) + "}"

    def keep(self, name: str, var: str) -> None:
        """A caller that gives an env finds the effect's own lets in it afterwards."""
        if not self.level:
            self.emit(f"if env is not None: env[{name!r}] = {var}")

    # ---- statements ----
    def block(self, stmts: tuple[ast.Stmt, ...], enclosing: Any) -> None:
        for i, s in enumerate(stmts):
            if aborts.risky_after_asking(s, stmts[i + 1:], self.c.vocab.sure_verbs):
                self.cache = {}
                flag = self.fresh("_r")
                self.emit(f"{flag} = _enter_risky(ctx)")
                self.emit("try:")
                self.indent += 1
                self.stmt(s, enclosing)
                self.indent -= 1
                self.emit("finally:")
                self.emit(f"    if {flag}: ctx.risky -= 1")
                self.cache = {}
            else:
                self.stmt(s, enclosing)

    def stmt(self, s: ast.Stmt, enclosing: Any) -> None:
        if isinstance(s, ast.Let) and not aborts.may_ask(s.value):
            self.let(s, enclosing)  # a pure let keeps the names read so far
            return
        if isinstance(s, ast.Gain) and len(s.resources) == 1:
            n = self.amount(s.amount, s.span, "the amount to gain", s.span)
            self.emit(f"ctx.gain({s.resources[0]!r}, {n})")
        elif isinstance(s, ast.Pay):
            constant = self.c._whole_constant(s.amount) is not None
            n = self.amount(s.amount, s.span, "the amount to pay",
                            enclosing if constant else s.span)
            self.emit(f"ctx.pay({s.resource!r}, {n})")
        elif isinstance(s, ast.If):
            self.if_(s, enclosing)
        elif isinstance(s, ast.Require):
            cond = self.evaluated(s.cond, enclosing)
            self.emit(f"if not {cond}:")
            self.emit(f"    raise _Abort({self.c._require_text(s)!r})")
            return
        elif isinstance(s, ast.Repeat):
            self.repeat(s)
        elif isinstance(s, ast.VerbCall):
            self.verb(s)
        else:
            self.fallback(s, enclosing)
        kept = self.steady(self.cache)  # (the statement is looked at only when it matters)
        self.cache = kept if kept and _only_resources(s) else {}

    def steady(self, cache: dict[Any, str]) -> dict[Any, str]:
        """The lists read so far that gaining or paying leaves as they are (NameDef.steady)."""
        return {k: v for k, v in cache.items() if k in self.steady_ids}

    def evaluated(self, node: ast.Expr, span: Any) -> str:
        """An expression, ready to be used on the next line (the names it caches read), its
        lines standing for `span`: what the closures' frames held while it was evaluated."""
        value = self.expr(node)
        self.at(span)
        self.flush()
        return value

    def amount(self, node: ast.Expr, span: Span, what: str, at: Any) -> str:
        """The whole amount (as the closures: an int not below 0 is taken as it is), its lines
        standing for `at`."""
        self.at(at)
        n = self.c._whole_constant(node)
        if n is not None:
            return repr(n)
        value = self.expr(node)
        self.flush()
        if _whole_int(node, self):
            return value
        self.emit(f"_n = {value}")
        self.emit(f"if type(_n) is not int or _n < 0: "
                  f"_n = _whole(_n, {self.value(span)}, {what!r})")
        return "_n"

    def let(self, s: ast.Let, enclosing: Any) -> None:
        value = self.evaluated(s.value, enclosing)
        var = self.fresh("_v")
        self.emit(f"{var} = {value}")
        self.scope[s.name] = var
        self.keep(s.name, var)
        if _whole_int(s.value, self):
            self.whole_locals.add(var)

    def if_(self, s: ast.If, enclosing: Any) -> None:
        cond = self.evaluated(s.cond, enclosing)
        outer = self.cache  # a branch runs once, right after the condition: its reads hold
        self.emit(f"if {cond}:")
        with self.nested(self.steady(outer)):
            self.block(s.then, enclosing)
        if s.else_ is not None:
            self.emit("else:")
            with self.nested(self.steady(outer)):
                self.block(s.else_, enclosing)
        self.cache = outer

    def repeat(self, s: ast.Repeat) -> None:
        count = self.evaluated(s.count, s.span)
        n, span = self.fresh("_v"), self.value(s.span)
        self.emit(f"{n} = _whole({count}, {span}, 'the repeat count')")
        self.emit(f"if {n} > _MAX_REPEAT: raise _RuntimeError(f'repeat count {{{n}}} is over "
                  f"{{_MAX_REPEAT}}', {span})")
        self.emit(f"_spend(ctx, {n}, {span})")
        self.emit(f"for _ in range({n}):")
        with self.nested():
            self.block(s.body, s.span)

    def verb(self, s: ast.VerbCall) -> None:
        verb_run, opts = self.c._verb_parts(s)
        args = [f"{name!r}: True" for name, fn, _ in opts if fn is None]
        # an option of the verb's bindings alone (or a constant) is one memo for every call
        binds, values = self.c.vocab.verbs[s.verb].binds, {o.name: o.value for o in s.options}
        kept = {name for name, value in values.items() if value is not None and (
            bindings_only(value, binds) or self.c.constant(value) is not NOT_CONSTANT)}
        args += [f"{name!r}: {self.value(self.kept_option(s, name, fn, text))}"
                 for name, fn, text in opts if name in kept]
        lazy = [(name, fn, text) for name, fn, text in opts
                if fn is not None and name not in kept]
        if lazy:  # a Thunk keeps the locals it may read, and copies them to add bindings
            self.emit(f"_e = {self.env()}")
        args += [f"{name!r}: _Thunk({self.value(fn)}, ctx, _e, {text!r})"
                 for name, fn, text in lazy]
        self.at(s.span)
        self.emit(f"{self.value(verb_run)}(ctx, {{{', '.join(args)}}})")

    def kept_option(self, s: ast.VerbCall, name: str, fn: Any, text: str) -> Any:
        """A kept option's one reader: its value itself when constant and it passes as it is
        (`_option`'s check of a whole number would refuse it: that fails when it runs), else a
        memo of its bindings."""
        value = next(o.value for o in s.options if o.name == name)
        v, odef = self.c.constant(value), self.c.vocab.verbs[s.verb].options[name]
        if v is not NOT_CONSTANT and (odef.type != NUMBER or not odef.whole
                                      or self.c._always_whole(value)):
            return runtime.Constant(v, text)
        return BoundMemo(fn, text)

    def fallback(self, s: ast.Stmt, enclosing: Any) -> None:
        """A statement left to its closure (with the locals it may read); a `let` of a choice
        binds what the closure computes."""
        self.at(enclosing)
        if type(s) is ast.Let:
            value = self.fallback_expr(s.value, number_for=s.name)
            var = self.fresh("_v")
            self.emit(f"{var} = {value}")
            self.scope[s.name] = var
            self.keep(s.name, var)
            return
        self.emit(f"{self.value(self.c.stmt(s))}(ctx, {self.env()})")

    # ---- expressions ----
    def fallback_expr(self, node: ast.Expr, number_for: str | None = None) -> str:
        if isinstance(node, ast.ChooseNumber) and number_for is not None:
            self.c._number_for = number_for.replace("_", " ")
        fn = self.c.expr(node)
        return f"{self.value(fn)}(ctx, {self.env()})"

    def expr(self, node: ast.Expr) -> str:
        v = self.c.constant(node)
        if v is not NOT_CONSTANT:
            return self.literal(v)
        method = getattr(self, "e_" + type(node).__name__, None)
        if method is None:
            return self.fallback_expr(node)
        result: str = method(node)
        return result

    def e_Name(self, node: ast.Name) -> str:
        res = self.c.analysis.names[id(node)]
        if res.kind == "local":
            var = self.scope.get(res.base)
            if var is None:
                raise Unsupported(f"local {res.base!r} not bound here")
            base = var
        elif res.kind == "item":
            if not self.items:
                raise Unsupported("an item outside a where")
            base = self.items[-1]
        elif res.kind == "vocab":
            base = self.read(res.base, not res.fields)
        else:
            base = self.literal(res.base)
        if res.kind in ("vocab", "item") and len(res.fields) == 1:
            ((fdef, project),) = res.fields
            if project:
                i = self.fresh("_i")
                return f"[{self.lookup(fdef, i)} for {i} in {base}]"
            if res.kind == "item":
                return self.lookup(fdef, base)
            return self.field(base, fdef, node.dotted)
        for fdef, project in res.fields:
            if project:
                i = self.fresh("_i")
                base = f"[{self.lookup(fdef, i)} for {i} in {base}]"
            else:
                base = self.field(base, fdef, node.dotted)
        return base

    def lookup(self, fdef: Any, item: str) -> str:
        """A field of one item: looked up in its column (read once for the statement) when
        the vocabulary gives one, else its getter called."""
        if fdef.column is None:
            return f"{self.value(fdef.get)}(ctx, {item})"
        return f"{self.column(fdef)}[{item}]"

    def column(self, fdef: Any) -> str:
        """The local holding a field's column: read before the statement that first needs it,
        and kept for the rest of its block (a nested block's reads end with it)."""
        var = self.columns.get(id(fdef))
        if var is None:
            var = self.columns[id(fdef)] = self.fresh("_c")
            read = f"{var} = {self.value(fdef.column)}(ctx)"
            self.pre.append(read)
            self.column_reads.add(read)
        return var

    def field(self, base: str, fdef: Any, what: str) -> str:
        t = self.fresh("_t")
        return (f"({self.lookup(fdef, t)} if ({t} := {base}) is not None "
                f"else _nothing({what!r}))")

    def read(self, ndef: Any, bare: bool) -> str:
        """A vocabulary name's value; a list read where nothing changes the state is read
        once (its first use is not inside a branch, so reading it first changes nothing)."""
        call = f"{self.value(ndef.get)}(ctx)"
        if (not isinstance(ndef.type, ListType) or self.conditional or self.items
                or (bare and not self._consumed)):  # a list that may be kept is its own
            return call
        var = self.cache.get(id(ndef))
        if var is None:
            var = self.cache[id(ndef)] = self.fresh("_l")
            self.pre.append(f"{var} = {call}")
            if ndef.steady:
                self.steady_ids.add(id(ndef))
        return var

    _consumed = False

    @contextmanager
    def consumed(self, yes: bool = True) -> Iterator[None]:
        """Whether the list being generated is only read (counted, filtered, summed)."""
        saved, self._consumed = self._consumed, yes
        try:
            yield
        finally:
            self._consumed = saved

    @contextmanager
    def branch(self) -> Iterator[None]:
        self.conditional += 1
        try:
            yield
        finally:
            self.conditional -= 1

    def sub(self, node: ast.Expr, consumed: bool = False) -> str:
        with self.consumed(consumed):
            return self.expr(node)

    def e_ListExpr(self, node: ast.ListExpr) -> str:
        return "[" + ", ".join(self.sub(i) for i in node.items) + "]"

    def e_BinOp(self, node: ast.BinOp) -> str:
        left, right = self.sub(node.left), self.sub(node.right)
        if node.op in ("+", "-"):
            return f"({left} {node.op} {right})"
        if node.op == "*":
            p = self.fresh("_t")
            return (f"({p} if -_CEILING <= ({p} := {left} * {right}) <= _CEILING "
                    f"else _over({self.value(node.span)}))")
        return f"_divide({left}, {right}, {self.value(node.span)})"

    def e_UnaryOp(self, node: ast.UnaryOp) -> str:
        return f"(-{self.sub(node.operand)})"

    def e_Compare(self, node: ast.Compare) -> str:
        return f"({self.sub(node.left)} {_OPS[node.op]} {self.sub(node.right)})"

    def e_BoolOp(self, node: ast.BoolOp) -> str:
        left = self.sub(node.left)
        with self.branch():
            right = self.sub(node.right)
        return f"(bool({left}) {node.op} bool({right}))"

    def e_Not(self, node: ast.Not) -> str:
        return f"(not {self.sub(node.operand)})"

    def e_Where(self, node: ast.Where) -> str:
        coll = self.sub(node.collection, consumed=True)
        i = self.fresh("_i")
        return f"[{i} for {i} in {coll} if {self.item_expr(i, node.cond, node.name)}]"

    def e_Call(self, node: ast.Call) -> str:
        f = node.func
        if f in _FALLBACK_CALLS:
            return self.fallback_expr(node)
        if f in ("count", "sum"):
            (arg,) = node.args
            done = self.counted(arg) if f == "count" else self.summed(arg)
            if done is not None:
                return done
            return f"{'len' if f == 'count' else 'sum'}({self.sub(arg, consumed=True)})"
        if f in ("floor", "ceil"):
            (arg,) = node.args
            if type(arg) is ast.BinOp and arg.op == "/":
                return self.rounded_division(arg, f == "floor")
            t = self.fresh("_t")
            return f"({t} if type({t} := {self.sub(arg)}) is int else _{f}({t}))"
        if len(node.args) == 1 and isinstance(self.c.analysis.type_of(node.args[0]), ListType):
            return f"{f}({self.sub(node.args[0], consumed=True)}, default=0)"
        args = [self.sub(a) for a in node.args]
        if len(args) == 2:
            return f"{f}({args[0]}, {args[1]})"
        return f"{f}([{', '.join(args)}])"

    def counted(self, node: ast.Expr) -> str | None:
        """`count(node)` without making the list, or None: a vocabulary name that says how to
        count it (NameDef.count; the list itself when it is read for the statement already),
        or a `where` counted by a loop before the statement (see `loop`)."""
        if type(node) is ast.Name:
            res = self.c.analysis.names[id(node)]
            if res.kind != "vocab" or res.fields or res.base.count is None:
                return None
            var = self.cache.get(id(res.base))
            return f"len({var})" if var is not None else f"{self.value(res.base.count)}(ctx)"
        if type(node) is ast.Where and self.loopable():
            coll = self.sub(node.collection, consumed=True)
            n = self.fresh("_n")
            self.loop(coll, self.safe(node.cond), f"{n} = 0",
                      lambda i: f"if {self.item_expr(i, node.cond, node.name)}: {n} += 1")
            return n
        return None

    def summed(self, node: ast.Expr) -> str | None:
        """`sum(list.field)` (one field of each item) added up by a loop before the statement
        (see `loop`), or None."""
        if type(node) is not ast.Name or not self.loopable():
            return None
        res = self.c.analysis.names[id(node)]
        if res.kind not in ("vocab", "local") or len(res.fields) != 1 or not res.fields[0][1]:
            return None
        if res.kind == "local" and res.base not in self.scope:
            return None
        coll = (self.read(res.base, False) if res.kind == "vocab"
                else self.scope[res.base])
        fdef, total = res.fields[0][0], self.fresh("_s")
        self.loop(coll, fdef.column is not None, f"{total} = 0",
                  lambda i: f"{total} += {self.lookup(fdef, i)}")
        return total

    def loop(self, coll: str, safe: bool, start: str, body: Callable[[str], str]) -> None:
        """A loop over the list in `coll` among the lines before the statement, `start` before
        it and `body(item)` in it. A safe body (it cannot raise: columns and constants) joins
        a loop of safe bodies over the same list, the columns it reads then read before that
        loop: one pass for `count(x where color = blue) + sum(x.prestige)`, the same values."""
        joined = self.loops.get(coll) if safe else None
        i = joined.item if joined is not None else self.fresh("_i")
        mark = len(self.pre)
        line = body(i)
        read = self.pre[mark:]
        if joined is not None and all(r in self.column_reads for r in read):
            del self.pre[mark:]  # columns never change: read them before the joined loop
            at = self.pre.index(joined)
            self.pre[at:at] = read
            joined.starts.append(start)
            joined.body.append(line)
            return
        new = _Loop(i, coll, start, line)
        self.pre.append(new)
        if safe:
            self.loops[coll] = new

    def safe(self, cond: ast.Expr) -> bool:
        """Whether a `where` condition cannot raise: comparisons, `and`, `or`, `not` of
        constants, the item and its fields read from their columns (see `loop`)."""
        if isinstance(cond, (ast.Compare, ast.BoolOp)):
            return self.safe(cond.left) and self.safe(cond.right)
        if isinstance(cond, ast.Not):
            return self.safe(cond.operand)
        if self.c.constant(cond) is not NOT_CONSTANT:
            return True
        if not isinstance(cond, ast.Name):
            return False
        res = self.c.analysis.names[id(cond)]
        return res.kind == "item" and (not res.fields or (
            len(res.fields) == 1 and not res.fields[0][1] and res.fields[0][0].column is not None))

    def loopable(self) -> bool:
        """Whether a count or a sum may be a loop among the lines before the statement (a
        comprehension is a function made and called: dearer than the loop for a few items).
        Only where the expression is always evaluated (not in a branch) and pure (a where's
        condition has no closure): it is then evaluated before the statement as the names
        it reads are, the same items in the same order."""
        return not self.conditional and not self.items

    def item_expr(self, item: str, cond: ast.Expr, name: str | None = None) -> str:
        """A `where` condition for the item in the local `item` (also called `name`, when the
        `where` names it)."""
        scope = self.scope
        self.scope = {**scope, "it": item, **({name: item} if name else {})}
        self.items.append(item)
        try:
            return self.sub(cond)
        finally:
            self.items.pop()
            self.scope = scope

    def rounded_division(self, node: ast.BinOp, floor: bool) -> str:
        left, span = self.sub(node.left), self.value(node.span)
        c = self.c.constant(node.right)
        t = self.fresh("_t")
        if type(c) is int and c > 0:
            if _whole_int(node.left, self):  # an int: no Fraction to look for
                return f"({left} // {c})" if floor else f"(-(-{left} // {c}))"
            if floor:
                return (f"({t} // {c} if type({t} := {left}) is int "
                        f"else _floor_divide({t}, {c}, {span}))")
            return (f"(-(-{t} // {c}) if type({t} := {left}) is int "
                    f"else -_floor_divide(-{t}, {c}, {span}))")
        right = self.sub(node.right)
        return f"{'_floor_divide' if floor else '_ceil_divide'}({left}, {right}, {span})"

    def e_Table(self, node: ast.Table) -> str:
        subject = self.sub(node.subject)
        t = self.fresh("_t")
        first = f"({t} := {subject})"
        parts: list[str] = []
        with self.branch():
            if isinstance(self.c.analysis.type_of(node.subject), EnumType):
                by_key = {e.key.name: e.value for e in node.entries
                          if isinstance(e.key, ast.EnumKey)}
                for k, value in by_key.items():
                    parts.append(f"{self.sub(value)} if {first if not parts else t} == {k!r}")
            else:
                for e in node.entries:
                    if not isinstance(e.key, ast.RangeKey):
                        continue
                    subj = first if not parts else t
                    test = (f"{e.key.lo!r} <= {subj}" if e.key.hi is None
                            else f"{e.key.lo!r} <= {subj} <= {e.key.hi!r}")
                    parts.append(f"{self.sub(e.value)} if {test}")
        if not parts:
            return f"({first} and 0 or 0)"
        return "(" + " else ".join(parts) + " else 0)"


def _floor(v: Any) -> int:
    import math
    return math.floor(v)


def _ceil(v: Any) -> int:
    import math
    return math.ceil(v)


class _Loop:
    """A loop among the lines before a statement: its starting lines, then `for item in
    coll` with one line of body per count or sum it makes."""

    def __init__(self, item: str, coll: str, start: str, line: str):
        self.item, self.coll = item, coll
        self.starts, self.body = [start], [line]

    def lines(self) -> list[str]:
        return [*self.starts, f"for {self.item} in {self.coll}:",
                *(f"    {line}" for line in self.body)]


def _only_resources(s: ast.Stmt) -> bool:
    """Whether a statement changes nothing but resources: a gain of one resource, a payment,
    a require, a let, or an `if` of those, none of them asking, drawing or trying."""
    if aborts.may_ask(s) or aborts.draws_or_tries(s):
        return False
    if isinstance(s, ast.If):
        return all(_only_resources(b) for b in s.then + (s.else_ or ()))
    return isinstance(s, (ast.Gain, ast.Pay, ast.Require, ast.Let))


def _whole_int(node: Any, gen: _Generator) -> bool:
    """Whether the expression is always a whole number not below 0 (no check needed)."""
    kind = type(node)
    if kind is ast.Number:
        return type(node.value) is int and node.value >= 0
    if kind is ast.Call:
        if node.func == "count":
            return True
        if node.func in ("min", "max") and len(node.args) >= 2:
            return all(_whole_int(a, gen) for a in node.args)
        if node.func == "floor" and type(node.args[0]) is ast.BinOp and node.args[0].op == "/":
            c = gen.c.constant(node.args[0].right)
            return type(c) is int and c > 0 and _whole_int(node.args[0].left, gen)
        return False
    if kind is ast.BinOp and node.op in ("+", "*"):
        return _whole_int(node.left, gen) and _whole_int(node.right, gen)
    if kind is ast.Table:
        values = [gen.c.constant(e.value) for e in node.entries]
        return all(type(v) is int and v >= 0 for v in values)
    if kind is ast.Name:
        res = gen.c.analysis.names.get(id(node))
        return (res is not None and res.kind == "local" and not res.fields
                and gen.scope.get(res.base) in gen.whole_locals)
    return False


__all__ = ["Unsupported", "generate"]
