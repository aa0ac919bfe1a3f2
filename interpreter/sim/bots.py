"""Bots: `random` picks uniformly among legal options; `greedy` scores each option one step ahead
with simple heuristics per kind of decision (it knows verbs, never cards by name); `mcts`
searches (mcts.py) among greedy's favourite options, playing out with greedy.

A bot is named by a spec: `random`, `greedy`, `mcts` (100 iterations per decision), `mcts:400`
(400 iterations) or `mcts:2s` (2 seconds per decision). A game's seats are one spec for every
seat or a comma-separated spec per seat: `mcts,greedy,greedy,greedy`."""
from __future__ import annotations

import random as _random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.decisions import Decision, Option

if TYPE_CHECKING:
    from .mcts import MctsBot

TYPE_RANK = {"master": 3, "journeyman": 2, "apprentice": 1}
NEED_RANK = {"tailor": 2, "hire": 3, "favor": 2}  # the card type an action is worth, by rank


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def choose(self, game, decision: Decision) -> Option:
        options = decision.options
        # what `rng.choice(options)` does (a decision always has options), without its call
        return options[self.rng._randbelow(len(options))]  # type: ignore[attr-defined]


class GreedyBot:
    """Tailors and rents when it can, funds when rich, buys the silk the display asks for."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)
        self._memo: tuple = (None, None, {})  # (decision, game, what its options share)
        self._scorers: dict[str, Callable] = {}

    def _shared(self, game, d) -> dict:
        """What the options of decision `d` of `game` share (an action's value, a hall's
        count, the colours wanted), worked out once for them all."""
        memo = self._memo
        if memo[0] is not d or memo[1] is not game:
            memo = self._memo = (d, game, {})
        return memo[2]

    def _scorer(self, kind: str) -> Callable:
        """The scoring method for a kind of decision (none: every option scores 0)."""
        score = self._scorers.get(kind)
        if score is None:
            score = self._scorers[kind] = getattr(self, "_" + kind, None) or _no_score
        return score

    def choose(self, game, decision: Decision) -> Option:
        score = self._scorer(decision.kind)
        options = decision.options
        best, best_value = options[0], None
        noise = self.rng.random
        for option in options:
            value = score(game, decision, option) + noise() * 0.01
            if best_value is None or value > best_value:
                best, best_value = option, value
        return best

    def scores(self, game, decision: Decision) -> list[float]:
        """How much it likes each option, without noise (a search bot's prior)."""
        score = self._scorer(decision.kind)
        return [score(game, decision, option) for option in decision.options]

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _me(game, decision) -> dict:
        return game.state["players"][decision.seat]

    @staticmethod
    def _wanted_colors(game) -> dict[str, int]:
        want: dict[str, int] = {}
        for gid in game.state["garment_display"]:
            if gid is not None:
                for color, n in game.rules.garments[gid].silk.items():
                    want[color] = want.get(color, 0) + n
        return want

    # -- decisions ---------------------------------------------------------------------------
    def _hand(self, game, d, o) -> float:
        card = game.rules.employees[o.value]
        return TYPE_RANK.get(card.type, 1) + (0.5 if card.bonus else 0)

    def _play(self, game, d, o) -> float:
        card = game.rules.employees[o.value["card"]]
        action = o.value["action"]
        shared = self._shared(game, d)  # an action's value depends on the position only
        value = shared.get(action)
        if value is None:
            value = shared[action] = self._action_value(game, d, action)
        rank = TYPE_RANK.get(card.type, 1)
        # spend cheap cards on actions anyone can do, keep Masters for Masters' work
        value -= (rank - NEED_RANK.get(action, 1)) * 1.5
        if card.bonus is not None:
            value += 0.5
        return value

    def _action_value(self, game, d, action: str | None) -> float:
        """How much it likes doing `action` now, whichever card does it."""
        me, rules, state = self._me(game, d), game.rules, game.state
        # only the value of the option's own action is worked out
        if action is None:
            value = 0.0
        elif action == "tailor":
            value = 12.0
        elif action == "fund":
            late = state["round"] >= rules.rounds - 1
            value = 5.0 + (3.0 if me["livre"] >= 14 else 0.0) + (2.0 if late else 0.0)
        elif action == "hire":
            value = self._hire_value(game, me)
        elif action == "favor":
            value = 6.0 if state["round"] < rules.rounds else 3.0
        elif action == "acquire":
            value = 8.0 - 1.5 * len(me["tiles"])
        elif action == "depute":
            value = 4.0 if me["livre"] < 6 else 0.5
        else:
            value = 1.0
        if action == "acquire" and (me["thread"] == 0 or me["lace"] == 0):
            value += 1.0
        return value

    @staticmethod
    def _hire_value(game, me) -> float:
        """Hire early for more turns, late for cards that score at the end of the game."""
        state = game.state
        if any(game.rules.employees[c].final is not None for c in state["hire_display"]):
            return 9.0
        return 7.0 if state["round"] <= 4 and me["livre"] >= 10 else 1.0

    def _garment(self, game, d, o) -> float:
        g = game.rules.garments[o.value["garment"]]
        return g.prestige * 3 + g.value / 8 - o.value["cost"] / 2

    def _tiles(self, game, d, o) -> float:
        return -sum(sum(game.rules.tiles[t].silk.values()) for t in o.value)

    def _rent(self, game, d, o) -> float:
        state, side = game.state, game.side
        if "sell" in o.value:
            return 2.0 if state["round"] >= game.rules.rounds else -5.0
        space = side.guest_spaces[o.value["space"]]
        shared = self._shared(game, d)
        mine = shared.get(("hall", space.hall))
        if mine is None:  # the seat's garments in that hall
            guests = state["guests"]
            mine = shared[("hall", space.hall)] = sum(
                1 for s in side.halls_by_id[space.hall].guest_spaces
                if s in guests and guests[s]["owner"] == d.seat)
        value = 4.0 if mine == 0 else 2.0 - 0.5 * mine
        value += 1.0 if space.master else 0.0
        if space.reward is not None:
            value += 1.5
        if side.halls_by_id[space.hall].royal:
            value += 0.5
        return value

    def _fund(self, game, d, o) -> float:
        deco = game.side.decorations[o.value["space"]]
        state = game.state
        value = deco.prestige * 2 - o.value["cost"] / 3
        if deco.area.startswith("kitchen"):
            value += max(0, game.rules.rounds - state["round"]) * 0.8
        if deco.area == "statue":
            colors = {game.rules.garments[g["garment"]].color
                      for g in state["guests"].values() if g["owner"] == d.seat}
            value += len(colors) * 1.5
        if deco.area == "fireworks":
            value += 2.0
        return value

    def _tile(self, game, d, o) -> float:
        shared = self._shared(game, d)
        want = shared.get(("wanted",))
        if want is None:
            want = shared[("wanted",)] = self._wanted_colors(game)
        useful = 0
        for c, n in game.rules.tiles[o.value["tile"]].silk.items():
            useful += min(n, want.get(c, 0))
        return useful - o.value["price"]

    def _keep(self, game, d, o) -> float:
        me = self._me(game, d)
        if o.value == "keep":
            return 1.0
        return 1.5 if min(me["thread"], me["lace"]) == 0 else 0.5

    def _hire(self, game, d, o) -> float:
        card = game.rules.employees[o.value]
        return card.level + TYPE_RANK.get(card.type, 1) + (3 if card.final is not None else 0)

    def _bonus(self, game, d, o) -> float:
        return 1.0 if o.value else 0.0

    def _depute(self, game, d, o) -> float:
        card = game.rules.employees[o.value]
        return -TYPE_RANK.get(card.type, 1) - (1 if card.bonus else 0) - card.level

    def _resource(self, game, d, o) -> float:
        return -self._me(game, d).get(o.value, 0)

    def _number(self, game, d, o) -> float:
        return float(o.value)

    def _choice(self, game, d, o) -> float:
        return 0.0 if o.value is None else 1.0


def _no_score(game, decision: Decision, option: Option) -> float:
    return 0.0


def _mcts(seed: int = 0, budget: str | None = None) -> MctsBot:
    """`mcts`, `mcts:N` (N iterations per decision) or `mcts:Xs` (X seconds per decision)."""
    from .mcts import DEFAULT_ITERATIONS, MctsBot  # the search needs the engine: not before

    rollout = GreedyBot(seed ^ 0x5EED)
    if budget is None:
        return MctsBot(seed, iterations=DEFAULT_ITERATIONS, rollout=rollout)
    if budget.endswith("s"):
        return MctsBot(seed, iterations=None, seconds=float(budget[:-1]), rollout=rollout)
    return MctsBot(seed, iterations=int(budget), rollout=rollout)


BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": _mcts}


def check_bot(spec: str) -> str:
    """`spec` if it names a bot (see the module's docstring), else ValueError saying why."""
    name, _, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r} (choose from {', '.join(BOTS)}; "
                         f"mcts takes a budget: mcts:400 or mcts:2s)")
    if budget or spec.endswith(":"):
        if name != "mcts":
            raise ValueError(f"bot {name!r} takes no budget, as in {spec!r}")
        try:
            value = float(budget[:-1]) if budget.endswith("s") else int(budget)
        except ValueError:
            value = 0
        if not value > 0:
            raise ValueError(f"bad mcts budget in {spec!r}: give iterations (mcts:400) or "
                             f"seconds (mcts:2s), more than zero")
    return spec


