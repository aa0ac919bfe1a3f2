"""What the save files' modules read of a game, as Protocols: `Game` (engine.py) saves and loads
itself through saves.py, so saves.py names the game only by the shape it needs, and the core's
modules import one another in one direction only (pyproject.toml's import contracts)."""
from __future__ import annotations

from typing import Any, Protocol, TypeVar

from .decisions import Decision
from .model import Ruleset
from .state import State


class SavedGame(Protocol):
    """A game as a save is written from and checked against."""

    rules: Ruleset
    state: State
    history: list
    meta: dict

    def step_start(self) -> tuple[State, list]: ...

    def decision(self) -> Decision | None: ...

    def apply_value(self, value: Any) -> None: ...


G = TypeVar("G", bound=SavedGame, covariant=True)


class GameClass(Protocol[G]):
    """The game's class, as a save is loaded or converted into a game of it."""

    def new(self, rules: Ruleset, players: int | None = ..., seed: int = ...,
            explain: bool = ...) -> G: ...

    def resumed(self, rules: Ruleset, state: State, answers: list, history: list,
                meta: dict) -> G: ...

    def replay(self, rules: Ruleset, players: int, seed: int, answers: list) -> G: ...
