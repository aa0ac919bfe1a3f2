"""Checks: whether a verb call can be done now, found without a trial run.

A verb may declare a `can(ctx, args)` check beside its `run(ctx, args)` (VerbDef.can). It reads
the position and the call's options exactly as the verb does up to its first question, changes
nothing, and answers what a trial run of the call (core/trial.py) would find: False when the verb
would abort before or at that question (nothing to offer), True when the trial would complete
(two options or more, each exact: the verb built them so, or a single option whose rest cannot
abort), None when it cannot tell cheaply (a single option whose rest runs other rules that may
abort: a trigger, a hook), and the caller runs the trial instead.
"""
from __future__ import annotations

from ..core.context import Context
from ..core.events import heard


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
