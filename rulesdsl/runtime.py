"""Run-time helpers shared by compiled closures: numbers, lazy verb options, choice checking."""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .rule_errors import NO_SPAN, EffectAbort, RulesRuntimeError, Span

# A number of the effect language: whole, or an exact fraction (`ctx` is the interpreter's
# Context, which rulesdsl does not know: Any).
Numeric = int | Fraction

ITEM = "$item"  # env key of the current `where` item; not a valid NAME, so it never collides
MAX_REPEAT = 100


def divide(a: Numeric, b: Numeric, span: Span) -> int | Fraction:
    """Exact division: a whole result stays an int, otherwise a Fraction."""
    if b == 0:
        raise RulesRuntimeError("division by zero", span)
    if type(a) is int and type(b) is int:
        whole, rest = divmod(a, b)
        return whole if rest == 0 else Fraction(a, b)
    q = Fraction(a) / Fraction(b)
    return q.numerator if q.denominator == 1 else q


def floor_divide(a: Numeric, b: Numeric, span: Span) -> int:
    """`floor(a / b)` without a Fraction when both sides are whole (the usual case)."""
    if b == 0:
        raise RulesRuntimeError("division by zero", span)
    if type(a) is int and type(b) is int:
        return a // b
    return math.floor(Fraction(a) / Fraction(b))


def ceil_divide(a: Numeric, b: Numeric, span: Span) -> int:
    """`ceil(a / b)`, exactly, as floor_divide."""
    if b == 0:
        raise RulesRuntimeError("division by zero", span)
    if type(a) is int and type(b) is int:
        return -(-a // b)
    return math.ceil(Fraction(a) / Fraction(b))


CEILING = 1_000_000_000  # no amount, and no product on the way to one, may go past it
STEP_BUDGET = 100_000   # repetitions one run of a rule may make, nested repeats multiplied


def whole(value: Any, span: Span, what: str) -> int:
    """A gain/pay amount or repeat count: must be a whole, non-negative number."""
    if type(value) is int and 0 <= value <= CEILING:  # the usual case, checked first
        return value
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise RulesRuntimeError(f"{what} must be a number, found {value!r}", span)
    if isinstance(value, Fraction):
        if value.denominator != 1:
            raise RulesRuntimeError(f"{what} must be a whole number, found {value}", span)
        value = value.numerator
    if value < 0:
        raise RulesRuntimeError(f"{what} must not be negative, found {value}", span)
    if value > CEILING:
        raise RulesRuntimeError(f"{what} is over the ceiling of {CEILING:,}", span)
    return int(value)


def over_ceiling(amount: int, word: str, total: int) -> RulesRuntimeError:
    """The error for a gain that would take a quantity past the ceiling. It has no position:
    the engine names the statement that was running (interpreter/core/faults.py)."""
    return RulesRuntimeError(f"gaining {amount:,} {word} would make {total:,}, over the "
                             f"ceiling of {CEILING:,}", NO_SPAN)


def product(a: Numeric, b: Numeric, span: Span) -> Numeric:
    """`a * b`, refused past the ceiling: repeated squaring must not run until memory ends."""
    value = a * b
    if -CEILING <= value <= CEILING:
        return value
    raise RulesRuntimeError(f"a product is over the ceiling of {CEILING:,}", span)


def spend(ctx: Any, n: int, span: Span) -> None:
    """Take `n` repetitions from the run's budget (a context without one is not limited)."""
    left = getattr(ctx, "budget", None)
    if left is None:
        return
    left -= n
    if left < 0:
        raise RulesRuntimeError(f"the rule repeats too much: more than {STEP_BUDGET:,} "
                                "repetitions in one run", span)
    ctx.budget = left


class Thunk:
    """A lazily evaluated verb option: `thunk(**bindings)` evaluates it now, in the env of the
    statement extended with the verb's bindings (e.g. `deputed`). Its twin in the load-time
    checks, interpreter/verbs/checks.Lazy, has the same shape as a compiled class (a check
    makes and reads one natively): this package is not compiled and imports nothing of the
    interpreter's, so the two stay apart (the reasons and figures: Lazy's docstring)."""

    __slots__ = ("_ctx", "_env", "_fn", "text")

    def __init__(self, fn: Callable[[Any, dict], Any], ctx: Any, env: dict, text: str):
        self._fn, self._ctx, self._env, self.text = fn, ctx, env, text

    def __call__(self, **bindings: Any) -> Any:
        if not bindings:  # expressions never assign, so the statement's env can be shared
            return self._fn(self._ctx, self._env)
        env = dict(self._env)
        env.update(bindings)
        return self._fn(self._ctx, env)

    def bound(self, name: str, value: Any) -> Any:
        """`thunk(**{name: value})` without the keyword dicts: a price by a drawer's size is
        read for every drawer of every offer."""
        env = dict(self._env)
        env[name] = value
        return self._fn(self._ctx, env)

    def __repr__(self) -> str:
        return f"<Thunk {self.text}>"


class Constant:
    """A verb option with the same value on every call and every binding (`2`, a display's
    name, `game.hand_size`), read as a Thunk is: no env, no memo, one Python call."""

    __slots__ = ("text", "value")

    def __init__(self, value: Any, text: str):
        self.value, self.text = value, text

    def __call__(self, **bindings: Any) -> Any:
        return self.value

    def bound(self, name: str, value: Any) -> Any:
        return self.value

    def __repr__(self) -> str:
        return f"<Constant {self.text}>"


def choose_one(ctx: Any, options: list, prompt: str, span: Span) -> Any:
    if not options:
        raise EffectAbort("nothing to choose from")
    answer = ctx.choose("one", options, prompt)
    if not any(answer == o for o in options):
        raise RulesRuntimeError(f"illegal choice {answer!r} for {prompt}", span)
    return answer


def choose_any(ctx: Any, options: list, prompt: str, span: Span) -> list:
    if not options:
        return []
    answer = ctx.choose("any", options, prompt)
    if not isinstance(answer, (list, tuple)) or not _is_subsequence(list(answer), options):
        raise RulesRuntimeError(f"illegal choice {answer!r} for {prompt}", span)
    return list(answer)


def choose_number(ctx: Any, lo: Numeric, hi: Numeric, prompt: str, span: Span) -> int:
    lo_i, hi_i = -((-Fraction(lo)).__floor__()), Fraction(hi).__floor__()  # ceil(lo), floor(hi)
    if lo_i > hi_i:
        raise EffectAbort("nothing to choose from")
    options = list(range(lo_i, hi_i + 1))
    answer = ctx.choose("number", options, prompt)
    if isinstance(answer, bool) or answer not in options:
        raise RulesRuntimeError(f"illegal choice {answer!r} for {prompt}", span)
    return int(answer)


def _is_subsequence(sub: list, seq: list) -> bool:
    i = 0
    for x in sub:
        while i < len(seq) and seq[i] != x:
            i += 1
        if i == len(seq):
            return False
        i += 1
    return True
