"""Copying and pickling rulesets and games (core/model.py `Ruleset`, core/copies.py).

A loaded ruleset never changes, so its copies are itself; it pickles as how it was loaded (its
recipe) and is loaded again in the receiving process. A game copies as its clone and pickles as
its save with its ruleset."""
from __future__ import annotations

import collections
import copy
import dataclasses
import gc
import multiprocessing
import pickle
import shutil
import weakref
from pathlib import Path

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.loading import loader

SPITE = Path(__file__).parent / "packs" / "spite"
NOT_PICKLED = (
    "this Ruleset was not made by load_ruleset (built by hand, or changed with "
    "dataclasses.replace), so it cannot be pickled: its effects are compiled functions, and a "
    "pickle of a loaded ruleset is how it was loaded. Pickle load_ruleset's arguments instead "
    "and load the rules in the receiving process")


def _played(rules, decisions: int = 25, seed: int = 2) -> Game:
    game = Game.new(rules, players=3, seed=seed)
    for i in range(decisions):
        options = game.decision().options
        game.apply(options[i % len(options)])
    return game


def test_a_ruleset_copies_as_itself(rules):
    held = {"rules": rules, "again": [rules]}
    deep = copy.deepcopy(held)
    assert copy.copy(rules) is rules and copy.deepcopy(rules) is rules
    assert deep["rules"] is rules and deep["again"][0] is rules and deep is not held


def test_a_ruleset_pickles_by_how_it_was_loaded(tmp_path, monkeypatch):
    """In the process that loaded it, a pickle reads back as that very ruleset; elsewhere (no
    ruleset of the recipe held) the pack is loaded again, once while held, from the path it was
    given."""
    pack = shutil.copytree(SPITE, tmp_path / "spite")
    rules = load_ruleset(extra_paths=[pack], expansions=["masques"],
                         params={"masques.count": 2})
    assert rules.recipe == loader.Recipe(None, ((str(pack), str(pack.resolve())),), None,
                                         ("masques",), (("masques.count", 2),))
    data = pickle.dumps(rules)
    assert pickle.loads(data) is rules
    monkeypatch.setattr(loader, "_PICKLED", weakref.WeakValueDictionary())  # as elsewhere
    monkeypatch.setattr(loader, "_RELOADED", weakref.WeakValueDictionary())
    again = pickle.loads(data)
    assert again is not rules and again.fingerprint == rules.fingerprint
    assert again.params == {"masques.count": 2} and "spite" in again.modules
    assert pickle.loads(data) is again  # loaded once while held


def test_only_the_last_few_rulesets_read_from_pickles_are_held(monkeypatch):
    """A ruleset loaded again from a pickle is held while it is among the last few so read
    (a worker is sent game after game of the same rules), and freed once dropped after that
    (a lab's worker may be sent ruleset after ruleset)."""
    monkeypatch.setattr(loader, "_HELD", collections.deque(maxlen=1), raising=False)
    monkeypatch.setattr(loader, "_RELOADED", type(loader._RELOADED)())
    first, second = (pickle.dumps(load_ruleset(edition=e)) for e in ("deluxe", "original"))
    monkeypatch.setattr(loader, "_PICKLED", weakref.WeakValueDictionary())  # as elsewhere
    again = pickle.loads(first)
    held = weakref.ref(again)
    del again
    gc.collect()
    assert held() is not None and pickle.loads(first) is held()  # the last read: not reloaded
    assert pickle.loads(second).modules == ("base", "original")
    gc.collect()
    assert held() is None


def test_a_pickle_of_rules_whose_files_changed_is_refused(tmp_path, monkeypatch):
    pack = shutil.copytree(SPITE, tmp_path / "spite")
    rules = load_ruleset(extra_paths=[pack])
    data = pickle.dumps(rules)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text() + "\n# changed\n")
    monkeypatch.setattr(loader, "_PICKLED", weakref.WeakValueDictionary())
    with pytest.raises(pickle.UnpicklingError) as refused:
        pickle.loads(data)
    changed = load_ruleset(extra_paths=[pack]).fingerprint
    assert str(refused.value) == (
        f"the rules were pickled as ruleset {rules.fingerprint}, but loading them again here "
        f"(modules base, deluxe, spite; packs: {pack.resolve()}) gives ruleset {changed}: their "
        "files changed since")


