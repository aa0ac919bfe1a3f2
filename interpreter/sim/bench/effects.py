"""The compiled effects against hand-written Python: which effects take part, and timing them."""
from __future__ import annotations

import dataclasses
import gc
import statistics
import time
from collections.abc import Callable, Iterator

from ...core.engine import Game
from ...core.errors import IllegalDecisionError
from ...core.model import Effect, verbs_used
from .reference import REFERENCES


def candidates(rules) -> Iterator[tuple[str, Effect]]:
    """(rule id, effect) for every base-game employee bonus or crown, the income phase and every
    final-scoring phase; start cards appear once, as `start.<id>`."""
    for card in rules.start_cards:
        for effect in (card.bonus, card.final):
            if effect is not None:
                yield f"start.{card.id}", effect
    for card in rules.employees.values():
        if not card.start:
            for effect in (card.bonus, card.final):
                if effect is not None:
                    yield card.id, effect
    for phase in rules.round_phases:
        if phase.id == "income":
            for step in phase.steps:
                yield f"round.{phase.id}", step.effect
    for phase in rules.final_phases:
        for step in phase.steps:
            yield f"final_scoring.{phase.id}", step.effect


def verbs_called(effect: Effect) -> list[str]:
    """The verbs an effect calls (found in its syntax tree), in alphabetical order."""
    return sorted(verbs_used(getattr(effect.compiled, "effect", None)))


def classify(rules, games: list[Game]) -> tuple[list[tuple[str, Effect]], dict[str, str]]:
    """Split the candidates into pure computations and the rest (with the reason), by running
    each for every seat of every game: a pure one calls no verb (a verb is Python already, so
    timing it says nothing of the compiler), never asks a question and can always be done."""
    pure: list[tuple[str, Effect]] = []
    excluded: dict[str, str] = {}
    for rule_id, effect in candidates(rules):
        verbs = verbs_called(effect)
        reason = f"calls the verb {', '.join(verbs)}" if verbs else None
        for game in games:
            if reason:
                break
            for seat in range(len(game.state["players"])):
                try:
                    game.clone().run_effect(effect, seat)
                except IllegalDecisionError as exc:
                    reason = str(exc).split(" (options")[0]
                    break
        if reason:
            excluded[rule_id] = reason
        else:
            pure.append((rule_id, effect))
    return pure, excluded


def time_runs(game: Game, runs: tuple[Callable[[Game], None], ...], n: int) -> list[float]:
    """Median microseconds of each of `runs`, each run on a fresh copy of `game`; copying and
    freeing are not timed, the runs take turns (so both see the same machine load) and the
    garbage collector waits, as in timeit. (The one place that knows how to give each run the
    same position.)"""
    times: list[list[int]] = [[] for _ in runs]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(n):
            for run, out in zip(runs, times):
                copy = game.clone()
                start = time.perf_counter_ns()
                run(copy)
                out.append(time.perf_counter_ns() - start)
                del copy  # freed after its run, not in the caches of the next one
    finally:
        if enabled:
            gc.enable()
    return [statistics.median(t) / 1000 for t in times]


def compiled_run(effect, seat: int) -> Callable[[Game], None]:
    """The compiled effect run for `seat` in a context of its own, the way a step runs it (the
    scripting scaffolding of `game.run_effect` is timed separately as `run_effect`)."""
    from ...core.context import run_for
    compiled = effect.compiled.run

    def run(game: Game) -> None:
        run_for(game, seat, compiled)
    return run


def empty_effect(rules):
    """An effect that changes nothing (`gain 0 livre`), shaped as the rules' own effects: run
    through game.run_effect it times the fixed cost every compiled effect pays."""
    from rulesdsl import Origin, build_effect
    template = next(card.bonus for card in rules.employees.values() if card.bonus is not None)
    text = "gain 0 livre"
    return dataclasses.replace(template, source=text, text=text, compiled=build_effect(
        text, Origin("<bench>"), rules.vocabulary))


def nothing(game: Game) -> None:
    """The hand-written counterpart of the empty effect: the cost of the timing itself."""


def reference_run(rule_id: str, seat: int, side) -> Callable[[Game], None]:
    ref = REFERENCES[rule_id]
    return lambda game: ref(game.state, seat, game.rules, side)
