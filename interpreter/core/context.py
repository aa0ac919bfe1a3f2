"""The runtime context an effect runs in: the acting player, the journal, and the way questions
reach the player.

A step runs inside its own greenlet (see engine.py). A question (`ask`) suspends the step right
where it stands, with every change made so far applied to the live state; the answer resumes it
there. Nothing is re-run, except when a step is resumed from a save or a clone: then the step is
run once from its start with the answers it had already received (`replay`).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, Protocol, cast

from rulesdsl import EffectAbort, RulesRuntimeError
from rulesdsl.runtime import CEILING, STEP_BUDGET, over_ceiling

from . import rng, seats
from . import trial as _trial
from .decisions import Decision, Option
from .journal import MISSING, Journal
from .model import BoardSide, Ruleset, SeatKind
from .questions import NO_VALUE, Questions, first_two
from .state import Player, State
from .table import Table
from .trial import Completes, DeadEnd, TrialRun, search

MAX_LASTING = 1_000  # triggers and lasting effects started at once (a game has a few)
UNBOUNDED = sys.maxsize  # what a seat may spend of a resource its kind never pays
# The defaults of Context's rarely set fields, made once: compiled, a class's default is
# evaluated again for every instance, and a context is made for every step and effect run
NO_EVENT: Final[Mapping[str, Any]] = MappingProxyType({})
BUDGET: Final[int] = STEP_BUDGET
# The constants `gain` reads, as constants of this module (compiled: C statics, where a name
# imported from another module is looked up in this module's dict at every use)
_CEILING: Final[int] = CEILING
_NONE: Final[object] = MISSING  # the old value recorded for a key that was absent


class Runnable(Protocol):
    """What `attempt` runs: an effect, a compiled block, a lasting trigger's body."""

    def run(self, ctx: Context, env: dict | None = None) -> None: ...


def run_for(engine: Any, seat: int, run: Callable[[Context, dict | None], Any]) -> None:
    """`run(Context(engine, seat), None)`: a compiled effect's `run` for `seat` in a context of
    its own, the context made by compiled code as a step makes its own (from Python,
    `Context(...)` is Python's call of a class: about 500 instructions more). The bench times
    the effects through it (interpreter/sim/bench/effects.py)."""
    run(Context(engine, seat), None)


