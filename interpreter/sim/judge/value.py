"""`value`: a bot that values a position from the rules themselves. A seat's worth is the
prestige the ruleset's own final scoring gives it on a copy "as if the game ended now", plus the
learned worth of what it holds (features.py, weights fitted per module combination by fit.py);
an option is worth the seat's margin over the best other seat after it. It looks one step
ahead: each legal option is applied on a copy of a world dealt from what the seat may see, the
questions the same seat must answer next inside the same step (the rest of a card's effect) are
answered, the first of them the same way and the rest by their first option, and the position
is valued there."""
from __future__ import annotations

import math
import random

from ...core.decisions import Decision, Option
from ...core.errors import IllegalDecisionError
from ..determinize import determinize
from ..playout import Playout, play_to_horizon
from .features import seats_worths
from .held_effects import HeldEffects, uses_effects
from .scoring_now import as_if_ended
from .weights import Weights, weights_for

FOLLOW = 1  # follow-up questions of the same seat and step valued in a trial, not answered first
HORIZON = 0  # with a rollout bot: rounds played on after the one the trial is in
# `value`'s dealt worlds per decision (`value:K`: K), each option valued in all of them: in a
# solo mode 4 worlds ended 12 prestige above 1 world on the same seeds (docs/judge.md, Less noise)
WORLDS = 4
CHAIN = 12  # at most this many follow-up questions answered before a trial position is valued


def worths(game, weights: Weights, spend: bool = False,
           effects: HeldEffects | None = None) -> list[float]:
    """Each seat's worth: prestige as if the game ended now plus its holdings' learned worth
    (none once the game is over), with what its held cards' effects give if `effects` measures
    them; `spend`: the game may be used up doing it."""
    if game.is_over():
        return [float(p["prestige"]) for p in game.state["players"]]
    held = seats_worths(game, weights, effects)
    return [v + h for v, h in zip(as_if_ended(game, spend), held)]


class LeafWorths:
    """A search's leaf valuation: each seat's worth (`worths`) with the weights fitted for the
    game's rules and what its held cards' effects give, using the game up (the search's
    playout copy is spent). One per search bot: it keeps the effects it measured."""

    def __init__(self) -> None:
        self._effects: HeldEffects | None = None
        self._weights: Weights | None = None

    def __call__(self, game) -> list[float]:
        weights = weights_for(game.rules)
        if self._weights is not weights:
            self._weights = weights
            self._effects = HeldEffects(weights) if uses_effects(weights) else None
        return worths(game, weights, spend=True, effects=self._effects)


def margin(values: list[float], seat: int) -> float:
    """The seat's worth over the best other seat's (its own worth alone with no other seat)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


class ValueBot:
    """Chooses the option whose result it values most (see the module's docstring); `rank`
    gives every option's value (a search's prior), `choose` the best of them."""

    name = "value"

    def __init__(self, seed: int = 0, weights: Weights | None = None, follow: int = FOLLOW,
                 epsilon: float = 0.0, rollout=None, horizon: int = HORIZON,
                 worlds: int = 1):
        if worlds < 1:
            raise ValueError(f"a value bot needs at least one dealt world per option, not {worlds}")
        self.rng = random.Random(seed)
        self.worlds = worlds  # dealt worlds (each with one rollout) every option is valued in
        self.weights = weights  # None: the weights fitted for the game's rules, found on use
        self.follow, self.epsilon = follow, epsilon
        # a bot that plays every seat on to the end of the round before a trial is valued
        # (its choose(game, decision) and its rng, reseeded alike for every option)
        self.rollout, self.horizon = rollout, horizon  # rounds played after this one
        # held cards' effects, measured for these weights (None: they give them no worth)
        self._effects: HeldEffects | None = None

    def choose(self, game, decision: Decision) -> Option:
        count = len(decision.values)
        noise = self.rng.random
        if count == 1:
            return decision.option_at(0)
        if self.epsilon and noise() < self.epsilon:  # exploration, when fitting
            return decision.option_at(self.rng.randrange(count))
        values = self.rank(game, decision)
        best = max(range(count), key=lambda i: (values[i], -i))
        return decision.option_at(best)

    def scores(self, game, decision: Decision) -> list[float]:
        """The same as `rank` (the name mcts asks a prior policy for)."""
        return self.rank(game, decision)

    def rank(self, game, decision: Decision) -> list[float]:
        """Each option's value for the deciding seat: its margin after the option (and the rest
        of the step's questions to it, `follow` deep), averaged over `worlds` worlds dealt
        from what it may see."""
        weights = self.weights or weights_for(game.rules)
        if self._effects is None or self._effects.weights is not weights:
            self._effects = HeldEffects(weights) if uses_effects(weights) else None
        # common random numbers: every option is tried in the same `worlds` dealt worlds, each
        # with its own rollout luck, so two options' values differ by what they do, not by luck
        # the engine's own values, read only (a trial answers with the equal value it offers)
        values = decision.own_values()
        totals = [0.0] * len(values)
        last = len(values) - 1  # the last option's trial uses its dealt world up
        for _ in range(self.worlds):
            world = determinize(game, decision.seat, self.rng)
            self._luck = self.rng.getrandbits(32)  # this world's rollouts' luck
            for i, value in enumerate(values):
                totals[i] += self._trial(game, world, value, decision.seat, weights,
                                         self.follow, i == last)
        return [t / self.worlds for t in totals]  # exact with one world: x / 1 is x

    def _trial(self, game, world, value, seat: int, weights: Weights, follow: int,
               spend: bool = False) -> float:
        """The seat's margin after answering `value` in `world` (in the real game if the dealt
        world does not offer it: an option shows what the question reveals) and finishing the
        step's questions to the seat: the first `follow` valued the same way, the rest with
        their first option (every offered option can be completed). `spend`: played in
        `world` itself, not a copy (no other trial needs it)."""
        trial = world if spend else world.clone()
        cursor = dict(trial.state["cursor"])
        try:
            trial.apply_value(value)
        except IllegalDecisionError:
            if game is world:  # a follow-up answer its copy does not offer: not chosen
                # (a copy of a dealt world replays the running step from its start, and a tile
                # drawn since may come out otherwise: seed 41 of the calibration run, docs/lab.md)
                return -math.inf
            trial = game.clone()
            trial.apply_value(value)
        for _ in range(CHAIN):
            d = trial.decision()
            if d is None or d.seat != seat or trial.state["cursor"] != cursor:
                break
            at = 0
            offered = d.own_values()
            if follow > 0 and len(offered) > 1:
                values = [self._trial(trial, trial, v, seat, weights, -1) for v in offered]
                at = max(range(len(values)), key=lambda i: (values[i], -i))
                follow -= 1
            trial.apply_value(offered[at])
        if self.rollout is not None and follow >= 0:
            self._play_round(trial)
        return margin(worths(trial, weights, spend=True, effects=self._effects), seat)

    def _play_round(self, trial) -> None:
        """Let the rollout bot answer every seat to the end of the round and `horizon` more
        (or of the game): inside the running step, by index, stopped at the first decision of
        the round after (`Game.play_out` and the search's playout policy: the same answers as
        `apply` in a loop, no step left and re-entered per answer)."""
        self.rollout.rng.seed(self._luck)
        play_to_horizon(trial, Playout(self.rollout, last=trial.state["round"] + self.horizon))
