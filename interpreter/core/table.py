"""The parts of a game that its running steps read, in one native object of the game's.

A game (`Game`, engine.py) keeps its rules, live state, journal, board side, labeller, question
protocol and where it waits in a `Table`; its attributes of those names read and set the
table's. The steps, their contexts (context.py) and the way a step waits for an answer read
the table, never the game: a field of a native object is a pointer read where an attribute of
`Game` (a class of Python's) is a dictionary look-up, and a context is made for every step and
every effect run. Nothing a suspended step holds refers to the game itself (only `owner`, a
weak reference), so a game abandoned in the middle of a step is freed like any other object
(greenlets hide their frames from the garbage collector: a cycle through them is never found).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .decisions import Decision
from .journal import Journal
from .labels import Labeller
from .model import BoardSide, Ruleset
from .questions import NO_VALUE, Questions
from .state import State


def _nobody() -> Any:
    """The owner of a table no game has taken (yet): none."""
    return None


def _no_greenlet() -> Any:
    """The running greenlet of a table no game has taken: none."""
    return None


def _no_bot(game: Any, table: Table, decision: Decision) -> Any:
    """The bots' answer of a table whose game gave no way to ask them: none."""
    return NO_VALUE


class Waiting:
    """Where a game stands between its flow and its players, read and set at every step and
    question: the step running (`where`) and the decision it waits on; whether the running
    step has asked nothing yet (`fresh`); in `play_out`, the bots answering inside the step,
    their `choose_index` (`choosers`), the game's history their answers are added to, what one
    raised, the answers of the step the last answer was given in (`last_given`) and whether a
    bot is choosing."""

    def __init__(self) -> None:
        self.where: tuple | str = ""  # the step running (phase, step, seat), or "flow" between
        self.decision: Decision | None = None
        self.fresh = False
        self.bots: Sequence[Any] | None = None
        self.choosers: list[Callable[[Any, Decision], Any] | None] = []
        self.history: list | None = None
        self.bot_error: BaseException | None = None
        self.last_given: tuple[list, int] | None = None
        self.choosing = False


class Table:
    """A game's parts that its steps read (see the module's docstring); `owner` gives the game
    (a weak reference: None once it is gone), `kinds` whether the rules have seat kinds,
    `bot_answer` how `play_out`'s bots answer inside the step and `current` the running greenlet
    (`greenlet.getcurrent`), both given by the game (engine.py: only the engine imports
    greenlet, which `rococo validate` never loads)."""

    def __init__(self, rules: Ruleset, state: State, side: BoardSide, journal: Journal,
                 label: Labeller, questions: Questions, waiting: Waiting) -> None:
        self.rules = rules
        self.state = state
        self.side = side
        self.journal = journal
        self.label = label
        self.questions = questions
        self.waiting = waiting
        self.kinds: bool = rules.has_seat_kinds
        self.owner: Callable[[], Any] = _nobody
        self.bot_answer: Callable[[Any, Table, Decision], Any] = _no_bot
        self.current: Callable[[], Any] = _no_greenlet

    def suspend(self, decision: Decision) -> Any:
        """The question protocol's way to a player (`Questions.suspend`, while the game's flow
        runs): the step is suspended until the answer comes (from `play_out`'s bot, inside the
        step, when it gives one). The game is read from `owner` only for the bot, and let go
        before the step is suspended."""
        waiting = self.waiting
        if waiting.fresh:  # the first question of a new step: its past is kept for good
            waiting.fresh = False
            self.journal.forget(self.questions.step_mark)
        if waiting.bots is not None:
            answer = self.bot_answer(self.owner(), self, decision)
            if answer is not NO_VALUE:
                return answer
        parent = self.current().parent
        assert parent is not None, "a step runs in the flow's greenlet, switched to by a caller"
        return parent.switch(decision)
