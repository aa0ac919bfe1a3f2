"""Scripting a game: run an effect now, see the question it would ask, put the flow elsewhere.

For scenario files, tests and tools, not for play: `Game` takes these methods from `Scripting`
(`game.run_effect(...)`, `game.next_question(...)`, `game.jump(...)`), and they run through the
same question protocol as play (questions.py), with the answers given here as its `script`.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulesdsl import EffectAbort, Origin, build_effect

from .context import Context
from .copies import Copies
from .decisions import Decision
from .errors import IllegalDecisionError
from .journal import Journal
from .labels import Labeller
from .model import BoardSide, Effect, Ruleset
from .plan import plan_of
from .questions import OutOfAnswers, Questions
from .state import Cursor, State
from .table import Table

_PARTS = frozenset(("rules", "state", "side", "journal", "questions", "label"))


class Scripting(Copies):
    """The scripting tools of a game (mixed into `Game`, which gives what is declared here),
    and how a game is copied and pickled (`Copies`)."""

    rules: Ruleset
    state: State
    side: BoardSide
    journal: Journal
    questions: Questions
    label: Labeller
    table: Table  # the same parts, as the game's steps read them (table.py)

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute; one of the game's parts is set in its table too. The parts stay
        attributes of the game's own (its readers, a bot or a tool, read them as quickly as
        before), and the table, which its steps read, follows every change made to them."""
        object.__setattr__(self, name, value)
        if name in _PARTS:
            table = self.table
            setattr(table, name, value)
            if name == "rules":
                table.kinds = value.has_seat_kinds
                table.plan = plan_of(value)

    def _unchanging(self, what: str) -> None:
        """Refuse `what` while the game may not change (`Game`'s)."""
        raise NotImplementedError

    def _leave_step(self) -> None:
        """Drop the waiting step where it stands (`Game`'s)."""
        raise NotImplementedError

    def _continue(self, answer: Any) -> None:
        """Run the flow on to the next decision (`Game`'s)."""
        raise NotImplementedError

    def run_effect(self, effect: Effect | str, seat: int, answers: Iterable = (),
                   played: str | None = None, score_key: str = "play") -> None:
        """Run one effect for `seat` right now, outside the flow, answering its questions from
        `answers` (option values, in order), and keep its changes. For scenario tests and
        tools: a question with no answer left raises IllegalDecisionError and the state is
        left unchanged."""
        self._unchanging("run an effect")
        journal = self.journal
        mark = journal.mark()
        try:
            self._scripted(effect, seat, answers, played, score_key)
        except OutOfAnswers as need:
            journal.rollback(mark)
            raise IllegalDecisionError(
                f"the effect needs an answer to '{need.decision.prompt}' "
                f"(options: {[o.value for o in need.decision.options]})") from None
        except EffectAbort as abort:
            journal.rollback(mark)
            raise IllegalDecisionError(f"the effect cannot be done: {abort.reason}") from None
        except BaseException:
            journal.rollback(mark)
            raise
        journal.keep(mark)

    def next_question(self, effect: Effect | str, seat: int, answers: Iterable = (),
                      played: str | None = None, score_key: str = "play") -> Decision | None:
        """The question `effect` would ask `seat` after `answers`, or None if it needs no more
        answers; EffectAbort if it cannot be done. The state is left exactly as it was."""
        mark = self.journal.mark()
        try:
            self._scripted(effect, seat, answers, played, score_key)
        except OutOfAnswers as need:
            return need.decision
        finally:
            self.journal.rollback(mark)
        return None

    def jump(self, cursor: Cursor) -> None:
        """Scripting: leave the waiting step where it stands (its changes so far stay), put the
        flow at `cursor` ({"stage": "round"|"final", "phase": i, "index": j}) and run on to the
        next decision. For building positions in tests and scenario files."""
        self._unchanging("jump")
        self._leave_step()
        self.state["cursor"] = cursor.copy()
        self.state["finished"] = False
        self._continue(None)

    def _scripted(self, effect: Effect | str, seat: int, answers: Iterable, played: str | None,
                  score_key: str) -> None:
        if isinstance(effect, str):
            effect = Effect(effect, build_effect(effect, Origin("<run_effect>"),
                                                 self.rules.vocabulary), "")
        ctx = Context(self, seat, score_key)
        ctx.played = played
        questions = self.questions
        saved, questions.script = questions.script, list(answers)
        try:
            effect.run(ctx)
        finally:
            questions.script = saved
