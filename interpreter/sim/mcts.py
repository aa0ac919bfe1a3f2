"""`mcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012; OpenSpiel's `ISMCTSBot` is the same algorithm), made to play well on a small
budget.

One tree per decision, over everybody's answers as the deciding seat sees them. The iterations
come in batches, one batch per *world*:

1. deal a world, a determinization: a copy of the game in which what the seat cannot see is dealt
   again from the bot's own generator (determinize.py), so the bot never reads hidden
   information;
2. try each of the root's candidates once in that same world, with the same seed for the
   default policy (common random numbers): the candidates are compared on the same deal and the
   same luck, so a handful of worlds already tells them apart; the candidates are the default
   policy's `width` favourite options (its one-step ranking is the prior);
3. below the root, select down the tree over the options legal in that world, widening
   progressively in the prior's order: a node visited n times considers its 1 + floor(sqrt(n/4))
   favourite options (at most `width`), tries the untried ones favourite first, then chooses by
   UCB1, each child's exploration term counting the iterations in which it was available; one new
   child is added per iteration;
4. play on with the default policy (the greedy bot's one-step heuristics; with `epsilon`, a
   random answer now and then) to the end of the game, or with a `horizon` to the end of that
   many more rounds; there, with a `leaf` (what `make_bot("mcts:N")` gives: the `value` judge's
   worth, judge/value.py, after the round in progress), each seat's worth (final scoring as if
   the game ended now, plus the learned worth of what it holds) values the position, else the
   search goes straight to final scoring, which values it as if the game ended there;
5. back the result up: every node is credited with the reward of the seat that chose it, from
   the final standings or the leaf's worths (a win, shared when tied, and the margin over the
   best other).

The answer is the root candidate with the best mean reward (the prior's order breaks ties), so
the bot plays the default policy's favourite unless the search finds better. The budget is a
most: the search stops once no remaining iteration could change the answer, and, with a
`confidence` (what `make_bot("mcts:N")` gives), once the answer is clear by the candidates'
paired rewards, world by world: a candidate clearly behind the leader leaves the race, and the
search ends when none may be ahead of the leader by `indifference` or more (`_clear`). A budget
of `iterations` makes the bot a deterministic function of its seed and the game it is shown;
`seconds` bounds the time instead, in whole worlds (then it is not reproducible). A decision
with one option is answered without searching.
"""
from __future__ import annotations

import json
import math
import random
import time
from typing import Any

from ..core.decisions import Decision, Option
from ..core.errors import IllegalDecisionError
from .determinize import determinize
from .playout import Playout, play_to_horizon

DEFAULT_ITERATIONS = 100
DEFAULT_HORIZON = 1  # rounds played out after the one searched, before scoring as if it ended
# with a leaf valuation (`make_bot("mcts:N")`): the playout ends with the round in progress, at
# a round's start, where the judge's worths were fitted
LEAF_HORIZON = 0
# the statistical stop of `make_bot("mcts:N")` (`MctsBot._clear`): a leader ahead of every other
# candidate by more than -INDIFFERENCE (reward) at CONFIDENCE standard errors of their paired
# rewards, after MIN_WORLDS worlds
CONFIDENCE = 1.5
INDIFFERENCE = 0.01
MIN_WORLDS = 4


def option_key(value) -> str:
    """An option's identity across determinizations: its value as canonical JSON."""
    if type(value) is str:  # most options: a card, a space, a garment (their JSON kept)
        key = _STR_KEYS.get(value)
        if key is None:
            key = _STR_KEYS[value] = json.dumps(value)
        return key
    if type(value) is dict:  # a play, a rent, a fund...: kept by its items and their types
        try:
            items = frozenset((k, type(v), v) for k, v in value.items())
        except TypeError:  # a list inside: made each time
            return _json_key(value)
        key = _DICT_KEYS.get(items)
        if key is None:
            if len(_DICT_KEYS) >= _MOST_KEPT:
                _DICT_KEYS.clear()
            key = _DICT_KEYS[items] = _json_key(value)
        return key
    return _json_key(value)


