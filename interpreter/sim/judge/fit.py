"""Fitting the judge's weights by self-play: bots play seeded games, each seat's holdings
(features.py) and its prestige as if the game ended there are taken at sampled decisions, and a
ridge regression learns what the holdings add to that prestige by the end of the game.

Two passes: a first, cheap one played by a teacher bot (the CLI gives `greedy`: a bot that
already tailors, so that holdings are seen turning into prestige) gives first weights; then
value bots with those weights play (exploring now and then), and the weights are fitted again
on both passes' data, so that they also describe the bot that will use them. A value bot with
no weights at all never learns that resources turn into garments: it would only teach itself
to hoard. Deterministic under a seed."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.engine import Game
from ...core.seats import kind_of
from .features import seat_features
from .held_effects import HeldEffects
from .value import ValueBot, as_if_ended
from .weights import Weights, modules_of, weights_for

SAMPLE = 0.02     # share of other decisions at which the seats are measured
EPSILON = 0.1     # share of a fitting game's decisions answered at random (to see more)
RIDGE = 3.0       # the regression's penalty, on standardised features
# A unit of any holding is a priori worth within about this many prestige (the prior's spread):
# a feature seen in few samples (a jewel of one colour, rarely rented by the teacher) is pulled
# toward nothing by as many samples' worth of evidence as var(target) / SCALE**2 (about 25),
# instead of taking whatever worth fits its few samples' noise.
SCALE = 3.0
TEACHER = 50     # games of the teacher per game of value bots
FOLLOW = 1        # the fitting bots look one follow-up question deep (the player: two)


def self_play(rules, players: int, seed: int, bots: list,
              weights: Weights | None = None) -> list[tuple[dict, float]]:
    """One fitting game: for each bot-played seat at sampled decisions, its holdings and the
    prestige still to come to it, each less the mean of the bot-played seats' (what the bot
    compares is seats: a worth every seat shares, like the rounds left, changes no margin; a
    lone bot-played seat's are taken as they are, the regression's intercept the shared worth).
    A seat that plays itself (a solo mode's automaton, `seats.kind_of`) is not sampled: it
    plays by other rules (it never pays, it keeps decks of its own), so its holdings turn into
    prestige otherwise, and mixed with a person's seat in one regression its holdings' worth
    would be learned as the worth of being it (in one solo mode a person's tiles were worth
    below nothing, the automaton's own decks some 40 prestige). What held cards' effects give
    (`effect.held`) is measured with `weights` (default: the rules' stored ones)."""
    rng = random.Random(seed)
    effects = HeldEffects(weights or weights_for(rules))
    game = Game.new(rules, players=players, seed=seed)
    played = [s for s in range(players) if kind_of(rules, game.state, s) is None]
    samples: list[tuple[int, dict, float]] = []
    at_round = 0
    while (d := game.decision()) is not None:
        # where a value bot's trials are valued: at the start of a round (and now and then)
        if game.state["round"] != at_round or rng.random() < SAMPLE:
            at_round = game.state["round"]
            ended = as_if_ended(game)
            samples += [(s, seat_features(game, s, effects), ended[s]) for s in played]
        game.apply(bots[d.seat].choose(game, d))
    final = [p["prestige"] for p in game.state["players"]]
    size = len(played)
    if size <= 1:  # one bot-played seat (a solo mode): its own holdings and prestige to come
        return [(f, final[s] - now) for s, f, now in samples]
    out = []
    for at in range(0, len(samples), size):  # the seats measured at one decision
        group = samples[at:at + size]
        mean_f: dict[str, float] = {}
        for _, f, _ in group:
            for name, v in f.items():
                mean_f[name] = mean_f.get(name, 0.0) + v / size
        mean_y = sum(final[s] - now for s, _, now in group) / size
        out += [({n: f.get(n, 0.0) - m for n, m in mean_f.items()}, final[s] - now - mean_y)
                for s, f, now in group]
    return out


def ridge(samples: list[tuple[dict, float]], penalty: float = RIDGE,
          scale: float = SCALE) -> dict[str, float]:
    """Each feature's worth: ridge regression of the target on the standardised features (with
    an intercept, dropped: a worth every seat shares changes no margin), each worth also held
    toward 0 in its own units (a prior of spread `scale` prestige per unit): on standardised
    features alone a rare feature's few noisy samples give it any worth at all (a jewel held
    was worth -38 to +16 prestige by its colour)."""
    import numpy as np  # fitting only: playing with stored weights needs no numpy

    names = sorted({n for f, _ in samples for n in f})
    x = np.array([[f.get(n, 0.0) for n in names] for f, _ in samples], dtype=float)
    y = np.array([t for _, t in samples], dtype=float)
    mean, std = x.mean(axis=0), x.std(axis=0)
    used = std > 1e-9
    z = (x[:, used] - mean[used]) / std[used]
    # in standardised units a worth w * std costs var(y) / scale**2 * w**2 of the prior
    prior = float(y.var()) / scale ** 2 / std[used] ** 2
    gram = z.T @ z + np.diag(penalty + prior)
    beta = np.linalg.solve(gram, z.T @ (y - y.mean()))
    worths = dict.fromkeys(names, 0.0)
    for name, b, s in zip([n for n, u in zip(names, used) if u], beta, std[used]):
        worths[name] = round(float(b / s), 5)
    return {n: w for n, w in worths.items() if w}


def fit(rules, players: int, games: int, seed: int = 0,
        teacher: Callable[[int], Any] | None = None, teacher_games: int | None = None,
        advance: Callable[[], None] = lambda: None) -> Weights:
    """Weights for `rules`: `teacher_games` (default 50 x `games`) games of `teacher(seed)`
    bots, then `games` of value bots (`advance` after each game)."""
    samples: list[tuple[dict, float]] = []
    weights = weights_for(rules)
    if teacher is not None:
        for g in range(TEACHER * games if teacher_games is None else teacher_games):
            at = seed + 10_000 + g
            samples += self_play(rules, players, at, [teacher(at * 31 + s)
                                                      for s in range(players)], weights)
            advance()
        weights = Weights(ridge(samples), rules.fingerprint, modules_of(rules), "fitted", 0,
                          dict(rules.params))
    for g in range(games):
        at = seed + g
        samples += self_play(rules, players, at, [ValueBot(at * 31 + s, weights, FOLLOW, EPSILON)
                                                  for s in range(players)], weights)
        advance()
    return Weights(ridge(samples), rules.fingerprint, modules_of(rules), "fitted", games,
                   dict(rules.params))
