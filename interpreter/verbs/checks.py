"""Checks: whether a verb call can be done now, found without a trial run.

A verb may declare a `can(ctx, args)` check beside its `run(ctx, args)` (VerbDef.can). It reads
the position and the call's options exactly as the verb does up to its first question, changes
nothing, and answers what a trial run of the call (core/trial.py) would find: False when the verb
would abort before or at that question (nothing to offer), True when the trial would stop there
completed (two options or more, each exact: the verb built them so), None when it cannot tell
cheaply (a single option: the trial goes on past it), and the caller runs the trial instead.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..core.context import NO_VALUE, Context
from ..core.events import heard


def first_question(values: Iterable) -> bool | None:
    """A check's answer from the options of the verb's first, exact question, looked at only as
    far as a trial run looks (the second)."""
    it = iter(values)
    if next(it, NO_VALUE) is NO_VALUE:
        return False  # `ask` with nothing to offer aborts
    if next(it, NO_VALUE) is NO_VALUE:
        return None  # one option answers itself, and the trial goes on past it
    return True


def from_count(found: int, event: str, ctx: Context) -> bool | None:
    """A check's answer from how many options the verb's first, exact question would have,
    counted as far as two. A single option answers itself and the trial goes on past it: for a
    verb whose rest cannot abort but for the triggers of the `event` it announces, it is known
    to complete while nothing listens to that event."""
    if found == 0:
        return False
    if found > 1:
        return True
    return None if heard(ctx, event) else True