def _json_key(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


_STR_KEYS: dict[str, str] = {}
# a dict option's key by its items (with their types: True and 1 are equal, their JSON is not)
_DICT_KEYS: dict[frozenset, str] = {}
_MOST_KEPT = 100_000


def rewards(game) -> list[float]:
    """Each seat's reward in [0, 1] from a finished game: 0.75 for a win (split between tied
    winners), plus up to 0.25 for the prestige margin over the best other player."""
    players = game.state["players"]
    winners = set(game.winners())
    return _rewards([p["prestige"] for p in players],
                    [p["seat"] in winners for p in players])


def leaf_rewards(worths: list[float]) -> list[float]:
    """Each seat's reward in [0, 1] from its estimated worth, as `rewards` from prestige: the
    seats of the highest worth win."""
    best = max(worths)
    return _rewards(worths, [w == best for w in worths])


def _rewards(points: list, won: list[bool]) -> list[float]:
    winners = sum(won)
    out = []
    for seat, mine in enumerate(points):
        others = max((q for s, q in enumerate(points) if s != seat), default=0)
        win = 1.0 / winners if won[seat] else 0.0
        out.append(0.75 * win + 0.25 * (0.5 + 0.5 * math.tanh((mine - others) / 8)))
    return out


def paired_lead(worlds: list[dict[str, float]], a: str, b: str) -> tuple[float, float] | None:
    """Candidate a's mean lead over b in the worlds both were tried in, and its standard error
    (None under two such worlds)."""
    leads = [w[a] - w[b] for w in worlds if a in w and b in w]
    n = len(leads)
    if n < 2:
        return None
    mean = sum(leads) / n
    variance = sum((x - mean) ** 2 for x in leads) / (n - 1)
    return mean, math.sqrt(variance / n)


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int):
        self.seat = seat          # who chose the option leading here
        self.visits = 0
        self.avail = 0            # iterations in which this option was legal and considered
        self.total = 0.0          # sum of `seat`'s rewards
        self.children: dict[str, _Node] = {}


FINAL = {"stage": "final", "phase": 0, "index": 0}  # the flow's cursor at final scoring


