"""Saves of every earlier format the engine has written are converted step by step (issue 35
part 3): each kept sample (tests/data/old_saves, written by the engine of that version: 60
decisions of a 2-player base game, seed 5, greedy bots 0 and 1) loads as the game its seed and
history give with today's rules; what cannot be converted is refused, saying why."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import CorruptSaveError, Game, load_ruleset, make_bot
from interpreter.core.saves import SAVE_VERSION

SAMPLES = Path(__file__).parent / "data" / "old_saves"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def _history(data: dict) -> list:
    return data["history"] if "history" in data else data["state"]["history"]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_save_of_each_earlier_version_is_converted(rules, version):
    text = (SAMPLES / f"version{version}.json").read_text()
    data = json.loads(text)
    game = Game.from_json(rules, text)
    assert game.meta == {"converted_from": version}
    assert game.history == _history(data) and len(game.history) == 60
    replayed = Game.replay(rules, 2, 5, [v for _, v in _history(data)])
    assert game.state == replayed.state and game.decision() == replayed.decision()
    again = Game.from_json(rules, game.to_json(), verify=True)  # saved in today's format
    assert json.loads(again.to_json())["version"] == SAVE_VERSION
    bots = [make_bot("greedy", s) for s in range(2)]
    d = game.decision()
    game.apply(bots[d.seat].choose(game, d))  # and it plays on


def test_a_version_3_drawer_with_a_gap_comes_back_with_its_gap(rules):
    """Version 2 closed a drawer up where a tile was taken; the converted position is today's:
    the space stays empty (001: "Leave any remaining Resource tiles in place")."""
    old = json.loads((SAMPLES / "version2.json").read_text())
    assert all(None not in d for d in old["state"]["drawers"])
    game = Game.from_json(rules, (SAMPLES / "version2.json").read_text())
    assert any(None in d for d in game.state["drawers"])


def test_what_cannot_be_converted_is_refused_saying_why(rules):
    data = json.loads((SAMPLES / "version2.json").read_text())
    data["history"][10][1] = "no such card"
    data.pop("digest")
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, json.dumps(data))
    assert str(info.value).startswith("save file version 2 cannot be converted: its history does "
                                      "not replay with these rules at decision 11 ('no such "
                                      "card' is not a legal answer to ")
    masques = load_ruleset(expansions=["masques"])
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(masques, (SAMPLES / "version3.json").read_text())
    assert str(info.value) == ("save file version 3 was made with modules base, deluxe; these "
                               "rules load base, deluxe, masques: load the same modules to "
                               "convert it")
    edited = json.loads((SAMPLES / "version3.json").read_text())
    edited["seed"] = 6
    with pytest.raises(CorruptSaveError, match="its digest does not match its content"):
        Game.from_json(rules, json.dumps(edited))
    data["version"] = 0
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, json.dumps(data))
    assert str(info.value) == ("save file version 0 is not supported (this engine reads "
                               "version 4, and converts versions 1 to 3)")