def test_a_pack_is_the_same_rules_by_any_path(tmp_path, monkeypatch):
    """The fingerprint names a pack's files by their path within the pack, so a pack loaded by
    a relative path and pickled is loaded again from another folder by its absolute path."""
    pack = shutil.copytree(SPITE, tmp_path / "packs" / "spite")
    monkeypatch.chdir(tmp_path)
    relative = load_ruleset(extra_paths=[Path("packs/spite")])
    by_name = load_ruleset(extra_paths=[Path("packs/spite/module.yaml")])
    assert relative.fingerprint == load_ruleset(extra_paths=[pack]).fingerprint
    assert by_name.fingerprint == relative.fingerprint
    data = pickle.dumps(relative)
    monkeypatch.chdir(tmp_path / "packs")  # "packs/spite" is no pack from here
    monkeypatch.setattr(loader, "_PICKLED", weakref.WeakValueDictionary())
    monkeypatch.setattr(loader, "_RELOADED", weakref.WeakValueDictionary())
    again = pickle.loads(data)
    assert again is not relative and again.fingerprint == relative.fingerprint
    assert "spite" in again.modules


def test_the_built_in_rules_keep_their_fingerprints():
    """Saves and the judge's shipped weights carry the built-in rules' fingerprints: each
    built-in combination still hashes to the name of its shipped weights."""
    shipped = {p.stem for p in (Path(loader.__file__).parents[1] / "sim" / "judge" / "shipped")
               .glob("*.json")}
    for rules in (load_ruleset(), load_ruleset(expansions=["masques"]),
                  load_ruleset(edition="original")):
        assert rules.fingerprint in shipped


SPICE_HEADER = """module:
  id: spice
  kind: custom
  name: Spice
  version: "0.1"
  requires: [base]
  conflicts: []
  files: [a.yaml, b.yaml]
  parameters:
    bonus: {default: 1, min: 0, max: 5, description: prestige a round}
"""
SPICE_FILES = {"a.yaml": "kind: flow\npatches:\n  - append: income\n"
                         "    effect: gain spice.bonus prestige\n",
               "b.yaml": "kind: flow\npatches:\n  - append: income\n    effect: gain 1 livre\n"}


@pytest.mark.parametrize("edit, plays_otherwise", [
    (("Spice", "Spicier"), False), (('"0.1"', '"2.0"'), False),
    (("conflicts: []", "conflicts: [masques]"), False), (("kind: custom", "kind: expansion"), False),
    (("min: 0, max: 5, description: prestige a round", "min: 1, max: 9"), False),
    (("default: 1", "default: 2"), True), (("[a.yaml, b.yaml]", "[b.yaml, a.yaml]"), True),
])
def test_a_module_header_changes_the_fingerprint_only_by_what_changes_the_game(
        tmp_path, edit, plays_otherwise):
    """A module's header is not hashed itself: what of it changes a game (the files read and
    their order, a parameter's value, its default when not set) is in the fingerprint by the
    files and the values; its name, version, kind, conflicts and a parameter's description
    and bounds change no game, nor the fingerprint (docs/python-api.md)."""
    def loaded(header: str, folder: str):
        pack = tmp_path / folder
        pack.mkdir()
        (pack / "module.yaml").write_text(header)
        for name, text in SPICE_FILES.items():
            (pack / name).write_text(text)
        rules = load_ruleset(extra_paths=[pack])
        game = Game.new(rules, players=2, seed=3)
        game.play_out([make_bot("random", s) for s in range(2)])
        return rules.fingerprint, [p["prestige"] for p in game.state["players"]]

    old, new = edit
    assert old in SPICE_HEADER
    before, after = loaded(SPICE_HEADER, "one"), loaded(SPICE_HEADER.replace(old, new), "two")
    assert (before[0] != after[0]) is plays_otherwise
    if edit[0] != "[a.yaml, b.yaml]":  # (the same game in another order of the income's lines)
        assert (before[1] != after[1]) is plays_otherwise


def test_a_ruleset_not_loaded_does_not_pickle(rules):
    """A ruleset changed with dataclasses.replace is other rules than its recipe's: it has
    none, and neither it nor a game of it pickles; it still copies as itself."""
    shorter = dataclasses.replace(rules, rounds=1)
    assert shorter.recipe is None and copy.deepcopy(shorter) is shorter
    with pytest.raises(TypeError) as refused:
        pickle.dumps(shorter)
    assert str(refused.value) == NOT_PICKLED
    with pytest.raises(TypeError, match="not made by load_ruleset"):
        pickle.dumps(Game.new(shorter, players=2, seed=1))


def test_a_game_copies_as_its_clone_and_pickles_as_its_save(rules):
    game = _played(rules)
    save = game.to_json()
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other is not game and other.rules is rules and other.state is not game.state
        assert other.to_json() == save and other.decision() == game.decision()
        other.apply(other.decision().options[0])  # independent of the original
        assert game.to_json() == save
    twice = copy.deepcopy([game, game])
    assert twice[0] is twice[1] is not game


def test_a_game_is_sent_to_a_spawned_process_and_back(rules):
    """multiprocessing's spawn: the child loads the rules again by their recipe, reads the
    game's save, copies it and sends it back; here its rules are this process's own."""
    game = _played(rules, decisions=40, seed=5)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        back = pool.apply(copy.deepcopy, (game,))
    assert back.rules is rules and back.to_json() == game.to_json()
