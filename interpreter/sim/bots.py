"""Bots: `random` picks uniformly among legal options; `greedy` scores each option one step ahead
with simple heuristics per kind of decision (it knows verbs, never cards by name: the cheap
baseline); `value` (judge/value.py) values each option's result from the rules themselves, final
scoring as if the game ended there plus the learned worth of what each seat holds; `mcts`
searches (mcts.py) among greedy's favourite options, valuing the position each iteration reaches
by the `value` judge's worth.

A bot is named by a spec: `random`, `greedy`, `value`, `mcts` (100 iterations per decision),
`mcts:400` (400 iterations) or `mcts:2s` (2 seconds per decision), `value:4` (each option
valued in 4 dealt worlds). A game's seats are one spec
for every seat or a comma-separated spec per seat: `mcts,greedy,greedy,greedy`. `DEFAULT_JUDGE`
is the bot `balance` plays with unless told otherwise."""
from __future__ import annotations

import random as _random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._core import mypyc_attr
from ..core.decisions import Decision, Option
from ..core.rng import Uniformly, randbelow
from .greedy_tables import DISPLAYS_KEPT, RulesetTables, tables_for

if TYPE_CHECKING:
    from .judge.value import ValueBot
    from .mcts import MctsBot

# The bot that judges a ruleset when none is named (`balance`, `tune`, `report`): the best bot
# that fits a batch of self-play.
DEFAULT_JUDGE = "value"

