"""Checks that the component data files match their schemas and every mechanically checkable
fact in COMPONENTS.md and the rulebook (counts, ranges, worked examples, board layout)."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from packwriter import write
from ruamel.yaml import YAML

ROOT = Path(__file__).parents[1]
BASE = ROOT / "rules" / "base"
SCHEMAS = ROOT / "schemas"
COLORS = ("blue", "pink", "green", "orange")
ID_RE = re.compile(r"^[a-z][a-z0-9_.]*$")
REWARD_RE = re.compile(r"^(gain [1-9][0-9]* livre|gain 1 thread|gain 1 lace|acquire free)$")
HALL_IDS = ["royal_hall", "hall_2", "hall_3", "hall_4", "hall_5"]
HALL_NAMES = ["Royal Hall", "Hall 2", "Hall 3", "Hall 4", "Hall 5"]


def _load(name: str) -> dict:
    return YAML(typ="safe").load((BASE / f"{name}.yaml").read_text(encoding="utf-8"))


def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@pytest.fixture(scope="module")
def garments() -> list[dict]:
    return _load("garments")["garments"]


@pytest.fixture(scope="module")
def tiles() -> list[dict]:
    return _load("resources")["tiles"]


@pytest.fixture(scope="module")
def sides() -> dict[str, dict]:
    return {side["id"]: side for side in _load("board")["sides"]}


# --- schemas and headers -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["garments", "resources", "board"])
def test_file_matches_its_schema(name: str) -> None:
    errors = sorted(_validator(name).iter_errors(_load(name)), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


@pytest.mark.parametrize("name", ["garments", "resources", "board"])
def test_header_is_reconstructed_with_constraints(name: str) -> None:
    data = _load(name)
    assert data["kind"] == name
    assert data["provenance"] == "reconstructed"
    assert data["constraints"] and all(isinstance(c, str) and c for c in data["constraints"])


@pytest.mark.parametrize(
    ("name", "path", "bad"),
    [
        ("garments", ("garments", 0, "silk"), {"blue": 0}),
        ("garments", ("garments", 0, "extra"), 1),
        ("garments", ("kind",), "resources"),
        ("resources", ("tiles", 0, "bottom"), "thread-lace"),
        ("resources", ("tiles", 0, "silk"), {}),
        ("resources", ("provenance",), "guessed"),
        ("board", ("sides", 0, "garment_display", 0), 9),
        ("board", ("sides", 0, "areas", 0, "spaces", 0, "multiplier"), 6),
        ("board", ("sides", 0, "areas", 0, "spaces"), []),
        ("board", ("sides", 0, "areas", 0, "id"), "Fire works"),
        ("board", ("sides", 0, "halls", 0, "guest_spaces", 0, "prestige"), 2),
        ("board", ("sides", 0, "halls", 0, "guest_spaces", 0, "reward"), 3),
        ("board", ("sides", 0, "halls", 0, "id"), "Royal Hall"),
    ],
)
def test_schema_rejects_bad_data(name: str, path: tuple, bad: object) -> None:
    data = copy.deepcopy(_load(name))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = bad
    assert list(_validator(name).iter_errors(data))


# --- garments ------------------------------------------------------------------------------

def test_garment_counts_per_colour(garments: list[dict]) -> None:
    assert len(garments) == 42
    assert Counter(g["color"] for g in garments) == {"blue": 13, "pink": 13, "green": 10, "orange": 6}


def test_garment_ids_unique(garments: list[dict]) -> None:
    ids = [g["id"] for g in garments]
    assert len(ids) == len(set(ids))
    assert all(ID_RE.match(i) for i in ids)


def test_garment_ranges(garments: list[dict]) -> None:
    for g in garments:
        assert 6 <= g["value"] <= 28, g["id"]
        assert 2 <= g["prestige"] <= 4, g["id"]
        assert 1 <= sum(g["silk"].values()) <= 5, g["id"]
        assert 0 <= g["thread"] <= 2 and 0 <= g["lace"] <= 2, g["id"]
    values = {g["value"] for g in garments}
    assert min(values) == 6 and max(values) == 28  # "6 to 28 Livre"
    assert {g["prestige"] for g in garments} == {2, 3, 4}  # "2 to 4 Points"


def test_garment_main_colour_is_most_of_its_silk(garments: list[dict]) -> None:
    for g in garments:
        assert g["silk"].get(g["color"], 0) == max(g["silk"].values()), g["id"]
    assert any(len(g["silk"]) > 1 for g in garments)  # "some ... may include a second color"


def test_about_a_quarter_master_only(garments: list[dict]) -> None:
    assert 8 <= sum(g["master"] for g in garments) <= 14


def test_worked_example_garment_exists(garments: list[dict]) -> None:
    assert any(
        g["color"] == "blue" and g["master"] and g["silk"] == {"blue": 3}
        and g["lace"] == 1 and g["thread"] == 0
        for g in garments
    )


def test_photo_master_gown_exists(garments: list[dict]) -> None:
    assert any(
        g["color"] in ("blue", "green") and g["master"] and len(g["silk"]) == 1
        and sum(g["silk"].values()) == 2 and g["thread"] == 1 and g["lace"] == 0
        for g in garments
    )


# --- resource tiles ------------------------------------------------------------------------

def test_tile_count_and_ids(tiles: list[dict]) -> None:
    assert len(tiles) == 48
    ids = [t["id"] for t in tiles]
    assert len(ids) == len(set(ids)) and all(ID_RE.match(i) for i in ids)


def test_tile_bales(tiles: list[dict]) -> None:
    for t in tiles:
        assert 1 <= sum(t["silk"].values()) <= 3, t["id"]
        assert t["bottom"] in ("thread", "lace", "thread+lace", "thread/lace"), t["id"]


def test_silk_rarity(tiles: list[dict]) -> None:
    bales = Counter()
    for t in tiles:
        bales.update(t["silk"])
    # pink and blue common, green uncommon, orange rare
    assert min(bales["pink"], bales["blue"]) > bales["green"] > bales["orange"] > 0


def test_silk_supply_fits_demand(tiles: list[dict], garments: list[dict]) -> None:
    supply, demand = Counter(), Counter()
    for t in tiles:
        supply.update(t["silk"])
    for g in garments:
        demand.update(g["silk"])
    for colour in COLORS:
        # the bag is refilled from the discards, and a game tailors about half of the garments
        assert 0.5 * demand[colour] <= supply[colour] <= 1.2 * demand[colour], colour


def test_worked_example_tile_exists(tiles: list[dict]) -> None:
    assert any(t["silk"] == {"pink": 2} and t["bottom"] == "thread/lace" for t in tiles)


def test_excess_bale_example_is_possible(tiles: list[dict]) -> None:
    """Two tiles give 3 blue bales and 1 excess green bale (Mike's tailoring example)."""
    assert any(
        Counter(a["silk"]) + Counter(b["silk"]) == {"blue": 3, "green": 1}
        for a, b in combinations(tiles, 2)
    )


# --- board ---------------------------------------------------------------------------------

def test_two_sides(sides: dict[str, dict]) -> None:
    assert set(sides) == {"small", "large"}
    assert sides["small"]["players"] == [1, 2, 3]
    assert sides["large"]["players"] == [4, 5]


def test_resource_display(sides: dict[str, dict]) -> None:
    for side, tiles in (("small", 9), ("large", 12)):
        rd = sides[side]["resource_display"]
        assert rd["drawers"] == 3
        assert rd["drawers"] * rd["tiles_per_drawer"] == tiles


@pytest.mark.parametrize("side", ["small", "large"])
def test_garment_display(sides: dict[str, dict], side: str) -> None:
    costs = sides[side]["garment_display"]
    assert all(0 <= c <= 8 for c in costs)
    assert costs == sorted(costs, reverse=True)  # new garments come in on the left
    assert 4 in costs  # Mike pays 4 Livre to tailor


@pytest.mark.parametrize("side", ["small", "large"])
def test_ids_unique_per_side(sides: dict[str, dict], side: str) -> None:
    s = sides[side]
    ids = [s["id"]]
    for hall in s["halls"]:
        ids += [hall["id"], hall["musician"]["id"]] + [g["id"] for g in hall["guest_spaces"]]
    ids += [d["id"] for area in s["areas"] for d in area["spaces"]]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    assert all(ID_RE.match(i) for i in ids)


@pytest.mark.parametrize(("side", "low", "high"), [("small", 3, 6), ("large", 4, 7)])
def test_halls(sides: dict[str, dict], side: str, low: int, high: int) -> None:
    halls = sides[side]["halls"]
    assert [h["id"] for h in halls] == HALL_IDS
    assert [h["name"] for h in halls] == HALL_NAMES
    assert [h.get("royal", False) for h in halls] == [True, False, False, False, False]
    for hall in halls:
        first, second = hall["majority"]
        assert first > second > 0, hall["id"]
        assert hall["majority"] <= halls[0]["majority"], hall["id"]  # the Royal Hall is worth most
        musician = hall["musician"]  # exactly one musician: a single mapping, not a list
        assert isinstance(musician, dict) and musician["id"] == f"{hall['id']}.musician"
        assert 4 <= musician["cost"] <= 8 and 1 <= musician["prestige"] <= 3
        spaces = hall["guest_spaces"]
        assert low <= len(spaces) <= high, hall["id"]
        masters = [i for i, g in enumerate(spaces) if g.get("master", False)]
        assert 1 <= len(masters) <= 2, hall["id"]
        # the middle one(s) are Master guest spaces
        middle = (len(spaces) - 1) / 2
        assert all(abs(i - middle) <= 0.5 for i in masters), hall["id"]
        for g in spaces:
            assert "reward" not in g or REWARD_RE.match(g["reward"]), g["id"]
        plain = [g for g in spaces if not g.get("master", False)]
        assert 0 < sum("reward" in g for g in plain) < len(plain), hall["id"]


def _area(side: dict, area: str) -> dict:
    """A board side's area by its id (its `areas:` entry)."""
    return next(a for a in side["areas"] if a["id"] == area)


@pytest.mark.parametrize(("side", "majority", "count"), [("small", [6, 2], 4), ("large", [7, 3], 5)])
def test_fireworks(sides: dict[str, dict], side: str, majority: list[int], count: int) -> None:
    fireworks = _area(sides[side], "fireworks")
    assert fireworks["majority"] == majority
    spaces = fireworks["spaces"]
    assert len(spaces) == count
    costs = [f["cost"] for f in spaces]
    assert costs == sorted(set(costs))  # dearer to the right, no ties
    multipliers = [f["multiplier"] for f in spaces]
    assert set(multipliers) == {2, 3} and multipliers == sorted(multipliers)
    assert all(2 <= f["prestige"] <= 5 for f in spaces)


def test_fireworks_majorities_differ_by_side(sides: dict[str, dict]) -> None:
    assert sorted(_area(s, "fireworks")["majority"] for s in sides.values()) == [[6, 2], [7, 3]]


@pytest.mark.parametrize(("side", "statues", "kitchen", "all_halls"), [("small", 3, 3, 3), ("large", 4, 5, 5)])
def test_statues_kitchen_all_halls(
    sides: dict[str, dict], side: str, statues: int, kitchen: int, all_halls: int
) -> None:
    s = sides[side]
    assert [a["id"] for a in s["areas"]] == ["fireworks", "statue", "kitchen_left",
                                             "kitchen_right"]
    statue, left, right = (_area(s, a)["spaces"] for a in ("statue", "kitchen_left",
                                                            "kitchen_right"))
    assert len(statue) == statues
    assert all(2 <= d["prestige"] <= 4 for d in statue)
    assert len(left) == kitchen and len(right) == kitchen
    assert all(1 <= d["prestige"] <= 2 for d in left + right)
    assert all("majority" not in a for a in s["areas"] if a["id"] != "fireworks")
    bonus = s["all_halls"]
    assert len(bonus) == all_halls
    assert bonus == sorted(set(bonus), reverse=True)  # decreasing prestige


def test_a_decoration_costs_10_livre(sides: dict[str, dict]) -> None:
    costs = set()
    for s in sides.values():
        decorations = [h["musician"] for h in s["halls"]]
        decorations += [d for area in s["areas"] for d in area["spaces"]]
        costs |= {d["cost"] for d in decorations}
    assert 10 in costs
    assert any(f["cost"] == 10 for s in sides.values() for f in _area(s, "fireworks")["spaces"])


@pytest.mark.parametrize(("key", "bad", "range_"), [("value", 29, "6..28"), ("value", 5, "6..28"),
                                                    ("prestige", 5, "2..4"),
                                                    ("prestige", 0, "2..4")])
def test_garment_value_and_prestige_stay_in_the_rulesets_ranges(tmp_path, key, bad, range_):
    """"The value of the Garment (6 to 28 Livre)", "(2 to 4 Points)": game.yaml's
    garment_ranges, which only a module that says so widens."""
    from interpreter import RulesError, load_ruleset
    garment = ("kind: garments\ngarments:\n  - id: blue_03\n    replace: true\n    color: blue\n"
               "    silk: {blue: 2}\n    thread: 0\n    lace: 0\n    master: false\n"
               f"    value: {bad if key == 'value' else 12}\n"
               f"    prestige: {bad if key == 'prestige' else 2}\n")
    pack = write(tmp_path / "pack", {"g.yaml": garment})
    with pytest.raises(RulesError, match=rf"garment 'blue_03' has {key} {bad}, outside this "
                                         rf"ruleset's range {range_}"):
        load_ruleset(extra_paths=[pack])
    write(pack, {"g.yaml": garment,
                 "f.yaml": "kind: flow\ngarment_ranges: {value: [0, 40], prestige: [0, 6]}\n"})
    assert load_ruleset(extra_paths=[pack]).garments["blue_03"].__getattribute__(key) == bad
def test_a_hall_worth_3_1_on_the_small_side(sides: dict[str, dict]) -> None:
    """Original rulebook, Final scoring A, example on the 1-3 player side (its fireworks example
    is 6/2): "Eve gets 3 Prestige Points. George gets 1 Prestige Point." (Eve wins the tie with
    1 garment on a Master guest space against George's 0)."""
    halls = [h for h in sides["small"]["halls"] if h["majority"] == [3, 1]]
    assert halls
    assert any(any(g.get("master") for g in h["guest_spaces"])
               and any(not g.get("master") for g in h["guest_spaces"]) for h in halls)
    assert any("3/1" in c for c in _load("board")["constraints"])


def test_a_new_colour_is_valid_where_a_module_declares_it(tmp_path):
    """Open vocabularies (issue 7): colours come from the rules. An unknown colour is a load
    error at its position; a module that declares it (garment_kinds in a flow document) makes
    it valid, also as a silk colour and as a name in effects."""
    from interpreter import RulesError, load_ruleset
    garment = ("kind: garments\ngarments:\n  - id: purple_01\n    color: purple\n"
               "    silk: {purple: 2}\n    thread: 0\n    lace: 0\n    master: false\n"
               "    value: 9\n    prestige: 2\n")
    pack = write(tmp_path / "pack", {"g.yaml": garment})
    with pytest.raises(RulesError, match=r"g.yaml:4:12: unknown garment colour 'purple'"):
        load_ruleset(extra_paths=[pack])
    write(pack, {"f.yaml": "kind: flow\ngarment_kinds: {purple: gown}\n", "g.yaml": garment})
    rules = load_ruleset(extra_paths=[pack])
    assert rules.garments["purple_01"].kind == "gown"
    assert "purple" in rules.vocabulary.enums["color"]
