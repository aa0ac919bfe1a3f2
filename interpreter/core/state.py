"""The shape of a game's state, declared once: the `state` of schemas/save.schema.json as types.

The state stays plain JSON data (a dict: copied, journaled, saved and compared as it is); these
TypedDicts say which keys it has and what they hold. tests/test_state_types.py holds them to the
save schema both ways: the keys the schema requires are these types' required keys, and the
keys it allows besides are their `NotRequired` ones, so neither can drift from the other.

Modules extend the state in three ways, and the types leave room for each rather than name them
(no module is named in Python):
- keys present only when a module declares something: `displays`, `counters` on the state;
  `zones` (per-player piles, a seat kind's own cards among them), `owned`, `renting`, `kind`,
  `turn_card` on a player. These are `NotRequired`; where present, their inner keys are the ids
  the module declares, so they are `dict[str, ...]`, not TypedDicts.
- a module's own resources (the schema's `additionalProperties` on a player): extra integer keys
  of a player that no type can list.
- the board zones the base rules declare (`hire_deck`, `resource_bag`, ...) are fixed keys here,
  but rules reach them by id as data too (`state[zone.id]`).

A TypedDict may only be indexed by literal keys, and rules reach resources and zones by ids they
get from data (`player[resource]`, `state[zone.id]`). The engine holds the state as a `State`
(`Game.state`, `Context.state`) and the core's functions take a `State` or a `Player`, so mypy
checks every fixed key they read; the few places that index by an id from data say so with
`keyed(...)`, the same dict typed as an open `dict[str, Any]`.
"""

# (no `from __future__ import annotations`: `NotRequired` must be seen when the classes are
# made, for their __optional_keys__, which the schema test reads)
from typing import Any, Literal, NotRequired, TypedDict, final

Until = Literal["turn_end", "round_end", "game_end"]


class Seated(TypedDict):
    """A garment on a guest or balcony space: whose it is, and whether a master made it."""
    garment: str
    owner: int
    master_made: NotRequired[bool]


class Cursor(TypedDict):
    """Where the flow stands: the stage, the phase's index in it and the turn's in the phase."""
    stage: Literal["setup", "round", "final"]
    phase: int
    index: int


@final  # no other keys: `"cost" in m` tells a cost modifier from a trigger
class CostModifier(TypedDict):
    """A cost changed by `by` for a seat until a moment of the game."""
    seat: int
    cost: str
    by: int
    until: Until


@final
class TriggerModifier(TypedDict):
    """A trigger an effect started (`whenever ... before ...`)."""
    seat: int
    trigger: str
    event: str
    until: Until


class Player(TypedDict):
    """One seat's supplies, cards, score and (NotRequired) what modules add to it. A module's
    own resources are further integer keys (see the module docstring)."""
    seat: int
    color: str
    livre: int
    prestige: int
    thread: int
    lace: int
    tiles: list[str]
    supply: list[str]
    hand: list[str]
    discard: list[str]
    played: str | None
    tailoring: str | None
    score: dict[str, int]
    deputing: list[str]
    owned: NotRequired[dict[str, list[str]]]
    renting: NotRequired[list[str]]
    zones: NotRequired[dict[str, list[str]]]
    kind: NotRequired[str]
    turn_card: NotRequired[str | None]


class State(TypedDict):
    """A whole game: the board, the bags and decks, the players, the flow's cursor, the random
    generator's state, and (NotRequired) the displays and counters modules declare."""
    rng: int
    version: int
    ruleset: str
    modules: list[str]
    seed: int
    side: str
    round: int
    start_player: int
    favor: int | None
    hire_deck: list[str]
    hire_display: list[str | None]  # the Hire spaces from the left, None where empty
    removed_employees: list[str]
    resource_bag: list[str]
    resource_discard: list[str]
    drawers: list[list[str | None]]  # a drawer's spaces left to right, None where empty
    garment_bag: list[str]
    garment_discard: list[str]
    garment_display: list[str | None]
    guests: dict[str, Seated]
    balcony: dict[str, Seated]
    decorations: dict[str, int]
    all_halls: list[int]
    players: list[Player]
    cursor: Cursor | None
    finished: bool
    zones: dict[str, list[str]]
    modifiers: list[CostModifier | TriggerModifier]
    fired: list[str]
    displays: NotRequired[dict[str, list[str | None]]]
    counters: NotRequired[dict[str, int]]


def keyed(part: State | Player) -> dict[str, Any]:
    """The same dict, for a key that is an id from data (a module's resource, a board zone's
    id), which a TypedDict's fixed keys cannot type. No copy, no check: a name for the cast."""
    return part  # type: ignore[return-value]
