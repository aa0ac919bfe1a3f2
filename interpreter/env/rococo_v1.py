"""The PettingZoo entry points, as PettingZoo's own environments give them
(`from pettingzoo.classic import chess_v6; chess_v6.env()`):

    >>> from interpreter.env import rococo_v1
    >>> env = rococo_v1.env(players=3)          # AEC, with PettingZoo's checking wrappers
    >>> raw = rococo_v1.raw_env(players=3)      # AEC, bare (aec.RococoEnv)
    >>> par = rococo_v1.parallel_env(players=3) # Parallel
    >>> observations, infos = par.reset(seed=1)
    >>> sorted(observations)
    ['seat_0', 'seat_1', 'seat_2']

`env()` wraps the bare environment as PettingZoo's board games are wrapped: an illegal action
ends the game with reward -1 for the seat that took it (TerminateIllegalWrapper), an action
outside the space is an error (AssertOutOfBoundsWrapper), and the AEC calling order is
enforced (OrderEnforcingWrapper).

The parallel form: Rococo is played in turns, one seat answering at a time, and which seat
answers next depends on the answers (not a fixed cycle), so PettingZoo's own `aec_to_parallel`
does not apply. `RococoParallelEnv` gives every live agent an observation at each step; only
the seat that must decide has a non-zero `action_mask`, and only its action is used (the
others' actions are read from their zero masks and ignored, so any value does). An illegal
action of the deciding seat raises IllegalDecisionError and changes nothing.
"""
from __future__ import annotations

from typing import ClassVar

import numpy as np
from pettingzoo import ParallelEnv
from pettingzoo.utils import wrappers

from ..core.engine import Game
from ..core.errors import IllegalDecisionError
from .aec import RococoEnv, check_render_mode, rendering, win_shares


def raw_env(**kwargs) -> RococoEnv:
    """The bare AEC environment (aec.RococoEnv's arguments)."""
    return RococoEnv(**kwargs)


def env(**kwargs):
    """The AEC environment with PettingZoo's usual wrappers for a board game."""
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(**kwargs) -> RococoParallelEnv:
    """The parallel form (aec.RococoEnv's arguments)."""
    return RococoParallelEnv(**kwargs)


class RococoParallelEnv(ParallelEnv):
    """Every live seat observes at each step; the seat asked acts."""

    metadata: ClassVar[dict] = {**RococoEnv.metadata, "is_parallelizable": True}

    def __init__(self, render_mode: str | None = None, **kwargs):
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.aec = RococoEnv(**kwargs)
        self.render_mode = render_mode
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []

    @property
    def game(self) -> Game:
        return self.aec.game

    def observation_space(self, agent):
        return self.aec.observation_space(agent)

    def action_space(self, agent):
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict):
        game = self.game
        decision = game.decision()
        if decision is None:
            raise IllegalDecisionError("the game is over: call reset() for another")
        agent = self.possible_agents[decision.seat]
        self.aec.coder.answer(game, actions.get(agent), agent)
        over = game.is_over()
        shares = win_shares(game) if over else None
        rewards = {a: shares[s] if shares else 0.0 for s, a in enumerate(self.possible_agents)
                   if a in self.agents}
        observations, infos = self._observations(), self._infos()
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict:
        decision = self.game.decision()
        return {a: {"kind": decision.kind if decision is not None
                    and self.possible_agents[decision.seat] == a else None}
                for a in self.agents}

    def render(self):
        return rendering(self.game, self.render_mode)

    def close(self) -> None:
        pass

    def state(self) -> np.ndarray:
        raise NotImplementedError("Rococo has hidden information: each seat has only its own "
                                  "observation, there is no global one")
