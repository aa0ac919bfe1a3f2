"""Rococo as a PettingZoo AEC environment: one agent per seat, taking turns as the game asks.

    >>> from interpreter.env.aec import RococoEnv
    >>> env = RococoEnv(players=2)
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     observation, reward, termination, truncation, info = env.last()
    ...     if termination or truncation:
    ...         action = None
    ...     else:
    ...         action = int(observation["action_mask"].nonzero()[0][0])  # a policy goes here
    ...     env.step(action)
    >>> sorted(env.rewards) == []  # every agent has left: the game is over
    True

Agents are named `seat_0`, `seat_1`... Observations are dicts: `observation`, what the seat
sees as numbers in [-1, 1] (observations.py documents the layout; `observation_form="dict"`
gives it as a dict of named blocks), and `action_mask`, 1 for each legal action of the
decision the seat must answer (all 0 when it is not to decide). With `catalogue="universal"`
(the default) both have the same shapes for every shipped module combination and 2-5 players;
`catalogue="combination"` gives the smaller space of this ruleset alone, still the same for
each of its player counts (catalogue.py). Rewards come at the end: a winner gets 1 (winners
tied on every ranking key share it: Game.winners), everybody else 0. An action that is not
legal raises IllegalDecisionError and changes nothing.
"""
from __future__ import annotations

from typing import ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.engine import Game
from ..core.errors import IllegalDecisionError
from ..core.table import whole_number
from ..loading.loader import load_ruleset
from .action_space import ActionSpace
from .catalogue import Components
from .observations import Observation
from .rgb_frames import picture
from .seat_step import Look, win_shares
from .seeding import Drawing, Pcg64, seeded

CATALOGUES = ("universal", "combination")
FORMS = ("flat", "dict")


def text_of(game: Game) -> str:
    """A few lines on the position: round, each player's counters, the pending question."""
    state = game.state
    lines = [f"round {state['round']}" + (" (finished)" if state["finished"] else "")]
    for p in state["players"]:
        lines.append(f"seat {p['seat']} ({p['color']}): {p['livre']} livre, {p['prestige']} "
                     f"prestige, {p['thread']} thread, {p['lace']} lace")
    decision = game.decision()
    if decision is not None:
        lines.append(f"seat {decision.seat} decides ({decision.kind}): {decision.prompt}")
        lines += [f"  {o.label}" for o in decision.options]
    return "\n".join(lines)


class SeededLater(spaces.Discrete):
    """A Discrete space that keeps a seed given to `seed` and makes its generator from it only
    when it is first sampled: every reset seeds the action space (so that `sample()` draws the
    same after the same seed), and making a numpy generator costs more than the rest of a
    reset's seeding, for a space that a masked policy never samples. The draws are those of a
    space seeded at once."""

    _later: int | None = None

    def seed(self, seed: int | None = None) -> int:
        if type(seed) is not int or seed < 0:  # None (fresh entropy) or refused: seeded now
            self._later = None
            return super().seed(seed)
        self._np_random, self._later = None, seed  # type: ignore[assignment]  # Space's
        return seed

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None and self._later is not None:
            super().seed(self._later)
            self._later = None
        return super().np_random


