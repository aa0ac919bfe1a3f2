"""The runtime context an effect runs in: the acting player, the journal, and recorded answers."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from rulesdsl import EffectAbort

from .decisions import Decision, NeedDecision, Option, Probe


class Context:
    """What compiled effects and verbs see while a step runs.

    Decisions work by replay: a step is run from its start with the answers recorded so
    far; the first question without an answer stops it (the journal undoes its changes)
    and becomes the pending decision.
    """

    __slots__ = ("engine", "state", "rules", "tx", "seat", "played", "answers", "cursor",
                 "probing", "score_key")

    def __init__(self, engine, seat: int, answers: list, score_key: str = "play"):
        self.engine = engine
        self.state = engine.state
        self.rules = engine.rules
        self.tx = engine.journal
        self.seat = seat
        self.played: str | None = None
        self.answers = answers
        self.cursor = 0
        self.probing = False
        self.score_key = score_key

    # -- the player ----------------------------------------------------------------------
    @property
    def me(self) -> dict:
        return self.state["players"][self.seat]

    # -- the effect-language runtime protocol ---------------------------------------------
    def gain(self, resource: str, amount: int, seat: int | None = None) -> None:
        if amount == 0:
            return
        player = self.state["players"][self.seat if seat is None else seat]
        self.tx.add(player, resource, amount)
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
        options = [Option(r, f"{amount} {self.rules.word(r)}") for r in resources]
        return self.ask("resource", f"gain {amount} of", options)

    def choose(self, kind: str, options: list, prompt: str) -> Any:
        label = self.engine.label
        if kind == "one":
            return self.ask("choice", f"choose one of {prompt}", [Option(o, label(o)) for o in options])
        if kind == "number":
            return self.ask("number", f"choose a number for {prompt}", [Option(o, str(o)) for o in options])
        if kind == "any":
            picked: list = []
            remaining = list(options)
            while remaining:
                opts = [Option(None, "done")] + [Option(o, label(o)) for o in remaining]
                answer = self.ask("choice", f"choose any of {prompt} (picked {len(picked)})", opts)
                if answer is None:
                    break
                picked.append(answer)
                remaining.remove(answer)
            return [o for o in options if o in picked]
        raise ValueError(f"unknown choice kind {kind!r}")

    # -- questions -----------------------------------------------------------------------
    def ask(self, kind: str, prompt: str, options: Sequence[Option], seat: int | None = None) -> Any:
        """Return the answer to a question, from the recorded answers or by suspending the step.

        A question with no option aborts the effect; one with a single option answers itself.
        """
        if not options:
            raise EffectAbort(f"nothing to choose for: {prompt}")
        if len(options) == 1:
            return options[0].value
        if self.probing:
            raise Probe()
        if self.cursor < len(self.answers):
            answer = self.answers[self.cursor]
            self.cursor += 1
            for option in options:
                if option.value == answer:
                    return option.value
            raise RuntimeError(f"recorded answer {answer!r} is not an option of {prompt!r}")
        raise NeedDecision(Decision(self.seat if seat is None else seat, kind, prompt, tuple(options)))

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

    def possible(self, run: Callable[["Context"], Any]) -> bool:
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
