"""`Journal.original` (saves and clones start from it): the state before every recorded change,
rebuilt without touching the live one, over many random sequences of changes, including
containers taken out of the state, changed while detached, and put back elsewhere."""
from __future__ import annotations

import copy
import json
import random

from interpreter.core.journal import Journal


def _containers(node, out):
    if isinstance(node, (dict, list)):
        out.append(node)
        for child in (node.values() if isinstance(node, dict) else node):
            _containers(child, out)
    return out


def _random_changes(rng: random.Random, root: dict, journal: Journal, steps: int) -> None:
    loose: list = []  # containers popped out of the state, still changed and put back
    for _ in range(steps):
        places = _containers(root, []) + loose
        obj = rng.choice(places)
        move = rng.randrange(6)
        value = rng.choice([rng.randrange(10), "x", None, {"n": rng.randrange(5)}, [1, [2]]])
        if isinstance(obj, dict):
            if move < 2 or not obj:
                journal.set(obj, rng.choice(["a", "b", "c", *obj]), value)
            elif move < 4:
                journal.delete(obj, rng.choice(list(obj)))
            else:
                key = rng.choice(list(obj))
                if isinstance(obj[key], int) and not isinstance(obj[key], bool):
                    journal.add(obj, key, rng.randrange(1, 4))
                else:
                    journal.set(obj, key, loose.pop() if loose else value)
        else:
            if move < 2 or not obj:
                journal.append(obj, loose.pop() if loose and move == 0 else value)
            elif move < 4:
                popped = journal.pop(obj, rng.randrange(len(obj)))
                if isinstance(popped, (dict, list)):
                    loose.append(popped)
            elif move < 5:
                journal.insert(obj, rng.randrange(len(obj) + 1), value)
            else:
                journal.set(obj, rng.randrange(len(obj)), value)


def test_the_original_is_the_state_before_every_change_and_the_live_one_is_untouched():
    rng = random.Random(2026)
    checked = 0
    for _ in range(300):
        root = {"players": [{"livre": 3, "hand": ["a", "b"]}, {"livre": 0, "hand": []}],
                "board": {"hall": [None, {"owner": 1}], "n": 2}, "log": [[1, 2], [3]]}
        before = copy.deepcopy(root)
        journal = Journal()
        _random_changes(rng, root, journal, rng.randrange(1, 40))
        live = json.dumps(root, sort_keys=True)
        original = journal.original(root)
        assert original == before
        assert json.dumps(root, sort_keys=True) == live  # the live state is not touched
        assert not set(map(id, _containers(original, []))) & set(map(id, _containers(root, [])))
        checked += live != json.dumps(before, sort_keys=True)
    assert checked > 250  # nearly every sequence changed the state: the rebuild had work to do


def test_a_container_shared_in_the_state_stays_shared_in_the_original():
    shared = {"n": 1}
    root = {"a": shared, "b": [shared]}
    journal = Journal()
    journal.set(shared, "n", 2)
    journal.set(root, "a", {"n": 9})
    original = journal.original(root)
    assert original == {"a": {"n": 1}, "b": [{"n": 1}]}
    assert original["a"] is original["b"][0]


def test_remove_and_add_record_what_pop_and_set_record():
    """`remove` and `add` make their undo records themselves (hot changes): rolling back, and
    the original, give back the state as `pop` and `set` would, over random sequences."""
    rng = random.Random(14)
    for _ in range(200):
        root = {"hand": [rng.randrange(4) for _ in range(6)], "n": rng.randrange(9)}
        before = copy.deepcopy(root)
        journal, mirror = Journal(), Journal()
        twin = copy.deepcopy(root)
        for _ in range(rng.randrange(1, 12)):
            if root["hand"] and rng.random() < 0.6:
                value = rng.choice(root["hand"])
                journal.remove(root["hand"], value)
                mirror.pop(twin["hand"], twin["hand"].index(value))
            else:
                amount = rng.randrange(-3, 4)
                journal.add(root, "n", amount)
                mirror.set(twin, "n", twin["n"] + amount)
        assert root == twin and len(journal._undo) == len(mirror._undo)
        assert journal.original(root) == before
        journal.rollback()
        assert root == before