class SeatCoder:
    """The spaces of one ruleset and what a seat observes: shared by every environment here."""

    def __init__(self, rules, players: int, catalogue: str, observation_form: str):
        if catalogue not in CATALOGUES:
            raise ValueError(f"catalogue must be one of {list(CATALOGUES)}, not {catalogue!r}")
        if observation_form not in FORMS:
            raise ValueError(f"observation_form must be one of {list(FORMS)}, not "
                             f"{observation_form!r}")
        components = Components.of(rules)
        if catalogue == "universal":
            universal = Components.universal()
            missing = universal.covers(components)
            if missing:
                raise ValueError(f"the universal catalogue lacks {', '.join(missing[:5])}: run "
                                 f"`python -m interpreter.env.catalogue`, or pass "
                                 f"catalogue='combination'")
            components = universal
        if not 1 <= players <= components.max_players:
            raise ValueError(f"players must be 1 to {components.max_players}, not {players}")
        self.encoder = Observation(components, rules.rounds, rules)
        self.actions = ActionSpace(components)
        self.dict_form = observation_form == "dict"
        vector = spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32)
        inner: spaces.Space = vector if not self.dict_form else spaces.Dict({
            name: spaces.Box(-1.0, 1.0, (size,), np.float32)
            for name, (_, size) in self.encoder.layout.items()})
        self.observation_space = spaces.Dict({
            "observation": inner,
            "action_mask": spaces.Box(0, 1, (self.actions.n,), np.int8)})
        self.action_space = SeededLater(self.actions.n)
        self.look = Look(self.encoder, self.actions.cache, self.dict_form)  # (compiled)

    def observe(self, game: Game, seat: int) -> dict:
        """What `seat` observes now: fresh arrays, safe to keep."""
        return self.observe_at(game, seat, game.decision())

    def observe_at(self, game: Game, seat: int, decision) -> dict:
        """`observe`, given the game's pending decision (a caller that has it in hand)."""
        return self.look.observe(game, seat, decision)

    def answer(self, game: Game, action, agent: str) -> None:
        """Answer the pending decision with `action`; IllegalDecisionError (and no change)
        if it is not legal."""
        legal = self.actions.legal(game.decision())
        try:
            index = legal[whole_number(action)]  # type: ignore[index]
        except KeyError:  # not legal, or no whole number (None: a float, a text, a bool)
            raise IllegalDecisionError(f"action {action!r} is not legal for {agent} "
                                       f"(legal: {sorted(legal)})") from None
        game.apply_index(index)


def rendering(game: Game, mode: str | None):
    """What `render()` gives in `mode`: text (`ansi`, printed by `human`) or a picture."""
    if mode is None:
        return None
    if mode == "rgb_array":
        return picture(game)
    text = text_of(game)
    if mode == "human":
        print(text)
        return None
    return text


def check_render_mode(mode: str | None, modes: list[str]) -> None:
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode must be one of {modes}, not {mode!r}")


class RococoEnv(AECEnv):
    """The game for `players` seats, with the edition and expansions given (or a Ruleset)."""

    metadata: ClassVar[dict] = {"name": "rococo_v1", "render_modes": ["ansi", "human",
                                                                       "rgb_array"],
                                "render_fps": 4, "is_parallelizable": False}

    def __init__(self, players: int = 2, edition: str | None = None, expansions=(),
                 rules=None, render_mode: str | None = None, catalogue: str = "universal",
                 observation_form: str = "flat"):
        super().__init__()
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.rules = rules if rules is not None else \
            load_ruleset(edition=edition, expansions=list(expansions))
        self.players = players
        self.render_mode = render_mode
        self.coder = SeatCoder(self.rules, players, catalogue, observation_form)
        self.encoder = self.coder.encoder
        self.action_catalogue = self.coder.actions
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._seeds: Pcg64 | Drawing = Drawing()  # each game's seed drawn (seeding.py)
        self._game: Game | None = None

    @property
    def game(self) -> Game:
        """The game being played (after `reset`)."""
        if self._game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._game

    def observation_space(self, agent):
        return self.coder.observation_space

    def action_space(self, agent):
        return self.coder.action_space

    # -- running -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:  # numpy's default_rng(seed), its draws worked out (seeding.py)
            self._seeds = seeded(seed)
            self.coder.action_space.seed(self._seeds.integers(2**31 - 1))
        game_seed = self._seeds.integers(2**63 - 1)
        self._game = Game.new(self.rules, players=self.players, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {"kind": None} for a in self.agents}
        self._select()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.coder.answer(self.game, action, agent)
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over():
            shares = win_shares(self.game)
            for a in self.agents:
                self.rewards[a] = shares[self._seat[a]]
                self.terminations[a] = True
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The agent to act: the seat asked, or, once the game is over, the agents in turn.
        Its info names the kind of its decision; every other agent's reads None: only the
        agent selected before and the one selected now get a new info dict."""
        decision = self.game.decision()
        infos, before = self.infos, getattr(self, "agent_selection", None)
        selected = self.possible_agents[decision.seat] if decision is not None \
            else self.agents[0]
        self.agent_selection = selected
        if before in infos and infos[before].get("kind") is not None:
            infos[before] = {"kind": None}
        if selected in infos:
            infos[selected] = {"kind": decision.kind if decision is not None else None}

    def observe(self, agent):
        return self.coder.observe(self.game, self._seat[agent])

    def render(self):
        return rendering(self.game, self.render_mode)

    def close(self) -> None:
        pass
