"""Rococo as a Gymnasium environment: one seat learns, bots play the other seats.

    >>> import numpy as np
    >>> from interpreter import make_bot
    >>> from interpreter.env.single import RococoSeatEnv
    >>> env = RococoSeatEnv(players=2, opponents=lambda seat, seed: make_bot("greedy", seed))
    >>> observation, info = env.reset(seed=1)
    >>> rng, total, done = np.random.default_rng(1), 0.0, False
    >>> while not done:
    ...     legal = np.flatnonzero(observation["action_mask"])   # a policy goes here
    ...     observation, reward, done, truncated, info = env.step(int(rng.choice(legal)))
    ...     total += reward
    >>> total in (0.0, 0.5, 1.0)
    True

Observations and actions are those of the PettingZoo environment (aec.py): a dict of the seat's
`view()` as a vector and the action mask. The other seats' decisions between two of the
seat's are answered by bots: `opponents(seat, seed)` makes the bot of a seat at each reset (any
object with `choose(game, decision) -> option`, such as `interpreter.make_bot(...)`'s); without
it they answer uniformly at random. They answer inside the engine's running step
(`Game.apply_index_then`): a step is the seat's answer and the bots' after it, at one go.
The reward is the seat's share of the win at the end, 0 before. An action that is not legal
changes nothing and costs `illegal_penalty` (info["illegal"] says so), so that a policy which
ignores the mask learns to read it.

With `solo` (a solo mode's id, as `rococo modules` lists them with kind solo; `params` sets
module parameters, "module.name" -> value), the seat plays that solo mode: seat 0 is the
person's seat, the other seats are its automata, which play by their module's rules (no
`opponents`; `players` is the mode's own count). The reward is the same share of the win
(an automaton that wins ties wins them).
`catalogue` and `observation_form` are the AEC environment's (aec.py): by default one action
and observation shape for every shipped module combination and player count.

Importing this module registers it with Gymnasium as `rococo/Seat-v0`
(`gymnasium.make("rococo/Seat-v0", players=3)`); `vector_env(8, players=4)` runs 8 games at
once as one Gymnasium vector environment (`envs.call("action_masks")` gives their masks).
"""
from __future__ import annotations

import gymnasium as gym
import numpy as np

from ..core.seats import seat_plan
from ..loading.loader import load_ruleset
from .aec import RococoEnv
from .seeding import Pcg64
from .uniform import Uniform

_KINDS_PLAY = ("the rules' seat kinds play the other seats: give no opponents (a solo mode's "
               "automata answer them)")