class MctsBot:
    """Searches `iterations` determinized playouts per decision (or for `seconds`)."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = DEFAULT_ITERATIONS,
                 seconds: float | None = None, rollout=None, exploration: float = 0.7,
                 epsilon: float = 0.0, width: int | None = 4,
                 horizon: int | None = DEFAULT_HORIZON, leaf=None,
                 confidence: float | None = None, indifference: float = INDIFFERENCE,
                 min_worlds: int = MIN_WORLDS):
        if iterations is None and seconds is None:
            raise ValueError("an mcts bot needs a budget: iterations or seconds")
        self.rng = random.Random(seed)
        self.iterations, self.seconds = iterations, seconds
        self.exploration, self.epsilon, self.width = exploration, epsilon, width
        self.horizon = horizon  # rounds played out before scoring as if the game ended
        self.rollout = rollout  # a bot answering in playouts: its choose(game, decision)
        # each seat's worth in a position (a list of numbers; the game may be spent doing it):
        # with it, a playout stops at its horizon and the leaf values the position there
        self.leaf = leaf
        # the statistical stop (`_clear`): None searches the whole budget (or until `_settled`)
        self.confidence, self.indifference, self.min_worlds = confidence, indifference, min_worlds
        self.searched = 0       # decisions searched, iterations run (for reports)
        self.playouts = 0
        self.last: dict[str, tuple[int, float]] = {}  # the last root: option -> visits, reward
        # the last search's (history length expected next, seat, answer, its node, forced
        # answers given since), to search a follow-up question on from that node
        self._kept: tuple[int, int, Any, _Node, int] | None = None

    def choose(self, game, decision: Decision) -> Option:
        if len(decision.options) == 1:
            if self._kept is not None:  # a forced answer: the tree has no node for it either
                at, seat, answer, node, forced = self._kept
                self._kept = (at + 1, seat, answer, node, forced + 1)
            return decision.options[0]
        seat = decision.seat
        world = determinize(game, seat, self.rng)
        asked = world.decision()
        assert asked is not None, "a dealt world waits on the decision it was dealt for"
        by_key = {option_key(o.value): o for o in decision.options}
        candidates = self._candidates(world, asked, by_key)
        if len(candidates) == 1:
            return by_key[next(iter(candidates))]
        root = self._reused(game, seat)
        for key in candidates:
            root.children.setdefault(key, _Node(seat))
        order = {k: i for i, k in enumerate(candidates)}  # the candidates still in the race
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = kept = sum(root.children[k].visits for k in candidates)  # from the last search
        tried = 0
        worlds: list[dict[str, float]] = []  # each world's reward of each candidate tried in it
        while True:
            seed = self.rng.getrandbits(32)
            seen: dict[str, float] = {}
            racing = list(order)
            for i, key in enumerate(racing):
                if self.iterations is not None and done >= self.iterations:
                    break
                g = world if i == len(racing) - 1 else world.clone()
                node = root.children[key]
                before = node.total
                if self._iterate(g, node, candidates[key].value, seed):
                    done += 1
                    seen[key] = node.total - before
            worlds.append(seen)
            tried += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if tried >= self._most_worlds():
                break  # worlds that keep refusing every candidate: stop, answer with the prior
            if self.iterations is not None and self._settled(root, order, self.iterations - done):
                break
            if self.confidence is not None and self._clear(root, order, worlds):
                break
            world = determinize(game, seat, self.rng)
        self.searched += 1
        self.playouts += done - kept
        self.last = {k: (root.children[k].visits, root.children[k].total) for k in candidates}
        best = self._best(root, order)
        self._kept = (len(game.history) + 1, seat, by_key[best].value, root.children[best], 0)
        return by_key[best]

    def _reused(self, game, seat: int) -> _Node:
        """The root to search from: the node of this seat's last answer when this is the next
        question with a choice after it, only forced answers of its own between (the seat's
        follow-up question: that subtree's iterations count towards the budget), else a new
        one."""
        kept, self._kept = self._kept, None
        if kept is None or kept[0] != len(game.history) or kept[1] != seat:
            return _Node(seat)
        at, answer = game.history[kept[0] - kept[4] - 1]
        return kept[3] if at == seat and option_key(answer) == option_key(kept[2]) \
            else _Node(seat)

    def _best(self, root: _Node, order: dict[str, int]) -> str:
        """The candidate of the best mean reward, the prior's order breaking ties."""
        return max(order, key=lambda k: (self._mean(root.children[k]), -order[k]))

    def _settled(self, root: _Node, order: dict[str, int], remaining: int) -> bool:
        """Whether the answer can no longer change: even if every remaining iteration gave the
        leader the least reward (0) and each other candidate the most (1), one world at a time
        (each candidate at most once per world), the leader would stay ahead."""
        worlds = -(-remaining // len(order))
        leader = self._best(root, order)
        lead = root.children[leader]
        worst = lead.total / (lead.visits + worlds)
        for key in order:
            if key != leader:
                c = root.children[key]
                if (c.total + worlds) / (c.visits + worlds) >= worst:
                    return False
        return True

    def _clear(self, root: _Node, order: dict[str, int], worlds: list[dict[str, float]]) -> bool:
        """The statistical stop (with `confidence`, after `min_worlds` worlds of this search):
        whether the leader is clearly no worse than any other candidate, by their paired
        rewards in the worlds both were tried in (common random numbers make the pairs
        comparable): for each other candidate, the leader's mean lead less `confidence` standard
        errors is above -`indifference`. A candidate clearly behind the leader (its mean lead
        less `confidence` standard errors above 0) leaves the race (`order`): later worlds no
        longer try it."""
        z = self.confidence
        if z is None or len(worlds) < self.min_worlds:
            return False
        leader = self._best(root, order)
        clear = True
        for key in list(order):
            if key == leader:
                continue
            lead = paired_lead(worlds, leader, key)
            if lead is None:
                clear = False
                continue
            mean, error = lead
            if mean - z * error > 0:
                del order[key]  # clearly worse: out of the race
            elif mean - z * error <= -self.indifference:
                clear = False
        return clear

    def _candidates(self, world, asked: Decision, real: dict[str, Option]) -> dict[str, Option]:
        """The root's candidates: the real decision's options (`real`, by key), the default
        policy's `width` favourites in the dealt world first. Only a real option is ever an
        answer, whatever the world offers; one the world does not offer is ranked last."""
        ranked = [k for k in self._ranked(world, asked, None) if k in real]
        seen = set(ranked)
        ranked += [k for k in real if k not in seen]
        return {k: real[k] for k in ranked[:self.width]}

    def _most_worlds(self) -> int:
        """How many worlds one decision deals at most (a budget in seconds included)."""
        return 4 * (self.iterations or 1000) + 16

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, g, child: _Node, value, seed: int) -> bool:
        """One playout in world `g` starting with the root's option `value` (node `child`);
        False if that world does not offer it (nothing is counted)."""
        if getattr(self.rollout, "rng", None) is not None:
            self.rollout.rng.seed(seed)  # the same luck for every candidate of this world
        # a uniform playout's luck (none needed for a policy without noise: seeding is dear)
        rng = random.Random(seed) if self.rollout is None or self.epsilon else None
        start_round = g.state["round"]
        try:
            g.apply_value(value)
        except IllegalDecisionError:
            return False
        node, path = child, [child]
        while True:
            d = g.decision()
            if d is None:
                break
            if len(d) == 1:
                g.apply_index(0)
                continue
            legal = self._ranked(g, d, self._widened(node.visits))
            untried = None
            for k in legal:
                c = node.children.get(k)
                if c is None or c.visits == 0:
                    untried = untried or k
                if c is not None:
                    c.avail += 1
            if untried is not None:
                key = untried
                nxt = node.children.get(key)
                if nxt is None:
                    nxt = node.children[key] = _Node(d.seat)
                    nxt.avail = 1
            else:
                key = max(legal, key=lambda k: self._ucb(node.children[k]))
                nxt = node.children[key]
            g.apply_index(legal[key])
            path.append(nxt)
            if untried is not None:
                break
            node = nxt
        if self._playout(g, rng, start_round):
            reward = leaf_rewards(self.leaf(g))
        else:
            reward = rewards(g)
        for n in path:
            n.visits += 1
            n.total += reward[n.seat]
        return True

    def _ranked(self, g, d: Decision, cap: int | None) -> dict[str, int]:
        """The options considered at `d`, by key: the default policy's `cap` favourites, best
        first (all of them, in their order, when the policy does not rank), with their place
        among the decision's options."""
        values = d.own_values()
        order: Any = range(len(values))
        scores = getattr(self.rollout, "scores", None)
        if scores is not None:
            score = scores(g, d)
            if cap == 1:  # a node's first visits: the favourite alone, the first of the best
                order = (max(order, key=score.__getitem__),)
            else:
                order = sorted(order, key=lambda i: (-score[i], i))[:cap]
        return {option_key(values[i]): i for i in order}

    def _widened(self, visits: int) -> int:
        """How many favourites a node visited `visits` times considers."""
        cap = 1 + math.isqrt(visits // 4)
        return cap if self.width is None else min(cap, self.width)

    @staticmethod
    def _mean(node: _Node) -> float:
        return node.total / node.visits if node.visits else -1.0

    def _ucb(self, child: _Node) -> float:
        return child.total / child.visits + \
            self.exploration * math.sqrt(math.log(child.avail) / child.visits)

    def _playout(self, g, rng: random.Random | None, start_round: int) -> bool:
        """Play on with the default policy to the end of the game or, with a horizon, to the
        end of round `start_round + horizon`; there, with a leaf, stop (True: the leaf values
        the position), else go straight to final scoring, which values the position as if the
        game ended there. The policy answers inside the running step (`Game.play_out`), by
        index, and stops it at the horizon by raising: no step is left and re-entered per
        answer."""
        last = None if self.horizon is None else start_round + self.horizon
        policy = Playout(self.rollout, rng, self.epsilon, last)
        while not g.is_over():
            if play_to_horizon(g, policy):
                if self.leaf is not None:
                    return True
                g.jump(FINAL)  # value the position as if the game ended here
                policy.last = None
        return False
