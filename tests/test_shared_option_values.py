"""The option values the verbs make once per ruleset and offer at every turn (option_tables.py:
`play_options`, `tile_offers`, `fund_spaces`' offers, `garment_offers`, `place_of`) are the
engine's own values, shared by every game of the ruleset; the game's history keeps a copy of the
answer it was given (`table.recorded`): what a caller does to one game's history must not change
what another game offers."""
from __future__ import annotations

import contextlib

from interpreter import Game, load_ruleset


def _to_play(game: Game) -> None:
    while game.decision().kind != "play":
        game.apply_index(0)


def test_changing_a_history_entry_changes_no_other_games_options():
    rules = load_ruleset()
    game, other = Game.new(rules, players=2, seed=1), Game.new(rules, players=2, seed=1)
    _to_play(game)
    _to_play(other)
    offered = other.decision().options[0].value
    game.apply_index(0)
    answer = game.history[-1][1]
    with contextlib.suppress(TypeError):  # refused (frozen): fine too
        answer["card"] = "no.such.card"  # a caller's edit of its own game's record
    assert other.decision().options[0].value == offered
    fresh = Game.new(rules, players=2, seed=1)
    _to_play(fresh)
    assert fresh.decision().options[0].value == offered