NEED_RANK = {"tailor": 2, "hire": 3, "favor": 2}  # the card type an action is worth, by rank
# a decoration's fixed worths (the fireworks' 2.0, before the majority was read apart)
_BALCONY = 1.0  # its space multiplies a garment on the balcony
_MAJORITY = 1.0  # its area's majority is scored


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, and a bot of yours may build on it
class RandomBot(Uniformly):
    """Picks uniformly among the options: what `rng.choice(decision.options)` picks, its
    `_randbelow` written out (core/rng.py's `randbelow`) so that the compiled bot makes no
    Python call (tests/test_bots_everywhere.py holds it to `choice`). A `Uniformly`
    (core/rng.py): inside a step the engine asks its `pick` alone, with no Decision made."""

    name = "random"
    # `rng.getrandbits` (`_draw`), looked up once (and again only if `rng` is replaced):
    # compiled, each `self.rng.getrandbits(...)` looked the method up by name (about 490
    # instructions a draw). It is kept with the `id` of its generator, not the generator:
    # `copy.deepcopy` copies the generator but keeps a builtin method as it is, so a deep copy
    # finds another id and looks its own method up (`_draw` holds its generator alive: its id
    # is no other's)
    _draw_of: int = 0

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def pick(self, count: int) -> int:
        rng = self.rng
        if self._draw_of != id(rng):
            self._draw = rng.getrandbits
            self._draw_of = id(rng)
        return randbelow(self._draw, count)


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot:
    """Tailors and rents when it can, funds when rich, buys the silk the display asks for.

    Each kind of decision has one scoring method, `_<kind>(game, seat, values)`, that scores
    all the options' values at once (`_score` picks it): what they share (an action's value, a
    hall's count, the colours wanted) is worked out once per decision, what a component adds
    is read from the ruleset's tables (greedy_tables.py), and each option still scores exactly
    what it would alone."""

    name = "greedy"

    def __init__(self, seed: int = 0, noise: bool = True):
        # noise: a tiny random amount added to each score, to break ties; without it (a
        # search's playouts, which need the same answers in the same position) the first of
        # the best options, and no generator to seed
        self.rng: _random.Random | None = _random.Random(seed) if noise else None
        # `rng.random`, looked up once (a bound method is made at each look-up) and again
        # only if `rng` is replaced
        self._noise_of: _random.Random | None = None
        self._noise: Callable[[], float] = _no_noise
        # the ruleset the bot last played and its tables: read at every decision, and
        # `tables_for` is a Python call from the compiled bot
        self._tables_of: tuple[Any, Any] = (None, None)

    def choose_index(self, game, decision: Decision) -> int:
        values = decision.own_values()  # the options themselves are never made
        count = len(values)
        rng = self.rng
        if rng is None:
            if count == 1:
                return 0
            return _first_best(self._score(game, decision.seat, decision.kind, values))
        if self._noise_of is not rng:
            self._noise_of, self._noise = rng, rng.random
        noise = self._noise
        if count == 1:  # the only option, whatever it scores: its noise drawn as ever
            noise()
            return 0
        scores = self._score(game, decision.seat, decision.kind, values)
        best, best_value = 0, 0.0
        for at in range(count):
            score = scores[at]  # read as the float `score + noise` makes of it, with no call
            value = (score if isinstance(score, float) else _as_float(score)) + noise() * 0.01
            if at == 0 or value > best_value:
                best, best_value = at, value
        return best

    def choose(self, game, decision: Decision) -> Option:
        return decision.option_at(self.choose_index(game, decision))

    def scores(self, game, decision: Decision) -> list:
        """How much it likes each option, without noise (a search bot's prior)."""
        return self._score(game, decision.seat, decision.kind, decision.own_values())

    def _score(self, game, seat: int, kind: str, values: tuple) -> list:
        """Every option's score by the method for `kind` (none: every option scores 0)."""
        # the commonest kinds first
        if kind == "play":
            return self._play(game, seat, values)
        if kind == "bonus":
            return self._bonus(game, seat, values)
        if kind == "keep":
            return self._keep(game, seat, values)
        if kind == "hand":
            return self._hand(game, seat, values)
        if kind == "tile":
            return self._tile(game, seat, values)
        if kind == "rent":
            return self._rent(game, seat, values)
        if kind == "fund":
            return self._fund(game, seat, values)
        if kind == "resource":
            return self._resource(game, seat, values)
        if kind == "hire":
            return self._hire(game, seat, values)
        if kind == "garment":
            return self._garment(game, seat, values)
        if kind == "depute":
            return self._depute(game, seat, values)
        if kind == "tiles":
            return self._tiles(game, seat, values)
        if kind == "number":
            return self._number(game, seat, values)
        if kind == "choice":
            return self._choice(game, seat, values)
        return [0.0] * len(values)

    # -- helpers -----------------------------------------------------------------------------
    def _tables(self, rules: Any) -> RulesetTables:
        """`tables_for(rules)`, kept for the ruleset last asked about."""
        of, tables = self._tables_of
        if of is not rules:
            tables = tables_for(rules)
            self._tables_of = (rules, tables)
        return tables

    def _wanted_colors(self, tables: RulesetTables, display: list
                       ) -> tuple[dict[str, int], dict[str, int]]:
        """The bales of each colour the garments on `display` take, and what each tile's silk
        is worth to them (filled as tiles are offered), kept per display in the tables."""
        shown = tuple(display)
        found = tables.displays.get(shown)
        if found is None:
            silk: dict[str, tuple[tuple[str, int], ...]] = tables.garment_silk
            want: dict[str, int] = {}
            for gid in shown:
                if gid is not None:
                    for color, n in silk[gid]:
                        want[color] = want.get(color, 0) + n
            if len(tables.displays) >= DISPLAYS_KEPT:
                tables.displays.clear()
            found = tables.displays[shown] = (want, {})
        return found

    # -- decisions: each scores every option of a decision -----------------------------------
    def _hand(self, game, seat: int, values: tuple) -> list:
        hand = self._tables(game.rules).hand
        return [hand[v] for v in values]

    def _play(self, game, seat: int, values: tuple) -> list:
        rules = game.rules
        tables = self._tables(rules)
        card_part: dict[str, float] = tables.play_card
        state: dict[str, Any] = game.state
        me: dict[str, Any] = state["players"][seat]
        rounds: int = rules.rounds
        # an action's part depends on the position only: its value, +1.5 per rank it needs
        # (spend cheap cards on actions anyone can do, keep Masters for Masters' work); the
        # card's part is the ruleset's (greedy_tables.py)
        worth: dict[str | None, float] = {}
        out: list[float] = []
        for value in values:
            option: dict[str, Any] = value
            action: str | None = option["action"]
            part = worth.get(action)
            if part is None:
                part = worth[action] = _action_value(tables, me, state, rounds, action) + \
                    (1 if action is None else NEED_RANK.get(action, 1)) * 1.5
            out.append(part + card_part[option["card"]])
        return out

    def _garment(self, game, seat: int, values: tuple) -> list:
        score: dict[str, float] = self._tables(game.rules).garment_score
        out: list[float] = []
        for value in values:
            option: dict[str, Any] = value
            out.append(score[option["garment"]] - option["cost"] / 2)
        return out

    def _tiles(self, game, seat: int, values: tuple) -> list:
        total = self._tables(game.rules).tile_total
        return [-sum(total[t] for t in v) for v in values]

    def _rent(self, game, seat: int, values: tuple) -> list:
        state: dict[str, Any] = game.state
        spaces: dict[str, tuple[str, tuple, bool, bool, bool]] = \
            self._tables(game.rules).side(game.side).spaces
        late = 2.0 if state["round"] >= game.rules.rounds else -5.0
        guests: dict[str, Any] = state["guests"]
        mine: dict[str, int] = {}  # the seat's garments in a hall
        out: list[float] = []
        for value in values:
            option: dict[str, Any] = value
            if "sell" in option:
                out.append(late)
                continue
            hall, hall_spaces, master, reward, royal = spaces[option["space"]]
            count = mine.get(hall)
            if count is None:
                count = mine[hall] = _owned(guests, hall_spaces, seat)
            score = 4.0 if count == 0 else 2.0 - 0.5 * count
            score += 1.0 if master else 0.0
            if reward:
                score += 1.5
            if royal:
                score += 0.5
            out.append(score)
        return out

    def _fund(self, game, seat: int, values: tuple) -> list:
        state: dict[str, Any] = game.state
        rules = game.rules
        tables = self._tables(rules)
        # what a decoration's area does, read from the rules (area_worths.py)
        decorations: dict[str, tuple[int, bool, bool, bool, bool]] = \
            tables.side(game.side).decorations
        colors = -1  # how many colours the seat's rented garments have, once counted
        out: list[float] = []
        for value in values:
            option: dict[str, Any] = value
            double_prestige, income, counts_colors, balcony, majority = \
                decorations[option["space"]]
            # the option's cost read as it comes (any number divides, as in the formula)
            score: float = double_prestige - option["cost"] / 3
            if income:  # each round left
                score += max(0, rules.rounds - state["round"]) * 0.8
            if counts_colors:  # at the end, by the colours rented
                if colors < 0:
                    colors = _colors_rented(tables.garment_color, state["guests"], seat)
                score += colors * 1.5
            if balcony or majority:  # the fireworks have both: 2.0, added as one number
                score += _BALCONY * balcony + _MAJORITY * majority
            out.append(score)
        return out

    def _tile(self, game, seat: int, values: tuple) -> list:
        tables = self._tables(game.rules)
        want, useful = self._wanted_colors(tables, game.state["garment_display"])
        silk: dict[str, tuple[tuple[str, int], ...]] = tables.tile_silk
        out: list = []
        for value in values:
            option: dict[str, Any] = value
            tile: str = option["tile"]
            worth = useful.get(tile)
            if worth is None:
                worth = 0
                for c, n in silk[tile]:
                    worth += min(n, want.get(c, 0))
                useful[tile] = worth
            out.append(worth - option["price"])
        return out

    def _keep(self, game, seat: int, values: tuple) -> list:
        me = game.state["players"][seat]
        discard = 1.5 if min(me["thread"], me["lace"]) == 0 else 0.5
        return [1.0 if v == "keep" else discard for v in values]

    def _hire(self, game, seat: int, values: tuple) -> list:
        hire = self._tables(game.rules).hire
        return [hire[v] for v in values]

    def _bonus(self, game, seat: int, values: tuple) -> list:
        return [1.0 if v else 0.0 for v in values]

    def _depute(self, game, seat: int, values: tuple) -> list:
        depute = self._tables(game.rules).depute
        return [depute[v] for v in values]

    def _resource(self, game, seat: int, values: tuple) -> list:
        me = game.state["players"][seat]
        return [-me.get(v, 0) for v in values]

    def _number(self, game, seat: int, values: tuple) -> list:
        return [float(v) for v in values]

    def _choice(self, game, seat: int, values: tuple) -> list:
        return [0.0 if v is None else 1.0 for v in values]


