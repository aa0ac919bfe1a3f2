"""`mcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012; OpenSpiel's `ISMCTSBot` is the same algorithm).

One tree per decision, over everybody's answers as the deciding seat sees them. Each iteration:

1. deal a determinization: a copy of the game in which what the seat cannot see is dealt again
   from the bot's own generator (determinize.py), so the bot never reads hidden information;
2. select down the tree with UCB1 over the options legal in *that* determinization, each
   child's exploration term counting the iterations in which it was available (not its
   parent's visits), and add one new child; with a `width`, only the default policy's
   `width` favourite options of a decision are searched (the rest are never chosen), which
   lets a small budget go deep enough to matter in a game of long turns;
3. play the game out with a fast default policy (the greedy bot's one-step heuristics, with a
   random answer now and then);
4. back the result up: every node is credited with the reward of the seat that chose it, from
   the final standings (a win, shared when tied, and the prestige margin over the best other).

The answer is the most visited option of the root. A budget of `iterations` makes the bot a
deterministic function of its seed and the game it is shown; `seconds` bounds the time instead
(then it is not reproducible). A decision with one option is answered without searching.
"""
from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence

from ..core.decisions import Decision, Option
from .determinize import determinize

DEFAULT_ITERATIONS = 100


def option_key(value) -> str:
    """An option's identity across determinizations: its value as canonical JSON."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def rewards(game) -> list[float]:
    """Each seat's reward in [0, 1] from a finished game: 0.75 for a win (split between tied
    winners), plus up to 0.25 for the prestige margin over the best other player."""
    players = game.state["players"]
    standings = game.standings()
    best = (standings[0]["prestige"], standings[0]["livre"])
    winners = [r["seat"] for r in standings if (r["prestige"], r["livre"]) == best]
    out = [0.0] * len(players)
    for p in players:
        others = max((q["prestige"] for q in players if q["seat"] != p["seat"]), default=0)
        margin = p["prestige"] - others
        win = 1.0 / len(winners) if p["seat"] in winners else 0.0
        out[p["seat"]] = 0.75 * win + 0.25 * (0.5 + 0.5 * math.tanh(margin / 8))
    return out


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int):
        self.seat = seat          # who chose the option leading here
        self.visits = 0
        self.avail = 0            # iterations in which this option was legal
        self.total = 0.0          # sum of `seat`'s rewards
        self.children: dict[str, _Node] = {}


class MctsBot:
    """Searches `iterations` determinized playouts per decision (or for `seconds`)."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = DEFAULT_ITERATIONS,
                 seconds: float | None = None, rollout=None, exploration: float = 0.7,
                 epsilon: float = 0.1, width: int | None = 4):
        if iterations is None and seconds is None:
            raise ValueError("an mcts bot needs a budget: iterations or seconds")
        self.rng = random.Random(seed)
        self.iterations, self.seconds = iterations, seconds
        self.exploration, self.epsilon, self.width = exploration, epsilon, width
        self.rollout = rollout  # a bot answering in playouts: its choose(game, decision)
        self.searched = 0       # decisions searched, iterations run (for reports)
        self.playouts = 0
        self.last: dict[str, tuple[int, float]] = {}  # the last root: option -> visits, reward

    def choose(self, game, decision: Decision) -> Option:
        if len(decision.options) == 1:
            return decision.options[0]
        root = _Node(decision.seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(game, decision.seat, root)
            done += 1
        self.searched += 1
        self.playouts += done
        self.last = {k: (c.visits, c.total) for k, c in root.children.items()}
        by_key = {option_key(o.value): o for o in decision.options}
        if not root.children:  # no iteration ran: the default policy's answer
            return self.rollout.choose(game, decision) if self.rollout else decision.options[0]
        best = max(by_key, key=lambda k: (root.children[k].visits, root.children[k].total)
                   if k in root.children else (-1, 0.0))
        return by_key[best]

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, game, seat: int, root: _Node) -> None:
        g = determinize(game, seat, self.rng)
        node, path = root, [root]
        expanded = False
        while not expanded:
            d = g.decision()
            if d is None:
                break
            if len(d.options) == 1:
                g.apply(d.options[0])
                continue
            legal = self._candidates(g, d)
            untried = []
            for key in legal:
                child = node.children.get(key)
                if child is None or child.visits == 0:
                    untried.append(key)
                if child is not None:
                    child.avail += 1
            if untried:
                key = untried[self.rng.randrange(len(untried))]
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(d.seat)
                    child.avail = 1
                expanded = True
            else:
                key = max(legal, key=lambda k: self._ucb(node.children[k]))
                child = node.children[key]
            g.apply(legal[key])
            node = child
            path.append(node)
        self._playout(g)
        reward = rewards(g)
        for n in path:
            n.visits += 1
            n.total += reward[n.seat]

    def _candidates(self, g, d: Decision) -> dict[str, Option]:
        """The options searched at `d`: all, or the rollout policy's `width` favourites."""
        options: Sequence[Option] = d.options
        if self.width is not None and len(options) > self.width and \
                hasattr(self.rollout, "scores"):
            scores = self.rollout.scores(g, d)
            ranked = sorted(range(len(options)), key=lambda i: -scores[i])[:self.width]
            options = [options[i] for i in sorted(ranked)]
        return {option_key(o.value): o for o in options}

    def _ucb(self, child: _Node) -> float:
        return child.total / child.visits + \
            self.exploration * math.sqrt(math.log(child.avail) / child.visits)

    def _playout(self, g) -> None:
        rng, rollout = self.rng, self.rollout
        while (d := g.decision()) is not None:
            options = d.options
            if len(options) == 1:
                g.apply(options[0])
            elif rollout is None or rng.random() < self.epsilon:
                g.apply(options[rng.randrange(len(options))])
            else:
                g.apply(rollout.choose(g, d))
