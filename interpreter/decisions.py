"""Decisions: who must decide, what kind of choice it is, and the complete list of legal options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One legal answer. `value` is plain JSON data; `label` is how a person reads it."""

    value: Any
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}


@dataclass(frozen=True)
class Decision:
    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def to_json(self) -> dict:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options]}

    @classmethod
    def from_json(cls, data: dict) -> "Decision":
        return cls(data["seat"], data["kind"], data["prompt"],
                   tuple(Option(o["value"], o["label"]) for o in data["options"]))


class NeedDecision(Exception):
    """Raised inside a step when it reaches a question that has no recorded answer yet."""

    def __init__(self, decision: Decision):
        super().__init__(decision.prompt)
        self.decision = decision


class Probe(Exception):
    """Raised in a trial run when the effect reaches a real choice: it is possible so far."""
