"""The question protocol of a game, in one object: how a question asked inside a step gets its
answer, and which of its options can be offered.

A game has one `Questions`. It holds what the protocol keeps between questions: the answers the
waiting step has had and how many of them it has consumed (a step re-run from a save, a clone or
an undo is given them again: `rerun_answer`), a scripted run's answers (`script`), the step
running and the journal's mark at its start, and what was found possible there (`known`). The
context asks through it (`Context.ask`), the engine runs its steps through it, and the trial
runs (trial.py) try options against the step's start (`completable`). Suspending the step for a
player is the engine's (greenlets, bots): it sets `suspend` while its flow runs, so
nothing here reads another class's private members, nor the engine anything of this one's.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any, Protocol

from rulesdsl import EffectAbort

from .decisions import Decision, same_as, same_value
from .errors import IllegalDecisionError, ReplayMismatch, short_value
from .journal import Journal, copy_json
from .model import EffectContext
from .trial import search

NO_VALUE = object()  # what `first_two` gives for a second value there is not


def first_two(values: Iterable, prompt: str) -> tuple[Iterator, Any, Any]:
    """The first two of a question's values and an iterator over the rest, reading no further
    (verbs pass generators); the second is NO_VALUE when there is one. No value at all ends the
    effect: there is nothing to choose."""
    it = iter(values)
    first = next(it, NO_VALUE)
    if first is NO_VALUE:
        raise EffectAbort(f"nothing to choose for: {prompt}")
    return it, first, next(it, NO_VALUE)


class OutOfAnswers(Exception):
    """A scripted effect asked a question its answers do not cover."""

    def __init__(self, decision: Decision):
        super().__init__(decision.prompt)
        self.decision = decision


class Runs(Protocol):
    """What a step runs: its effect (`run(ctx)`)."""

    def run(self, ctx: EffectContext, env: dict | None = None) -> None: ...


class Running(Protocol):
    """A step as the flow gives it: what `completable` re-runs."""

    @property
    def effect(self) -> Runs: ...


class Asker(Protocol):
    """The context that asks, as `completable` needs it: the journal it writes, and a new
    context of its game for the running step's seat (a trial run's own)."""

    tx: Journal

    def sibling(self, seat: int, score_key: str) -> Any: ...


class Questions:
    """The answers of the waiting step, a script's answers, and the way to a player's answer.

    `answers` is only ever appended to or replaced (a caller may keep a length of it), `used`
    counts those consumed by the step's re-run; `wasted` and `searches` count, for tests and
    benchmarks, answers a rule then threw away and trial searches made."""

    __slots__ = ("answers", "known", "own", "running", "script", "searches", "seed_known",
                 "step_mark", "suspend", "used", "wasted")

    def __init__(self, wasted: int = 0, searches: int = 0):
        # the engine's way to the player's answer, given while its flow runs (the steps that
        # ask run there) and dropped when the flow ends: a finished game is no reference cycle
        self.suspend: Callable[[Decision], Any] | None = None
        self.answers: list = []  # answers the waiting step has had, in order
        self.used = 0  # how many of them it has consumed
        self.own = False  # whether they are this process's own answers to these questions
        self.script: list | None = None  # answers for a scripted run (scripting.py)
        self.running: tuple[Running, int, str] | None = None  # step, seat, score key
        self.step_mark = -1  # the journal's mark at that step's start
        self.known: dict = {}  # `Context.possible` results at that start
        self.seed_known: dict | None = None  # a clone's: its original's `known`, for its re-run
        self.wasted = wasted
        self.searches = searches

    # -- the engine's side -----------------------------------------------------------------
    def restart(self, answers: Iterable = (), own: bool = False) -> None:
        """The waiting step is run again from its start and given `answers` first; `own`: they
        are the answers a game of this process gave these very questions (a clone's, an undo's,
        a rolled-back fault's), not a save's, so they need no matching (`rerun_answer`)."""
        self.answers, self.used, self.own = list(answers), 0, own

    def begin_step(self, step: Running, seat: int, score_key: str, mark: int) -> None:
        """A step starts at journal mark `mark`: what was found possible is found anew (a
        clone's re-run takes its original's findings)."""
        known, self.seed_known = self.seed_known, None
        self.running, self.step_mark = (step, seat, score_key), mark
        if known is not None:
            self.known = known
        elif self.known:  # else the empty dict serves this step as well
            self.known = {}

    def end_step(self) -> None:
        """The step is over: the next starts with no answers."""
        if self.answers:  # else the empty list serves the next step as well
            self.answers = []
        self.used = 0

    def replaying(self) -> bool:
        """Whether the step is being re-run with answers recorded earlier (not a script's)."""
        return self.used < len(self.answers) and self.script is None

    # -- answering -------------------------------------------------------------------------
    def rerun_answer(self, prompt: str, values: Iterable) -> Any:
        """The recorded answer, while the step is re-run with its answers (a save, a clone, an
        undo): the values are looked at only as far as that answer, as a trial run looks at
        them, and no Decision is built. A question with one value answers itself, as in play;
        an answer that is not among the values is a ReplayMismatch. The game's `own` answers
        (a clone's, an undo's) are not looked for: a copy of the recorded one is the answer."""
        it, first, second = first_two(values, prompt)
        if second is NO_VALUE:
            return first
        answer = self.answers[self.used]
        if self.own:  # the engine's own value, given to this very question: no need to find it
            self.used += 1  # among the values (a copy: the step may keep what it is given)
            return copy_json(answer) if type(answer) is dict or type(answer) is list else answer
        match = same_as(answer)
        for value in chain((first, second), it):
            if match(value):
                self.used += 1
                return value
        raise ReplayMismatch(f"recorded answer {short_value(answer)} is not an option of "
                              f"'{prompt}'")

    def wait(self, decision: Decision) -> Any:
        """The answer to `decision`: a script's next, or the player's (the step is suspended
        until it is given)."""
        script = self.script
        if script is not None:
            if not script:
                raise OutOfAnswers(decision)
            answer = script.pop(0)
            for o in decision.options:
                if same_value(o.value, answer):
                    return o.value
            raise IllegalDecisionError(f"{short_value(answer)} is not a legal answer to "
                                       f"'{decision.prompt}' (options: "
                                       f"{[o.value for o in decision.options]})")
        suspend = self.suspend
        if suspend is None:
            raise RuntimeError("a question was asked outside a game step")
        answer = suspend(decision)
        self.used += 1
        return answer

    def completable(self, values: list, ctx: Asker) -> list:
        """The values with which the running step can still be completed: for each, a trial of
        the step from its start with the answers it has had and that value (trial.py)."""
        if self.script is not None or self.used < len(self.answers) or self.running is None:
            return values  # a scripted effect, or a step resumed with its recorded answers
        step, seat, score_key = self.running
        given = self.answers[:self.used]
        journal = ctx.tx
        redo = journal.detach(self.step_mark)
        self.searches += len(values)
        try:
            trial = ctx.sibling(seat, score_key)
            return [v for v in values if search(trial, step.effect.run, [*given, v])]
        finally:
            journal.reattach(redo)
