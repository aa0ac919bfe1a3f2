"""A cache of values made once per object (a ruleset, a set of weights) and kept only while that
object lives: a designer's lab loads ruleset after ruleset, and a plain module-level cache would
keep every one of them for the process."""
from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class KeptWhileAlive(Generic[V]):
    """Values by their object's identity, through a weak reference (rulesets and weights are not
    hashable): an entry goes when its object is collected."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[int, tuple[weakref.ref, V]] = {}

    def get(self, key: Any, make: Callable[[], V]) -> V:
        """The value kept for `key`, made by `make()` the first time."""
        found = self._kept.get(id(key))
        if found is not None and found[0]() is key:
            return found[1]
        made = make()
        at = id(key)
        self._kept[at] = (weakref.ref(key, lambda ref: self._forget(at, ref)), made)
        return made

    def _forget(self, at: int, ref: weakref.ref) -> None:
        found = self._kept.get(at)
        if found is not None and found[0] is ref:  # not a later object given the same id
            del self._kept[at]

    def __len__(self) -> int:
        return len(self._kept)
