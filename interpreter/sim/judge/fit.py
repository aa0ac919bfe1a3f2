"""Fitting the judge's weights by self-play: value bots play seeded games (exploring now and
then), each seat's holdings (features.py) and its prestige as if the game ended there are taken
at sampled decisions, and a ridge regression learns what the holdings add to that prestige by
the end of the game. A second pass plays with the first pass's weights, so the data come from
the bot that will use them. Deterministic under a seed."""
from __future__ import annotations

import random
from collections.abc import Callable

from ...core.engine import Game
from .features import seat_features
from .value import ValueBot, as_if_ended
from .weights import Weights, modules_of, weights_for

SAMPLE = 0.1      # share of decisions at which the seats are measured
EPSILON = 0.1     # share of a fitting game's decisions answered at random (to see more)
RIDGE = 3.0       # the regression's penalty, on standardised features


def self_play(rules, players: int, seed: int, weights: Weights) -> list[tuple[dict, float]]:
    """One fitting game: (features, prestige still to come) for each seat at sampled
    decisions."""
    rng = random.Random(seed)
    game = Game.new(rules, players=players, seed=seed)
    bots = [ValueBot(seed * 31 + s, weights, epsilon=EPSILON) for s in range(players)]
    samples: list[tuple[int, dict, float]] = []
    while (d := game.decision()) is not None:
        if rng.random() < SAMPLE:
            ended = as_if_ended(game)
            samples += [(s, seat_features(game, s), ended[s]) for s in range(players)]
        game.apply(bots[d.seat].choose(game, d))
    final = [p["prestige"] for p in game.state["players"]]
    return [(f, final[s] - now) for s, f, now in samples]


def ridge(samples: list[tuple[dict, float]], penalty: float = RIDGE) -> dict[str, float]:
    """Each feature's worth: ridge regression of the target on the standardised features (with
    an intercept, dropped: a worth every seat shares changes no margin)."""
    import numpy as np  # fitting only: playing with stored weights needs no numpy

    names = sorted({n for f, _ in samples for n in f})
    x = np.array([[f.get(n, 0.0) for n in names] for f, _ in samples], dtype=float)
    y = np.array([t for _, t in samples], dtype=float)
    mean, std = x.mean(axis=0), x.std(axis=0)
    used = std > 1e-9
    z = (x[:, used] - mean[used]) / std[used]
    gram = z.T @ z + penalty * np.eye(z.shape[1])
    beta = np.linalg.solve(gram, z.T @ (y - y.mean()))
    worths = dict.fromkeys(names, 0.0)
    for name, b, s in zip([n for n, u in zip(names, used) if u], beta, std[used]):
        worths[name] = round(float(b / s), 5)
    return {n: w for n, w in worths.items() if w}


def fit(rules, players: int, games: int, seed: int = 0, passes: int = 2,
        advance: Callable[[], None] = lambda: None) -> Weights:
    """Weights for `rules` from `passes` x `games` self-play games (`advance` after each)."""
    weights = weights_for(rules)
    for n in range(passes):
        samples: list[tuple[dict, float]] = []
        for g in range(games):
            samples += self_play(rules, players, seed + n * games + g, weights)
            advance()
        weights = Weights(ridge(samples), rules.fingerprint, modules_of(rules),
                          "fitted", games * (n + 1))
    return weights
