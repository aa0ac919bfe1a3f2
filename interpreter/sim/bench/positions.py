"""Reproducible mid-game positions to measure and compare effects on: bot games stopped early."""
from __future__ import annotations

from ...core.engine import Game
from ..bots import make_bot

# (players, seed, decisions): a 4-player game a little past its middle, where players own
# garments, decorations and resources; the others vary the number of players and the round.
TIMING_POSITION = (4, 1, 200)
CHECK_POSITIONS = ((2, 3, 90), (4, 1, 200), (4, 7, 320), (5, 2, 260), (5, 11, 420))


def play_to(rules, players: int, seed: int, decisions: int, bots: str = "greedy") -> Game:
    """A game after `decisions` answers by seeded bots (or at its end, if that comes first)."""
    game = Game.new(rules, players=players, seed=seed)
    seats = [make_bot(bots, seed * 31 + s) for s in range(players)]
    for _ in range(decisions):
        if game.is_over():
            break
        d = game.decision()
        assert d is not None  # the game is not over
        game.apply(seats[d.seat].choose(game, d))
    return game


def richest_seat(game: Game) -> int:
    """The seat with the most on the board (garments, then decorations): the effects that count
    them do the most work there."""
    state = game.state
    def owned(seat):
        garments = sum(g["owner"] == seat for g in state["guests"].values())
        garments += sum(g["owner"] == seat for g in state["balcony"].values())
        decorations = sum(owner == seat for owner in state["decorations"].values())
        return (garments, decorations, -seat)
    return max(range(len(state["players"])), key=owned)
