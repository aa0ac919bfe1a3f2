"""Hand-written Python for the effects the benchmark times, keyed by the rule's id.

Each function makes exactly the change its rule's compiled effect makes (tests/test_bench.py
checks that on several positions), written the way a programmer would write it by hand: direct
reads of the plain state and the ruleset. They are the yardstick for the compiled effects and
are never used by the engine.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (state, seat, rules, side): the state as the plain dict it is, read by ids as by hand
Reference = Callable[[Any, int, object, object], None]
REFERENCES: dict[str, Reference] = {}


def reference(*rule_ids: str):
    def register(fn: Reference) -> Reference:
        for rule_id in rule_ids:
            REFERENCES[rule_id] = fn
        return fn
    return register


# -- the small questions every reference asks ----------------------------------------------
def _gain(player: dict, resource: str, amount: int) -> None:
    """As the effect `gain`: nothing happens for 0; prestige is also written to the score."""
    if amount:
        player[resource] += amount
        if resource == "prestige":
            score = player["score"]
            score["play"] = score.get("play", 0) + amount


def _garments(state: dict, seat: int) -> list[str]:
    out = [g["garment"] for g in state["guests"].values() if g["owner"] == seat]
    out += [g["garment"] for g in state["balcony"].values() if g["owner"] == seat]
    return out


def _decorations(state: dict, seat: int) -> list[str]:
    return [space for space, owner in state["decorations"].items() if owner == seat]


def _staff_size(player: dict) -> int:
    return (len(player["supply"]) + len(player["hand"]) + len(player["discard"])
            + (player["played"] is not None))


def _colors(state: dict, seat: int, rules) -> dict[str, int]:
    counts: dict[str, int] = {}
    for g in _garments(state, seat):
        color = rules.garments[g].color
        counts[color] = counts.get(color, 0) + 1
    return counts


def _staff_table(size: int, rows: tuple[int, int, int, int]) -> int:
    if size >= 11:
        return rows[3]
    if size >= 9:
        return rows[2]
    if size >= 7:
        return rows[1]
    if size >= 5:
        return rows[0]
    return 0


# -- employee bonuses ----------------------------------------------------------------------
@reference("l1.livre")
def _one_livre(state, seat, rules, side):
    _gain(state["players"][seat], "livre", 1)


@reference("start.apprentice_2")
def _two_livre(state, seat, rules, side):
    _gain(state["players"][seat], "livre", 2)


@reference("l2.blue_green_livre")
def _blue_green_livre(state, seat, rules, side):
    colors = _colors(state, seat, rules)
    _gain(state["players"][seat], "livre", colors.get("blue", 0) + 2 * colors.get("green", 0))


@reference("l2.decoration_prestige", "l5.decoration_prestige")
def _decoration_pairs(state, seat, rules, side):
    _gain(state["players"][seat], "prestige", len(_decorations(state, seat)) // 2)


@reference("l3.decoration_livre")
def _decoration_livre(state, seat, rules, side):
    _gain(state["players"][seat], "livre", len(_decorations(state, seat)))


@reference("l3.garment_prestige")
def _garment_triples(state, seat, rules, side):
    _gain(state["players"][seat], "prestige", len(_garments(state, seat)) // 3)


@reference("l3.staff_livre")
def _staff_livre_3(state, seat, rules, side):
    player = state["players"][seat]
    _gain(player, "livre", _staff_table(_staff_size(player), (2, 6, 10, 14)))


@reference("l4.staff_livre")
def _staff_livre_4(state, seat, rules, side):
    player = state["players"][seat]
    _gain(player, "livre", _staff_table(_staff_size(player), (1, 3, 5, 7)))


@reference("l4.pink_orange")
def _pink_orange(state, seat, rules, side):
    colors = _colors(state, seat, rules)
    player = state["players"][seat]
    _gain(player, "livre", 2 * colors.get("pink", 0))
    _gain(player, "prestige", colors.get("orange", 0))


@reference("l5.garment_livre")
def _garment_livre(state, seat, rules, side):
    _gain(state["players"][seat], "livre", len(_garments(state, seat)))


@reference("l5.garment_pairs")
def _garment_pairs(state, seat, rules, side):
    _gain(state["players"][seat], "prestige", len(_garments(state, seat)) // 2)


# -- crown cards (final) -------------------------------------------------------------------
@reference("l6.crown_staff")
def _crown_staff(state, seat, rules, side):
    player = state["players"][seat]
    _gain(player, "prestige", _staff_table(_staff_size(player), (2, 5, 8, 11)))


@reference("l6.crown_thread_lace")
def _crown_thread_lace(state, seat, rules, side):
    player = state["players"][seat]
    sets = min(player["thread"], player["lace"])
    player["thread"] -= sets
    player["lace"] -= sets
    _gain(player, "prestige", 3 * sets)


@reference("l6.crown_master_guests")
def _crown_master_guests(state, seat, rules, side):
    spaces = side.guest_spaces
    n = sum(1 for space, g in state["guests"].items()
            if g["owner"] == seat and spaces[space].master)
    _gain(state["players"][seat], "prestige", 3 * (n // 2))


@reference("l6.crown_couples")
def _crown_couples(state, seat, rules, side):
    gowns = coats = 0
    for g in _garments(state, seat):
        if rules.garments[g].kind == "gown":
            gowns += 1
        else:
            coats += 1
    _gain(state["players"][seat], "prestige", 2 * min(gowns, coats))


# -- income and final scoring --------------------------------------------------------------
@reference("round.income")
def _income(state, seat, rules, side):
    player = state["players"][seat]
    _gain(player, "livre", 5)
    areas = [side.decorations[d].area for d in _decorations(state, seat)]
    if "kitchen_left" in areas:
        _gain(player, "livre", len(areas))
    if "kitchen_right" in areas:
        _gain(player, "livre", len(_garments(state, seat)))


@reference("final_scoring.livre")
def _final_livre(state, seat, rules, side):
    player = state["players"][seat]
    sets = player["livre"] // 10
    player["livre"] -= 10 * sets
    _gain(player, "prestige", sets)


@reference("final_scoring.favor")
def _final_favor(state, seat, rules, side):
    if state["favor"] == seat:
        _gain(state["players"][seat], "prestige", 3)


@reference("final_scoring.statues")
def _final_statues(state, seat, rules, side):
    statues = sum(1 for d in _decorations(state, seat) if side.decorations[d].area == "statue")
    colors = _colors(state, seat, rules)
    _gain(state["players"][seat], "prestige",
          2 * sum(min(colors.get(c, 0), statues) for c in ("blue", "pink", "green", "orange")))


@reference("final_scoring.tokens")
def _final_tokens(state, seat, rules, side):
    points = 0
    for g in state["guests"].values():
        if g["owner"] == seat:
            points += rules.garments[g["garment"]].prestige
    for g in state["balcony"].values():  # face value: what the factor adds is the balcony's
        if g["owner"] == seat:
            points += rules.garments[g["garment"]].prestige
    points += sum(side.decorations[d].prestige for d in _decorations(state, seat))
    order = state["all_halls"]
    if seat in order:
        points += side.all_halls[order.index(seat)]
    _gain(state["players"][seat], "prestige", points)
