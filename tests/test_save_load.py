"""Saving and loading: a save in the middle of an effect continues exactly like the original;
clones are independent; damaged or foreign saves are refused with a clear CorruptSaveError."""
from __future__ import annotations

import json

import pytest

from interpreter import CorruptSaveError, Game, IllegalDecisionError, load_ruleset, make_bot

from conftest import dump


def _bots(n, kind="greedy", seed=100):
    return [make_bot(kind, seed + s) for s in range(n)]


def _play_until(game, kind, bots):
    while not game.is_over():
        d = game.decision()
        if d.kind == kind:
            return d
        game.apply(bots[d.seat].choose(game, d))
    raise AssertionError(f"no decision of kind {kind!r}")


def _finish(game, bots):
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


@pytest.mark.parametrize("players,kind", [(4, "rent"), (3, "rent"), (2, "keep"), (5, "bonus"),
                                          (3, "hand")])
def test_save_mid_effect_and_continue(rules, players, kind):
    """A save made while an effect waits on a question (e.g. after choosing the garment to
    tailor, before choosing rent or sell) loads to the same pending decision, and both games
    played on by identical bots end in identical states."""
    game = Game.new(rules, players=players, seed=17)
    d = _play_until(game, kind, _bots(players))
    if kind == "rent":
        # the garment has been chosen: the tailoring effect is half done, not yet applied
        assert game.history[-1][1].get("garment") or game.history[-1][1].get("action")
    text = game.to_json()
    loaded = Game.from_json(rules, text)
    assert loaded.decision() == d
    assert dump(loaded) == dump(game)
    _finish(game, _bots(players, "random", 5))
    _finish(loaded, _bots(players, "random", 5))
    assert game.is_over() and loaded.is_over()
    assert dump(loaded) == dump(game)
    assert loaded.standings() == game.standings()


def test_save_of_finished_game_and_round_trip(rules):
    game = _finish(Game.new(rules, players=2, seed=3), _bots(2))
    loaded = Game.from_json(rules, game.to_json())
    assert loaded.is_over() and loaded.winner() == game.winner()
    assert loaded.to_json() == game.to_json()


def test_clone_is_independent(rules):
    game = Game.new(rules, players=3, seed=8)
    bots = _bots(3)
    for _ in range(30):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    before = dump(game)
    clone = game.clone()
    assert dump(clone) == before
    d = clone.decision()
    clone.apply(d.options[0])
    clone.state["players"][0]["livre"] += 100
    clone.state["drawers"][0].clear()
    assert dump(game) == before
    # and the other way round
    clone_before = dump(clone)
    game.apply(d.options[-1])
    assert dump(clone) == clone_before


def _save(game) -> dict:
    return json.loads(game.to_json())


@pytest.fixture(scope="module")
def midgame(rules):
    game = Game.new(rules, players=3, seed=12)
    bots = _bots(3)
    for _ in range(60):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


def _corrupt(rules, text, match):
    with pytest.raises(CorruptSaveError, match=match):
        Game.from_json(rules, text)


def test_not_json(rules):
    _corrupt(rules, "this is not json {", "not a save file")
    _corrupt(rules, "", "not a save file")
    _corrupt(rules, None, "not a save file")


def test_wrong_format(rules, midgame):
    _corrupt(rules, "[1, 2, 3]", "not a save file: expected format 'rococo-save'")
    data = _save(midgame)
    data["format"] = "chess-save"
    _corrupt(rules, json.dumps(data), "expected format 'rococo-save'")
    _corrupt(rules, json.dumps({"state": data["state"]}), "expected format")


@pytest.mark.parametrize("key", ["ruleset", "players", "cursor", "answers", "pending", "history",
                                 "rng", "seed"])
def test_missing_keys(rules, midgame, key):
    data = _save(midgame)
    del data["state"][key]
    _corrupt(rules, json.dumps(data), "save file is damaged")


def test_state_not_an_object(rules):
    _corrupt(rules, json.dumps({"format": "rococo-save", "state": [1, 2]}),
             "the game state is incomplete")
    _corrupt(rules, json.dumps({"format": "rococo-save"}), "the game state is incomplete")


@pytest.mark.parametrize("edit", [
    lambda s: s["players"][0].__setitem__("livre", s["players"][0]["livre"] + 5),
    lambda s: s["players"][1]["tiles"].append("res_01"),
    lambda s: s["drawers"].reverse(),
    lambda s: s.__setitem__("round", s["round"] + 1),
    lambda s: s["rng"].__setitem__(0, 0) if isinstance(s["rng"], list) else
    s.__setitem__("rng", "tampered"),
    lambda s: s.__setitem__("seed", s["seed"] + 1),
    lambda s: s["history"].pop(),
], ids=["livre", "tiles", "drawers", "round", "rng", "seed", "history"])
def test_tampered_state(rules, midgame, edit):
    """A state that does not follow from its seed and history is refused."""
    data = _save(midgame)
    edit(data["state"])
    _corrupt(rules, json.dumps(data), "save file is damaged")


def test_history_that_does_not_replay(rules, midgame):
    data = _save(midgame)
    data["state"]["history"][3][1] = {"no": "such answer"}
    _corrupt(rules, json.dumps(data), "its history does not replay")


@pytest.mark.parametrize("players", [3, "three", [1, 2, 3], None, list(range(9)), []])
def test_malformed_players_is_a_corrupt_save(rules, midgame, players):
    """A damaged player list is reported as a corrupt save, not as a crash."""
    data = _save(midgame)
    data["state"]["players"] = players
    _corrupt(rules, json.dumps(data), "save file is damaged")


def test_other_ruleset_fingerprint(rules, midgame):
    data = _save(midgame)
    data["state"]["ruleset"] = "0123456789abcdef"
    with pytest.raises(CorruptSaveError, match="made with other rules") as err:
        Game.from_json(rules, json.dumps(data))
    assert "0123456789abcdef" in str(err.value) and rules.fingerprint in str(err.value)


def test_loaded_game_rejects_illegal_answers_like_the_original(rules, midgame):
    loaded = Game.from_json(rules, midgame.to_json())
    before = dump(loaded)
    with pytest.raises(IllegalDecisionError):
        loaded.apply({"not": "an option"})
    assert dump(loaded) == before