def _no_noise() -> float:
    return 0.0


def _as_float(score: object) -> float:
    """`score` as the float `score + noise` makes of it (an int exactly, as Python adds), read
    without a call of `float` for the floats and ints the scorers give."""
    if isinstance(score, float):
        return score
    if isinstance(score, int):
        return float(score)
    return float(score)  # type: ignore[arg-type]


def _first_best(scores: list) -> int:
    """The place of the first of the best scores (`max` over the places)."""
    best = 0
    best_score = scores[0]
    for at in range(1, len(scores)):
        score = scores[at]
        if score > best_score:
            best, best_score = at, score
    return best


def _owned(guests: dict[str, Any], spaces: tuple, seat: int) -> int:
    """How many of `spaces` hold a garment of `seat`'s."""
    count = 0
    for s in spaces:
        guest = guests.get(s)
        if guest is not None and guest["owner"] == seat:
            count += 1
    return count


def _colors_rented(color: dict[str, str], guests: dict[str, Any], seat: int) -> int:
    """How many colours the garments `seat` rented have."""
    return len({color[g["garment"]] for g in guests.values() if g["owner"] == seat})


def _action_value(tables: RulesetTables, me: dict[str, Any], state: dict[str, Any], rounds: int,
                  action: str | None) -> float:
    """How much greedy likes doing `action` now (`me` is the seat's player), whichever card
    does it."""
    # only the value of the option's own action is worked out
    if action is None:
        value = 0.0
    elif action == "tailor":
        value = 12.0
    elif action == "fund":
        late = state["round"] >= rounds - 1
        value = 5.0 + (3.0 if me["livre"] >= 14 else 0.0) + (2.0 if late else 0.0)
    elif action == "hire":
        value = _hire_value(tables, me, state)
    elif action == "favor":
        value = 6.0 if state["round"] < rounds else 3.0
    elif action == "acquire":
        value = 8.0 - 1.5 * len(me["tiles"])
    elif action == "depute":
        value = 4.0 if me["livre"] < 6 else 0.5
    else:
        value = 1.0
    if action == "acquire" and (me["thread"] == 0 or me["lace"] == 0):
        value += 1.0
    return value


