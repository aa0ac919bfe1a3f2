"""Saving and loading: a save in the middle of an effect continues exactly like the original;
clones are independent; damaged or foreign saves are refused with a clear CorruptSaveError."""
from __future__ import annotations

import json

import pytest
from conftest import dump
from packwriter import write

from interpreter import (
    CorruptSaveError,
    Game,
    IllegalDecisionError,
    load_ruleset,
    make_bot,
)
from interpreter.core.saves import seal


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


def _sealed(data: dict) -> str:
    """The save re-sealed after an edit: what a careful tamperer (or a damaged writer) makes."""
    return json.dumps(seal(data))


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
    _corrupt(rules, "this is not json {", "not a save file: expecting value at line 1 column 1")
    _corrupt(rules, "", "not a save file")
    _corrupt(rules, None, "not a save file: expected JSON text, got NoneType")


def test_wrong_format_and_version(rules, midgame):
    _corrupt(rules, "[1, 2, 3]", "not a save file: expected format 'rococo-save'")
    data = _save(midgame)
    data["format"] = "chess-save"
    _corrupt(rules, json.dumps(data), "expected format 'rococo-save'")
    data = _save(midgame)
    data["version"] = 5
    _corrupt(rules, json.dumps(data), r"save file version 5 is not supported \(this engine reads "
                                      r"version 4, and converts versions 1 to 3\)")
    # an earlier version is converted (tests/test_old_saves.py), once its digest holds
    data["version"] = 3
    _corrupt(rules, json.dumps(data), "its digest does not match its content")


def test_hand_edited_save_is_refused_by_its_digest(rules, midgame):
    """Issue 5: "a file edited by hand (a player given 9,999 Livre) is refused"."""
    data = _save(midgame)
    data["state"]["players"][0]["livre"] = 9999
    _corrupt(rules, json.dumps(data), "its digest does not match its content")
    data = _save(midgame)
    del data["digest"]
    _corrupt(rules, json.dumps(data), "its digest does not match")


