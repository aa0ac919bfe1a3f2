"""The game: a ruleset plus plain state, driven one decision at a time.

How a step waits for a player: the steps of the flow (phase steps, players' turns) run one
after another in a greenlet of the game's, reused from step to step until the game ends
(making a greenlet costs far more than switching to one, and most steps ask nothing). When an
effect asks a question, the greenlet switches back to the caller with the Decision; every
change the step made so far is already in `game.state`, so the board a player, a bot or a
viewer sees is the live position.
`apply` switches back into the greenlet with the answer and the step continues from where it
stopped: nothing is re-run.

What makes that savable: every change goes through the journal (journal.py), which holds the
record since the start of the step that waits. A save stores the state at that step's start
(rebuilt from the live state and the record, without running anything) and the answers the step
has had; loading runs that one step again with those answers, so it costs a step, not a game.
The same record rolls a faulty rule back to the last decision.

Which answer a question gets (recorded, scripted or the player's) and which options it offers
is the question protocol's, one object of the game's (`questions`, questions.py); the flow gives
it only `Table.suspend`, the switch out of the step, while the flow's greenlet runs. What the
steps read of the game (its rules, state, journal, labeller, question protocol and where it
waits) is the game's table (table.py): the game holds the suspended step, and nothing in the
step holds the game, so an abandoned game is freed. The scripting tools (`run_effect`,
`next_question`, `jump`) are `Scripting`'s (scripting.py).

Compiled with mypyc (interpreter/_core.py) as a class of Python's (`native_class=False`): its
methods run as C, and it can still be patched and read like any Python object; a subclass of
it, though, is refused by the compiled methods (they check `self`'s exact class).
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final

from greenlet import getcurrent, greenlet

from rulesdsl import EffectAbort

from .._core import mypyc_attr
from . import flow, seats
from .context import Context
from .decisions import Decision, Option
from .errors import IllegalDecisionError, RuleFaultError, short_value
from .explain import ExplainingJournal
from .faults import describe_fault
from .journal import Journal, copy_json
from .labels import Labeller, labeller_for
from .model import Phase, Ruleset, Step
from .new_game import new_state
from .questions import Questions
from .rng import Uniformly
from .scripting import Scripting
from .state import State, keyed
from .statecopy import copy_state
from .table import Table, Waiting, matching_value, recorded, value_answered, value_at
from .view import player_view

_DONE: Final = object()  # what the flow greenlet reports when the game is over
_NO_CHOOSERS: Final[list] = []  # `Waiting.choosers` between runs (read only: never appended to)
# Final: compiled, C statics, where a name of the module's is looked up in its dict at each use
_CURRENT: Final[Callable[[], greenlet]] = getcurrent
# greenlet's switch as a function of the greenlet and the value: called, it is not looked up by
# name in the greenlet's type first, as `g.switch(value)` is (about 220 instructions a switch)
_SWITCH: Final[Callable[[greenlet, Any], Any]] = greenlet.switch
_UNIFORMLY: Final = Uniformly.choose_index  # what a bot the step draws for answers by


class Held:
    """A game's hold on its suspended step (`green`, the flow's greenlet, None when no step
    waits): the game's own, out of the step's reach (a step reaching it would hold itself)."""

    def __init__(self) -> None:
        self.green: greenlet | None = None
        self.bots: list = []  # the bots `apply_index_then` was last given, and their
        self.choosers: list = []  # `choose_index` (`_index_chooser`): looked up once for them
        self.pickers: list = []  # and those the step draws for (`_picker`)
        # (all let go when the game ends: the bots are the caller's, not the game's)


@mypyc_attr(native_class=False)  # compiled methods; a class of Python's: patched, subclassed
class Game(Scripting):
    """A game in progress. It is always either finished or waiting on one decision.

    >>> from interpreter import load_ruleset
    >>> game = Game.new(load_ruleset(), players=3, seed=7)
    >>> decision = game.decision()
    >>> decision.kind, len(decision.options) > 1
    ('hand', True)
    >>> game.apply(decision.options[0])
    >>> game.history[-1][0] == decision.seat
    True
    """

    _held: Held  # its hold on the suspended step (set in `__init__`, past `__setattr__`)

    def __init__(self, rules: Ruleset, state: State, history: list | None = None,
                 meta: dict | None = None, explain: bool = False):
        side = rules.side_for(len(state["players"]))
        journal = ExplainingJournal(self) if explain else Journal()
        label, questions = labeller_for(rules, side), Questions()  # questions.py
        # what the steps read: the same parts, where the game waits, play_out's bots (table.py)
        table = Table(rules, state, side, journal, label, questions, Waiting())
        table.owner = weakref.ref(self)  # a step holds the table, never the game
        table.switch = _SWITCH
        self.__dict__.update(rules=rules, state=state, side=side, journal=journal, label=label,
                             questions=questions, table=table,
                             _held=Held())  # the suspended step: the game's, not the table's
        self.history: list = [] if history is None else history
        self.meta: dict = {} if meta is None else meta
        self._redo: list = []                 # decisions taken back, the next to redo last

    # -- creating --------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Ruleset, players: Any = None, seed: Any = 0,
            explain: bool = False) -> Game:
        """A new game; with `explain`, every change is traced to its rule (`explain()`).
        `players` counts every seat (4 by default; a solo mode's own count by default)."""
        game = cls(rules, new_state(rules, players, seed), explain=explain)
        try:
            cls._start(game)
        except Exception as exc:  # a fault in a set-up rule, named as a fault in play is
            raise describe_fault(exc, game.state["seed"], None) from exc
        return game

    def _start(self) -> None:
        """Set a new game up: the automata's own set-up first, then the flow to its first
        decision."""
        self._seat_setup()
        flow.start(self.table.rules, self.table.state, self.table.journal)
        self._continue(None)

    def _seat_setup(self) -> None:
        """Each automaton's own set-up effect, once, before round 1 (its answers from its
        policy: no person is asked)."""
        for player in self.table.state["players"]:
            kind = seats.kind_of(self.table.rules, self.table.state, player["seat"]) \
                if self.table.rules.seat_kinds else None
            if kind is not None and kind.setup_effect is not None:
                kind.setup_effect.run(Context(self, player["seat"]))
        self.table.journal.forget()

    @property
    def wasted_answers(self) -> int:
        """Answers a rule then threw away (an aborted step or attempt)."""
        return self.table.questions.wasted

    @property
    def trial_searches(self) -> int:
        """Searches of trial runs made to find what can be done."""
        return self.table.questions.searches

    # -- asking ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.table.state["finished"]

    def decision(self) -> Decision | None:
        """The pending decision: who decides, what kind (docs/decisions.md), every option."""
        return self.table.waiting.decision

    def legal_options(self) -> tuple[Option, ...]:
        decision = self.table.waiting.decision
        return () if decision is None else decision.options

    # -- deciding --------------------------------------------------------------------------
    def apply(self, option: Option | Any) -> None:
        """Answer with an Option of the pending decision, or with an option's value.

        An answer that is not legal raises IllegalDecisionError and changes nothing. Indexes
        are never guessed: use `apply_index(i)` for the i-th option.
        """
        decision = _waiting_on(self.table)
        self._answer(decision, value_answered(decision, option))

    def apply_value(self, value: Any) -> None:
        """Answer with the option whose value equals `value` (as JSON data)."""
        decision = _waiting_on(self.table)
        self._answer(decision, matching_value(decision, value))

    def apply_index(self, index: Any) -> None:
        """Answer with the option at `index` of the pending decision's options (the
        environments' answer: `_answer` written out, no method of Python's called)."""
        table = self.table
        decision = _waiting_on(table)
        fault = _answered(table, self._held, self.history, decision, value_at(decision, index))
        if fault is not None or self._redo:
            self._after(fault)

    def apply_index_then(self, index: Any, bots: Sequence[Any]) -> None:
        """`apply_index(index)`, then `bots` (one per seat, None for a seat they leave to its
        player) answer inside the running step, as in `play_out`, until a seat without a bot is
        asked or the game ends: the same game, history, saves and errors as answering one
        decision at a time (a bot's raise or wrong answer leaves the game waiting at the
        decision it was asked, then is raised). The one-seat environment's step: no switch
        out of the step and back for each bot's answer. The bots' `choose_index` are looked
        up when the bots are not those of the last call (the same objects, seat by seat)."""
        table, held, history = self.table, self._held, self.history
        decision = _waiting_on(table)
        value = value_at(decision, index)
        _seat_bots(table.waiting, bots, _choosers_of(table, held, bots), held.pickers, history)
        try:
            fault = _answered(table, held, history, decision, value)
            if fault is not None or self._redo:
                self._after(fault)
        finally:
            error = _unseat_bots(self.table.waiting)
        if error is not None:  # the step waits at the decision that bot was asked
            raise error

    def play_out(self, bots: Sequence[Any]) -> None:
        """Let `bots` (one per seat: `choose(game, decision)` gives an option) answer every
        decision until the game ends. The same game as `while not game.is_over(): d =
        game.decision(); game.apply(bots[d.seat].choose(game, d))`, the same errors (an illegal
        option, or what a bot raises, leaves the game waiting at that decision; a rule's fault
        restores the decision being answered), but each answer is given inside the running step,
        without leaving it and coming back. A bot may read the game, copy it and save it while
        it chooses; answering or changing it there raises IllegalDecisionError. A seat whose
        bot is None is left to its player: play_out returns when that seat is asked."""
        _enough_bots(self.table, bots)
        choosers = [None if bot is None else _index_chooser(bot) for bot in bots]
        pickers = [_picker(bot, chooser) for bot, chooser in zip(bots, choosers)]
        while not self.is_over():
            decision = _waiting_on(self.table)
            if bots[decision.seat] is None:
                return
            option = bots[decision.seat].choose(self, decision)
            _seat_bots(self.table.waiting, bots, choosers, pickers, self.history)
            try:
                self.apply(option)
            finally:
                error = _unseat_bots(self.table.waiting)
            if error is not None:  # the step waits at the decision that bot was asked
                raise error

    def _answer(self, decision: Decision, value: Any) -> None:
        """Give `value`, an option's value of `decision`, the pending one (`_answered`)."""
        fault = _answered(self.table, self._held, self.history, decision, value)
        if fault is not None or self._redo:
            self._after(fault)

    def _after(self, fault: tuple[list, Exception] | None) -> None:
        """After an answer: a rule's fault restored and reported; the decisions taken back are
        no longer to redo."""
        if fault is not None:
            self._recover(*fault)
        if self._redo:
            self._redo = []

    def _unchanging(self, what: str) -> None:
        """Refuse a change while a bot of `play_out` chooses inside the running step."""
        _refuse_while_choosing(self.table, what)

    # -- taking back -----------------------------------------------------------------------
    def undo(self, count: Any = 1) -> None:
        """Take back the last `count` decisions: the state, the pending decision, the history
        and a save are then exactly as if they had never been answered, and `redo` answers
        them again. Within the waiting step, the step is rebuilt from its start; further back,
        the game is replayed from its seed and history (as `Game.replay` and a verified save
        are), so a position built by scripting (`jump`, `run_effect`) is undone only within
        its waiting step."""
        self._unchanging("undo")
        kind = type(count)  # as apply_index: an int subclass counts by its value
        if not issubclass(kind, int) or kind is bool or int.__index__(count) < 1:
            raise IllegalDecisionError(f"cannot take back {short_value(count)} decisions: give a "
                                       "whole number, 1 or more")
        count = int.__index__(count)
        if count > len(self.history):
            made = len(self.history)
            raise IllegalDecisionError(f"cannot take back {count} decision"
                                       f"{'s' if count > 1 else ''}: {made} "
                                       f"{'was' if made == 1 else 'were'} made so far")
        taken: list = self.history[-count:]
        redo = self._redo + [list(h) for h in taken[::-1]]
        state, answers = self.step_start()
        before = dict(self.__dict__)  # the game as it is: a failed undo leaves it so
        try:
            if count <= len(answers):
                self._rebuild(state, answers[:len(answers) - count], self.history[:-count])
            else:
                replay = self.history[:-count]
                self._rebuild(new_state(self.table.rules, len(state["players"]), state["seed"]),
                              None, [])
                for _seat, value in replay:
                    self.apply_value(value)
        except Exception as exc:  # a history that does not replay (an edited save)
            self.__dict__.clear()
            self.__dict__.update(before)
            raise IllegalDecisionError(f"cannot take back {count} decision"
                                       f"{'s' if count > 1 else ''}: the game's history does "
                                       f"not replay ({exc}); the game is as it was") from exc
        self._redo = redo

    def redo(self) -> None:
        """Answer again the last decision `undo` took back (none is left once another answer
        is given)."""
        self._unchanging("redo")
        if not self._redo:
            raise IllegalDecisionError("there is nothing to redo: no decision was taken back "
                                       "since the last one made")
        redo = self._redo
        self.apply_value(redo[-1][1])
        redo.pop()
        self._redo = redo

    def _rebuild(self, state: State, answers: list | None, history: list) -> None:
        """Put this game at the start of the step `state` is at, with `answers` given to it
        (None: a new game's state, started afresh)."""
        was = self.table  # a new table (a failed undo puts the old back, with its parts)
        waiting = Waiting()
        waiting.where = was.waiting.where
        table = Table(was.rules, state, was.side,
                      ExplainingJournal(self) if isinstance(was.journal, ExplainingJournal)
                      else Journal(), was.label,
                      Questions(was.questions.wasted, was.questions.searches),  # counting on
                      waiting)
        table.owner, table.switch = was.owner, was.switch
        self.__dict__.update(state=table.state, journal=table.journal,
                             questions=table.questions, table=table, history=history,
                             _held=Held())  # the old step, if any, is dropped (an undo that
        # fails puts it back)
        if answers is None:  # set up as Game.new does
            self._start()
        elif not state["finished"]:
            self._resume(answers, own=True)

    # -- running ---------------------------------------------------------------------------
    def _continue(self, answer: Any) -> None:
        """Run the waiting step on with `answer`, then the following steps, until one waits on
        a question or the game ends (`_run_on`)."""
        _run_on(self.table, self._held, answer)

    @property
    def step_name(self) -> str:
        """The step running, as `explain` names it: the phase's id, with the step's if it has
        several; "flow" between steps ("" before the first)."""
        where = self.table.waiting.where
        if isinstance(where, str):
            return where
        phase, step, _seat = where
        return phase.id if step.id == phase.id else f"{phase.id}.{step.id}"

    def _resume(self, answers: list, own: bool = False) -> None:
        """Run the current step from its start, giving it `answers` before asking anew (`own`:
        this process's own answers to its questions, `Questions.restart`)."""
        questions = self.table.questions
        questions.restart(answers, own)
        try:
            self._continue(None)
        finally:
            questions.seed_known = None

    def _recover(self, before: list, exc: Exception) -> None:
        """A rule failed: roll the game back to the decision just answered, then report."""
        decision_number = len(self.history)
        self.table.journal.rollback()
        self.history.pop()
        self._held.green = None
        self._resume(before, own=True)
        raise describe_fault(exc, self.table.state["seed"], decision_number) from exc

    # -- scripting (scripting.py) -----------------------------------------------------------
    def _leave_step(self) -> None:
        """Drop the waiting step where it stands (its changes so far stay, for good)."""
        self._held.green = self.table.waiting.decision = None
        self.table.questions.restart()
        self.table.journal.forget()

    def explain(self) -> list:
        """Every change made so far, each with the rule (owner and file:line:column) that made
        it and the decision that led there: a game made with `Game.new(..., explain=True)`."""
        if not isinstance(self.table.journal, ExplainingJournal):
            raise ValueError("this game keeps no trace: make it with Game.new(..., explain=True)")
        return self.table.journal.changes()

    # -- results ---------------------------------------------------------------------------
    def standings(self) -> list[dict]:
        """Players best first, by the ruleset's ranking keys (the base game's: most prestige,
        then most Livre); on a full tie a seat whose kind wins ties comes first (a solo mode's
        automaton)."""
        rules = self.table.rules
        state = self.table.state
        rows = [((tuple(-keyed(p)[k] for k in rules.ranking), _ties_first(rules, state, p["seat"]),
                  p["seat"]),
                 {"seat": p["seat"], "color": p["color"], "prestige": p["prestige"],
                  "livre": p["livre"], "score": dict(p["score"]), "kind": p.get("kind", "human")})
                for p in state["players"]]
        return [row for _key, row in sorted(rows, key=itemgetter(0))]

    def winner(self) -> int | None:
        """The first seat of the standings; players tied on every ranking key share the win
        (unless a seat's kind wins ties)."""
        return self.standings()[0]["seat"] if self.is_over() else None

    def winners(self) -> list[int]:
        """The seats that share the win, lowest first: those tied with the first of the
        standings on every ranking key, or only those of them whose kind wins ties."""
        rules = self.table.rules
        keys = {p["seat"]: tuple(keyed(p)[k] for k in rules.ranking)
                for p in self.table.state["players"]}
        best = keys[self.standings()[0]["seat"]]
        tied = sorted(seat for seat, key in keys.items() if key == best)
        kinds = [seats.kind_of(rules, self.table.state, seat) if rules.seat_kinds else None
                 for seat in tied]
        return [seat for seat, kind in zip(tied, kinds) if kind and kind.wins_ties] or tied

    # -- copying, saving, viewing -----------------------------------------------------------
    def _stepping(self) -> bool:
        """Whether a step is under way: suspended at a question, or asking `play_out`'s bot."""
        return self._held.green is not None or self.table.waiting.choosing

    def step_start(self) -> tuple[State, list]:
        """A copy of the state at the start of the waiting step, and the answers it has had:
        all it takes to rebuild this exact position."""
        if not self._stepping():
            return copy_state(self.table.state), []
        table = self.table
        return table.journal.original(table.state, copy_state), list(table.questions.answers)

    @classmethod
    def resumed(cls, rules: Ruleset, state: State, answers: list, history: list,
                 meta: dict, known: dict | None = None, label: Labeller | None = None,
                 own: bool = False) -> Game:
        """A game at the start of the step `state` is at, run on with `answers`; `known`: the
        `Context.possible` results found at that very position (a clone's original's); `label`:
        a labeller of the same rules and board side whose labels it may share; `own`: the
        answers are those a game of this process gave that very step (a clone's original's),
        so they are not looked for among the options again, as a save's are."""
        game = cls(rules, state, history, meta)
        if label is not None:
            game.label = label
        if not state["finished"]:
            game.questions.seed_known = known
            cls._resume(game, answers, own)
        return game

    def clone(self) -> Game:
        """An independent copy: the step-start state and the waiting step run once more (what
        its original found possible at that start, and the labels it made, are not worked out
        again)."""
        state, answers = self.step_start()
        return Game.resumed(self.table.rules, state, answers, list(self.history),
                            copy_json(self.meta),
                            dict(self.table.questions.known) if self._stepping()
                            else None,
                            self.table.label, own=True)

    def to_json(self) -> str:
        from .saves import dump_save
        return dump_save(self)

    @classmethod
    def from_json(cls, rules: Ruleset, text: Any, verify: Any = False) -> Game:
        """Load a save: checked by its digest, the state's schema and the game's invariants;
        with `verify`, also replayed from its seed. A damaged or foreign save raises
        CorruptSaveError with the reason."""
        from .saves import load_save
        return load_save(cls, rules, text, verify)

    @classmethod
    def replay(cls, rules: Ruleset, players: Any, seed: Any, answers: Any) -> Game:
        """Rebuild a game from its seed and decisions; the result is identical."""
        game = cls.new(rules, players, seed)
        for value in answers:
            game.apply_value(value)
        return game

    def view(self, seat: Any) -> dict:
        """What `seat` may see of the live position, with the pending decision."""
        return player_view(self.table.state, seat, self.table.waiting.decision, self.table.rules)


def _refuse_while_choosing(table: Table, what: str) -> None:
    """Refuse a change while a bot of `play_out` chooses inside the running step."""
    if table.waiting.choosing:
        raise IllegalDecisionError(f"cannot {what} while play_out asks a bot: a bot may read, "
                                   f"clone and save the game as it chooses, not change it")


def _waiting_on(table: Table) -> Decision:
    """The decision the game waits on, to be answered now."""
    waiting = table.waiting
    if waiting.choosing:
        _refuse_while_choosing(table, "answer the game")
    decision = waiting.decision
    if decision is None:
        raise IllegalDecisionError("the game is over: there is no decision to answer")
    return decision


# The answering path (`apply`, `apply_index`, `apply_value`) in functions of the module's, given
# the game's table, hold and history: compiled, each is called natively and reads native fields,
# where a method of `Game` (a class of Python's) called another as a method of Python's (about
# 700 instructions a call) and read each attribute of the game from its dict (about 250 a read).


def _answered(table: Table, held: Held, history: list, decision: Decision, value: Any
              ) -> tuple[list, Exception] | None:
    """Give `value` to the waiting step as the answer to `decision` and run the game on (the
    game's table, hold and history). None, or when a rule faults, the answers to run the step
    again with (those given before) and the fault (`Game._after` restores, then reports it)."""
    answers = table.questions.answers  # only appended to: its first `given` are those before
    given = len(answers)
    answers.append(value)
    history.append([decision.seat, recorded(value)])
    try:
        _run_on(table, held, value)
    except Exception as exc:  # noqa: BLE001 - a fault in a rule: restored, then reported
        waiting = table.waiting
        if waiting.given_in is not None:  # after answers given in the step (`play_out`)
            answers, given = waiting.given_in, waiting.given
            waiting.bots = None  # the step is re-run up to that decision, to wait there
        return answers[:given], exc
    return None


def _run_on(table: Table, held: Held, answer: Any) -> None:
    """Run the waiting step on with `answer`, then the following steps, until one waits on a
    question or the game ends. The steps run in the game's flow greenlet (`_flow`): it switches
    back here only with a question or when the game is over. `table` and `held` are the game's
    (nothing a step runs gives the game another table or hold: changing it is refused then)."""
    g = held.green
    waiting = table.waiting
    held.green = waiting.decision = None
    if g is None:
        if table.state["cursor"] is None:  # the game is over (flow.current: None)
            table.journal.forget()
            return
        g = greenlet(_flow)
        g.parent = waiting.caller = _CURRENT()
        first: Any = table
    else:
        caller = _CURRENT()  # the step reports back to whoever answers now
        if waiting.caller is not caller:  # `g.parent`, kept where a field is read natively
            g.parent = waiting.caller = caller
        first = answer
    waiting.running = True  # until the flow switches back (a question asked after is refused)
    try:
        result = _SWITCH(g, first)
    except BaseException:  # the flow ended with a fault: it has no parent to return to
        waiting.caller = None
        waiting.running = False
        raise
    waiting.running = False
    if result is _DONE:  # over: no greenlet is held, nor the one it returned to, nor bots
        waiting.caller = None
        held.bots, held.choosers, held.pickers = [], [], []
    else:  # a question: the step waits in `g` for its answer
        # the game holds the suspended step, and nothing in the step holds the game
        held.green, waiting.decision = g, result


def _flow(table: Table) -> Any:
    """The body of the flow greenlet: run step after step (each from its start, `fresh` until
    its first question) until the game is over, then end, reporting it (an ended greenlet holds
    no frame). A rule's fault ends it too; the next run gets a new one. It holds the game's
    table, never the game: the game holds it while a step waits, so an abandoned game is freed
    (and its step, dropped, is ended by GreenletExit)."""
    # the game's rules, state and journal are read afresh after every step: a step may
    # wait for an answer, and a tool may give the game others meanwhile
    questions = table.questions  # its way to a player is open while this flow runs
    questions.suspend = table.suspend
    try:
        plan, state, journal = table.plan, table.state, table.journal
        where = flow.step_at(plan, state)
        while where is not None:
            waiting = table.waiting
            phase, at, seat = where
            step, run = phase.steps[at], phase.runs[at]
            waiting.where = (phase.phase, step, seat)
            waiting.fresh = True
            if table.kinds:
                step = _for_seat(plan.rules, state, phase.phase, step, seat)
                run = step.effect.run
            _step_main(table, step, run, seat, phase.key, journal.mark())
            questions.end_step()
            table.waiting.where = "flow"
            plan, state, journal = table.plan, table.state, table.journal
            where = flow.step_after(plan, state, journal)
        table.journal.forget()
    finally:
        questions.suspend = None
    return _DONE


def _step_main(table: Table, step: Step, run: Callable[[Context], Any], seat: int,
               score_key: str, mark: int) -> None:
    """Run one step of the flow from its start (`run`: its effect's, as the plan holds it): an
    effect that aborts changes nothing."""
    questions = table.questions
    questions.begin_step(step, seat, score_key, mark)
    try:
        run(Context(table, seat, score_key))
    except EffectAbort:
        table.journal.rollback(mark)
        if questions.used:
            questions.wasted += 1


def _for_seat(rules: Ruleset, state: State, phase: Phase, step: Step, seat: int) -> Step:
    """The step as a seat of its kind runs it (a ruleset with seat kinds): an automaton's own
    effect for a phase its kind replaces (its hand selection, its turn, its income), else the
    game's."""
    kind = seats.kind_of(rules, state, seat)
    if kind is None or phase.id not in kind.phases:
        return step
    return Step(step.id, step.name, kind.phases[phase.id])


def _ties_first(rules: Ruleset, state: State, seat: int) -> int:
    """0 for a seat whose kind wins ties (a solo mode's automaton), else 1."""
    kind = seats.kind_of(rules, state, seat) if rules.seat_kinds else None
    return 0 if kind is not None and kind.wins_ties else 1


def _seat_bots(waiting: Waiting, bots: Sequence[Any], choosers: list, pickers: list,
               history: list) -> None:
    """Let `bots` (their `choose_index`, `choosers`; those the step draws for, `pickers`)
    answer inside the running step, adding their answers to the game's `history` (`play_out`,
    `apply_index_then`)."""
    waiting.bots, waiting.choosers, waiting.pickers = bots, choosers, pickers
    waiting.history = history


def _unseat_bots(waiting: Waiting) -> BaseException | None:
    """Take the bots `_seat_bots` gave out of the game's `waiting` (read again by the caller:
    a fault's recovery makes a new one), and give what one of them raised, if any, taken out
    too (raised by the caller once the answer is through; an answer that raises drops it)."""
    waiting.bots, waiting.given_in, waiting.history = None, None, None
    waiting.choosers = waiting.pickers = _NO_CHOOSERS  # (`held` keeps them while a game goes
    # on; play_out's bots are the caller's to keep)
    error, waiting.bot_error = waiting.bot_error, None
    return error


def _choosers_of(table: Table, held: Held, bots: Sequence[Any]) -> list:
    """The `choose_index` of each of `bots` (None for a seat without one: `_index_chooser`),
    kept in `held` for the next call with the same bots (checked then: `_enough_bots`)."""
    known = held.bots
    given = bots if type(bots) is list else list(bots)  # a list: compiled, indexed natively
    if len(known) == len(given) and known:
        for seat in range(len(given)):
            if known[seat] is not given[seat]:
                break
        else:
            return held.choosers
    _enough_bots(table, bots)
    choosers = [None if bot is None else _index_chooser(bot) for bot in bots]
    held.bots, held.choosers = list(bots), choosers
    held.pickers = [_picker(bot, chooser) for bot, chooser in zip(bots, choosers)]
    return choosers


def _enough_bots(table: Table, bots: Sequence[Any]) -> None:
    """Refuse, before anything changes, a bots list shorter than the game's seats (a bare
    IndexError later would read as a bot's fault)."""
    seats = len(table.state["players"])
    if len(bots) < seats:
        raise ValueError(f"{len(bots)} bot{'s' if len(bots) != 1 else ''} for {seats} seats: "
                         "give one per seat (None for a seat left to its player)")


def _index_chooser(bot: Any) -> Callable[[Any, Decision], Any] | None:
    """The bot's `choose_index(game, decision)` when the class that defines its `choose` defines
    `choose_index` beside it (then `choose` is `decision.option_at(choose_index(...))`, as the
    project's own bots have it; a subclass or a bot given a `choose` of its own is asked by
    `choose`); else None. Looked up once per `play_out`."""
    owner = next((k for k in type(bot).__mro__ if "choose" in vars(k)), None)
    if owner is None or "choose_index" not in vars(owner) \
            or "choose" in getattr(bot, "__dict__", ()):  # or one given to this bot
        return None
    return bot.choose_index


def _picker(bot: Any, chooser: Callable[[Any, Decision], Any] | None) -> Uniformly | None:
    """The bot, when the step may draw its answers for it (`Table.answer`): a `Uniformly`
    asked by its `choose_index` (`chooser`), that very method (no subclass's own); else None."""
    if chooser is None or not isinstance(bot, Uniformly) \
            or getattr(type(bot), "choose_index", None) is not _UNIFORMLY:
        return None
    return bot


__all__ = ["Game", "RuleFaultError"]
