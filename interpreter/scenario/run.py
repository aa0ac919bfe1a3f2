"""One scenario on one fresh game: the names it uses (seats, cards, components), running its
rules one question at a time, and its failures, each positioned in the scenario file."""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any, cast

from rulesdsl import EffectAbort, RulesError, Span, build_effect
from rulesdsl.suggest import did_you_mean

from ..core import seats
from ..core.engine import Game
from ..core.errors import ExpectationError, IllegalDecisionError, ScenarioError
from ..core.model import Effect, Ruleset
from ..core.state import Cursor, State

RESOURCES = ("livre", "thread", "lace", "prestige")
PILES = ("supply", "hand", "discard")
BOARD_LISTS = ("hire_deck", "hire_display", "removed_employees", "garment_bag",
               "garment_discard", "resource_bag", "resource_discard")


def source_line(doc, span: Span) -> str | None:
    """The text of the line `span` points at, for the caret under the column."""
    return doc.lines[span.line - 1] if 0 < span.line <= len(doc.lines) else None


def same(a: Any, b: Any) -> bool:
    """Equal as JSON data (True is not 1)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def show(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "))




def seat_key(ref: str) -> int | str:
    """A key of `players`: YAML `0:` reaches us as the string '0'."""
    return int(ref) if isinstance(ref, str) and ref.isdigit() else ref


class ScenarioRun:
    """One scenario on one fresh game: the names it uses, its runs, and the failures collected
    so far (scenario_position builds its position, scenario_expect compares its results)."""

    def __init__(self, scenario, rules: Ruleset):
        self.scenario, self.rules, self.doc = scenario, rules, scenario.file.doc
        data = scenario.data
        self.data = data
        self.players = data.get("players", 4)
        self.names = data.get("names", {})
        self.game = Game.new(rules, players=self.players, seed=data.get("seed", 1))
        self.state = self.game.state
        self.start_ids = {t.id for t in rules.start_cards}
        self.failures: list[RulesError] = []

    # -- positions in the file ---------------------------------------------------------------
    def span(self, path: tuple) -> Span:
        return self.scenario.span(*path)

    def error(self, message: str, path: tuple, cls=ScenarioError) -> RulesError:
        span = self.span(path)
        return cls(message, span, source_line(self.doc, span))

    def fail(self, path: tuple, what: str, expected: Any, actual: Any) -> None:
        self.failures.append(self.error(f"{what}: expected {show(expected)}, got "
                                        f"{show(actual)}", path, ExpectationError))

    # -- names -------------------------------------------------------------------------------
    def seat(self, ref: Any, path: tuple) -> int:
        if isinstance(ref, str):
            if ref not in self.names:
                raise self.error(f"unknown player {ref!r}; name seats under 'names'"
                                 + did_you_mean(ref, self.names), path)
            ref = self.names[ref]
        if not 0 <= ref < self.players:
            raise self.error(f"seat {ref} is not in a {self.players}-player game", path)
        return ref

    def who(self, seat: int) -> str:
        for name, s in self.names.items():
            if s == seat:
                return name
        return f"seat {seat}"

    def card(self, ref: str, seat: int | None, path: tuple) -> str:
        """A card id; a start card may be named by its short id (`master_1`) for a seat."""
        if ref in self.rules.employees:
            return ref
        if seat is not None and ref in self.start_ids:
            return f"start.{self.state['players'][seat]['color']}.{ref}"
        raise self.error(f"unknown employee card {ref!r}"
                         + did_you_mean(ref, list(self.rules.employees) + list(self.start_ids)),
                         path)

    def cards_in(self, value: Any, seat: int | None) -> Any:
        """`value` with short start-card ids replaced by `seat`'s cards (for option values)."""
        if seat is None:
            return value
        if isinstance(value, str) and value in self.start_ids \
                and value not in self.rules.employees:
            return f"start.{self.state['players'][seat]['color']}.{value}"
        if isinstance(value, list):
            return [self.cards_in(v, seat) for v in value]
        if isinstance(value, dict):
            return {k: self.cards_in(v, seat) for k, v in value.items()}
        return value

    def component(self, kind: str, ref: str, path: tuple) -> str:
        known = {"garment": self.rules.garments, "tile": self.rules.tiles,
                 "piece": self.rules.pieces}[kind]
        if ref not in known:
            raise self.error(f"unknown {kind} {ref!r}" + did_you_mean(ref, known), path)
        return ref

    def run_rules(self, check: Callable[[dict, tuple], None]) -> None:
        """Run each `run` entry for each of its seats; `check(expect, path)` checks a run's own
        `expect` right after it."""
        run = self.data["run"]
        runs = [(r, ("run", i)) for i, r in enumerate(run)] if isinstance(run, list) \
            else [(run, ("run",))]
        for entry, path in runs:
            if "flow" in entry:
                self._run_flow(entry, path)
                if "expect" in entry:
                    check(entry["expect"], path + ("expect",))
                continue
            seats = entry.get("seat", self._default_seats(entry))
            seat_paths = [(s, path + ("seat", i)) for i, s in enumerate(seats)] \
                if isinstance(seats, list) else [(seats, path + ("seat",))]
            for ref, spath in seat_paths:
                self._run_one(entry, path, self.seat(ref, spath))
            if "expect" in entry:
                check(entry["expect"], path + ("expect",))

    def _default_seats(self, entry: dict) -> int | list[int]:
        """Without `seat`: a step or final-scoring step run once per player in the game runs for
        every player from the start player, as in play; anything else for seat 0."""
        if "scoring" in entry:
            phases = {p.id: p for p in self.rules.final_phases}
            phase = phases.get(entry["scoring"])
        elif "step" in entry:
            phase_id = entry["step"].partition(".")[0]
            phase = {p.id: p for p in self.rules.round_phases}.get(phase_id)
        else:
            phase = None
        if phase is None or phase.kind != "each_player":
            return 0
        n, start = len(self.state["players"]), self.state["start_player"]
        return [(start + i) % n for i in range(n)]

    def _rule(self, entry: dict, path: tuple, seat: int) -> tuple[Effect, str, str | None]:
        """The effect a run names, the score key its prestige is booked under, and the card
        played by default."""
        rules = self.rules
        if "effect" in entry:
            compiled = build_effect(entry["effect"], self.doc.origin(
                ("scenarios", self.scenario.index) + path + ("effect",)), rules.vocabulary)
            return Effect(entry["effect"], compiled, ""), "play", None
        if "action" in entry:
            if entry["action"] not in rules.actions:
                raise self.error(f"unknown action {entry['action']!r}; known: "
                                 f"{', '.join(rules.actions)}", path + ("action",))
            return rules.actions[entry["action"]].effect, "play", None
        if "bonus" in entry:  # for a seat of a declared kind, the bonus as its kind reads it
            cid = self.card(entry["bonus"], seat, path + ("bonus",))
            card = rules.employees[cid]
            kind = seats.kind_of(rules, self.state, seat)
            bonus = card.bonus if kind is None else kind.bonus_for(card)
            if bonus is None:
                whose = "" if kind is None else f" for a {kind.name} seat"
                raise self.error(f"card {cid!r} has no bonus{whose}", path + ("bonus",))
            return bonus, "play", cid
        if "scoring" in entry:
            phases = {p.id: p for p in rules.final_phases}
            if entry["scoring"] not in phases:
                raise self.error(f"unknown final-scoring step {entry['scoring']!r}; known: "
                                 f"{', '.join(phases)}", path + ("scoring",))
            return phases[entry["scoring"]].steps[0].effect, entry["scoring"], None
        phase_id, _, step_id = entry["step"].partition(".")
        phases = {p.id: p for p in rules.round_phases}
        if phase_id not in phases:
            raise self.error(f"unknown round phase {phase_id!r}; known: {', '.join(phases)}",
                             path + ("step",))
        steps = {s.id: s for s in phases[phase_id].steps}
        if step_id and step_id not in steps:
            raise self.error(f"unknown step {step_id!r} of phase {phase_id!r}; known: "
                             f"{', '.join(steps)}", path + ("step",))
        step = steps[step_id] if step_id else phases[phase_id].steps[0]
        return step.effect, "play", None

    def _run_one(self, entry: dict, path: tuple, seat: int) -> None:
        """Ask the rule its questions one at a time (`Game.next_question`), so each question can
        be checked and each answer checked against the options offered, then run it with the
        answers (`Game.run_effect`); an answer not offered refuses the run."""
        effect, score_key, played = self._rule(entry, path, seat)
        if "scoring" in entry:  # a final-scoring step runs where the game stands then
            self.state["cursor"] = cast(Cursor, self._cursor(entry["scoring"], path + ("scoring",)))
        if "played" in entry:
            played = self.card(entry["played"], seat, path + ("played",))
        answers = entry.get("answers", [])
        questions = entry.get("questions", [])
        before = copy.deepcopy(self.state)
        used: list = []
        asked = 0
        refused: tuple[str, tuple] | None = None
        try:
            for i in range(len(answers) + 1):
                try:
                    decision = self.game.next_question(effect, seat, used, played, score_key)
                except EffectAbort as abort:
                    refused = (f"the effect cannot be done: {abort.reason}", path)
                    break
                if decision is None:  # the answers so far complete it: do it
                    if i < len(answers):
                        self.failures.append(self.error(
                            f"answer not used: the run asked only {i} question"
                            f"{'s' if i != 1 else ''}", path + ("answers", i), ExpectationError))
                    try:
                        self.game.run_effect(effect, seat, used, played=played,
                                             score_key=score_key)
                    except IllegalDecisionError as exc:
                        refused = (exc.message, path)
                    break
                asked += 1
                if i < len(questions):
                    self._check_question(decision, questions[i], path + ("questions", i))
                if i == len(answers):
                    break  # stopped at a question: nothing was done
                chosen, refused = self._answer(decision, answers[i], path + ("answers", i))
                if refused:
                    break
                used.append(chosen)
        except RulesError as exc:
            raise self.error(f"the rule failed while running: {exc}", path) from None
        except Exception as exc:  # noqa: BLE001 - a fault in a rule or verb is a failure
            raise self.error(f"the rule failed while running: {type(exc).__name__}: {exc}",
                             path) from None
        self._conclude(entry, path, asked, refused, before)

    def _answer(self, decision, written, path: tuple):
        """(the option value a written answer picks, None) or (None, (why it is refused,
        where))."""
        answer = self.cards_in(written, decision.seat)
        for o in decision.options:
            if same(o.value, answer):
                return o.value, None
        legal = "; ".join(show(o.value) for o in decision.options[:8])
        return None, (f"{show(written)} is not a legal answer to '{decision.prompt}' "
                      f"(legal: {legal})", path)

    def _conclude(self, entry: dict, path: tuple, asked: int, refused, before: State) -> None:
        """The checks after a run: questions expected but not asked, `asks`, `refused` (and
        that a refused run changed nothing since `before`)."""
        questions = entry.get("questions", [])
        for q in range(asked, len(questions)):
            self.failures.append(self.error(
                f"expected question {q + 1}, but the run asked only {asked}",
                path + ("questions", q), ExpectationError))
        if "asks" in entry and entry["asks"] != asked:
            self.fail(path + ("asks",), "questions asked", entry["asks"], asked)
        wanted = entry.get("refused")
        if refused is None and wanted is not None:
            self.failures.append(self.error("expected the run to be refused, but it was not",
                                            path + ("refused",), ExpectationError))
        elif refused is not None:
            reason, where = refused
            if wanted is None:
                self.failures.append(self.error(f"the run was refused: {reason}", where,
                                                ExpectationError))
            elif isinstance(wanted, str) and wanted not in reason:
                self.failures.append(self.error(
                    f"refused for another reason: expected {show(wanted)} in {show(reason)}",
                    path + ("refused",), ExpectationError))
            if self.state != before:
                self.failures.append(self.error("the refused run changed the game", where,
                                                ExpectationError))

    def _run_flow(self, entry: dict, path: tuple) -> None:
        """Put the game's flow at a phase (or phase.step) with `Game.jump` and play on through
        the real decisions, answering them in order with `Game.apply_value`."""
        cursor = self._cursor(entry["flow"], path + ("flow",))
        try:
            self.game.jump(cast(Cursor, cursor))
        except RulesError as exc:
            raise self.error(f"the rule failed while running: {exc}", path) from None
        answers = entry.get("answers", [])
        questions = entry.get("questions", [])
        asked = 0
        refused: tuple[str, tuple] | None = None
        for i in range(len(answers) + 1):
            before = copy.deepcopy(self.state)  # what a refused answer must leave as it was
            decision = self.game.decision()
            if decision is None:
                if i < len(answers):
                    self.failures.append(self.error(
                        f"answer not used: the game is over after {i} decision"
                        f"{'s' if i != 1 else ''}", path + ("answers", i), ExpectationError))
                break
            asked += 1
            if i < len(questions):
                self._check_question(decision, questions[i], path + ("questions", i))
            if i == len(answers):
                break
            chosen, refused = self._answer(decision, answers[i], path + ("answers", i))
            if refused:
                break
            try:
                self.game.apply_value(chosen)
            except RulesError as exc:
                raise self.error(f"the rule failed while running: {exc}",
                                 path + ("answers", i)) from None
        self._conclude(entry, path, asked, refused, before)

    def _cursor(self, name: str, path: tuple) -> dict:
        """The flow cursor of a round or final-scoring phase id, or `phase.step`."""
        phase_id, _, step_id = name.partition(".")
        for stage, phases in (("round", self.rules.round_phases),
                              ("final", self.rules.final_phases)):
            ids = [p.id for p in phases]
            if phase_id not in ids:
                continue
            phase = phases[ids.index(phase_id)]
            steps = [s.id for s in phase.steps]
            if step_id and (phase.kind != "steps" or step_id not in steps):
                raise self.error(f"unknown step {step_id!r} of phase {phase_id!r}; known: "
                                 f"{', '.join(steps)}", path)
            index = steps.index(step_id) if step_id else 0
            if phase.kind == "turns":  # the first player from the start player holding cards
                n, first = len(self.state["players"]), self.state["start_player"]
                holding = [(first + k) % n for k in range(n)
                           if self.state["players"][(first + k) % n]["hand"]]
                if not holding:
                    raise self.error(f"nobody holds a card for phase {phase_id!r}", path)
                index = holding[0]
            return {"stage": stage, "phase": ids.index(phase_id), "index": index}
        known = [p.id for p in self.rules.round_phases + self.rules.final_phases]
        raise self.error(f"unknown phase {phase_id!r}; known: {', '.join(known)}", path)

    def _check_question(self, decision, expect: dict, path: tuple) -> None:
        values = [o.value for o in decision.options]
        seat = decision.seat
        if "kind" in expect and expect["kind"] != decision.kind:
            self.fail(path + ("kind",), "question kind", expect["kind"], decision.kind)
        if "seat" in expect and self.seat(expect["seat"], path + ("seat",)) != seat:
            self.fail(path + ("seat",), "question asked of seat",
                      self.seat(expect["seat"], path + ("seat",)), seat)
        if "prompt" in expect and expect["prompt"] != decision.prompt:
            self.fail(path + ("prompt",), "question", expect["prompt"], decision.prompt)
        if "options" in expect and not same(self.cards_in(expect["options"], seat), values):
            self.fail(path + ("options",), f"options of '{decision.prompt}'",
                      self.cards_in(expect["options"], seat), values)
        for i, value in enumerate(expect.get("offered", [])):
            if not any(same(self.cards_in(value, seat), v) for v in values):
                self.failures.append(self.error(
                    f"{show(value)} is not offered at '{decision.prompt}' (offered: "
                    f"{'; '.join(show(v) for v in values[:8])}"
                    f"{', ...' if len(values) > 8 else ''})", path + ("offered", i),
                    ExpectationError))
        for i, value in enumerate(expect.get("not_offered", [])):
            if any(same(self.cards_in(value, seat), v) for v in values):
                self.failures.append(self.error(
                    f"{show(value)} is offered at '{decision.prompt}'",
                    path + ("not_offered", i), ExpectationError))
