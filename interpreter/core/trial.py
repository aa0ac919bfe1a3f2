"""Trial runs: whether an effect can be carried through to its end.

A trial runs the effect on the live state and rolls it back. At each question with more than
one option the search, not a player, answers: depth first, taking the first option and noting
the others, and stopping at the first run that ends. A run fails when the effect aborts, or when
an `attempt` inside it aborts after it was given an answer (the rules would silently throw that
answer away); the search then runs the effect again from its start along the next noted
branch. So an option is offered only if some sequence of answers completes it. A run stops
early, completed, at a new question whose options the asker marked `exact` (each completes its
own remaining work) while nothing around it may abort afterwards (`ctx.risky` is 0): then any
of them completes the run. The common case costs one partial run.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rulesdsl import EffectAbort

from .journal import Journal


class TrialRun:
    """What one trial run keeps while it runs, on the context it runs in (`ctx.trial`, None
    outside a trial run): the answers it is given (`path`, in order), how many of them it has
    used, and the branches the search still has to try (`todo`, shared by the search's runs)."""

    def __init__(self, path: list, todo: list) -> None:
        self.path = path
        self.used = 0
        self.todo = todo


class Tried(Protocol):
    """What a trial run reads and sets of the context it runs in (`Context`, context.py): its
    journal, the run itself, and the run's budget, played card and enclosing risk."""

    tx: Journal
    trial: TrialRun | None
    budget: int
    played: str | None
    risky: int

TRIAL_RUNS = 2000  # runs one search may make; past that the effect is taken as possible


class Completes(Exception):
    """A trial run reached a question each of whose options completes the rest (the asker
    built them so, and nothing around it may abort afterwards): the run can be completed."""


class DeadEnd(Exception):
    """An `attempt` in a trial run aborted after it had been given an answer."""


def answer(run: TrialRun, values: list) -> Any:
    """The answer a trial run gives to a new question with several options: the first, the
    others noted as branches still to try."""
    path = run.path
    run.todo.append((path[:], values, 1))
    path.append(values[0])
    run.used += 1
    return values[0]


def look_ahead(ctx: Tried) -> None:
    """Make `ctx` a trial run with no answers given: its questions take their first option
    and note no branch (a look ahead that tries one line of play, not a search)."""
    ctx.trial = TrialRun([], [])


def search(ctx: Tried, run: Callable[[Any], Any], answers: Sequence = ()) -> bool:
    """Whether `run(ctx)` can end without aborting, after `answers` (option values, in order)
    to its first questions. The state is left exactly as it was."""
    saved = ctx.trial, ctx.budget, ctx.played, ctx.risky
    ctx.risky = 0  # only what runs inside `run` must be completed
    tx = ctx.tx
    todo: list = []
    path: list | None = list(answers)
    runs = 0
    try:
        while path is not None:
            mark = tx.mark()
            ctx.trial = TrialRun(path, todo)
            ctx.budget, ctx.played = saved[1], saved[2]
            try:
                run(ctx)
                return True
            except Completes:
                return True
            except (EffectAbort, DeadEnd):
                pass
            finally:
                tx.rollback(mark)
            runs += 1
            if runs >= TRIAL_RUNS:
                return True
            path = _next(todo)
        return False
    finally:
        ctx.trial, ctx.budget, ctx.played, ctx.risky = saved


def _next(todo: list) -> list | None:
    """The path of the deepest branch not tried yet."""
    if not todo:
        return None
    prefix, values, i = todo.pop()
    if i + 1 < len(values):
        todo.append((prefix, values, i + 1))
    return [*prefix, values[i]]