def test_a_save_is_written_as_its_canonical_text_after_its_digest(rules, midgame):
    """The engine writes the digest first and then the canonical text it is the digest of, so
    loading hashes the text instead of printing the data again; the digest is the one `seal`
    makes from the data, and a save written any other way is checked from its data."""
    text = midgame.to_json()
    data = json.loads(text)
    assert seal(data)["digest"] == data["digest"]
    body = {k: v for k, v in data.items() if k != "digest"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    assert text == '{"digest":"' + data["digest"] + '",' + canonical[1:]
    for written in (json.dumps(data, indent=2), json.dumps(seal(body)), text.encode()):
        assert Game.from_json(rules, written).to_json() == text


@pytest.mark.parametrize("edit", [
    lambda t: t.replace('"livre":', '"livre":1', 1),  # a digit added: still JSON
    lambda t: t[:11] + "0" * 64 + t[75:],  # another digest in its place
    lambda t: t[:-1] + ',"meta":{"x":1}}',  # a key written twice: the second wins
])
def test_an_edited_save_text_is_refused_by_its_digest(rules, midgame, edit):
    """Editing the text after the digest, or the digest itself, is caught as before."""
    text = midgame.to_json()
    assert edit(text) != text
    _corrupt(rules, edit(text), "its digest does not match its content")


@pytest.mark.parametrize("key", ["players", "cursor", "rng", "seed", "drawers", "guests"])
def test_missing_state_keys(rules, midgame, key):
    data = _save(midgame)
    del data["state"][key]
    _corrupt(rules, _sealed(data), f"save file is damaged: state: '{key}' is a required property")


def test_two_copies_of_a_card_are_refused_with_the_reason(rules, midgame):
    data = _save(midgame)
    p = data["state"]["players"][1]
    card = p["supply"][0] if p["supply"] else p["discard"][0]
    p["hand"].append(card)
    _corrupt(rules, _sealed(data), f"employee '{card}' is in 2 places")


@pytest.mark.parametrize("edit,reason", [
    (lambda s: s["players"][0].__setitem__("livre", -3), "players/0/livre: -3 is less than"),
    (lambda s: s["garment_bag"].pop(), "is missing"),
    (lambda s: s["resource_bag"].append("no_such_tile"), "unknown tile 'no_such_tile'"),
    (lambda s: s["decorations"].__setitem__("no_such_space", 0),
     "unknown decoration space 'no_such_space'"),
    (lambda s: s["players"][2].__setitem__("supply", []), "below the minimum of 4"),
    (lambda s: s.__setitem__("round", 99), "round 99 is not a round of this game"),
], ids=["negative", "missing", "unknown-tile", "unknown-space", "staff", "round"])
def test_damaged_state_is_refused_with_the_reason(rules, midgame, edit, reason):
    data = _save(midgame)
    edit(data["state"])
    _corrupt(rules, _sealed(data), reason)


@pytest.mark.parametrize("players", [3, "three", [1, 2, 3], None, list(range(9)), []])
def test_malformed_players_is_a_corrupt_save(rules, midgame, players):
    """A damaged player list is reported as a corrupt save, not as a crash."""
    data = _save(midgame)
    data["state"]["players"] = players
    _corrupt(rules, _sealed(data), "save file is damaged")


def test_answers_that_do_not_fit_the_position(rules, midgame):
    data = _save(midgame)
    data["answers"] = [{"no": "such answer"}]
    if midgame.step_start()[1]:
        _corrupt(rules, _sealed(data), "recorded answer {'no': 'such answer'} is not an option")


def test_consistent_edit_loads_but_verify_replays_and_refuses_it(rules, midgame):
    """Loading trusts a sealed, sound state without replaying the game; `verify=True` replays
    it from the seed and refuses a state that does not follow from its history."""
    data = _save(midgame)
    data["state"]["players"][0]["livre"] += 5
    text = _sealed(data)
    assert Game.from_json(rules, text).state["players"][0]["livre"] == \
        midgame.state["players"][0]["livre"] + 5
    _corrupt_verify = pytest.raises(CorruptSaveError, match="does not match its history")
    with _corrupt_verify:
        Game.from_json(rules, text, verify=True)
    assert Game.from_json(rules, midgame.to_json(), verify=True).decision() == \
        midgame.decision()
    data = _save(midgame)
    data["history"][3][1] = {"no": "such answer"}
    with pytest.raises(CorruptSaveError, match="its history does not replay"):
        Game.from_json(rules, _sealed(data), verify=True)


def test_loading_does_not_replay_the_game(rules, midgame, monkeypatch):
    """Loading costs about the size of the state: neither from_json nor clone replays the game
    from its seed (only the waiting step is run again)."""
    def no_replay(*args, **kwargs):
        raise AssertionError("replayed")
    monkeypatch.setattr(Game, "replay", classmethod(no_replay))
    monkeypatch.setattr(Game, "new", classmethod(no_replay))
    loaded = Game.from_json(rules, midgame.to_json())
    assert dump(loaded) == dump(midgame) and loaded.decision() == midgame.decision()
    assert dump(midgame.clone()) == dump(midgame)


def test_other_rules_name_the_module_that_changed(rules, midgame, tmp_path):
    data = _save(midgame)
    data["modules"][0]["digest"] = "0123456789abcdef"
    _corrupt(rules, _sealed(data), "module 'base' changed since the game was saved "
                                   r"\(still version 1.0, its rules differ\)")
    data["modules"][0]["version"] = "0.9"
    _corrupt(rules, _sealed(data), r"module 'base' changed .*\(version 0.9 -> 1.0")
    data = _save(midgame)
    data["modules"].append({"id": "jewelry_box", "version": "1.0", "digest": "x"})
    _corrupt(rules, _sealed(data), "made with module 'jewelry_box' \\(version 1.0\\), which "
                                   "is not loaded")
    pack = write(tmp_path / "pack", {"cards.yaml": "kind: employees\nhire:\n  - id: l1.extra\n"
                                                   "    level: 1\n    type: apprentice\n"
                                                   "    bonus: gain 1 livre\n"})
    other = load_ruleset(extra_paths=[pack])
    _corrupt(other, midgame.to_json(), "module 'pack' is loaded, but the game was saved "
                                       "without it")


@pytest.mark.parametrize("text", [
    '{"format": "rococo-save", "version": 2, "seed": ' + "9" * 5000 + "}",
    "[" * 100_000 + "]" * 100_000,
    b'{"format": "rococo-save", "x": "\xff\xfe"}',
], ids=["5000-digits", "deep", "not-utf8"])
def test_hostile_save_files_are_refused_with_a_reason(rules, text):
    with pytest.raises(CorruptSaveError, match="not a save file: "):
        Game.from_json(rules, text)


def test_loaded_game_rejects_illegal_answers_like_the_original(rules, midgame):
    loaded = Game.from_json(rules, midgame.to_json())
    before = dump(loaded)
    with pytest.raises(IllegalDecisionError):
        loaded.apply({"not": "an option"})
    assert dump(loaded) == before
