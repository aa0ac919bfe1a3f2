"""Seats that play themselves: the kind of a seat, and the answers its module's policy gives.

A module may declare kinds of seat (a solo mode's automata, model.SeatKind). A seat of such a
kind never waits for a person: every question its rules raise is answered here from the
policy its module wrote down, an ordered list of preferences per decision kind. A question the
policy does not answer is a fault of the module, reported as such, never passed to a person."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from .decisions import Decision
from .model import Effect, Ruleset, SeatKind, Trigger
from .state import State


class Reads(Protocol):
    """What a policy reads of the context that asks it (`Context`, context.py): the rules."""

    rules: Ruleset


class UnansweredQuestion(Exception):
    """An automaton seat reached a question its module's policy does not answer; `span` is
    where that policy is written (its seat kind's `policy:`)."""

    def __init__(self, message: str, span: Any = None):
        super().__init__(message)
        self.span = span


class NoPreferredOption(UnansweredQuestion):
    """The policy answers this kind of question, but none of its preferences matches an option
    offered: the seat cannot do what asked it, as with no option at all (a policy that never
    deputes a crown card, offered only crown cards, deputes none)."""


def kind_of(rules: Ruleset, state: State, seat: int) -> SeatKind | None:
    """The seat's kind, or None for a person's (or a bot's) seat."""
    kind = state["players"][seat].get("kind", "human")
    if kind == "human":
        return None
    return next(k for k in rules.seat_kinds if k.id == kind)


def bonus_of(rules: Ruleset, state: State, seat: int, card: str) -> Effect | None:
    """A card's bonus as this seat reads it: its kind's reading of the card, else the card's
    own bonus, else (a card without one) its kind's `no_bonus`; None when there is none."""
    kind = kind_of(rules, state, seat) if rules.seat_kinds else None
    employee = rules.employees[card]
    return employee.bonus if kind is None else kind.bonus_for(employee)


def trigger_reading(rules: Ruleset, state: State, seat: int, trigger: Trigger) -> Effect:
    """What a module trigger runs for this seat: its kind's reading of it, or the trigger's
    own effect."""
    kind = kind_of(rules, state, seat) if rules.seat_kinds else None
    if kind is not None and trigger.id in kind.triggers:
        return kind.triggers[trigger.id]
    return trigger.effect


def seat_plan(rules: Ruleset, humans: int) -> list[str]:
    """The kind of every seat, people first: 'human' or a declared kind's id."""
    plan = ["human"] * humans
    for k in rules.seat_kinds:
        plan += [k.id] * k.count
    return plan


def plan_text(rules: Ruleset, plan: list[str], players: int) -> str:
    """Why a number of seats does not fit a solo mode's declared seats."""
    parts = [f"{plan.count('human')} {'person' if plan.count('human') == 1 else 'people'}"]
    parts += [f"{k.count} {k.name}" for k in rules.seat_kinds]
    return (f"this game is played with {len(plan)} seats ({' and '.join(parts)}), "
            f"not {players}")


# every kind of question the engine asks (docs/decisions.md): what a policy may answer, with
# `otherwise` for the kinds it does not name
DECISION_KINDS = ("hand", "play", "bonus", "tile", "keep", "stack", "garment", "tiles", "rent",
                  "hire", "fund", "depute", "resource", "choice", "number")

# the decision kinds whose options are component ids, and the record each id names: a mapping
# preference for one of them tests the fields of that record (docs/decisions.md)
ID_OPTIONS: dict[str, str] = {"hand": "employee", "hire": "employee", "depute": "employee"}


def _matches(pref: Any, value: Any, fields: Callable[[str, str], Any] | None) -> bool:
    if isinstance(pref, dict) and isinstance(value, dict):
        return all(k in value and _json(value[k]) == _json(v) for k, v in pref.items())
    if isinstance(pref, dict) and isinstance(value, str) and fields is not None:
        try:
            return all(_json(fields(value, k)) == _json(v) for k, v in pref.items())
        except KeyError:  # an id of another kind (a seat kind's own card in its hand)
            return False
    return _json(pref) == _json(value)


def _json(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


def policy_answer(kind: SeatKind, decision: Decision, ctx: Reads) -> Any:
    """The option the policy picks: the first preference that some option matches (`first` and
    `last` are the first and last option as offered; a mapping matches an option holding those
    keys and values or, for a question about component ids (ID_OPTIONS), an option whose
    record has those field values, read with `ctx` as an effect reads them; anything else
    matches an option of that value)."""
    prefs = kind.policy.get(decision.kind)
    if prefs is None:
        prefs = kind.policy.get("otherwise")
    if prefs is None:
        at = f" (at {kind.where})" if kind.where is not None else ""
        raise UnansweredQuestion(
            f"the {kind.name} seat reached the question '{decision.prompt}' ({decision.kind}), "
            f"which its module's policy{at} does not answer", kind.where)
    values = [o.value for o in decision.options]
    fields = _record_fields(ctx, ID_OPTIONS[decision.kind]) \
        if decision.kind in ID_OPTIONS else None
    for pref in prefs:
        if pref == "first":
            return values[0]
        if pref == "last":
            return values[-1]
        for v in values:
            if _matches(pref, v, fields):
                return v
    raise NoPreferredOption(
        f"the {kind.name} seat's policy for {decision.kind} ({prefs}) matches no option of "
        f"'{decision.prompt}'", kind.where)


def _record_fields(ctx: Reads, record: str) -> Callable[[str, str], Any]:
    """A reader of one field of the record an id names, as an effect reads it (the
    vocabulary's field)."""
    defs = ctx.rules.vocabulary.records[record]
    return lambda item, name: defs[name].get(ctx, item)
