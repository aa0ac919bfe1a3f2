"""The runtime context an effect runs in: the acting player, the journal, and the way questions
reach the player.

A step runs inside its own greenlet (see engine.py). A question (`ask`) suspends the step right
where it stands, with every change made so far applied to the live state; the answer resumes it
there. Nothing is re-run, except when a step is resumed from a save or a clone: then the step is
run once from its start with the answers it had already received (`replay`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rulesdsl import EffectAbort
from rulesdsl.runtime import CEILING, STEP_BUDGET, over_ceiling

from .decisions import Decision, Option, Probe

_NONE = object()


class Context:
    """What compiled effects and verbs see while a step runs."""

    __slots__ = (
        "budget",
        "engine",
        "event",
        "played",
        "probing",
        "rules",
        "score_key",
        "seat",
        "state",
        "tx",
    )

    def __init__(self, engine, seat: int, score_key: str = "play"):
        self.engine = engine
        self.state = engine.state
        self.rules = engine.rules
        self.tx = engine.journal
        self.seat = seat
        self.played: str | None = None
        self.probing = False
        self.score_key = score_key
        self.event: dict = {}  # the details of the event a trigger or hook runs for
        self.budget = STEP_BUDGET  # repetitions left for this run (rulesdsl.runtime.spend)

    # -- the player ----------------------------------------------------------------------
    @property
    def me(self) -> dict:
        return self.state["players"][self.seat]

    # -- the effect-language runtime protocol ---------------------------------------------
    def gain(self, resource: str, amount: int, seat: int | None = None) -> None:
        if amount == 0:
            return
        player = self.state["players"][self.seat if seat is None else seat]
        total = player[resource] + amount
        if total > CEILING:  # every quantity stays a number a game can hold
            raise over_ceiling(amount, self.rules.word(resource), total)
        self.tx.set(player, resource, total)
        if resource == "prestige":
            score = player["score"]
            self.tx.set(score, self.score_key, score.get(self.score_key, 0) + amount)

    def pay(self, resource: str, amount: int) -> None:
        if amount == 0:
            return
        if self.me[resource] < amount:
            raise EffectAbort(f"cannot pay {amount} {self.rules.word(resource)}")
        self.tx.add(self.me, resource, -amount)

    def choose_resource(self, resources: list[str], amount: int) -> str:
        word = self.rules.word
        return self.ask("resource", f"gain {amount} of", resources,
                        lambda r: f"{amount} {word(r)}")

    def choose(self, kind: str, options: list, prompt: str) -> Any:
        if kind == "one":
            return self.ask("choice", f"choose one of {prompt}", options)
        if kind == "number":
            return self.ask("number", f"choose a number for {prompt}", options, str)
        if kind == "any":
            picked: list = []
            remaining = list(options)
            label = self.engine.label
            while remaining:
                answer = self.ask("choice", f"choose any of {prompt} (picked {len(picked)})",
                                  [None] + remaining,
                                  lambda o: "done" if o is None else label(o))
                if answer is None:
                    break
                picked.append(answer)
                remaining.remove(answer)
            return [o for o in options if o in picked]
        raise ValueError(f"unknown choice kind {kind!r}")

    # -- questions -----------------------------------------------------------------------
    def ask(self, kind: str, prompt: str, values: Iterable, label: Callable[[Any], str] | None
            = None, seat: int | None = None) -> Any:
        """The answer to a question about `values` (plain JSON option values).

        A question with no option aborts the effect; one with a single option answers itself.
        In a trial run (`possible`) the values are only looked at until a second one shows that
        there is a real choice, so verbs pass generators and nothing more is built. Otherwise
        the step waits, suspended, for the player's answer.
        """
        if self.probing:
            it = iter(values)
            first = next(it, _NONE)
            if first is _NONE:
                raise EffectAbort(f"nothing to choose for: {prompt}")
            if next(it, _NONE) is _NONE:
                return first
            raise Probe()
        values = list(values)
        if not values:
            raise EffectAbort(f"nothing to choose for: {prompt}")
        if len(values) == 1:
            return values[0]
        labeller = label or self.engine.label
        decision = Decision(self.seat if seat is None else seat, kind, prompt,
                            [Option(v, None, labeller) for v in values])
        return self.engine._wait(decision)

    # -- running effects -----------------------------------------------------------------
    def attempt(self, effect, env: dict | None = None) -> bool:
        """Run an effect all-or-nothing: if it cannot be done, undo it and report False."""
        mark = self.tx.mark()
        try:
            effect.run(self, env)
            return True
        except EffectAbort:
            self.tx.rollback(mark)
            return False

    def possible(self, run: Callable[[Context], Any]) -> bool:
        """Whether an effect can be started: a trial run that stops at its first real choice."""
        mark = self.tx.mark()
        saved = self.probing
        self.probing = True
        try:
            run(self)
            return True
        except Probe:
            return True
        except EffectAbort:
            return False
        finally:
            self.probing = saved
            self.tx.rollback(mark)