def _hire_value(tables: RulesetTables, me: dict[str, Any], state: dict[str, Any]) -> float:
    """Hire early for more turns, late for cards that score at the end of the game."""
    final = tables.final
    for c in state["hire_display"]:
        if c is not None and c in final:
            return 9.0
    return 7.0 if state["round"] <= 4 and me["livre"] >= 10 else 1.0


def _mcts(seed: int = 0, budget: str | None = None) -> MctsBot:
    """`mcts`, `mcts:N` (N iterations per decision) or `mcts:Xs` (X seconds per decision)."""
    # the search and its leaf valuation need the engine: not imported before
    from .judge.value import LeafWorths
    from .mcts import CONFIDENCE, DEFAULT_ITERATIONS, LEAF_HORIZON, MctsBot

    rollout = GreedyBot(seed ^ 0x5EED, noise=False)
    if budget is None:
        iterations, seconds = DEFAULT_ITERATIONS, None
    elif budget.endswith("s"):
        iterations, seconds = None, float(budget[:-1])
    else:
        iterations, seconds = int(budget), None
    return MctsBot(seed, iterations=iterations, seconds=seconds, rollout=rollout,
                   horizon=LEAF_HORIZON, leaf=LeafWorths(), confidence=CONFIDENCE)


def _value(seed: int = 0, budget: str | None = None) -> ValueBot:
    """`value` or `value:K` (judge/value.py: each option valued in K dealt worlds, each trial
    played on to the end of the round with greedy; `value` is `value:WORLDS`); imported when
    one is made: it needs the engine, and this module's names are read by the command line's
    parser, which loads none."""
    from .judge.value import WORLDS, ValueBot

    worlds = WORLDS if budget is None else int(budget)
    return ValueBot(seed, rollout=GreedyBot(seed ^ 0x5EED), worlds=worlds)


BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "greedy": GreedyBot,
                                       "value": _value, "mcts": _mcts}


def check_bot(spec: str) -> str:
    """`spec` if it names a bot (see the module's docstring), else ValueError saying why."""
    name, _, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r} (choose from {', '.join(BOTS)}; "
                         f"mcts takes a budget: mcts:400 or mcts:2s; value its dealt worlds: "
                         f"value:4)")
    if budget or spec.endswith(":"):
        if name == "value":
            if not (budget.isdigit() and int(budget) > 0):
                raise ValueError(f"bad value budget in {spec!r}: give the dealt worlds each "
                                 f"option is valued in, a whole number more than zero "
                                 f"(value:4)")
            return spec
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
    if kind in ("mcts", "value"):
        return BOTS[kind](seed, budget or None)
    return BOTS[kind](seed)


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
    """Let bots answer every decision until the game ends (`Game.play_out`)."""
    game.play_out(bots)
