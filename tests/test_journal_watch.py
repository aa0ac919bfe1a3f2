"""`Journal.watch` (an observer's seam into the core): after it, `written_since(cursor)` gives
a record of every container whose contents changed since the cursor, whatever happened in
between (changes, roll-backs, `forget`, `keep`, `detach`/`reattach`), checked over many random
sequences against snapshots of every container; and a journal nobody watches lists nothing."""
from __future__ import annotations

import random

import pytest
from test_journal_original import _containers, _random_changes

from interpreter.core.journal import WRITES_KEPT, Journal


def _snapshot(root: dict) -> dict[int, tuple]:
    """Each container reachable from `root` by id: the container (kept alive, so that no other
    takes its id) and its contents, a child container by identity."""
    def shallow(node):  # a dict's keys in any order (a roll-back may put one back last)
        items = node.items() if isinstance(node, dict) else enumerate(node)
        return {k: ("c", id(v)) if isinstance(v, (dict, list)) else ("v", v) for k, v in items}
    return {id(c): (c, shallow(c)) for c in _containers(root, [])}


def _parents(root: dict) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for c in _containers(root, []):
        for child in (c.values() if isinstance(c, dict) else c):
            if isinstance(child, (dict, list)):
                out.setdefault(id(child), []).append(id(c))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_every_container_changed_since_a_cursor_is_listed(seed):
    """Random changes to a nested state, with marks rolled back to, records forgotten or kept
    for good, the start detached and put back (`original`), and a watcher looking now and
    then: each container whose contents differ from what the watcher saw last is listed, and
    each container that is new where the watcher looks sits in a listed one (or a new one)."""
    rng = random.Random(seed)
    root = {"a": [1, 2, {"n": 1}], "b": {"c": [3], "d": 4}, "e": []}
    journal = Journal()
    _random_changes(rng, root, journal, 5)  # written before anyone watched
    cursor = journal.watch()
    seen, marks = _snapshot(root), [journal.mark()]
    for _ in range(60):
        move = rng.randrange(8)
        if move < 3:
            _random_changes(rng, root, journal, rng.randrange(1, 5))
            marks.append(journal.mark())
        elif move == 3:
            mark = rng.choice(marks)
            journal.rollback(mark)
            marks = [m for m in marks if m <= mark]
        elif move == 4:
            mark = rng.choice(marks)
            journal.forget(mark)
            marks = [m for m in marks if m >= mark] or [journal.mark()]
        elif move == 5:
            mark = rng.choice(marks)  # kept for good: what came before is kept too (the
            journal.keep(mark)        # records before could not be undone past these)
            journal.forget(mark)
            marks = [mark]
        elif move == 6:
            journal.original(root)
        else:
            records = journal.written_since(cursor)
            assert records is not None
            written = {id(record[1]) for record in records}
            now, parents = _snapshot(root), _parents(root)
            for key, (container, contents) in now.items():
                if key in seen and seen[key][0] is container:
                    assert contents == seen[key][1] or key in written, (seed, contents)
                else:  # put where the watcher looks since: in a container listed (or new)
                    assert any(p in written or p not in seen or seen[p][0] is not now[p][0]
                               for p in parents[key]), seed
            seen, cursor = now, journal.watch()


def test_a_journal_nobody_watches_lists_nothing():
    journal = Journal()
    root: dict = {"x": [1]}
    journal.append(root["x"], 2)
    journal.rollback()
    journal.set(root, "y", 1)
    journal.forget()
    assert journal.writes is None and journal.written_since(0) is None


def test_a_watcher_too_far_behind_is_told_it_cannot_know():
    """The list keeps its last entries only: an older cursor gets None (assume all changed),
    a recent one its writes."""
    journal = Journal()
    a: list = []
    b: list = []
    old = journal.watch()
    for k in range(WRITES_KEPT + 10):
        journal.append(a if k % 2 else b, k)
        journal.forget()
    recent = journal.watch()
    journal.append(a, 0)
    assert journal.written_since(old) is None
    assert [record[1] for record in journal.written_since(recent) or []] == [a]
    assert len(journal.writes or []) <= WRITES_KEPT


def test_a_game_played_without_an_observer_watches_nothing():
    """The engine pays nothing for the seam: a whole game played with no observer leaves its
    journal's list None."""
    from interpreter import Game, load_ruleset, make_bot
    game = Game.new(load_ruleset(), players=3, seed=2)
    game.play_out([make_bot("random", s) for s in range(3)])
    assert game.journal.writes is None
