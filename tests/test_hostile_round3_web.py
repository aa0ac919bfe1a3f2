"""Hostile web requests, third round (issue 35 2.6, 2.10): a tampered, resealed save or an edited
history uploaded as a replay is refused with a reason (422), never a plain-text 500."""
from __future__ import annotations

import json

import pytest
from webtools import Served

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.saves import seal


@pytest.fixture(scope="module")
def jewelry():
    rules = load_ruleset(expansions=["jewelry_box"])
    game = Game.new(rules, players=2, seed=6)
    bots = [make_bot("random", s) for s in range(2)]
    for _ in range(30):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return rules, game


def resealed(game: Game, edit) -> bytes:
    data = json.loads(game.to_json())
    edit(data)
    return json.dumps(seal(data)).encode()


def test_a_tampered_or_rewritten_replay_upload_is_refused_with_a_reason(jewelry):
    rules, game = jewelry
    first = game.history[0][1]
    cases = [
        (lambda d: d["state"]["players"][0].pop("task_fund"),
         "save file is damaged: its state does not fit these rules ('task_fund' is missing)"),
        (lambda d: d["state"]["displays"].pop("jewelry_display"),
         "save file is damaged: its state does not fit these rules ('jewelry_display' is "
         "missing)"),
        (lambda d: d["history"][0].__setitem__(1, "no such card"),
         "save file is damaged: its history does not replay ('no such card' is not a legal "
         "answer to 'choose a card for your hand (1 of 3)'"),
    ]
    assert first != "no such card"
    with Served(rules) as site:
        for edit, reason in cases:
            status, data, _raw = site.post("/api/replays", resealed(game, edit))
            assert status == 422 and data["error"].startswith(reason), data
        assert not site.registry.replays
