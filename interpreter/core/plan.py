"""The flow's plan of a ruleset: its stages' phases as the flow reads them at every step, made
once per ruleset.

The rules' phases are frozen dataclasses (model.py), classes of Python's: compiled code reads
each of their attributes by a look-up in the class and then in the instance's dict. The flow
reads a phase's kind and steps at every step of every game, so it reads them here instead, in
native objects (a field read is a pointer read) with the kind a number and the score key its
steps' prestige is counted under worked out once.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .model import Phase, Ruleset, Step

STEPS: Final = 0  # its steps once each, in order, for the start player
EACH_PLAYER: Final = 1  # its one step once per seat, from the start player clockwise
TURNS: Final = 2  # its one step a turn, clockwise, while anyone holds cards
BY_SEAT: Final = 3  # (a kind the loader never makes) its one step once per seat, in seat order
_KINDS: Final = {"steps": STEPS, "each_player": EACH_PLAYER, "turns": TURNS}
_KEY: Final = "_flow_plan"  # where a ruleset keeps its plan (in its own __dict__)


class PhasePlan:
    """One phase as the flow reads it: the phase, its kind (a number above), its steps, what
    runs each (`runs`: its effect's `run`, read once, where a step's `step.effect.run` was two
    attribute look-ups of Python's) and the key of the score its steps' prestige is counted
    under (a final-scoring phase's own id)."""

    def __init__(self, phase: Phase, final: bool) -> None:
        self.phase = phase
        self.id: str = phase.id
        self.kind: int = _KINDS.get(phase.kind, BY_SEAT)
        self.steps: tuple[Step, ...] = phase.steps
        self.count: int = len(phase.steps)
        self.runs: tuple[Callable[..., Any], ...] = tuple(s.effect.run for s in phase.steps)
        self.key: str = phase.id if final else "play"


class Plan:
    """A ruleset's stages as the flow reads them: `setup`, `round` and `final` (each a tuple
    of PhasePlan), how many `rounds`, whether the rules have seat `kinds`, and the events
    their triggers listen to (`listened`); `rules` for what only they answer (a seat's
    kind)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.setup: tuple[PhasePlan, ...] = tuple(PhasePlan(p, False)
                                                  for p in rules.setup_phases)
        self.round: tuple[PhasePlan, ...] = tuple(PhasePlan(p, False)
                                                  for p in rules.round_phases)
        self.final: tuple[PhasePlan, ...] = tuple(PhasePlan(p, True)
                                                  for p in rules.final_phases)
        self.rounds: int = rules.rounds
        self.kinds: bool = bool(rules.seat_kinds)
        # the events some trigger of the rules listens to (`events.heard` asks at every verb
        # that announces one: a set's look-up, where `rules.triggers.get` was an attribute of a
        # Python dataclass and a method called by name)
        self.listened: frozenset[str] = frozenset(
            event for event, triggers in rules.triggers.items() if triggers)

    def stage(self, name: str) -> tuple[PhasePlan, ...]:
        """The phases of a stage of the cursor's ("setup", "round", "final")."""
        if name == "round":
            return self.round
        return self.setup if name == "setup" else self.final


def plan_of(rules: Ruleset) -> Plan:
    """The plan of `rules`, made at its first game and kept with the (frozen, never changed)
    ruleset, as its labellers are."""
    held = rules.__dict__.get(_KEY)
    if type(held) is Plan:
        return held
    plan = Plan(rules)
    rules.__dict__[_KEY] = plan
    return plan
