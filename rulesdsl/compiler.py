"""AST -> Python, built once at load time.

An effect is compiled to one Python function generated from its checked tree (codegen.py); each
construct also has a closure here, `f(ctx, env)` calling its children's closures, which is its
reference meaning: the generated function calls them for the constructs it does not write out
(choices, `either`, `possible`, verb options...), and an effect of a shape the generator leaves
out runs as closures alone. Names, fields, verbs and prompts are all resolved here, so running
an effect never walks the tree or looks a name up in the vocabulary; no rule text is ever
evaluated.

Speed matters (effects run thousands of times a game), so the common shapes get closures of
their own: constants are folded into their parent's closure, `floor(a / b)` divides whole
numbers without a Fraction, a `where` on one field of its item is a list comprehension, and a
short sequence of statements is unrolled. Every shortcut gives exactly the general result.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import aborts, ast, codegen, cost, runtime
from .checker import Analysis, analyse_effect, analyse_expression
from .folding import NOT_CONSTANT, fold
from .rule_errors import RulesErrors, RulesRuntimeError
from .types import NUMBER, EnumType, ListType
from .vocabulary import Vocabulary
from .walk import field_names

_ORDERED = ("first", "last", "nth", "reverse", "position", "mod", "min_by", "max_by", "sort_by",
            "random")

ExprFn = Callable[[Any, dict], Any]
StmtFn = Callable[[Any, dict], None]


@dataclass(frozen=True)
class CompiledEffect:
    """A ready-to-run effect. `run(ctx, env=None)` executes it; `env` holds locals (fresh if
    None). `run` is a plain closure, not a method: one call fewer on every run."""

    effect: ast.Effect
    run: Callable[..., None]
    # the bodies of its `whenever` statements, by where each is written ("file:line:col"): the
    # state records only that key, the runtime finds the body here
    lasting: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    # the Python source `run` was compiled from (codegen.py), or "" when it is closures
    python: str = ""
    # its one analysis (types, name resolutions, no errors), read again by the printer and the
    # static checks instead of checking the effect anew
    analysis: Analysis = field(default_factory=Analysis)


def compile_effect(effect: ast.Effect, vocab: Vocabulary, generate: bool = True,
                   analysis: Analysis | None = None) -> CompiledEffect:
    """Compile a checked effect (to one generated function, unless `generate` is False or it
    has a shape the generator leaves out: then to closures); raises RulesErrors if it does not
    check. `analysis` is the effect's own `analyse_effect`, when the caller has it already."""
    if analysis is None:
        analysis = analyse_effect(effect, vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    if generate:
        try:
            compiler = _Compiler(vocab, analysis)
            generated, source = codegen.generate(effect, compiler, f"<effect {effect.span}>")
            return CompiledEffect(effect, generated, dict(compiler.lasting), source, analysis)
        except (codegen.Unsupported, SyntaxError):
            pass  # a shape left to the closures: the whole effect runs as closures
    compiler = _Compiler(vocab, analysis)
    body = compiler.sequence(effect.statements)
    if not compiler.uses_env:  # nothing in it reads or binds a local: it needs no env
        if len(effect.statements) > 1:  # a sequence's closure takes `env` or leaves it out
            return CompiledEffect(effect, body, dict(compiler.lasting), "", analysis)

        def run_one(ctx: Any, env: dict | None = None) -> None:
            body(ctx, env)  # type: ignore[arg-type]  # no statement of it reads env
        return CompiledEffect(effect, run_one, dict(compiler.lasting), "", analysis)

    def run(ctx: Any, env: dict | None = None) -> None:
        body(ctx, {} if env is None else env)
    return CompiledEffect(effect, run, dict(compiler.lasting), "", analysis)


def compile_verb_options(call: ast.VerbCall, vocab: Vocabulary, analysis: Analysis | None = None
                         ) -> tuple[tuple[str, ExprFn | None, str], ...]:
    """A verb call's options as the compiled call builds them: (name, closure or None for a
    flag, card text), for a check that reads them without running the call. `analysis` is that
    of the effect the call is part of (`CompiledEffect.analysis`); without it the call alone is
    analysed."""
    if analysis is None:
        analysis = analyse_effect(ast.Effect((call,), call.span), vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    return _Compiler(vocab, analysis)._verb_parts(call)[1]


def verb_option_getters(call: ast.VerbCall, vocab: Vocabulary, analysis: Analysis | None = None
                        ) -> dict[str, Callable[[Any], Any]]:
    """The options of a verb call whose closure (`compile_verb_options`) only calls a
    vocabulary name's `get(ctx)` (`depute card played`: the name, without a field, of an option
    that is not a whole number checked when run), each with that getter: a check may read them
    in one call, without an env."""
    if analysis is None:
        analysis = analyse_effect(ast.Effect((call,), call.span), vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    compiler, options = _Compiler(vocab, analysis), vocab.verbs[call.verb].options
    getters: dict[str, Callable[[Any], Any]] = {}
    for o in call.options:
        odef = options[o.name]
        get = None if o.value is None else compiler.ctx_getter(o.value)
        if get is not None and (odef.type != NUMBER or not odef.whole):
            getters[o.name] = get
    return getters


def compile_expression(expr, vocab: Vocabulary) -> ExprFn:
    """Compile a standalone expression to `f(ctx, env) -> value`."""
    analysis = analyse_expression(expr, vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    too_much = cost.check_work(expr)
    if too_much:
        raise RulesErrors(too_much)
    return _Compiler(vocab, analysis).expr(expr)


class _Compiler:
    def __init__(self, vocab: Vocabulary, analysis: Analysis):
        self.vocab = vocab
        self.analysis = analysis
        self.lasting: dict[str, Callable[..., None]] = {}
        self._number_for: str | None = None  # what the next `choose number` asks for
        # whether a closure reads or writes the env (a local, a `where` item, a verb option
        # evaluated with bindings): if none does, the effect runs without one (env None)
        self.uses_env = False

    # ---- statements ----
    def sequence(self, stmts) -> StmtFn:
        """The statements in order (several: a closure whose `env` may be left out)."""
        stmts = tuple(stmts)
        sure = self.vocab.sure_verbs
        fns = tuple(aborts.guard(self.stmt(s)) if aborts.risky_after_asking(
            s, stmts[i + 1:], sure) else self.stmt(s) for i, s in enumerate(stmts))
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            a, b = fns

            def run2(ctx, env=None):
                a(ctx, env)
                b(ctx, env)
            return run2
        if len(fns) == 3:
            a, b, c = fns

            def run3(ctx, env=None):
                a(ctx, env)
                b(ctx, env)
                c(ctx, env)
            return run3

        def run(ctx, env=None):
            for f in fns:
                f(ctx, env)
        return run

    def block(self, stmts) -> StmtFn:
        """A nested block: its lets are local to it, so it runs in a copy of the env (a block
        without a `let` of its own cannot change the env, and runs in it)."""
        seq = self.sequence(stmts)
        if not any(type(s) is ast.Let for s in stmts):
            return seq

        def run(ctx, env):
            seq(ctx, dict(env))
        return run

    def stmt(self, s) -> StmtFn:
        return getattr(self, "s_" + type(s).__name__)(s)

    def s_Gain(self, s: ast.Gain) -> StmtFn:
        amount, span, whole = self.expr(s.amount), s.span, runtime.whole
        if len(s.resources) == 1:
            (res,) = s.resources
            n = self._whole_constant(s.amount)
            if n is not None:
                def gain_constant(ctx, env, span=span):  # span: named by faults and traces
                    ctx.gain(res, n)
                return gain_constant

            def gain(ctx, env):
                n = amount(ctx, env)
                if type(n) is not int or n < 0:
                    n = whole(n, span, "the amount to gain")
                ctx.gain(res, n)
            return gain
        choices = list(s.resources)

        def gain_choice(ctx, env):
            n = whole(amount(ctx, env), span, "the amount to gain")
            res = ctx.choose_resource(list(choices), n)
            if res not in choices:
                raise RulesRuntimeError(
                    f"illegal choice {res!r}: expected one of {', '.join(choices)}", span)
            ctx.gain(res, n)
        return gain_choice

    def s_Pay(self, s: ast.Pay) -> StmtFn:
        amount, span, res, whole = self.expr(s.amount), s.span, s.resource, runtime.whole
        n = self._whole_constant(s.amount)
        if n is not None:
            return lambda ctx, env: ctx.pay(res, n)

        def pay(ctx, env):
            n = amount(ctx, env)
            if type(n) is not int or n < 0:
                n = whole(n, span, "the amount to pay")
            ctx.pay(res, n)
        return pay

    def s_Let(self, s: ast.Let) -> StmtFn:
        self.uses_env = True
        if isinstance(s.value, ast.ChooseNumber):  # its prompt: 'choose a number for sets'
            self._number_for = s.name.replace("_", " ")
        value, name = self.expr(s.value), s.name

        def let(ctx, env):
            env[name] = value(ctx, env)
        return let

    def s_If(self, s: ast.If) -> StmtFn:
        cond, then = self.expr(s.cond), self.block(s.then)
        else_ = self.block(s.else_) if s.else_ is not None else None
        get = self.ctx_getter(s.cond)
        if get is not None and else_ is None:
            def if_name(ctx, env):
                if get(ctx):
                    then(ctx, env)
            return if_name

        def if_(ctx, env):
            if cond(ctx, env):
                then(ctx, env)
            elif else_ is not None:
                else_(ctx, env)
        return if_

    def s_Repeat(self, s: ast.Repeat) -> StmtFn:
        count, body, span = self.expr(s.count), self.block(s.body), s.span

        spend = runtime.spend

        def repeat(ctx, env):
            n = runtime.whole(count(ctx, env), span, "the repeat count")
            if n > runtime.MAX_REPEAT:
                raise RulesRuntimeError(f"repeat count {n} is over {runtime.MAX_REPEAT}", span)
            spend(ctx, n, span)
            for _ in range(n):
                body(ctx, env)
        return repeat

    def s_Whenever(self, s: ast.Whenever) -> StmtFn:
        """`whenever EVENT before LIFETIME { ... }`: record a lasting trigger for the player
        (the runtime's `start_trigger`); its body is kept under the statement's position."""
        body, key, event, until = self.block(s.body), str(s.span), s.event, s.until

        def run_body(ctx, env=None):
            body(ctx, {})
        self.lasting[key] = run_body
        return lambda ctx, env: ctx.start_trigger(key, event, until)

    def s_Either(self, s: ast.Either) -> StmtFn:
        """`either {..} or {..}`: offer the alternatives that can be done, by their card text."""
        from .printer import block_text
        alts = tuple(self.block(alt) for alt in s.alternatives)
        # an alternative is offered only when its `require`s hold, so its option says what it
        # does without them (unless two would then read the same)
        texts = tuple(block_text(_unguarded(alt), self.vocab, self.analysis)
                      for alt in s.alternatives)
        if len(set(texts)) < len(texts):
            texts = tuple(block_text(alt, self.vocab, self.analysis) for alt in s.alternatives)
        prompt = " or ".join(texts)
        guards = tuple(self._guard(alt) for alt in s.alternatives)
        # what each alternative's statements after the guard's requires can do, known without a
        # trial run where its shape allows (its requires hold when it is asked)
        checks = tuple(self._check_of(alt if guard is None else alt[self._guarded(alt):])
                       for alt, guard in zip(s.alternatives, guards))

        def either(ctx, env):
            offered = [t for t, alt, guard, check in zip(texts, alts, guards, checks)
                       if (guard is None or guard(ctx, env))
                       and ctx.possible(lambda c, alt=alt: alt(c, env), check=check)]
            if not offered:
                raise runtime.EffectAbort("none of the alternatives can be done")
            answer = ctx.choose("one", offered, prompt)
            alts[texts.index(answer)](ctx, env)
        return either

    @staticmethod
    def _guarded(stmts) -> int:
        """How many leading `require`s of an alternative its guard reads: those whose
        conditions neither ask, draw at random nor try anything."""
        n = 0
        for stmt in stmts:
            if type(stmt) is not ast.Require or aborts.may_ask(stmt) \
                    or aborts.draws_or_tries(stmt):
                break
            n += 1
        return n

    def _guard(self, stmts) -> Callable[[Any, dict], bool] | None:
        """Whether an alternative's leading `require`s hold, read without a trial run: where
        one does not, a trial run of it aborts there (it is not offered). Only conditions that
        neither ask, draw at random nor try anything are read; None when there are none."""
        conds = [self.expr(stmt.cond) for stmt in stmts[:self._guarded(stmts)]]
        if not conds:
            return None

        def holds(ctx, env):
            budget = getattr(ctx, "budget", None)  # a `where` may spend repetitions: a trial
            try:                                   # gives them back
                return all(cond(ctx, env) for cond in conds)
            except runtime.EffectAbort:
                return False
            finally:
                if budget is not None:
                    ctx.budget = budget
        return holds

    def s_Require(self, s: ast.Require) -> StmtFn:
        """`require COND`: abort (the caller undoes) unless COND holds."""
        cond, why = self.expr(s.cond), self._require_text(s)

        def require(ctx, env):
            if not cond(ctx, env):
                raise runtime.EffectAbort(why)
        return require

    def _require_text(self, s: ast.Require) -> str:
        """Why an unmet `require` aborts: 'requires ' and the condition as card text."""
        from .printer import expression_text
        return "requires " + expression_text(s.cond, self.vocab, self.analysis)

    def s_Each(self, s: ast.Each) -> StmtFn:
        """`each opponent { ... }`: the block as each of them; one who cannot does nothing."""
        items, body = self.vocab.names[s.who + "s"].get, self.block(s.body)
        return lambda ctx, env: ctx.act_each(items(ctx), lambda c: body(c, env))

    def s_As(self, s: ast.As) -> StmtFn:
        """`as PLAYER { ... }`: the block as that player; if they cannot, the effect aborts."""
        who, body = self.expr(s.player), self.block(s.body)
        return lambda ctx, env: ctx.act_as(who(ctx, env), lambda c: body(c, env))

    def _verb_parts(self, s: ast.VerbCall) -> tuple[Callable[..., Any], tuple]:
        """The verb's `run`, and (name, closure or None for a flag, card text) per option."""
        from .printer import expression_text
        vdef = self.vocab.verbs[s.verb]
        opts = tuple(
            (o.name, None if o.value is None else self._option(vdef.options[o.name], o),
             "" if o.value is None else expression_text(o.value, self.vocab, self.analysis))
            for o in s.options)
        return vdef.run, opts

    def s_VerbCall(self, s: ast.VerbCall) -> StmtFn:
        verb_run, opts = self._verb_parts(s)
        Thunk = runtime.Thunk
        # the options given without a value are the same on every call: only the others are
        # wrapped, each in a Thunk bound to this call's context and env
        flags = {name: True for name, fn, _ in opts if fn is None}
        lazy = tuple((name, fn, text) for name, fn, text in opts if fn is not None)
        if lazy:  # a Thunk keeps the env, and copies it to add a verb's bindings
            self.uses_env = True
        if not lazy:
            def call_flags(ctx, env, span=s.span):  # span: read from the frame by explain
                verb_run(ctx, flags.copy())
            return call_flags
        if len(lazy) == 1 and not flags:
            ((name, fn, text),) = lazy

            def call_one(ctx, env, span=s.span):
                verb_run(ctx, {name: Thunk(fn, ctx, env, text)})
            return call_one

        def call(ctx, env, span=s.span):
            args: dict[str, Any] = flags.copy()
            for name, fn, text in lazy:
                args[name] = Thunk(fn, ctx, env, text)
            verb_run(ctx, args)
        return call

    # ---- constants ----
    def constant(self, node):
        """The value of an expression that is the same on every run, or NOT_CONSTANT (an enum
        constant counts; see folding.fold)."""
        return fold(node, self._constant_name)

    def _constant_name(self, node: ast.Name):
        """An enum constant, or a vocabulary name `fixed` for the loaded ruleset (NameDef)."""
        res = self.analysis.names.get(id(node))
        if res is None or res.fields:
            return NOT_CONSTANT
        if res.kind == "enum":
            return res.base
        if res.kind == "vocab" and res.base.fixed:
            return res.base.fixed[0]
        return NOT_CONSTANT

    def _whole_constant(self, node) -> int | None:
        """A constant amount that passes `runtime.whole`; anything else is checked when run."""
        v = self.constant(node)
        return v if type(v) is int and v >= 0 else None

    def _always_whole(self, node) -> bool:
        """A value `runtime.whole` passes as it is, whenever it is worked out: a constant
        amount, or a table whose every row is one (a table no row of which matches is 0)."""
        if isinstance(node, ast.Table):
            return all(self._always_whole(e.value) for e in node.entries)
        v = self._whole_constant(node)
        return v is not None and v <= runtime.CEILING

    def _option(self, odef, o: ast.Option) -> ExprFn:
        """A number option is an amount or a count: whole and not negative, like `gain`'s."""
        fn = self.expr(o.value)
        if odef.type != NUMBER or not odef.whole or self._always_whole(o.value):
            return fn
        whole, span, what = runtime.whole, o.span, f"option '{o.name}'"
        return lambda ctx, env: whole(fn(ctx, env), span, what)

    # ---- expressions ----
    def expr(self, node) -> ExprFn:
        v = self.constant(node)
        if v is not NOT_CONSTANT:
            return lambda ctx, env: v
        return getattr(self, "e_" + type(node).__name__)(node)

    def e_Number(self, node):
        v = node.value
        return lambda ctx, env: v

    def e_Bool(self, node):
        v = node.value
        return lambda ctx, env: v

    def e_Name(self, node: ast.Name):
        res = self.analysis.names[id(node)]
        if res.kind in ("local", "item"):
            self.uses_env = True
        if res.kind in ("vocab", "item") and len(res.fields) == 1:
            return self._name_with_field(res, node.dotted)
        if res.kind == "vocab":
            get = res.base.get
            f = lambda ctx, env: get(ctx)
        elif res.kind == "local":
            key = res.base
            f = lambda ctx, env: env[key]
        elif res.kind == "item":
            item = runtime.ITEM
            f = lambda ctx, env: env[item]
        else:
            const = res.base
            f = lambda ctx, env: const
        for fdef, project in res.fields:
            f = _project(f, fdef.get) if project else _field(f, fdef.get, node.dotted)
        return f

    def _name_with_field(self, res, what: str) -> ExprFn:
        """`name.field` in one closure (the commonest shape of a name with a field)."""
        ((fdef, project),) = res.fields
        fget = fdef.get
        if res.kind == "item":
            item = runtime.ITEM
            if project:
                return lambda ctx, env: [fget(ctx, it) for it in env[item]]
            return lambda ctx, env: fget(ctx, env[item])
        get = res.base.get
        if project:
            return lambda ctx, env: [fget(ctx, it) for it in get(ctx)]
        return lambda ctx, env: fget(ctx, v) if (v := get(ctx)) is not None else _nothing(what)

    def ctx_getter(self, node):
        """`get(ctx)` when `node` is a vocabulary name without fields (`my.garments`), else
        None: its parent then calls it directly, one closure fewer."""
        if type(node) is not ast.Name:
            return None
        res = self.analysis.names.get(id(node))
        if res is None or res.kind != "vocab" or res.fields:
            return None
        return res.base.get

    def item_field(self, node):
        """The getter when `node` is one field of the `where` item (`color`), else None."""
        if type(node) is not ast.Name:
            return None
        res = self.analysis.names.get(id(node))
        if res is None or res.kind != "item" or len(res.fields) != 1 or res.fields[0][1]:
            return None
        return res.fields[0][0].get

    def e_ListExpr(self, node):
        items = tuple(self.expr(i) for i in node.items)
        return lambda ctx, env: [i(ctx, env) for i in items]

    def e_BinOp(self, node):
        l, r, span = self.expr(node.left), self.expr(node.right), node.span
        c = self.constant(node.right)
        if c is not NOT_CONSTANT and node.op != "/":
            if node.op == "+":
                return lambda ctx, env: l(ctx, env) + c
            if node.op == "-":
                return lambda ctx, env: l(ctx, env) - c
            product = runtime.product
            return lambda ctx, env: product(l(ctx, env), c, span)
        c = self.constant(node.left)
        if c is not NOT_CONSTANT and node.op in ("+", "*"):
            if node.op == "+":
                return lambda ctx, env: c + r(ctx, env)
            product = runtime.product
            return lambda ctx, env: product(c, r(ctx, env), span)
        if node.op == "+":
            return lambda ctx, env: l(ctx, env) + r(ctx, env)
        if node.op == "-":
            return lambda ctx, env: l(ctx, env) - r(ctx, env)
        if node.op == "*":
            product = runtime.product
            return lambda ctx, env: product(l(ctx, env), r(ctx, env), span)
        divide = runtime.divide
        return lambda ctx, env: divide(l(ctx, env), r(ctx, env), span)

    def e_UnaryOp(self, node):
        x = self.expr(node.operand)
        return lambda ctx, env: -x(ctx, env)

    def e_Compare(self, node):
        l, r = self.expr(node.left), self.expr(node.right)
        op = node.op
        c = self.constant(node.right)
        if c is not NOT_CONSTANT:
            return _compare_to_constant(op, l, c)
        c = self.constant(node.left)
        if c is not NOT_CONSTANT:
            return _compare_to_constant(_FLIPPED[op], r, c)
        if op == "=":
            return lambda ctx, env: l(ctx, env) == r(ctx, env)
        if op == "!=":
            return lambda ctx, env: l(ctx, env) != r(ctx, env)
        if op == "<":
            return lambda ctx, env: l(ctx, env) < r(ctx, env)
        if op == "<=":
            return lambda ctx, env: l(ctx, env) <= r(ctx, env)
        if op == ">":
            return lambda ctx, env: l(ctx, env) > r(ctx, env)
        return lambda ctx, env: l(ctx, env) >= r(ctx, env)

    def e_BoolOp(self, node):
        l, r = self.expr(node.left), self.expr(node.right)
        if node.op == "and":
            return lambda ctx, env: bool(l(ctx, env)) and bool(r(ctx, env))
        return lambda ctx, env: bool(l(ctx, env)) or bool(r(ctx, env))

    def e_Not(self, node):
        x = self.expr(node.operand)
        return lambda ctx, env: not x(ctx, env)

    def e_Where(self, node):
        coll, item = self.expr(node.collection), runtime.ITEM
        name = node.name or item  # NAME: `LIST as NAME where COND` binds the item as NAME too
        fast = None if node.name else self._item_filter(
            node.cond, self.ctx_getter(node.collection), coll)
        if fast is not None:
            return fast
        cond = self.expr(node.cond)
        self.uses_env = True

        def where(ctx, env):
            """The item is bound in the env itself (its fields bare, as `it`, and as its NAME)
            and the previous bindings put back after."""
            outer, outer_it = env.get(item, _UNBOUND), env.get("it", _UNBOUND)
            outer_name = env.get(name, _UNBOUND)
            out = []
            try:
                for it in coll(ctx, env):
                    env[item] = env["it"] = env[name] = it
                    if cond(ctx, env):
                        out.append(it)
            finally:
                _rebind(env, item, outer, outer_it)
                _rebind_name(env, name, outer_name)
            return out
        return where

    def _item_filter(self, cond, src, coll):
        """A comprehension for `where field` and `where field <op> constant` (over `src(ctx)`
        when the collection is a plain vocabulary name), or None for any other condition."""
        get = self.item_field(cond)
        if get is not None:
            if src is not None:
                return lambda ctx, env: [it for it in src(ctx) if get(ctx, it)]
            return lambda ctx, env: [it for it in coll(ctx, env) if get(ctx, it)]
        if type(cond) is not ast.Compare:
            return None
        get, c, op = self.item_field(cond.left), self.constant(cond.right), cond.op
        if get is None or c is NOT_CONSTANT:
            get, c, op = self.item_field(cond.right), self.constant(cond.left), _FLIPPED[cond.op]
        if get is None or c is NOT_CONSTANT:
            return None
        if op == "=":
            if src is not None:
                return lambda ctx, env: [it for it in src(ctx) if get(ctx, it) == c]
            return lambda ctx, env: [it for it in coll(ctx, env) if get(ctx, it) == c]
        if op == "!=":
            if src is not None:
                return lambda ctx, env: [it for it in src(ctx) if get(ctx, it) != c]
            return lambda ctx, env: [it for it in coll(ctx, env) if get(ctx, it) != c]
        test = _compare_to_constant(op, get, c)  # get(ctx, it) has the shape of an ExprFn
        return lambda ctx, env: [it for it in coll(ctx, env) if test(ctx, it)]

    def e_Call(self, node: ast.Call):
        f = node.func
        if f in _ORDERED:
            return self._ordered(node)
        args = tuple(self.expr(a) for a in node.args)
        if f in ("count", "sum"):
            (x,) = args
            total = len if f == "count" else sum
            get = self.ctx_getter(node.args[0])
            if get is not None:
                return lambda ctx, env: total(get(ctx))
            return lambda ctx, env: total(x(ctx, env))
        if f in ("floor", "ceil"):
            (arg,) = node.args
            if type(arg) is ast.BinOp and arg.op == "/":
                return self._rounded_division(arg, f == "floor")
            (x,) = args
            rnd = math.floor if f == "floor" else math.ceil

            def rounded(ctx, env):
                v = x(ctx, env)
                return v if type(v) is int else rnd(v)
            return rounded
        pick = min if f == "min" else max
        if len(args) == 1 and isinstance(self.analysis.type_of(node.args[0]), ListType):
            (x,) = args
            return lambda ctx, env: pick(x(ctx, env), default=0)  # an empty list counts as 0
        if len(args) == 2:
            a, b = args
            ga, gb = self.ctx_getter(node.args[0]), self.ctx_getter(node.args[1])
            if ga is not None and gb is not None:
                return lambda ctx, env: pick(ga(ctx), gb(ctx))
            return lambda ctx, env: pick(a(ctx, env), b(ctx, env))
        return lambda ctx, env: pick([a(ctx, env) for a in args])

    def _ordered(self, node: ast.Call) -> ExprFn:
        """first, last, nth, reverse, position, mod, and min_by / max_by / sort_by, whose key is
        computed for each item with the item bound (its fields bare, or as `it`). Picking from
        an empty list, or an nth past its end, stops the effect (a rule says what then)."""
        f = node.func
        coll = self.expr(node.args[0])
        if f in ("first", "last"):
            at = 0 if f == "first" else -1

            def end(ctx, env):
                items = coll(ctx, env)
                if not items:
                    raise runtime.EffectAbort(f"there is nothing to take the {f} of")
                return items[at]
            return end
        if f == "random":  # drawn by the runtime's generator (ctx.random_index), never Python's
            def at_random(ctx, env):
                items = coll(ctx, env)
                if not items:
                    raise runtime.EffectAbort("there is nothing to pick at random from")
                return items[ctx.random_index(len(items))]
            return at_random
        if f == "reverse":
            return lambda ctx, env: list(reversed(coll(ctx, env)))
        other = self.expr(node.args[1])
        if f == "mod":
            return lambda ctx, env: (coll(ctx, env) % other(ctx, env)) if other(ctx, env) else 0
        if f == "nth":
            def nth(ctx, env):
                items, n = coll(ctx, env), other(ctx, env)
                if n != int(n) or not 1 <= n <= len(items):
                    raise runtime.EffectAbort(f"there is no item number {n} among {len(items)}")
                return items[int(n) - 1]
            return nth
        if f == "position":
            def position(ctx, env):
                items, x = coll(ctx, env), other(ctx, env)
                return items.index(x) + 1 if x in items else 0
            return position
        item, name = runtime.ITEM, node.name or runtime.ITEM  # NAME: `min_by(L as NAME, K)`
        self.uses_env = True

        def keyed(ctx, env):
            outer, outer_it = env.get(item, _UNBOUND), env.get("it", _UNBOUND)
            outer_name = env.get(name, _UNBOUND)
            try:
                keys = []
                for it in coll(ctx, env):
                    env[item] = env["it"] = env[name] = it
                    keys.append((other(ctx, env), it))
            finally:
                _rebind(env, item, outer, outer_it)
                _rebind_name(env, name, outer_name)
            if f == "sort_by":  # stable: equal keys keep the list's order
                return [it for _, it in sorted(keys, key=lambda kv: kv[0])]
            if not keys:
                raise runtime.EffectAbort(f"there is nothing to take the {f} of")
            best = (min if f == "min_by" else max)(k for k, _ in keys)
            return next(it for k, it in keys if k == best)  # the first of the best, in order
        return keyed

    def _rounded_division(self, node: ast.BinOp, floor: bool) -> ExprFn:
        """`floor(a / b)` / `ceil(a / b)`: integer division when both sides are whole."""
        l, r, span = self.expr(node.left), self.expr(node.right), node.span
        c = self.constant(node.right)
        get = self.ctx_getter(node.left)
        if type(c) is int and c > 0:
            if floor and get is not None:
                def floor_name_by(ctx, env):
                    a = get(ctx)
                    return a // c if type(a) is int else runtime.floor_divide(a, c, span)
                return floor_name_by
            if floor:
                def floor_by(ctx, env):
                    a = l(ctx, env)
                    return a // c if type(a) is int else runtime.floor_divide(a, c, span)
                return floor_by
            return lambda ctx, env: -_floor_by(-l(ctx, env), c, span)
        divide = runtime.floor_divide if floor else runtime.ceil_divide
        return lambda ctx, env: divide(l(ctx, env), r(ctx, env), span)

    def e_Table(self, node: ast.Table):
        subject = self.expr(node.subject)
        if isinstance(self.analysis.type_of(node.subject), EnumType):
            by_key = {e.key.name: self.expr(e.value) for e in node.entries
                      if isinstance(e.key, ast.EnumKey)}

            def enum_table(ctx, env):
                f = by_key.get(subject(ctx, env))
                return 0 if f is None else f(ctx, env)
            return enum_table
        rows = tuple((e.key.lo, e.key.hi, self.expr(e.value)) for e in node.entries
                     if isinstance(e.key, ast.RangeKey))
        values = [self.constant(e.value) for e in node.entries]
        if all(v is not NOT_CONSTANT for v in values):  # the usual table: constant rows
            consts = tuple((lo, math.inf if hi is None else hi, v)
                           for (lo, hi, _), v in zip(rows, values))
            get = self.ctx_getter(node.subject)

            def constant_table(ctx, env):
                v = subject(ctx, env) if get is None else get(ctx)
                for lo, hi, value in consts:
                    if lo <= v <= hi:
                        return value
                return 0
            return constant_table

        def range_table(ctx, env):
            v = subject(ctx, env)
            for lo, hi, f in rows:
                if lo <= v and (hi is None or v <= hi):
                    return f(ctx, env)
            return 0
        return range_table

    def _prompt(self, node) -> str:
        from .printer import expression_text
        return expression_text(node, self.vocab, self.analysis)

    def e_ChooseOne(self, node):
        opts, prompt, span = self.expr(node.options), self._prompt(node.options), node.span
        choose = runtime.choose_one
        return lambda ctx, env: choose(ctx, list(opts(ctx, env)), prompt, span)

    def e_ChooseAny(self, node):
        opts, prompt, span = self.expr(node.options), self._prompt(node.options), node.span
        choose = runtime.choose_any
        return lambda ctx, env: choose(ctx, list(opts(ctx, env)), prompt, span)

    def e_Possible(self, node):
        run, check = self.block((node.stmt,)), self._check_of((node.stmt,))
        return lambda ctx, env: ctx.possible(lambda c: run(c, env), check=check)

    def _check_of(self, stmts) -> Callable[[Any], bool | None] | None:
        """The vocabulary's check of statements tried by a trial run (`possible`, an `either`
        alternative): what that run would answer, read from the position. None where the
        vocabulary gives none, or the statements read a local (a check sees no env)."""
        if self.vocab.check_of is None or self._reads_locals(tuple(stmts)):
            return None
        return self.vocab.check_of(ast.Effect(tuple(stmts)), self.vocab, self.analysis)

    def _reads_locals(self, node) -> bool:
        """Whether `node` (a statement, an expression, a tuple of them) reads or binds a local."""
        if isinstance(node, tuple):
            return any(self._reads_locals(n) for n in node)
        names = field_names(node)
        if names is None:
            return False
        res = self.analysis.names.get(id(node))
        if res is not None and res.kind == "local":
            return True
        return any(self._reads_locals(getattr(node, name)) for name in names)

    def e_ChooseNumber(self, node):
        prompt = self._number_for or "the amount"
        self._number_for = None
        lo, hi, span = self.expr(node.lo), self.expr(node.hi), node.span
        choose = runtime.choose_number
        return lambda ctx, env: choose(ctx, lo(ctx, env), hi(ctx, env), prompt, span)


def _unguarded(stmts):
    """The statements of an alternative after its leading `require`s."""
    i = 0
    while i < len(stmts) and type(stmts[i]) is ast.Require:
        i += 1
    return stmts[i:]


_UNBOUND = object()


def _rebind(env: dict, item: str, outer: Any, outer_it: Any) -> None:
    """Give back the bindings a `where` / `sort_by` loop shadowed (`item` and `it`), leaving
    unbound what was unbound before it."""
    for k, v in ((item, outer), ("it", outer_it)):
        if v is _UNBOUND:
            env.pop(k, None)
        else:
            env[k] = v


def _rebind_name(env: dict, name: str, outer: Any) -> None:
    """Give back what a named item (`LIST as NAME`) shadowed."""
    if outer is _UNBOUND:
        env.pop(name, None)
    else:
        env[name] = outer


_FLIPPED = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _compare_to_constant(op: str, x: ExprFn, c) -> ExprFn:
    if op == "=":
        return lambda ctx, env: x(ctx, env) == c
    if op == "!=":
        return lambda ctx, env: x(ctx, env) != c
    if op == "<":
        return lambda ctx, env: x(ctx, env) < c
    if op == "<=":
        return lambda ctx, env: x(ctx, env) <= c
    if op == ">":
        return lambda ctx, env: x(ctx, env) > c
    return lambda ctx, env: x(ctx, env) >= c


def _floor_by(a, c: int, span):
    """floor(a / c) for a whole, positive constant c."""
    return a // c if type(a) is int else runtime.floor_divide(a, c, span)


def _field(base: ExprFn, get, what: str) -> ExprFn:
    return lambda ctx, env: get(ctx, v) if (v := base(ctx, env)) is not None else _nothing(what)


def _nothing(what: str):
    """A field read of nothing (no card played, an empty pile's top): the rule cannot be done."""
    raise runtime.EffectAbort(f"there is nothing to read in {what}")


def _project(base: ExprFn, get) -> ExprFn:
    return lambda ctx, env: [get(ctx, it) for it in base(ctx, env)]


__all__ = ["CompiledEffect", "compile_effect", "compile_expression", "compile_verb_options",
           "verb_option_getters"]
