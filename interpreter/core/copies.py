"""A game's copies: `copy.copy` and `copy.deepcopy` of a game are its clone, and its pickle is
its save with its ruleset, read back with `Game.from_json` in the receiving process.

A game cannot be copied field by field: its waiting step is a suspended greenlet, its ruleset
holds compiled functions. A ruleset pickles as the recipe it was loaded by (`Ruleset`), so a
game sent to another process (multiprocessing's spawn, Ray) loads its rules there once.
"""
from __future__ import annotations

from typing import Any


class Copies:
    """`copy`, `deepcopy` and `pickle` of a game (mixed into `Game` through `Scripting`)."""

    def __copy__(self) -> Any:
        """The game's clone: a shallow copy would share the state and the waiting step."""
        game: Any = self
        return game.clone()

    def __deepcopy__(self, memo: dict) -> Any:
        """The game's clone (the same ruleset: a ruleset's deep copy is itself)."""
        game: Any = self
        copied = memo[id(self)] = game.clone()
        return copied

    def __reduce__(self) -> tuple:
        """The game's save and its ruleset (pickled as its recipe)."""
        game: Any = self
        return (from_save, (type(self), game.rules, game.to_json()))


def from_save(cls: Any, rules: Any, save: str) -> Any:
    """A pickled game: its save read back (checked as any save is) with its rules."""
    return cls.from_json(rules, save)