def make_bot(name: str, seed: int = 0):
    """A bot from its spec (`greedy`, `mcts:400`...), seeded."""
    check_bot(name)
    kind, _, budget = name.partition(":")
    return _mcts(seed, budget or None) if kind == "mcts" else BOTS[kind](seed)


def seat_bots(spec: str, players: int) -> list[str]:
    """One bot spec per seat from `spec`: one spec for every seat, or one per seat separated by
    commas. ValueError says what is wrong."""
    specs = [s.strip() for s in spec.split(",")]
    if len(specs) == 1:
        specs *= players
    elif len(specs) != players:
        raise ValueError(f"--bots {spec!r} names {len(specs)} bots for {players} players: "
                         f"give one for every seat, or one per seat")
    for s in specs:
        check_bot(s)
    return specs


def with_budget(spec: str, iterations: int | None = None, seconds: float | None = None) -> str:
    """`spec` with every plain `mcts` given this budget (--mcts-iterations, --mcts-seconds)."""
    if seconds is not None:
        budget = f"mcts:{seconds:g}s"
    elif iterations is not None:
        budget = f"mcts:{iterations}"
    else:
        return spec
    return ",".join(budget if s.strip() == "mcts" else s.strip() for s in spec.split(","))


def play_out(game, bots) -> None:
    """Let bots answer every decision until the game ends."""
    while not game.is_over():
        decision = game.decision()
        game.apply(bots[decision.seat].choose(game, decision))
