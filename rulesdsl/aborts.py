"""Where a rule may still abort after a question: what keeps offered options exact.

The engine offers an option only if some answers complete the step (see the interpreter's
trial.py). Trying every option of every question would cost a trial run per option, so the
compiler marks, once at load time, the statements after whose questions something may still
abort (a payment, a verb, a choice with nothing to choose, ...). While such a statement runs,
`ctx.risky` is raised and the engine tries each option; elsewhere the options of a question are
exact as the verb or choice that asks it built them.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from . import ast
from .walk import field_names

Run = Callable[[Any, Any], Any]  # a compiled statement: run(ctx, env)

_ASKS = (ast.ChooseOne, ast.ChooseAny, ast.ChooseNumber, ast.Either, ast.VerbCall)
_ABORTS = (ast.ChooseOne, ast.ChooseNumber, ast.Pay, ast.Either, ast.VerbCall, ast.Require)
# the functions that stop the effect when there is nothing to pick (compiler.py `_ordered`)
_ABORTING_CALLS = frozenset({"first", "last", "random", "nth", "min_by", "max_by"})


def _has(node: Any, test: Callable[[Any], bool]) -> bool:
    """Whether `node` or anything inside it passes `test`."""
    if test(node):
        return True
    if isinstance(node, tuple):
        return any(_has(n, test) for n in node)
    names = field_names(node)
    return names is not None and any(_has(getattr(node, name), test) for name in names)


def _asks(node: Any) -> bool:
    return isinstance(node, _ASKS) or (isinstance(node, ast.Gain) and len(node.resources) > 1)


def may_ask(stmt: Any) -> bool:
    """Whether running `stmt` may put a question to a player."""
    return _has(stmt, _asks)


def draws_or_tries(node: Any) -> bool:
    """Whether running `node` may draw at random (`random`) or run a trial (`possible`)."""
    return _has(node, lambda n: isinstance(n, ast.Possible)
                or (isinstance(n, ast.Call) and n.func == "random"))


def may_abort(stmt: Any, sure: Collection[str] = ()) -> bool:
    """Whether running `stmt` may abort the effect: a condition it requires, a payment, a
    choice with nothing to choose, a verb (but those named in `sure`: the vocabulary's
    verbs that never abort, `Vocabulary.sure_verbs`), or picking from a list that may be
    empty. A sure verb's options may still abort: they are looked at as any expression."""
    if not sure:
        return _has(stmt, _aborts)
    return _has(stmt, lambda node: _aborts(node) and not (
        type(node) is ast.VerbCall and node.verb in sure))


def _aborts(node: Any) -> bool:
    return isinstance(node, _ABORTS) or (isinstance(node, ast.Call)
                                         and node.func in _ABORTING_CALLS)


def risky_after_asking(stmt: Any, tail: tuple, sure: Collection[str] = ()) -> bool:
    """Whether something may abort after a question `stmt` asks: in the statements that follow
    it in its block, or in `stmt` itself after its question (a payment of a chosen amount, a
    verb given a choice, a repeated body, a branch chosen by a question). `sure`: the verbs
    that never abort (as `may_abort`)."""
    if not may_ask(stmt):
        return False
    if any(may_abort(s, sure) for s in tail):
        return True
    if isinstance(stmt, ast.Pay):
        return True  # a chosen amount, then the payment
    if isinstance(stmt, ast.VerbCall):  # a verb's own questions are exact; a choice given to it
        return any(_has(o.value, _asks) for o in stmt.options)
    if isinstance(stmt, ast.If):
        branches = stmt.then + (stmt.else_ or ())
        return _has(stmt.cond, _asks) and may_abort(branches, sure)
    if isinstance(stmt, ast.Repeat):  # a later round may abort after an earlier one's question
        return may_abort(stmt.body, sure)
    return False  # Let, Gain, Either: only their chosen, exact part runs after the question


def guard(run: Run) -> Run:
    """`run` with `ctx.risky` raised while it runs (a context without it is left alone)."""
    def risky(ctx: Any, env: Any) -> Any:
        try:
            ctx.risky += 1
        except AttributeError:
            return run(ctx, env)
        try:
            return run(ctx, env)
        finally:
            ctx.risky -= 1
    return risky
