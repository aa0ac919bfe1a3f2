"""AST -> Python closures, built once at load time.

Each node becomes a closure `f(ctx, env)` that calls its children's closures; names, fields,
verbs and prompts are all resolved here, so running an effect never walks the tree or looks a
name up in the vocabulary. There is no eval/exec.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from . import ast, runtime
from .checker import Analysis, analyse_effect, analyse_expression
from .errors import RulesErrors, RulesRuntimeError
from .types import EnumType, ListType
from .vocabulary import Vocabulary

ExprFn = Callable[[Any, dict], Any]
StmtFn = Callable[[Any, dict], None]


@dataclass(frozen=True)
class CompiledEffect:
    """A ready-to-run effect. `run(ctx, env)` executes it; `env` holds locals (fresh if None)."""

    effect: ast.Effect
    _run: StmtFn

    def run(self, ctx: Any, env: dict | None = None) -> None:
        self._run(ctx, {} if env is None else env)


def compile_effect(effect: ast.Effect, vocab: Vocabulary) -> CompiledEffect:
    """Compile a checked effect; raises RulesErrors if it does not check."""
    analysis = analyse_effect(effect, vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    body = _Compiler(vocab, analysis).sequence(effect.statements)
    return CompiledEffect(effect, body)


def compile_expression(expr, vocab: Vocabulary) -> ExprFn:
    """Compile a standalone expression to `f(ctx, env) -> value`."""
    analysis = analyse_expression(expr, vocab)
    if analysis.errors:
        raise RulesErrors(analysis.errors)
    return _Compiler(vocab, analysis).expr(expr)


class _Compiler:
    def __init__(self, vocab: Vocabulary, analysis: Analysis):
        self.vocab = vocab
        self.analysis = analysis

    # ---- statements ----
    def sequence(self, stmts) -> StmtFn:
        fns = tuple(self.stmt(s) for s in stmts)

        def run(ctx, env):
            for f in fns:
                f(ctx, env)
        return run

    def block(self, stmts) -> StmtFn:
        """A nested block: its lets are local to it, so it runs in a copy of the env."""
        seq = self.sequence(stmts)

        def run(ctx, env):
            seq(ctx, dict(env))
        return run

    def stmt(self, s) -> StmtFn:
        return getattr(self, "s_" + type(s).__name__)(s)

    def s_Gain(self, s: ast.Gain) -> StmtFn:
        amount, span, whole = self.expr(s.amount), s.span, runtime.whole
        if len(s.resources) == 1:
            (res,) = s.resources

            def gain(ctx, env):
                ctx.gain(res, whole(amount(ctx, env), span, "the amount to gain"))
            return gain
        choices = list(s.resources)

        def gain_choice(ctx, env):
            n = whole(amount(ctx, env), span, "the amount to gain")
            res = ctx.choose_resource(list(choices), n)
            if res not in choices:
                raise RulesRuntimeError(f"illegal choice {res!r}: expected one of {', '.join(choices)}", span)
            ctx.gain(res, n)
        return gain_choice

    def s_Pay(self, s: ast.Pay) -> StmtFn:
        amount, span, res, whole = self.expr(s.amount), s.span, s.resource, runtime.whole

        def pay(ctx, env):
            ctx.pay(res, whole(amount(ctx, env), span, "the amount to pay"))
        return pay

    def s_Let(self, s: ast.Let) -> StmtFn:
        if isinstance(s.value, ast.ChooseNumber):  # its prompt: 'choose a number for sets'
            self._number_for = s.name.replace("_", " ")
        value, name = self.expr(s.value), s.name

        def let(ctx, env):
            env[name] = value(ctx, env)
        return let

    def s_If(self, s: ast.If) -> StmtFn:
        cond, then = self.expr(s.cond), self.block(s.then)
        else_ = self.block(s.else_) if s.else_ is not None else None

        def if_(ctx, env):
            if cond(ctx, env):
                then(ctx, env)
            elif else_ is not None:
                else_(ctx, env)
        return if_

    def s_Repeat(self, s: ast.Repeat) -> StmtFn:
        count, body, span = self.expr(s.count), self.block(s.body), s.span

        def repeat(ctx, env):
            n = runtime.whole(count(ctx, env), span, "the repeat count")
            if n > runtime.MAX_REPEAT:
                raise RulesRuntimeError(f"repeat count {n} is over {runtime.MAX_REPEAT}", span)
            for _ in range(n):
                body(ctx, env)
        return repeat

    def s_Either(self, s: ast.Either) -> StmtFn:
        """`either {..} or {..}`: offer the alternatives that can be done, by their card text."""
        from .printer import block_text
        alts = tuple(self.block(alt) for alt in s.alternatives)
        texts = tuple(block_text(alt, self.vocab, self.analysis) for alt in s.alternatives)
        prompt = " or ".join(texts)

        def either(ctx, env):
            offered = [t for t, alt in zip(texts, alts)
                       if ctx.possible(lambda c, alt=alt: alt(c, env))]
            if not offered:
                raise runtime.EffectAbort("none of the alternatives can be done")
            answer = ctx.choose("one", offered, prompt)
            alts[texts.index(answer)](ctx, env)
        return either

    def s_VerbCall(self, s: ast.VerbCall) -> StmtFn:
        from .printer import expression_text
        verb_run = self.vocab.verbs[s.verb].run
        opts = tuple((o.name, None if o.value is None else self.expr(o.value),
                      "" if o.value is None else expression_text(o.value, self.vocab, self.analysis))
                     for o in s.options)
        Thunk = runtime.Thunk

        def call(ctx, env, span=s.span):  # span: read from the frame by explain traces
            args = {name: True if fn is None else Thunk(fn, ctx, env, text) for name, fn, text in opts}
            verb_run(ctx, args)
        return call

    # ---- expressions ----
    def expr(self, node) -> ExprFn:
        return getattr(self, "e_" + type(node).__name__)(node)

    def e_Number(self, node):
        v = node.value
        return lambda ctx, env: v

    def e_Bool(self, node):
        v = node.value
        return lambda ctx, env: v

    def e_Name(self, node: ast.Name):
        res = self.analysis.names[id(node)]
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
            f = _project(f, fdef.get) if project else _field(f, fdef.get)
        return f

    def e_ListExpr(self, node):
        items = tuple(self.expr(i) for i in node.items)
        return lambda ctx, env: [i(ctx, env) for i in items]

    def e_BinOp(self, node):
        l, r, span = self.expr(node.left), self.expr(node.right), node.span
        if node.op == "+":
            return lambda ctx, env: l(ctx, env) + r(ctx, env)
        if node.op == "-":
            return lambda ctx, env: l(ctx, env) - r(ctx, env)
        if node.op == "*":
            return lambda ctx, env: l(ctx, env) * r(ctx, env)
        divide = runtime.divide
        return lambda ctx, env: divide(l(ctx, env), r(ctx, env), span)

    def e_UnaryOp(self, node):
        x = self.expr(node.operand)
        return lambda ctx, env: -x(ctx, env)

    def e_Compare(self, node):
        l, r = self.expr(node.left), self.expr(node.right)
        op = node.op
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
        coll, cond, item = self.expr(node.collection), self.expr(node.cond), runtime.ITEM

        def where(ctx, env):
            inner = dict(env)
            out = []
            for it in coll(ctx, env):
                inner[item] = it
                if cond(ctx, inner):
                    out.append(it)
            return out
        return where

    def e_Call(self, node: ast.Call):
        args = tuple(self.expr(a) for a in node.args)
        f = node.func
        if f == "count":
            (x,) = args
            return lambda ctx, env: len(x(ctx, env))
        if f == "sum":
            (x,) = args
            return lambda ctx, env: sum(x(ctx, env))
        if f in ("floor", "ceil"):
            (x,) = args
            rnd = math.floor if f == "floor" else math.ceil
            return lambda ctx, env: rnd(x(ctx, env))
        pick = min if f == "min" else max
        if len(args) == 1 and isinstance(self.analysis.type_of(node.args[0]), ListType):
            (x,) = args
            return lambda ctx, env: pick(x(ctx, env), default=0)  # an empty list counts as 0
        return lambda ctx, env: pick(a(ctx, env) for a in args)

    def e_Table(self, node: ast.Table):
        subject = self.expr(node.subject)
        if isinstance(self.analysis.type_of(node.subject), EnumType):
            by_key = {e.key.name: self.expr(e.value) for e in node.entries}

            def enum_table(ctx, env):
                f = by_key.get(subject(ctx, env))
                return 0 if f is None else f(ctx, env)
            return enum_table
        rows = tuple((e.key.lo, e.key.hi, self.expr(e.value)) for e in node.entries)

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
        opts, prompt, span, choose = self.expr(node.options), self._prompt(node.options), node.span, runtime.choose_one
        return lambda ctx, env: choose(ctx, list(opts(ctx, env)), prompt, span)

    def e_ChooseAny(self, node):
        opts, prompt, span, choose = self.expr(node.options), self._prompt(node.options), node.span, runtime.choose_any
        return lambda ctx, env: choose(ctx, list(opts(ctx, env)), prompt, span)

    def e_Possible(self, node):
        run = self.block((node.stmt,))
        return lambda ctx, env: ctx.possible(lambda c: run(c, env))

    def e_ChooseNumber(self, node):
        prompt = getattr(self, "_number_for", None) or "the amount"
        self._number_for = None
        lo, hi, span = self.expr(node.lo), self.expr(node.hi), node.span
        choose = runtime.choose_number
        return lambda ctx, env: choose(ctx, lo(ctx, env), hi(ctx, env), prompt, span)


def _field(base: ExprFn, get) -> ExprFn:
    return lambda ctx, env: get(ctx, base(ctx, env))


def _project(base: ExprFn, get) -> ExprFn:
    return lambda ctx, env: [get(ctx, it) for it in base(ctx, env)]


__all__ = ["CompiledEffect", "compile_effect", "compile_expression"]
