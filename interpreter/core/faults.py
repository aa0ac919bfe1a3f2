"""Turning an exception raised while a rule ran into an error that names the rule.

The culprit is found after the fact, from the traceback's frames (the innermost effect's own
frame on the stack, model.running_effect), so running effects costs nothing extra for it.
"""
from __future__ import annotations

from rulesdsl import RulesError, RulesRuntimeError, Span
from rulesdsl.codegen import frame_span
from rulesdsl.rule_errors import NO_SPAN

from .errors import RuleFaultError
from .model import Effect, running_effect


def culprit(exc: BaseException) -> Effect | None:
    """The innermost effect that was running when `exc` was raised."""
    return _running(exc)[0]


def _running(exc: BaseException) -> tuple[Effect | None, Span | None]:
    """The innermost effect running when `exc` was raised, and the innermost statement's span
    inside it (rulesdsl.codegen.frame_span: a generated effect's table of lines, a closure's
    local named `span`)."""
    found, span = None, None
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        effect = running_effect(frame)
        if effect is not None:  # its own frame may hold the statement (a generated effect's)
            found, span = effect, frame_span(frame, tb.tb_lineno)
        elif found is not None:
            local = frame_span(frame, tb.tb_lineno)
            if local is not None:
                span = local
        tb = tb.tb_next
    return found, span


def describe_fault(exc: BaseException, seed: int, decision: int | None) -> RuleFaultError:
    """A RuleFaultError for `exc`: what failed, where in the rules, and how to reproduce it
    (`decision` None: before a new game's first decision, so no game is made)."""
    effect, statement = _running(exc)
    owner = effect.owner if effect is not None and effect.owner else "a rule"
    if isinstance(exc, RulesRuntimeError) and exc.span == NO_SPAN:  # raised by the engine
        what, line = exc.message, None
        span = statement or (effect.where if effect is not None and effect.where else NO_SPAN)
    elif isinstance(exc, RulesRuntimeError):
        what, span, line = exc.message, exc.span, exc.source_line
    elif isinstance(getattr(exc, "span", None), Span):  # a module's mistake that knows its place
        what, line = str(exc), None
        span = effect.where if effect is not None and effect.where else exc.span  # type: ignore
    else:
        what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        span = effect.where if effect is not None and effect.where else Span("<engine>", 0, 0)
        line = None
    if isinstance(exc, RulesError) and not isinstance(exc, RulesRuntimeError):
        what = exc.message
    if decision is None:
        message = (f"{owner} failed before the game's first decision: {what} (seed {seed}); "
                   "no game was made")
    else:
        message = (f"{owner} failed: {what} (seed {seed}, decision {decision}); the game was "
                   f"restored to decision {decision}")
    return RuleFaultError(message, span, line)
