"""Saves of the engine's earlier formats, converted step by step to the current one.

Version 1 kept only the state, with the seed, the history and the module ids inside it; 2 put
them beside the state, with the modules' digests and the step start; 3 made a drawer the list
of its spaces (None where empty; before, a drawer closed up where a tile was taken); 4 made the
Hire display the list of its spaces too. A position of version 2 or 3 cannot be converted by
its shape (which space of a drawer is empty is not in it), so each step keeps what the next
version holds the same way (seed, players, modules, history, meta) and drops what it does not;
the position is then rebuilt by replaying the history with these rules, as a verified save is.
A save whose history does not replay (the rules changed since) is refused, naming the decision.
"""
from __future__ import annotations

from collections.abc import Callable

from .errors import CorruptSaveError
from .model import Ruleset
from .shapes import G, GameClass


def _from_1(data: dict) -> dict:
    """Version 1 (`{"format", "state"}`): the seed, history and modules out of the state."""
    state = data.get("state")
    if not isinstance(state, dict) or not all(k in state for k in ("seed", "history",
                                                                     "players", "modules")):
        raise CorruptSaveError("save file of version 1 is damaged: its state lacks the seed, "
                               "history, players or modules it held")
    return {"format": data["format"], "version": 2,
            "modules": [{"id": m} for m in state["modules"]] if isinstance(
                state["modules"], list) else state["modules"],
            "players": len(state["players"]) if isinstance(state["players"], list) else None,
            "seed": state["seed"], "history": state["history"], "meta": {}}


def _position_dropped(version: int) -> Callable[[dict], dict]:
    """A step whose position changed shape: the rest is kept, the position rebuilt later."""
    def step(data: dict) -> dict:
        kept = {k: v for k, v in data.items()
                if k not in ("state", "answers", "ruleset", "digest", "version")}
        return {**kept, "version": version + 1}
    return step


STEPS: dict[int, Callable[[dict], dict]] = {
    1: _from_1,
    2: _position_dropped(2),  # 3: a drawer lists its spaces
    3: _position_dropped(3),  # 4: the Hire display lists its spaces
}


def convert(cls: GameClass[G], rules: Ruleset, data: dict, version: int, current: int) -> G:
    """The game an older save holds, as these rules play it from its seed and history."""
    for step in range(version, current):
        data = STEPS[step](data)
    saved = sorted(str(m.get("id") if isinstance(m, dict) else m)
                   for m in data.get("modules") or [])
    loaded = sorted(m["id"] for m in rules.module_info)
    if saved != loaded:
        raise CorruptSaveError(f"save file version {version} was made with modules "
                               f"{', '.join(map(str, saved)) or 'none named'}; these rules load "
                               f"{', '.join(loaded)}: load the same modules to convert it")
    players, seed, history = data.get("players"), data.get("seed"), data.get("history")
    if type(players) is not int or type(seed) is not int or not isinstance(history, list) \
            or not all(isinstance(h, list) and len(h) == 2 for h in history):
        raise CorruptSaveError(f"save file version {version} is damaged: its players, seed or "
                               "history are not what that version wrote")
    game: G | None = None
    n = 0
    try:
        game = cls.new(rules, players, seed)
        for _seat, value in history:
            n += 1  # the decision being replayed, for the refusal
            game.apply_value(value)
    except Exception as exc:  # noqa: BLE001 - the rules changed since: it cannot be converted
        where = f" at decision {n}" if n else ""
        raise CorruptSaveError(f"save file version {version} cannot be converted: its history "
                               f"does not replay with these rules{where} ({exc})") from None
    assert game is not None
    meta = data.get("meta")
    game.meta = {**(meta if isinstance(meta, dict) else {}), "converted_from": version}
    return game
