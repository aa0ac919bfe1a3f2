"""The parts of a game that its running steps read, in one native object of the game's.

A game (`Game`, engine.py) keeps its rules, live state, journal, board side, labeller, question
protocol and where it waits in a `Table`; its attributes of those names read and set the
table's. The steps, their contexts (context.py) and the way a step waits for an answer read
the table, never the game: a field of a native object is a pointer read where an attribute of
`Game` (a class of Python's) is a dictionary look-up, and a context is made for every step and
every effect run. In `play_out` the bots answer inside the step from here (`answered_by_bot`,
with the checks of an answer that `Game.apply` shares). Nothing a suspended step holds refers
to the game itself (only `owner`, a weak reference), so a game abandoned in the middle of a
step is freed like any other object (greenlets hide their frames from the garbage collector: a
cycle through them is never found).
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

from .decisions import Decision, Option, same_as
from .errors import IllegalDecisionError, short_value
from .journal import Journal
from .labels import Labeller
from .model import BoardSide, Ruleset
from .plan import Plan, plan_of
from .questions import NO_VALUE, Questions
from .rng import Uniformly
from .state import State

_NO_VALUE: Final = NO_VALUE  # compiled: a C static, not a look-up of the module's dict


def _nobody() -> Any:
    """The owner of a table no game has taken (yet): none."""
    return None


def _no_switch(to: Any, value: Any) -> Any:
    """How a table no game has taken would switch greenlets: it has no flow to leave."""
    raise RuntimeError("a question was asked outside a game step")


class Waiting:
    """Where a game stands between its flow and its players, read and set at every step and
    question: the step running (`where`) and the decision it waits on; whether the running
    step has asked nothing yet (`fresh`); in `play_out`, the bots answering inside the step,
    their `choose_index` (`choosers`), the game's history their answers are added to, what one
    raised, the answers of the step the last answer was given in (`given_in`) and how many
    it had before that answer (`given`: two fields, no tuple made at every answer), and
    whether a bot is choosing; the bots that pick uniformly (`pickers`: `Uniformly`, drawn for
    by the step itself); and the greenlet the flow's greenlet returns to (`caller`: its
    parent, as the engine last set it), which a question switches back to without asking
    greenlet for the running greenlet and then its parent (two calls of Python's)."""

    def __init__(self) -> None:
        self.caller: Any = None  # the flow greenlet's parent while it runs (engine.py)
        self.where: tuple | str = ""  # the step running (phase, step, seat), or "flow" between
        self.decision: Decision | None = None
        self.fresh = False
        self.bots: Sequence[Any] | None = None
        self.choosers: list[Callable[[Any, Decision], Any] | None] = []
        self.pickers: list[Uniformly | None] = []  # the bots among them the step draws for
        self.history: list | None = None
        self.bot_error: BaseException | None = None
        self.given_in: list | None = None
        self.given = 0
        self.choosing = False
        self.running = False  # whether the flow's greenlet runs (`_run_on`): a step can ask


class Table:
    """A game's parts that its steps read (see the module's docstring); `owner` gives the game
    (a weak reference: None once it is gone), `kinds` whether the rules have seat kinds, `plan`
    their phases as the flow reads them (plan.py). Only the engine imports greenlet (`rococo
    validate` never loads it): the greenlet a question switches back to is the engine's to
    keep (`Waiting.caller`), and `switch` is greenlet's own `greenlet.switch`, given by the
    game: called with the greenlet, it finds no method by name at every question."""

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
        self.plan: Plan = plan_of(rules)  # the rules' phases as the flow reads them (plan.py)
        self.owner: Callable[[], Any] = _nobody
        self.switch: Callable[[Any, Any], Any] = _no_switch  # greenlet.switch (engine.py)

    def suspend(self, decision: Decision) -> Any:
        """The question protocol's way to a player (`Questions.suspend`, while the game's flow
        runs): the step is suspended until the answer comes (from `play_out`'s bot, inside the
        step, when it gives one). The game is read from `owner` only for the bot, and let go
        before the step is suspended."""
        self._keep_past()
        if self.waiting.bots is not None:
            answer = answered_by_bot(self.owner(), self, decision)
            if answer is not _NO_VALUE:
                return answer
        return self._switch_out(decision)

    def _keep_past(self) -> None:
        """At the first question of a new step, its past is kept for good."""
        waiting = self.waiting
        if waiting.fresh:
            waiting.fresh = False
            self.journal.forget(self.questions.step_mark)

    def _switch_out(self, decision: Decision) -> Any:
        """Suspend the step at `decision` until its answer comes (the flow greenlet's parent,
        `Waiting.caller`, gets the decision)."""
        caller = self.waiting.caller
        assert caller is not None, "a step runs in the flow's greenlet, switched to by a caller"
        return self.switch(caller, decision)

    def answer(self, seat: int, kind: str, prompt: str, values: tuple,
               labeller: Callable[[Any], str]) -> Any:
        """`suspend` of the decision these would make (`Decision.of_values`), for a question of
        a step: a seat whose bot picks uniformly (`Uniformly`, in `play_out` and
        `apply_index_then`) is given the value its own `choose_index` would pick (its `pick`
        of the count: the bot needs no more), with no Decision made and no call of Python's;
        a draw that raises leaves the step waiting at the decision, as any bot's
        failure does. Recorded as `answered_by_bot` records."""
        waiting = self.waiting
        picker = None if waiting.bots is None else waiting.pickers[seat]
        if picker is None:  # its player's seat, or a bot asked by its method: as any question
            return self.suspend(Decision.of_values(seat, kind, prompt, values, labeller))
        self._keep_past()
        waiting.choosing = True  # the draw is the bot's: the game may not change meanwhile
        try:
            value = values[picker.pick(len(values))]
        except BaseException as exc:  # noqa: BLE001 - raised by `play_out`, outside the step
            waiting.bot_error = exc
            return self._switch_out(Decision.of_values(seat, kind, prompt, values, labeller))
        finally:
            waiting.choosing = False
        return given(self, seat, value)


def answered_by_bot(game: Any, table: Table, decision: Decision) -> Any:
    """In `play_out` (and `apply_index_then`), inside the step: the bot's answer to `decision`,
    recorded as `apply` records it, or NO_VALUE when the seat has no bot (None) or the bot
    fails or answers wrongly (then the step waits, and `play_out` raises what it raised).
    Here, beside `Table.suspend`, so that compiled it is called natively (a function the game
    gave the table would be a Python call, its arguments parsed); `game` is only passed on to
    the bots. `table` is the game's own; what it holds is read there (a
    native object's fields, where each attribute of the game is a look-up of its dict)."""
    waiting = table.waiting
    bots = waiting.bots
    assert bots is not None
    waiting.decision = decision  # the game as it waits (`_stepping`)
    waiting.choosing = True
    seat: int = decision.seat  # a native index of the choosers and bots
    try:
        by_index = waiting.choosers[seat]
        if by_index is not None:  # no Option made, no copy of its value to compare back
            value = value_at(decision, by_index(game, decision))
        else:
            bot = bots[seat]
            if bot is None:  # a seat left to its player (`apply_index_then`): the step waits
                return _NO_VALUE
            value = value_answered(decision, bot.choose(game, decision))
    except BaseException as exc:  # noqa: BLE001 - raised by `play_out`, outside the step
        waiting.bot_error = exc
        return _NO_VALUE
    finally:
        waiting.choosing = False
        waiting.decision = None
    return given(table, seat, value)


def given(table: Table, seat: int, value: Any) -> Any:
    """`value`, a bot's answer for `seat` inside the step, recorded as `apply` records it: in
    the step's answers and the game's history."""
    waiting = table.waiting
    answers = table.questions.answers
    waiting.given_in, waiting.given = answers, len(answers)
    answers.append(value)
    history = waiting.history  # the game's (a native field: `game.history` is a look-up of
    assert history is not None  # the game's dict)
    history.append([seat, recorded(value)])
    return value


def recorded(value: Any) -> Any:
    """`value` as a game's history keeps it: a dict copied (the option tables make a question's
    values once per ruleset and every game offers those very dicts, which the verbs only read;
    a caller may edit its own game's history, and that must change no other game)."""
    if type(value) is dict:
        answer: dict = value
        return answer.copy()
    return value


def value_at(decision: Decision, index: Any) -> Any:
    """The value of `decision`'s option at `index`, as `apply_index` takes answers;
    IllegalDecisionError if there is no such place."""
    kind = type(index)
    values = decision.own_values()
    if kind is int:  # the usual answer (a bot's choose_index)
        at: int = index
    else:  # any other whole number (an int subclass, numpy's) counts by its value
        number = whole_number(index)
        if number is None:
            raise IllegalDecisionError(f"option {short_value(index)} is not an index: "
                                       f"apply_index takes a whole number, 0 to "
                                       f"{len(values) - 1}")
        at = number
    if not 0 <= at < len(values):
        raise IllegalDecisionError(f"option {short_value(index)} is out of range: this decision "
                                   f"has {len(values)} options (0 to {len(values) - 1})")
    return values[at]


def whole_number(index: Any) -> int | None:
    """`index` as a whole number (its `__index__`: an int subclass's by its value, whatever it
    overrides, numpy's integers), or None for what is none (a bool, a float, text: no
    `__index__`, or one raising TypeError). Any other error of an `__index__` is the number's
    own and propagates, as from Python's `list[index]`."""
    kind = type(index)
    if kind is int:  # most often (a learner's action): no method looked up
        return index
    if kind is bool:
        return None
    if issubclass(kind, int):
        return int.__index__(index)
    try:
        return operator.index(index)
    except TypeError:
        return None


def value_answered(decision: Decision, option: Option | Any) -> Any:
    """The value of `decision`'s option that `option` (an Option, or a value) answers, as
    `apply` takes answers; IllegalDecisionError if it answers none."""
    if issubclass(type(option), Option):  # type(): an answer's __class__ may fail or lie
        at = decision.place_of(option)
        if at >= 0:  # one of its own options: the engine's value at its place, unless changed
            own = decision.own_values()[at]
            if type(own) not in (dict, list) or same_as(own)(option.value):
                return own
            raise IllegalDecisionError(f"{short_value(option.value)} is not a legal answer to "
                                       f"'{decision.prompt}': the option's value was changed "
                                       f"after it was offered (it was {short_value(own)})")
        try:
            option = option.value
        except Exception:  # noqa: BLE001 - an Option-like answer whose value fails
            raise IllegalDecisionError(f"{short_value(option)} is not a legal answer to "
                                       f"'{decision.prompt}': its value cannot be read") \
                from None
    return matching_value(decision, option)


def matching_value(decision: Decision, value: Any) -> Any:
    """The value of `decision`'s option equal to `value` as JSON data; IllegalDecisionError
    if there is none."""
    match = same_as(value)
    for v in decision.own_values():
        if match(v):
            return v
    labels = "; ".join(decision.own_label(i) for i in range(min(len(decision), 6)))
    more = ", ..." if len(decision) > 6 else ""
    raise IllegalDecisionError(f"{short_value(value)} is not a legal answer to "
                               f"'{decision.prompt}' (legal: {labels}{more})")
