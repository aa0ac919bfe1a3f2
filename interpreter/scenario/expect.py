"""A scenario's expected results compared with the game: each difference is a failure at the
expectation's own position, with the expected and the actual value."""
from __future__ import annotations

import json
from typing import Any

from ..core.state import keyed
from .run import BOARD_LISTS, PILES, RESOURCES, ScenarioRun, same, seat_key, show


def check_expectations(run: ScenarioRun, expect: dict | None = None,
                       base: tuple = ("expect",)) -> None:
    """The scenario's `expect` after all runs, or one run's own `expect` after it."""
    expect = run.data.get("expect", {}) if expect is None else expect
    state = keyed(run.state)  # expectations name piles and resources by their ids
    want: Any  # what one expectation asks for: a seat, a list, a mapping
    actual: Any
    for key in ("round", "finished"):
        if key in expect and expect[key] != state[key]:
            run.fail(base + (key,), key, expect[key], state[key])
    for key in ("start_player", "favor"):
        if key in expect:
            want = None if expect[key] is None else run.seat(expect[key], base + (key,))
            if want != state[key]:
                run.fail(base + (key,), key, want, state[key])
    for key in BOARD_LISTS + ("garment_display",):
        if key in expect:
            _check_list(run, base + (key,), key, expect[key], state[key], None)
    if "drawers" in expect:
        size = run.game.side.tiles_per_drawer
        want = [list(d) + [None] * (size - len(d)) for d in expect["drawers"]]
        _check_list(run, base + ("drawers",), "drawers", want, state["drawers"], None)
    for group in ("displays", "zones"):
        for key, want in expect.get(group, {}).items():
            actual = state.get(group, {}).get(key)
            if actual is None:
                run.fail(base + (group, key), f"the {group[:-1]} {key!r}", want, None)
            else:
                _check_list(run, base + (group, key), f"the {group[:-1]} {key}", want, actual,
                            None)
    if "all_halls" in expect:
        want = expect["all_halls"]
        resolve = (lambda items: [run.seat(s, base + ("all_halls",)) for s in items])
        want = resolve(want) if isinstance(want, list) else \
            {k: resolve(v) for k, v in want.items()}
        _check_list(run, base + ("all_halls",), "all_halls", want, state["all_halls"], None)
    if "decorations" in expect:
        want = {s: run.seat(v, base + ("decorations", s))
                for s, v in expect["decorations"].items()}
        if want != state["decorations"]:
            run.fail(base + ("decorations",), "decorations", want,
                     dict(sorted(state["decorations"].items())))
    for key, want in expect.get("by_seat", {}).items():
        actual = [p[key] for p in state["players"]]
        if want != actual:
            run.fail(base + ("by_seat", key), f"{key} by seat", want, actual)
    for ref, entry in expect.get("players", {}).items():
        _check_player(run, base + ("players", ref), ref, entry)


def possessive(name: str) -> str:
    """'eve's', 'seat 1's'; a pronoun a scenario names a player by has its own ('her')."""
    return {"her": "her", "him": "his", "me": "my", "you": "your", "it": "its",
            "them": "their"}.get(name, f"{name}'s")


def _check_player(run: ScenarioRun, path: tuple, ref: Any, expect: dict) -> None:
    seat = run.seat(seat_key(ref), path)
    player = keyed(run.state["players"][seat])
    who = possessive(run.who(seat))
    want: Any  # what one expectation asks for: a card, a mapping, a list
    actual: Any
    for key in RESOURCES:
        if key in expect and expect[key] != player[key]:
            run.fail(path + (key,), f"{who} {key}", expect[key], player[key])
    for key, want in expect.get("resources", {}).items():
        if want != player.get(key):
            run.fail(path + ("resources", key), f"{who} {key}", want, player.get(key))
    for zid, want in expect.get("zones", {}).items():
        _check_list(run, path + ("zones", zid), f"{who} {zid}", want,
                    player.get("zones", {}).get(zid, []), seat)
    if "score" in expect and expect["score"] != player["score"]:
        run.fail(path + ("score",), f"{who} score", expect["score"], player["score"])
    for key in PILES + ("tiles",):
        if key in expect:
            _check_list(run, path + (key,), f"{who} {key}", expect[key], player[key], seat)
    for kind, want in expect.get("owned", {}).items():
        _check_list(run, path + ("owned", kind), f"{who} {kind}", want,
                    player.get("owned", {}).get(kind, []), seat)
    if "played" in expect:
        want = None if expect["played"] is None else \
            run.card(expect["played"], seat, path + ("played",))
        if want != player["played"]:
            run.fail(path + ("played",), f"{who} played card", want, player["played"])
    if "garments" in expect:
        actual = {s: g for s, g in run.state["guests"].items() if g["owner"] == seat}
        want = {}
        for space, g in expect["garments"].items():
            g = {"garment": g} if isinstance(g, str) else g
            want[space] = {**actual.get(space, {}), **g}
        if want != actual:
            run.fail(path + ("garments",), f"{who} garments on guest spaces",
                     {s: g["garment"] if set(g) <= {"garment"} else g
                      for s, g in expect["garments"].items()},
                     {s: g["garment"] for s, g in actual.items()})
    if "balcony" in expect:
        actual = {s: g["garment"] for s, g in run.state["balcony"].items() if g["owner"] == seat}
        if expect["balcony"] != actual:
            run.fail(path + ("balcony",), f"{who} garments on the balcony", expect["balcony"],
                     actual)
    if "decorations" in expect:
        actual = sorted(s for s, owner in run.state["decorations"].items() if owner == seat)
        want = expect["decorations"]
        want = sorted(want) if isinstance(want, list) else want
        _check_list(run, path + ("decorations",), f"{who} decorations", want, actual, None)


def _check_list(run: ScenarioRun, path: tuple, what: str, want: Any, actual: list,
                seat) -> None:
    """A list compared exactly, or by `unordered`, `contains` or `excludes`."""
    if isinstance(want, list):
        want = run.cards_in(want, seat)
        if not same(want, actual):
            run.fail(path, what, want, actual)
        return
    (mode, items), = want.items()
    items = run.cards_in(items, seat)
    if mode == "unordered" and sorted(map(_key, items)) != sorted(map(_key, actual)):
        run.fail(path + (mode,), f"{what} (in any order)", items, actual)
    elif mode == "contains":
        for i, item in enumerate(items):
            if not any(same(item, a) for a in actual):
                run.fail(path + (mode, i), f"{what} to contain {show(item)}", items,
                         actual)
    elif mode == "excludes":
        for i, item in enumerate(items):
            if any(same(item, a) for a in actual):
                run.fail(path + (mode, i), f"{what} not to contain {show(item)}", items,
                         actual)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
