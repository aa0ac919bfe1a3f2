"""The game: a ruleset plus plain state, driven one decision at a time."""
from __future__ import annotations

import copy
import json
from typing import Any

from rulesdsl import EffectAbort

from . import flow
from .context import Context
from .decisions import Decision, NeedDecision, Option
from .errors import CorruptSaveError, IllegalDecisionError
from .journal import Journal
from .labels import Labeller
from .model import Ruleset
from .setup import new_state
from .view import player_view

SAVE_FORMAT = "rococo-save"


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON data: True is not 1 and 0 is not False (Python says they are), and an
    answer that is not JSON data equals nothing."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError):
        return False


class Game:
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

    def __init__(self, rules: Ruleset, state: dict):
        self.rules = rules
        self.state = state
        self.side = rules.side_for(len(state["players"]))
        self.journal = Journal()
        self.label = Labeller(rules, self.side)
        self.meta: dict = {}  # plain JSON data about the session (e.g. which seats are human)

    # -- creating --------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Ruleset, players: int = 4, seed: int = 0) -> "Game":
        game = cls(rules, new_state(rules, players, seed))
        flow.start(rules, game.state)
        game._run()
        return game

    # -- asking ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state["finished"]

    def decision(self) -> Decision | None:
        pending = self.state["pending"]
        return None if pending is None else Decision.from_json(pending)

    @property
    def history(self) -> list:
        return self.state["history"]

    def legal_options(self) -> tuple[Option, ...]:
        d = self.decision()
        return () if d is None else d.options

    # -- deciding --------------------------------------------------------------------------
    def apply(self, option: Option | int | Any) -> None:
        """Answer the pending decision with an Option, its value, or its index.

        A whole number is taken as an option's value when some option has that value (as in
        a choice of number), otherwise as an index. An answer that is not legal raises
        IllegalDecisionError and changes nothing.
        """
        decision = self.decision()
        if decision is None:
            raise IllegalDecisionError("the game is over: there is no decision to answer")
        value = self._resolve(decision, option)
        self.state["answers"].append(value)
        self.state["history"].append([decision.seat, value])
        self.state["pending"] = None
        self._run()

    def _resolve(self, decision: Decision, option) -> Any:
        if isinstance(option, Option):
            for o in decision.options:
                if _same(o.value, option.value):
                    return o.value
        elif isinstance(option, int) and not isinstance(option, bool) and \
                not any(_same(o.value, option) for o in decision.options):
            if 0 <= option < len(decision.options):
                return decision.options[option].value
            raise IllegalDecisionError(f"option {option} is out of range: this decision has "
                                       f"{len(decision.options)} options (0 to "
                                       f"{len(decision.options) - 1})")
        else:
            for o in decision.options:
                if _same(o.value, option):
                    return o.value
        labels = "; ".join(o.label for o in decision.options[:6])
        more = ", ..." if len(decision.options) > 6 else ""
        raise IllegalDecisionError(f"{option!r} is not a legal answer to '{decision.prompt}' "
                                   f"(legal: {labels}{more})")

    # -- running ---------------------------------------------------------------------------
    def _run(self) -> None:
        """Run steps until one stops at an unanswered question or the game ends."""
        state, rules = self.state, self.rules
        while True:
            where = flow.current(rules, state)
            if where is None:
                return
            phase, step, seat = where
            ctx = Context(self, seat, state["answers"],
                          score_key=phase.id if state["cursor"]["stage"] == "final" else "play")
            try:
                step.effect.run(ctx)
            except NeedDecision as need:
                self.journal.rollback()
                state["pending"] = need.decision.to_json()
                return
            except EffectAbort:
                self.journal.rollback()
            self.journal.forget()
            state["answers"] = []
            flow.advance(rules, state)

    # -- scripting -------------------------------------------------------------------------
    def run_effect(self, effect, seat: int, answers=(), played: str | None = None,
                   score_key: str = "play") -> None:
        """Run one effect for `seat` right now, outside the flow, answering its questions from
        `answers` (option values, in order). For scenario tests and tools: a question with no
        answer left raises IllegalDecisionError and the state is left unchanged."""
        if isinstance(effect, str):
            from rulesdsl import Origin, build_effect
            from .model import Effect
            compiled = build_effect(effect, Origin("<run_effect>"), self.rules.vocabulary)
            effect = Effect(effect, compiled, "")
        journal = self.journal
        ctx = Context(self, seat, list(answers), score_key=score_key)
        ctx.played = played
        try:
            effect.run(ctx)
        except NeedDecision as need:
            journal.rollback()
            raise IllegalDecisionError(f"the effect needs an answer to '{need.decision.prompt}' "
                                       f"(options: {[o.value for o in need.decision.options]})")
        except EffectAbort as abort:
            journal.rollback()
            raise IllegalDecisionError(f"the effect cannot be done: {abort.reason}") from None
        journal.forget()

    # -- results ---------------------------------------------------------------------------
    def standings(self) -> list[dict]:
        """Players best first: most prestige, then most Livre."""
        rows = [{"seat": p["seat"], "color": p["color"], "prestige": p["prestige"],
                 "livre": p["livre"], "score": dict(p["score"])} for p in self.state["players"]]
        return sorted(rows, key=lambda r: (-r["prestige"], -r["livre"], r["seat"]))

    def winner(self) -> int | None:
        """The first seat of the standings; players tied on prestige and Livre share the win."""
        return self.standings()[0]["seat"] if self.is_over() else None

    # -- copying, saving, viewing -----------------------------------------------------------
    def clone(self) -> "Game":
        return Game(self.rules, copy.deepcopy(self.state))

    def to_json(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "state": self.state, "meta": self.meta},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, rules: Ruleset, text: str) -> "Game":
        """Load a saved game; a save for another ruleset or a damaged one is refused."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise CorruptSaveError(f"not a save file: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise CorruptSaveError(f"not a save file: expected format '{SAVE_FORMAT}'")
        state = data.get("state")
        required = ("ruleset", "players", "cursor", "answers", "pending", "history", "rng")
        if not isinstance(state, dict) or any(k not in state for k in required):
            raise CorruptSaveError("save file is damaged: the game state is incomplete")
        if state["ruleset"] != rules.fingerprint:
            raise CorruptSaveError(f"save file was made with other rules (ruleset "
                                   f"{state['ruleset']}, these are {rules.fingerprint})")
        try:
            replayed = cls.replay(rules, len(state["players"]), state["seed"],
                                  [v for _, v in state["history"]])
        except Exception as exc:  # noqa: BLE001 - any failure means the save is not consistent
            raise CorruptSaveError(f"save file is damaged: its history does not replay ({exc})")
        if replayed.state != state:
            raise CorruptSaveError("save file is damaged: its state does not match its history")
        game = cls(rules, state)
        if isinstance(data.get("meta"), dict):
            game.meta = data["meta"]
        return game

    @classmethod
    def replay(cls, rules: Ruleset, players: int, seed: int, answers: list) -> "Game":
        """Rebuild a game from its seed and decisions; the result is identical."""
        game = cls.new(rules, players, seed)
        for value in answers:
            game.apply(value)
        return game

    def view(self, seat: int) -> dict:
        return player_view(self.state, seat)
