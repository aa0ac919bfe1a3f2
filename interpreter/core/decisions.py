"""Decisions: who must decide, what kind of choice it is, and the complete list of legal options.

Every decision kind has a stable option shape (documented in docs/decisions.md): the `value` of
an option is plain JSON data a program can build on; its `label` is for people and is made only
when somebody reads it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


class Option:
    """One legal answer. `value` is plain JSON data; `label` is how a person reads it."""

    __slots__ = ("_label", "_labeller", "value")

    def __init__(self, value: Any, label: str | None = None,
                 labeller: Callable[[Any], str] | None = None):
        self.value = value
        self._label = label
        self._labeller = labeller

    @property
    def label(self) -> str:
        if self._label is None:
            self._label = self._labeller(self.value) if self._labeller else str(self.value)
        return self._label

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and self.value == other.value and \
            self.label == other.label

    def __hash__(self) -> int:
        return hash(self.label)

    def __repr__(self) -> str:
        return f"Option({self.value!r}, {self.label!r})"


class Decision:
    """A question one seat must answer: its kind (see docs/decisions.md), a prompt for people,
    and every legal option."""

    __slots__ = ("kind", "options", "prompt", "seat")

    def __init__(self, seat: int, kind: str, prompt: str, options: Sequence[Option]):
        self.seat, self.kind, self.prompt = seat, kind, prompt
        self.options = tuple(options)

    def to_json(self) -> dict:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options]}

    @classmethod
    def from_json(cls, data: dict) -> Decision:
        return cls(data["seat"], data["kind"], data["prompt"],
                   tuple(Option(o["value"], o["label"]) for o in data["options"]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (self.seat, self.kind, self.prompt, self.options) \
            == (other.seat, other.kind, other.prompt, other.options)

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, prompt={self.prompt!r}, " \
               f"{len(self.options)} options)"

