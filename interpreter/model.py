"""The frozen catalogue a ruleset is made of: plain records with ids, built once by the loader."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

CardId = str
GarmentId = str
TileId = str
SpaceId = str
Seat = int


@dataclass(frozen=True)
class Effect:
    """A compiled effect together with where it came from and how it reads as card text."""

    source: str
    compiled: Any
    text: str

    def run(self, ctx, env: dict | None = None) -> None:
        self.compiled.run(ctx, env)


@dataclass(frozen=True)
class Employee:
    id: CardId
    name: str
    level: int
    type: str
    depute_value: int
    bonus: Effect | None = None
    final: Effect | None = None
    start: bool = False


@dataclass(frozen=True)
class Garment:
    id: GarmentId
    color: str
    kind: str
    silk: Mapping[str, int]
    thread: int
    lace: int
    master: bool
    value: int
    prestige: int


@dataclass(frozen=True)
class Tile:
    id: TileId
    silk: Mapping[str, int]
    bottom: str

    @property
    def conversions(self) -> tuple[tuple[str, ...], ...]:
        """What discarding the tile may give: '+' gives both, '/' lets the owner pick one."""
        if "+" in self.bottom:
            return (tuple(self.bottom.split("+")),)
        return tuple((part,) for part in self.bottom.split("/"))


@dataclass(frozen=True)
class GuestSpace:
    id: SpaceId
    hall: str
    master: bool
    reward: Effect | None


@dataclass(frozen=True)
class Decoration:
    id: SpaceId
    area: str
    cost: int
    prestige: int
    order: int
    hall: str | None = None
    multiplier: int | None = None


@dataclass(frozen=True)
class Hall:
    id: str
    name: str
    royal: bool
    majority: tuple[int, ...]
    musician: SpaceId
    guest_spaces: tuple[SpaceId, ...]


@dataclass(frozen=True)
class BoardSide:
    id: str
    players: tuple[int, ...]
    garment_costs: tuple[int, ...]
    drawers: int
    tiles_per_drawer: int
    halls: tuple[Hall, ...]
    guest_spaces: Mapping[SpaceId, GuestSpace]
    decorations: Mapping[SpaceId, Decoration]
    fireworks_majority: tuple[int, ...]
    all_halls: tuple[int, ...]

    @cached_property
    def halls_by_id(self) -> Mapping[str, Hall]:
        return {h.id: h for h in self.halls}


@dataclass(frozen=True)
class Action:
    id: str
    name: str
    types: tuple[str, ...]
    effect: Effect


@dataclass(frozen=True)
class Step:
    id: str
    name: str
    effect: Effect


@dataclass(frozen=True)
class Phase:
    """A phase of a round or of final scoring: `steps` run once each, `each_player` once per
    player from the start player, `turns` one turn at a time while anyone holds cards."""

    id: str
    name: str
    kind: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Ruleset:
    modules: tuple[str, ...]
    fingerprint: str
    rounds: int
    setup: Mapping[str, Any]
    colors: tuple[str, ...]
    employees: Mapping[CardId, Employee]
    start_cards: tuple[Employee, ...]
    hire_levels: tuple[int, ...]
    garments: Mapping[GarmentId, Garment]
    tiles: Mapping[TileId, Tile]
    sides: tuple[BoardSide, ...]
    actions: Mapping[str, Action]
    round_phases: tuple[Phase, ...]
    final_phases: tuple[Phase, ...]
    fund_limits: Mapping[str, int]
    words: Mapping[str, str]
    vocabulary: Any = field(repr=False, compare=False, default=None)
    # Positioned `LoadWarning`s: accepted, but probably not what the designer meant.
    warnings: tuple = field(repr=False, compare=False, default=())

    def side_for(self, players: int) -> BoardSide:
        for side in self.sides:
            if players in side.players:
                return side
        raise ValueError(f"no board side for {players} players")

    def word(self, key: str) -> str:
        return self.words.get(key, key.replace("_", " "))