class RococoSeatEnv(gym.Env):
    """Seat `seat` of a `players`-seat game against `opponents`."""

    metadata = {"render_modes": ["ansi", "human", "rgb_array"],  # noqa: RUF012 - Env's
                "render_fps": 4}
    _rng: np.random.Generator | None = None  # Env's generator (`_np_random`), once made
    _drawing: Pcg64 | None = None  # its numbers while it is not

    def __init__(self, players: int = 2, seat: int = 0, opponents=None,
                 edition: str | None = None, expansions=(), rules=None,
                 render_mode: str | None = None, illegal_penalty: float = -1.0,
                 solo: str | None = None, params: dict | None = None,
                 catalogue: str = "universal", observation_form: str = "flat"):
        if solo is not None:
            if opponents is not None:
                raise ValueError(f"a solo mode's other seats play by its rules: give no "
                                 f"opponents with solo={solo!r}")
            if seat != 0:
                raise ValueError(f"in a solo mode the person's seat is 0, not {seat}")
            if rules is None:
                rules = load_ruleset(edition=edition, expansions=[*expansions, solo],
                                     params=params)
            if not rules.seat_kinds:
                raise ValueError(f"{solo!r} is not a solo mode (rococo modules lists them, "
                                 f"kind solo)")
            players = len(seat_plan(rules, 1))
        elif params is not None and rules is None:
            rules = load_ruleset(edition=edition, expansions=list(expansions), params=params)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat}")
        self.env = RococoEnv(players, edition, expansions, rules, render_mode, catalogue,
                             observation_form)
        if opponents is not None and self.env.rules.seat_kinds:
            raise ValueError(_KINDS_PLAY)
        self.coder = self.env.coder
        self.opponents = opponents
        self.seat, self.players = seat, players
        self.render_mode = render_mode
        self.illegal_penalty = illegal_penalty
        self.observation_space = self.env.observation_space(f"seat_{seat}")
        self.action_space = self.env.action_space(f"seat_{seat}")
        self.bots: list = []  # per seat, its bot; None for the seat (and a solo mode's automata)
        self._look = self.coder.look

    @property
    def game(self):
        return self.env.game

    @property
    def action_catalogue(self):
        """The actions: `action_catalogue.names[i]` says what action i is."""
        return self.coder.actions

    @property
    def encoder(self):
        """The observation encoder: `encoder.layout` gives each block's offset and size."""
        return self.coder.encoder

    @property  # (Env's attribute, read and set as ever)
    def _np_random(self) -> np.random.Generator | None:
        """Gymnasium's generator, numpy's own made only when it is read: a reset with a seed
        draws from its Pcg64 (seeding.py), the same numbers in the same state."""
        if self._drawing is not None:
            self._rng, self._drawing = self._drawing.generator(), None
        return self._rng

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._rng, self._drawing = value, None

    def reset(self, seed: int | None = None, options: dict | None = None):
        kinds = self.env.rules.seat_kinds
        if kinds and self.opponents is not None:  # (set since the env was made)
            raise ValueError(_KINDS_PLAY)
        # the draws: the inner game's seed, and one for each uniform bot (`opponents` read now:
        # a learner may set it between episodes)
        count = 1 if self.opponents is not None or kinds else self.players
        if type(seed) is int and seed >= 0:  # Env.reset's generator, its draws worked out
            self._np_random, self._np_random_seed = None, seed
            self._drawing = drawing = Pcg64(seed)
            draws = [drawing.integers(2**63 - 1) for _ in range(count)]
        else:  # (numpy's `size` path: the same numbers as a draw each)
            super().reset(seed=seed)
            draw = self.np_random.integers
            draws = draw(0, 2**63 - 1, count).tolist()
        self.env.reset(seed=draws[0])
        game_seed = self.game.state["seed"]
        uniform = iter(draws[1:])
        self.bots = bots = [None if s == self.seat or kinds else
                            Uniform(next(uniform)) if self.opponents is None else
                            self.opponents(s, game_seed * 31 + s) for s in range(self.players)]
        for s, bot in enumerate(bots):  # a seat without a bot waits for its player: for ever
            if bot is None and s != self.seat and self.opponents is not None:
                raise ValueError(f"opponents({s}, seed) gave None: it must give a bot for each "
                                 f"seat but the environment's ({self.seat})")
        game = self.game
        game.play_out(bots)  # the bots, to the seat's first decision
        return self._observe(game, game.decision()), {}

    def step(self, action):
        # (the hot path of a learner's loop: seat_step.py's, compiled; what a learner may set
        # since, read here)
        game = self.env._game
        if game is None:
            game = self.env.game  # raises: no game yet
        out = self._look.step(game, self.bots, self.seat, action, self.illegal_penalty)
        if self.render_mode == "human" and not out[4]:  # (not after an illegal action)
            self.render()
        return out

    def _observe(self, game, decision) -> dict:
        return self.coder.observe_at(game, self.seat, decision)

    def render(self):
        return self.env.render()

    def action_masks(self) -> np.ndarray:
        """The legal actions now (the name sb3-contrib's MaskablePPO looks for)."""
        decision = self.game.decision()
        mine = decision is not None and decision.seat == self.seat
        # a fresh int8 mask of 0 and 1, read as bool where it lies (no second array)
        return self.coder.actions.mask(decision if mine else None).view(np.bool_)


def vector_env(num_envs: int, **kwargs) -> gym.vector.VectorEnv:
    """`num_envs` seat environments (RococoSeatEnv's arguments) stepped together, in this
    process: each `reset(seed=S)` seeds game i with S + i, as Gymnasium does."""
    return gym.make_vec("rococo/Seat-v0", num_envs=num_envs, vectorization_mode="sync",
                        **kwargs)


if "rococo/Seat-v0" not in gym.registry:
    gym.register(id="rococo/Seat-v0", entry_point="interpreter.env.single:RococoSeatEnv")
