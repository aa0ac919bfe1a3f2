"""A game dropped in the middle of a step is freed. Its step waits, suspended, in a greenlet the
game holds; greenlets hide their frames from the garbage collector, so a frame that held the
game made a cycle no collection finds (every abandoned game stayed in memory with its state).
The steps hold the game's table (core/table.py), never the game."""
from __future__ import annotations

import gc
import weakref

from interpreter import Game, make_bot


def _dropped_is_freed(make) -> None:
    game = make()
    assert not game.is_over() and game.decision() is not None  # a step waits on its question
    gone = weakref.ref(game)
    del game
    gc.collect()
    assert gone() is None


def test_a_game_dropped_at_a_question_is_freed(rules):
    _dropped_is_freed(lambda: Game.new(rules, players=4, seed=3))


def test_games_dropped_mid_game_after_answers_clones_and_saves_are_freed(rules):
    def played(explain: bool = False) -> Game:
        game = Game.new(rules, players=3, seed=5, explain=explain)
        bots = [make_bot("greedy", s) for s in range(3)]
        for _ in range(40):
            decision = game.decision()
            game.apply(bots[decision.seat].choose(game, decision))
        return game
    _dropped_is_freed(played)
    _dropped_is_freed(lambda: played().clone())
    _dropped_is_freed(lambda: Game.from_json(rules, played().to_json()))
    _dropped_is_freed(lambda: played(explain=True))  # its journal notes the game's steps


def test_a_dropped_game_changes_no_other_game(rules):
    """The dropped game's step is ended (GreenletExit unwinds it): a game played beside it
    is the game played alone."""
    def play(game: Game, bots: list, decisions: int) -> None:
        for _ in range(decisions):
            decision = game.decision()
            game.apply(bots[decision.seat].choose(game, decision))

    alone = Game.new(rules, players=4, seed=9)
    play(alone, [make_bot("random", s) for s in range(4)], 60)
    beside = Game.new(rules, players=4, seed=9)
    bots = [make_bot("random", s) for s in range(4)]
    play(beside, bots, 30)
    dropped = beside.clone()
    play(dropped, [make_bot("random", s) for s in range(4)], 5)
    del dropped
    gc.collect()
    play(beside, bots, 30)
    assert beside.to_json() == alone.to_json()