class _Block:
    """A compiled block with the `run(ctx, env)` shape of an effect, for `attempt`."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Any], Any]):
        self.fn = fn

    def run(self, ctx: Context, env: dict | None = None) -> None:
        self.fn(ctx)


class Context:
    """What compiled effects and verbs see while a step runs.

    A context is made for every step and every scripted run, so it sets only what differs
    from one to the next, in slots (one allocation, no dict of values besides); the rest
    starts as the class's value and is set on the instance when it changes, in a `__dict__`
    made then (a slot for each of those would need every field set on each creation)."""

    __slots__ = ("__dict__", "rules", "score_key", "seat", "state", "table", "tx")
    played: str | None = None
    trial: TrialRun | None = None  # in a trial run (trial.py): the run's answers and branches
    risky = 0  # enclosing rules that may still abort after the running statement
    event: Mapping[str, Any] = NO_EVENT  # a trigger's or hook's event details
    budget = BUDGET  # repetitions left for this run (rulesdsl.runtime.spend)
    in_bonus = False  # while a played card's bonus is offered or used (verbs.actions)
    _side: BoardSide | None = None  # a board side of its own (else the game's)

    def __init__(self, engine: Any, seat: int, score_key: str = "play"):
        """A context of `engine`'s: a game (`Game`, engine.py), or the game's table (table.py)
        as the steps give it; what it reads of it is read from the table's fields."""
        table: Table = engine if type(engine) is Table else engine.table
        self.table = table
        self.state: State = table.state
        self.rules: Ruleset = table.rules
        self.tx: Journal = table.journal
        self.seat = seat
        self.score_key = score_key

    @property
    def engine(self) -> Any:
        """The game this context runs in (`Game`, engine.py); the context holds its table, and
        the game only through the table's weak reference."""
        return self.table.owner()

    @property
    def side(self) -> BoardSide:
        """The board side in play (verbs read it often): the game's, unless given one."""
        side = self._side
        return self.table.side if side is None else side

    @side.setter
    def side(self, side: BoardSide) -> None:
        self._side = side

    @property
    def questions(self) -> Questions:
        """How questions get answers (questions.py): the game's."""
        return self.table.questions

    # -- the player ----------------------------------------------------------------------
    def sibling(self, seat: int, score_key: str) -> Context:
        """A new context of the same game (a trial run's own: questions.py)."""
        return Context(self.table, seat, score_key)

    @property
    def me(self) -> Player:
        return self.state["players"][self.seat]

    # -- the effect-language runtime protocol ---------------------------------------------
    def gain(self, resource: str, amount: int, seat: int | None = None) -> None:
        if amount == 0 or (self.table.kinds and self._frozen(resource, "never_gain", seat)):
            return
        player: Any = self.state["players"][self.seat if seat is None else seat]
        was = player[resource]  # recorded as it is; added to as a whole number (compiled: no
        old: int = was  # object made, and the ceiling a constant, not a look-up of the module)
        total = old + amount
        if total > _CEILING:  # every quantity stays a number a game can hold
            raise over_ceiling(amount, self.rules.word(resource), total)
        tx = self.tx
        if not tx.plain:
            tx.set(player, resource, total)
            if resource == "prestige":
                score = player["score"]
                tx.set(score, self.score_key, score.get(self.score_key, 0) + amount)
            return
        record = tx.record  # the hottest write of the engine: the record, then the change
        record((0, player, resource, was))
        player[resource] = total
        if resource == "prestige":
            score, key = player["score"], self.score_key
            had = score.get(key, _NONE)
            record((0, score, key, had))
            points: int = 0 if had is _NONE else had
            score[key] = points + amount

    def pay(self, resource: str, amount: int) -> None:
        if amount == 0 or (self.table.kinds and self._frozen(resource, "never_pay")):
            return
        player: Any = self.state["players"][self.seat]
        was = player[resource]  # as in gain
        old: int = was
        if old < amount:
            raise EffectAbort(f"cannot pay {amount} {self.rules.word(resource)}")
        tx = self.tx
        if tx.plain:  # as in gain
            tx.record((0, player, resource, was))
            player[resource] = old - amount
        else:
            tx.set(player, resource, old - amount)

    def can_pay(self, resource: str, amount: int) -> bool:
        """Whether `pay(resource, amount)` would go through now."""
        player: Any = self.state["players"][self.seat]
        return amount == 0 or player[resource] >= amount or self._frozen(resource, "never_pay")

    def may_spend(self, resource: str) -> int:
        """How much of a resource this seat may spend now: what it holds, or without bound when
        its kind never pays it (`never_pay`: its costs are waived, so they gate no verb's offers
        or check). A verb reads it once per call, as it would read the holding."""
        if self.table.kinds and resource in self.never_paid():
            return UNBOUNDED
        # `keyed` as a cast: free in the compiled form, where a call of it is a Python call
        return cast("dict[str, int]", self.state["players"][self.seat])[resource]

    def purse(self, never_paid: tuple[str, ...]) -> dict[str, Any]:
        """`may_spend` of every resource at once, given what the seat never pays
        (`never_paid()`, which the caller reads once): the seat's holdings (the player itself,
        no copy), those never paid without bound."""
        me = cast("dict[str, Any]", self.state["players"][self.seat])  # `keyed`, as above
        return dict(me, **dict.fromkeys(never_paid, UNBOUNDED)) if never_paid else me

    def never_paid(self) -> tuple[str, ...]:
        """What this seat's kind never pays now (`never_pay`; `silk` is the bales of its tiles).
        What is paid in final scoring is no cost of an action but the score's own exchange (003
        "1 VP per 10 Livre (remainder breaks ties)"): never waived."""
        if not self.table.kinds:
            return ()
        cursor = self.state["cursor"]
        if cursor is not None and cursor["stage"] == "final":
            return ()
        kind = seats.kind_of(self.rules, self.state, self.seat)
        return () if kind is None else kind.never_pay

    def _frozen(self, resource: str, which: str, seat: int | None = None) -> bool:
        """A resource this seat's kind never gains (or never pays: its costs are waived)."""
        if not self.table.kinds:
            return False
        if which == "never_pay":
            return resource in self.never_paid()
        kind = seats.kind_of(self.rules, self.state, self.seat if seat is None else seat)
        return kind is not None and resource in getattr(kind, which)

    def choose_resource(self, resources: list[str], amount: int) -> str:
        word = self.rules.word
        return self.ask("resource", f"gain {amount} of", resources,
                        lambda r: f"{amount} {word(r)}", exact=True)

    def choose(self, kind: str, options: list, prompt: str) -> Any:
        if kind == "one":
            return self.ask("choice", f"choose one of {prompt}", options, exact=True)
        if kind == "number":
            return self.ask("number", f"choose a number for {prompt}", options, str,
                            exact=True)
        if kind == "any":
            picked: list = []
            remaining = list(options)
            label = self.table.label
            while remaining:
                answer = self.ask("choice", f"choose any of {prompt} (picked {len(picked)})",
                                  [None] + remaining,
                                  lambda o: "done" if o is None else label(o), exact=True)
                if answer is None:
                    break
                picked.append(answer)
                remaining.remove(answer)
            return [o for o in options if o in picked]
        raise ValueError(f"unknown choice kind {kind!r}")

    def start_trigger(self, key: str, event: str, until: str) -> None:
        """A trigger started by an effect (`whenever`): from now until `until`, the body kept
        under `key` runs for this player at each `event` (saved in the state's modifiers)."""
        lasting = self.state["modifiers"]
        if len(lasting) >= MAX_LASTING:  # a trigger that starts itself again and again
            raise RulesRuntimeError(f"more than {MAX_LASTING:,} triggers and lasting effects "
                                    "started at once (does a trigger start itself?)")
        self.tx.append(lasting, {"seat": self.seat, "trigger": key, "event": event,
                                 "until": until})

    # -- questions -----------------------------------------------------------------------
    def ask(self, kind: str, prompt: str, values: Iterable, label: Callable[[Any], str] | None
            = None, seat: int | None = None, exact: bool = False) -> Any:
        """The answer to a question about `values` (plain JSON option values).

        A question with no option aborts the effect; one with a single option answers itself.
        Only values with which the step can be completed are offered. A caller passes `exact`
        when each value completes its own remaining work; then, unless an enclosing rule may
        still abort afterwards (`risky`), the values are offered as they are. Otherwise each is
        tried: a trial run of the step from its start (trial.py). In a trial run the search
        answers; otherwise the step waits, suspended, for the player's answer.
        """
        run = self.trial
        if run is not None:
            if self.table.kinds:
                auto = seats.kind_of(self.rules, self.state, self.seat if seat is None else seat)
                if auto is not None and (kind in auto.policy or "otherwise" in auto.policy):
                    return self._automaton_trial_answer(auto, kind, prompt, values, seat)
            return self._trial_answer(run, values, exact, prompt)
        questions = self.questions
        if questions.used < len(questions.answers) and questions.script is None and (
                not self.table.kinds or seats.kind_of(
                    self.rules, self.state, self.seat if seat is None else seat) is None):
            return questions.rerun_answer(prompt, values)  # a resumed step: answer recorded
        values = tuple(values)  # the decision's own (a list would be copied into one)
        if not values:
            raise EffectAbort(f"nothing to choose for: {prompt}")
        if len(values) == 1:
            return values[0]
        labeller = label or self.table.label
        if self.table.kinds:  # an automaton is answered by its policy, never by a person
            asked = self.seat if seat is None else seat
            auto = seats.kind_of(self.rules, self.state, asked)
            if auto is not None:  # among the legal values: its rules say what then happens
                return self._policy_answer(auto, asked, kind, prompt, list(values), labeller,
                                           seats.NoPreferredOption)
        waiting = self.table.waiting  # no step to suspend, or a bot choosing inside it
        if (not waiting.running or waiting.choosing) and questions.script is None:
            raise RuntimeError("a question was asked outside a game step")
        if self.risky or not exact:
            values = tuple(questions.completable(list(values), self))
            if not values:
                raise EffectAbort(f"nothing can be completed for: {prompt}")
        asked = self.seat if seat is None else seat
        if questions.suspend is None or questions.script is not None:
            # a script's answer, or no way to a player
            return questions.wait(Decision.of_values(asked, kind, prompt, values, labeller))
        # `Questions.wait` for a player's answer, the suspension asked of the table natively
        # (the flow gave the question protocol the table's own `suspend`, which `wait` calls
        # as a function of Python's: its arguments parsed); a bot that picks uniformly is
        # drawn for there, with no Decision made (`Table.answer`)
        answer = self.table.answer(asked, kind, prompt, values, labeller)
        questions.used += 1
        return answer

    def _automaton_trial_answer(self, auto: SeatKind, kind: str, prompt: str, values: Iterable,
                                seat: int | None) -> Any:
        """`ask` of an automaton seat in a trial run: the answer its policy gives, as in play,
        so that what `possible` finds can be done is what that seat would do; an effect its
        policy does not answer, or answers with none of the options, cannot be done (the trial
        aborts)."""
        values = list(values)
        if not values:
            raise EffectAbort(f"nothing to choose for: {prompt}")
        if len(values) == 1:
            return values[0]
        return self._policy_answer(auto, self.seat if seat is None else seat, kind, prompt,
                                   values, self.table.label, seats.UnansweredQuestion)

    def _policy_answer(self, auto: SeatKind, seat: int, kind: str, prompt: str, values: list,
                       labeller: Callable[[Any], str], cannot: type[Exception]) -> Any:
        """The option an automaton's policy picks among `values` (two or more); what its policy
        `cannot` answer aborts the effect, as a question with no option does."""
        try:
            return seats.policy_answer(auto, Decision(
                seat, kind, prompt, [Option(v, None, labeller) for v in values]), self)
        except cannot as none:
            raise EffectAbort(str(none)) from None

    def _trial_answer(self, run: TrialRun, values: Iterable, exact: bool, prompt: str) -> Any:
        """`ask` in a trial run: the values are looked at only as far as needed (verbs pass
        generators), and the search answers (trial.py)."""
        it, first, second = first_two(values, prompt)
        if second is NO_VALUE:
            return first
        given = run.path
        if run.used < len(given):
            run.used += 1
            return given[run.used - 1]
        if exact and not self.risky:
            raise Completes()
        return _trial.answer(run, [first, second, *it])

    def settled(self) -> None:
        """A verb says that nothing it still does can abort (its checks are done; the rest
        changes the state, and asks only exact questions). In a trial run with nothing around
        it that may still abort (`risky`) and every answer it was given used, the run can be
        completed, so it stops here, as at an exact question (trial.py)."""
        run = self.trial
        if run is not None and not self.risky and run.used >= len(run.path):
            raise Completes()

    # -- acting for others ----------------------------------------------------------------
    def act_as(self, seat: int, run: Callable[[Context], Any]) -> None:
        """Run as another player (`as PLAYER { ... }`): `my.` is theirs, so are the questions
        and the gains; what they cannot do aborts the whole effect."""
        saved = self.seat
        self.seat = seat
        try:
            run(self)
        finally:
            self.seat = saved

    def act_each(self, seats: Iterable[int], run: Callable[[Context], Any]) -> None:
        """Run as each of these players in turn order from the acting one (`each opponent`);
        for a player who cannot do it (cannot pay), it is undone and does nothing."""
        n = len(self.state["players"])
        block = _Block(run)
        for seat in sorted(seats, key=lambda s: (s - self.seat) % n):
            saved = self.seat
            self.seat = seat
            try:
                self.attempt(block)  # all or nothing for that player, as any attempt
            finally:
                self.seat = saved

    # -- running effects -----------------------------------------------------------------
    def attempt(self, effect: Runnable, env: dict | None = None) -> bool:
        """Run an effect all-or-nothing: if it cannot be done, undo it and report False.

        In a trial run, an attempt that aborts after it was given an answer is a dead end:
        that answer would have been thrown away."""
        questions, run = self.questions, self.trial
        mark, used, tried = self.tx.mark(), questions.used, 0 if run is None else run.used
        try:
            effect.run(self, env)
            return True
        except EffectAbort:
            self.tx.rollback(mark)
            if run is not None and run.used > tried:
                raise DeadEnd() from None
            if questions.used > used:
                questions.wasted += 1
            return False

    def random_index(self, n: int) -> int:
        """A place among `n` drawn by the game's seeded generator (the language's `random`):
        replays and clones draw the same."""
        return rng.next_int(self.state, self.tx, n)

    def possible(self, run: Callable[[Context], Any], key: Any = None,
                 check: Callable[[Context], bool | None] | None = None) -> bool:
        """Whether an effect can be carried through: some answers to its questions complete it
        (trial.py). A `check` (the effect's, built at load time) may know the answer without
        a trial run. With a `key`, a result found at the very start of the step is kept for the
        rest of the step (the position there never changes)."""
        questions = self.questions
        if key is None or self.tx.mark() != questions.step_mark:
            return self._possible(run, check)
        key = (self.seat, key)
        known = questions.known
        answer = known.get(key)
        if answer is None:
            answer = known[key] = self._possible(run, check)
        return answer

    def _possible(self, run: Callable[[Context], Any],
                  check: Callable[[Context], bool | None] | None) -> bool:
        if check is not None:
            answer = check(self)
            if answer is not None:
                return answer
        self.questions.searches += 1
        return search(self, run)
