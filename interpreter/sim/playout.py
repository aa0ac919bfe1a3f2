"""A playout: a default policy answering for every seat inside the running step, until the
game ends or a horizon round is over. The search (mcts.py) plays its iterations on with it and
the value judge (judge/value.py) the round after each option, so both see the same answers."""
from __future__ import annotations

import random

from ..core.decisions import Decision, Option


class Horizon(Exception):
    """Raised by a playout's policy at the horizon: the game waits there, unanswered."""


# the one instance every policy raises (making one per raise is dear in a playout's loop)
_AT_HORIZON = Horizon()


class Playout:
    """A playout's answers for every seat: the default policy's (`rollout`, by index when it
    answers so), uniform with probability `epsilon` (always without a policy) from `rng`, until
    the first decision of a round after `last` (then `Horizon`; None: no horizon)."""

    def __init__(self, rollout, rng: random.Random | None = None, epsilon: float = 0.0,
                 last: int | None = None):
        self.rollout, self.rng, self.epsilon, self.last = rollout, rng, epsilon, last
        self.by_index = getattr(rollout, "choose_index", None)

    def choose_index(self, game, d: Decision) -> int:
        last = self.last
        if last is not None:
            state = game.state
            if state["round"] > last and state["cursor"]["stage"] == "round":
                raise _AT_HORIZON
        count = len(d)
        if count == 1:
            return 0
        rng, rollout = self.rng, self.rollout
        if rng is not None and (rollout is None or rng.random() < self.epsilon):
            return rng.randrange(count)
        if self.by_index is not None:
            return self.by_index(game, d)
        return d.options.index(rollout.choose(game, d))

    def choose(self, game, d: Decision) -> Option:
        return d.option_at(self.choose_index(game, d))


def play_to_horizon(game, policy: Playout) -> bool:
    """Let `policy` answer every seat (`Game.play_out`) until the game ends (False) or waits at
    the policy's horizon (True). The raised instance is shared, and each raise would add this
    playout's frames to its traceback, keeping every playout's game alive: it is let go here."""
    try:
        game.play_out([policy] * len(game.state["players"]))
    except Horizon as horizon:
        horizon.__traceback__ = None
        return True
    return False
