"""`rococo tune`: search a module's declared parameters for the values that bring a figure of
self-play to a target (a card's holder win-rate change to 0, seat 0's advantage to 0, a
solo mode's automata's win rate to 50%).

Every candidate plays the same seeds (common random numbers), through `balance.play`, so two
candidates differ by their parameters and not by their luck, and the answer is the same on 1
worker, N workers or Ray. Optuna's TPE sampler (seeded) proposes the candidates; a candidate
plays its seeds in rungs (a quarter, a half, all) and is dropped early only when its interval
already lies farther from the target than the whole interval of the best full candidate: the
noise decides nothing. The figures and their 95% intervals are `stats`'s.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesdsl.suggest import did_you_mean

from ..core.model import Ruleset
from ..core.seats import seat_plan
from . import balance, stats
from .bots import DEFAULT_JUDGE
from .parallel import GameSpec, keep_rules, pack_from_path
from .watch import score_sources

FIGURES = ("seat:S", "kind:K", "holder:CARD", "swap:CARD:REF")
MEANINGS = {
    "seat": "seat {0}'s win rate minus an equal share (1 / players)",
    "kind": "the win rate of the seats of kind {0}",
    "holder": "the change in {0}'s holder's {what} against the same seeds without it",
    "swap": "the change in {0}'s holder's {what} against the same seeds with {1} in its place",
}
MIN_PRUNE = 3  # games measured before a candidate may stop early (one game has no spread)
STALL = 25  # proposals in a row of candidates already played: the search has converged


class TuneError(ValueError):
    """A request `tune` cannot carry out (an unknown parameter or figure, a bad range)."""


@dataclass(frozen=True)
class Param:
    """A parameter to search: its key ("module.name"), range and step; `real` for a number
    with a fractional part (searched on a grid of `step`)."""

    key: str
    low: float
    high: float
    step: float = 1
    real: bool = False

    def values(self) -> int:
        return round((self.high - self.low) / self.step) + 1

    def clamp(self, value: float) -> float | None:
        """`value` on this parameter's grid, or None when outside its range."""
        if not self.low - 1e-9 <= value <= self.high + 1e-9:
            return None
        return round(value, 6) if self.real else round(value)


@dataclass(frozen=True)
class Figure:
    """What to bring to the target: `kind` (seat, kind, holder, swap), its arguments and
    what a card's holders are measured by: win rate (""), final prestige ("all") or the
    prestige from one score source ("play", a final-scoring step)."""

    kind: str
    args: tuple[str, ...]
    prestige: str = ""

    def describe(self) -> str:
        what = ("win rate" if not self.prestige else "final prestige"
                if self.prestige == "all" else f"prestige from {self.prestige}")
        return MEANINGS[self.kind].format(*self.args, what=what)

    def paired(self) -> bool:
        """Whether it compares two runs of the same seeds (the card's, and the other)."""
        return self.kind in ("holder", "swap")

    def result(self, record: dict, shares: dict[int, float], seat: int) -> float:
        """What a seat's game counts for: its share of the win, or its prestige (all of it or
        from one source)."""
        if not self.prestige:
            return shares[seat]
        player = record["players"][seat]
        return player["prestige"] if self.prestige == "all" else \
            player["score"].get(self.prestige, 0)


def parse_figure(text: str, prestige: bool | str = False) -> Figure:
    """`seat:0`, `kind:KIND`, `holder:CARD` or `swap:CARD:REF`; `prestige`: True (final
    prestige) or a score source's name measures a card's holders by prestige."""
    kind, *args = text.split(":")
    arity = {"seat": 1, "kind": 1, "holder": 1, "swap": 2}
    if kind not in arity or len(args) != arity[kind] or not all(args):
        raise TuneError(f"unknown figure {text!r}: give one of {', '.join(FIGURES)}")
    if kind == "seat" and not args[0].isdigit():
        raise TuneError(f"figure {text!r}: a seat is a number (seat:0 is the first player)")
    if prestige and kind in ("seat", "kind"):
        raise TuneError(f"--prestige measures a card's holders; figure {text!r} is a win rate")
    return Figure(kind, tuple(args), "all" if prestige is True else prestige or "")


def parse_range(text: str) -> tuple[str, float | None, float | None, float | None]:
    """`--param KEY`, `KEY=LOW..HIGH` or `KEY=LOW..HIGH:STEP` (numbers)."""
    key, sep, rest = text.partition("=")
    if not sep:
        return key.strip(), None, None, None
    span, _, step = rest.partition(":")
    low, dots, high = span.partition("..")
    try:
        numbers = [float(x) for x in (low, high, *([step] if step else []))]
    except ValueError:
        numbers = []
    if not dots or not numbers or not all(math.isfinite(x) for x in numbers) or \
            (step and numbers[2] <= 0):
        raise TuneError(f"--param {text!r}: expected MODULE.NAME=LOW..HIGH (or LOW..HIGH:STEP, "
                        "a step more than zero)")
    return key.strip(), numbers[0], numbers[1], numbers[2] if step else None


def search_space(rules: Ruleset, module_paths, asked: list[str]) -> list[Param]:
    """The parameters to search: those asked for (`--param`), else every parameter of the
    custom packs; each within its declared min/max, narrowed by the request."""
    from ..loading.loader import available_modules
    found = available_modules([Path(p) for p in module_paths])
    decl = {f"{m['id']}.{name}": spec for m in found
            for name, spec in m.get("parameters", {}).items()}
    if not asked:
        packs = {m["id"] for m in found if m["kind"] == "custom"}
        asked = [key for key in rules.params if key.split(".", 1)[0] in packs]
        if not asked:
            raise TuneError("nothing to tune: name a parameter with --param MODULE.NAME "
                            f"(the loaded modules have: {', '.join(rules.params) or 'none'})")
    out = []
    for text in asked:
        key, low, high, step = parse_range(text)
        if key not in rules.params:
            raise TuneError(f"unknown parameter {key!r}{did_you_mean(key, rules.params)}; the "
                            f"loaded modules have: {', '.join(rules.params) or 'none'}")
        spec = decl[key]
        if isinstance(spec["default"], bool):
            raise TuneError(f"parameter {key!r} is true or false: there is nothing to search")
        real = isinstance(spec["default"], float) or any(
            isinstance(spec.get(k), float) for k in ("min", "max"))
        lo, hi = spec.get("min"), spec.get("max")
        low = lo if low is None else low
        high = hi if high is None else high
        if low is None or high is None:
            raise TuneError(f"parameter {key!r} declares no min and max: give a range, "
                            f"--param {key}=LOW..HIGH")
        if low > high or (lo is not None and low < lo) or (hi is not None and high > hi):
            raise TuneError(f"--param {key}: {low:g}..{high:g} is not inside its declared "
                            f"range {lo}..{hi}")
        if not real and (low != int(low) or high != int(high) or (step or 1) != int(step or 1)):
            raise TuneError(f"parameter {key!r} takes whole numbers, not {low:g}..{high:g}")
        if real:
            out.append(Param(key, low, high, step or (high - low) / 20 or 1, real))
        else:
            out.append(Param(key, int(low), int(high), int(step or 1)))
    return out


# -- figures from records ----------------------------------------------------------------------
def _seat_kinds(rules: Ruleset, players: int) -> list[str]:
    plan = seat_plan(rules, rules.humans or 1) if rules.seat_kinds else []
    return plan if len(plan) == players else ["human"] * players


def measure(figure: Figure, rules: Ruleset, runs: dict[str, list[dict]],
            players: int) -> dict | None:
    """The figure on these records: {"mean", "ci" (95%), "n" (the games measured)}, or None
    when nothing measured it (the card never held)."""
    main = runs["with"]
    shares = [balance.win_shares(r) for r in main]
    if figure.paired():
        values = _holder(figure, main, shares, runs["without"])
    elif figure.kind == "seat":
        seat = int(figure.args[0])
        values = [s[seat] - 1 / players for s in shares]
    elif figure.kind == "kind":
        kinds = _seat_kinds(rules, players)
        values = [sum(s[i] for i, k in enumerate(kinds) if k == figure.args[0]) for s in shares]
    else:
        raise TuneError(f"unknown figure kind {figure.kind!r}")
    result = stats.paired(values)
    if result is None:
        return None
    low, high = _bounds(figure, players)  # a win rate's interval stays where a rate can be
    return {"mean": round(result[0], 4), "n": len(values),
            "ci": [round(max(low, result[1][0]), 4), round(min(high, result[1][1]), 4)]}


def _bounds(figure: Figure, players: int) -> tuple[float, float]:
    if figure.kind == "seat":
        return -1 / players, 1 - 1 / players
    if figure.kind == "kind":
        return 0.0, 1.0
    return (-1.0, 1.0) if not figure.prestige else (-math.inf, math.inf)


def _holder(figure: Figure, records: list[dict], shares: list[dict[int, float]],
            without: list[dict]) -> list[float]:
    """Per game in which someone held the card: the holders' result less the same seats'
    in the same seed's other game, without it or with the reference in its place
    (`balance.paired_card`'s pairing)."""
    out = []
    for record, share, other in zip(records, shares, without):
        holders = record["items"].get(figure.args[0], {}).get("holders", [])
        if holders:
            theirs = balance.win_shares(other)
            out.append(stats.average([figure.result(record, share, s) -
                                      figure.result(other, theirs, s) for s in holders]))
    return out


def paired_specs(figure: Figure, rules: Ruleset, spec: GameSpec) -> dict[str, GameSpec]:
    """The runs a figure compares: the game as asked ("with"), and for `holder` the same
    without the card, for `swap` the card removed from the one and the reference from the
    other ("with" holds the card, "without" the reference in its place: the same seed shuffles
    both decks alike, so the two games differ only by the two cards)."""
    if not figure.paired():
        return {"with": spec}
    card = balance.removal_pack(rules, figure.args[0])
    if figure.kind == "holder":
        return {"with": spec, "without": spec.with_pack(card)}
    return {"with": spec.with_pack(balance.removal_pack(rules, figure.args[1])),
            "without": spec.with_pack(card)}


def reach(figure: dict | None, target: float) -> float:
    """How far the figure's interval reaches from the target: its farther bound."""
    if figure is None:
        return math.inf
    return max(abs(bound - target) for bound in figure["ci"])


def distance(figure: dict | None, target: float) -> float:
    """How far a figure's mean is from the target (infinite when unmeasured)."""
    return math.inf if figure is None else abs(figure["mean"] - target)


def gap(figure: dict | None, target: float) -> float:
    """How far the figure's interval is from the target: 0 when the target lies inside."""
    if figure is None:
        return math.inf
    low, high = figure["ci"]
    return max(0.0, low - target, target - high)


# -- the search -------------------------------------------------------------------------------
@dataclass
class Request:
    """What to search: the base game spec, the parameters, the figure and its target, the
    seeds every candidate plays and the budget in games."""

    spec: GameSpec
    params: list[Param]
    figure: Figure
    target: float
    seeds: list[int]
    budget: int
    rungs: list[int] = field(default_factory=list)

    def __post_init__(self):
        if not self.rungs:
            n = len(self.seeds)
            self.rungs = sorted({max(1, n // 4), max(1, n // 2), n})


class Search:
    """Plays candidates (memoised by their values) and keeps the games played in the budget."""

    def __init__(self, request: Request, workers: int = 1, ray_address: str | None = None,
                 advance: Callable[[int], None] = lambda n: None):
        self.request, self.workers, self.ray = request, workers, ray_address
        self.advance = advance
        self.played = 0
        self.candidates: dict[tuple, dict] = {}
        self.runs: dict[tuple, dict[str, list[dict]]] = {}
        self.seen: dict[tuple, list[int]] = {}  # the seeds each candidate has played
        self.rules: dict[tuple, Ruleset] = {}
        self.faults: list[dict] = []

    def spec_for(self, values: tuple) -> GameSpec:
        req = self.request
        chosen = dict(req.spec.params)
        chosen.update({p.key: v for p, v in zip(req.params, values)})
        return dataclasses.replace(req.spec, params=tuple(sorted(chosen.items())))

    def _specs(self, values: tuple) -> dict[str, GameSpec]:
        from .parallel import rules_for
        spec = self.spec_for(values)
        if values not in self.rules:
            self.rules[values] = rules_for(spec)  # loaded here once: forked workers share it
            keep_rules(spec, self.rules[values])
        rules = self.rules[values]
        if rules.seat_kinds:  # a solo mode's seats, which a parameter may change
            spec = dataclasses.replace(spec, players=len(seat_plan(rules, rules.humans or 1)))
        return paired_specs(self.request.figure, rules, spec)

    def play_to(self, values: tuple, games: int) -> dict:
        """Play the candidate's seeds up to the first `games`, and measure it there."""
        req = self.request
        runs = self.runs.setdefault(values, {"with": [], "without": []})
        seen = self.seen.setdefault(values, [])
        done = len(seen)
        if games > done:
            specs = self._specs(values)
            seeds = req.seeds[done:games]
            got = balance.play(specs, seeds, self.workers, self.ray,
                               advance=lambda: self.advance(1))
            self.played += len(seeds) * len(specs)
            seen.extend(seeds)
            for name in specs:
                runs[name].extend(got[name])
            for fault in got["faults"]:
                self.faults.append({"values": self.named(values), **fault})
        figure = measure(req.figure, self.rules[values], runs, specs_players(runs, req))
        entry = {"values": self.named(values), "games": len(seen),
                 "figure": figure, "distance": _round(distance(figure, req.target)),
                 "complete": len(seen) >= len(req.seeds)}
        self.candidates[values] = entry
        return entry

    def named(self, values: tuple) -> dict[str, Any]:
        return {p.key: v for p, v in zip(self.request.params, values)}

    def cost(self, games: int) -> int:
        return games * (2 if self.request.figure.paired() else 1)

    def best(self) -> dict | None:
        full = [c for c in self.candidates.values() if c["complete"]]
        return min(full, key=lambda c: (c["distance"], _width(c["figure"])), default=None)

    def space_size(self) -> int:
        return math.prod(p.values() for p in self.request.params)


def specs_players(runs: dict[str, list[dict]], req: Request) -> int:
    """The seats of a candidate's games (a solo mode's parameter may change them)."""
    return len(runs["with"][0]["players"]) if runs["with"] else req.spec.players


def _width(figure: dict | None) -> float:
    return math.inf if figure is None else figure["ci"][1] - figure["ci"][0]


def _round(x: float) -> float:
    return x if math.isinf(x) else round(x, 4)


def run(search: Search, seed: int = 1) -> dict:
    """Search until the budget is spent or every candidate is played; the result as JSON."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    req = search.request
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(5, search.space_size()))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    repeats = [0]

    def objective(trial) -> float:
        values = tuple(_suggest(trial, p) for p in req.params)
        known = search.candidates.get(values)
        if known is not None and (known["complete"] or known.get("pruned")):
            repeats[0] += 1
            if known.get("pruned"):
                raise optuna.TrialPruned()
            return known["distance"]
        repeats[0] = 0
        for step, games in enumerate(req.rungs):
            entry = search.play_to(values, games)
            trial.report(_finite(entry["distance"]), step)
            best = search.best()
            figure = entry["figure"]
            if not entry["complete"] and best is not None and figure is not None and \
                    figure["n"] >= MIN_PRUNE and \
                    gap(figure, req.target) > reach(best["figure"], req.target):
                entry["pruned"] = True  # its interval is already farther than the best one's
                raise optuna.TrialPruned()
        return _finite(entry["distance"])

    def stop(study, _trial) -> None:
        played = {v for v, c in search.candidates.items() if c["complete"] or c.get("pruned")}
        if search.played + search.cost(len(req.seeds)) > req.budget or repeats[0] >= STALL \
                or len(played) >= search.space_size():
            study.stop()

    if search.cost(len(req.seeds)) <= req.budget:
        study.optimize(objective, n_trials=10 * search.space_size() + STALL, callbacks=[stop])
    return result(search)


def _suggest(trial, p: Param):
    if p.real:
        return round(trial.suggest_float(p.key, p.low, p.high, step=p.step), 6)
    return trial.suggest_int(p.key, int(p.low), int(p.high), step=int(p.step))


def _finite(x: float) -> float:
    return 1e9 if math.isinf(x) else x


def neighbours(search: Search, values: tuple) -> list[dict]:
    """The values one step either side of `values` in each parameter, each played in full."""
    out = []
    for i, p in enumerate(search.request.params):
        for sign in (-1, 1):
            moved = p.clamp(values[i] + sign * p.step)
            if moved is None:
                continue
            other = values[:i] + (moved,) + values[i + 1:]
            entry = search.candidates.get(other)
            if entry is None or not entry["complete"]:
                entry = search.play_to(other, len(search.request.seeds))
            out.append(entry)
    return out


def result(search: Search) -> dict:
    """The value found, its figure and interval, its neighbours and every candidate played."""
    req = search.request
    out: dict[str, Any] = {
        "figure": ":".join((req.figure.kind, *req.figure.args)),
        "measured": req.figure.describe(), "prestige": req.figure.prestige,
        "target": req.target, "players": seats_text(search), "bots": req.spec.bots,
        "games_per_candidate": len(req.seeds), "seed": req.seeds[0], "budget": req.budget,
        "parameters": [{"key": p.key, "low": p.low, "high": p.high, "step": p.step,
                        "real": p.real} for p in req.params],
        "method": ("Optuna TPE (seeded) over the same seeds for every candidate; a candidate "
                   "stops early only when its 95% interval lies farther from the target than "
                   "all of the best full candidate's interval"),
    }
    best = search.best()
    if best is None:
        out.update({"found": None, "reached": False, "neighbours": [],
                    "verdict": f"the budget of {req.budget} games cannot play one candidate's "
                               f"{search.cost(len(req.seeds))} games"})
    else:
        for _ in range(3):  # a neighbour played in full may prove better: then its neighbours
            values = tuple(best["values"][p.key] for p in req.params)
            out["neighbours"] = neighbours(search, values)
            better = search.best() or best
            if better is best:
                break
            best = better
        out["found"] = best
        out["reached"] = gap(best["figure"], req.target) == 0
        out["verdict"] = verdict(best, req.target, out["reached"])
    out["games_played"] = search.played
    out["candidates"] = sorted(search.candidates.values(),
                               key=lambda c: tuple(c["values"][p.key] for p in req.params))
    out["faults"] = search.faults
    return out


def seats_text(search: Search) -> str:
    """How many seats the games have: "4 players", or a solo mode's range of seats."""
    counts = sorted({len(runs["with"][0]["players"]) for runs in search.runs.values()
                     if runs["with"]})
    if len(counts) > 1:
        return f"{counts[0]} to {counts[-1]} seats"
    return f"{counts[0] if counts else search.request.spec.players} players"


def show(values: dict) -> str:
    return ", ".join(f"{k} = {v:g}" for k, v in values.items())


def verdict(best: dict, target: float, reached: bool) -> str:
    fig = best["figure"]
    if fig is None:
        return f"nothing measured the figure (is the card ever held?) at {show(best['values'])}"
    at = f"{fig['mean']:+.3f} (95% CI {fig['ci'][0]:+.3f} to {fig['ci'][1]:+.3f})"
    if reached:
        return f"{show(best['values'])} brings the figure to {at}: the target {target:g} is " \
               "inside its interval"
    return f"no value reaches the target {target:g}: the closest is {show(best['values'])}, " \
           f"at {at}"


def prepare(module_paths=(), asked=(), figure: str = "seat:0", target: float = 0.0,
            prestige: bool | str = False, games: int = 100, budget: int | None = None,
            players: int = 4, bots: str = DEFAULT_JUDGE, seed: int = 1, edition: str | None = None,
            expansions=(), params=()) -> Request:
    """Load the rules and check the request before any game is played. Raises RulesError or
    TuneError."""
    from ..loading.loader import load_ruleset
    module_paths = [Path(p) for p in module_paths]
    rules = load_ruleset(edition=edition, expansions=tuple(expansions),
                         extra_paths=module_paths, params=dict(params))
    if rules.seat_kinds:  # a solo mode plays with its own seats
        players = len(seat_plan(rules, rules.humans or 1))
    fig = parse_figure(figure, prestige)
    space = search_space(rules, module_paths, list(asked))
    fixed = {key for key, _ in params} & {p.key for p in space}
    if fixed:
        raise TuneError(f"{', '.join(sorted(fixed))} is both set (--set) and searched (--param)")
    if fig.kind == "seat" and int(fig.args[0]) >= players:
        raise TuneError(f"figure seat:{fig.args[0]}: a {players}-player game has seats 0 to "
                        f"{players - 1}")
    if fig.kind == "kind":
        kinds = set(_seat_kinds(rules, players))
        if fig.args[0] not in kinds:
            raise TuneError(f"figure kind:{fig.args[0]}: no seat is of that kind (the seats "
                            f"are {', '.join(sorted(kinds))})")
    sources = score_sources(rules)
    if fig.prestige not in ("", "all", *sources):
        raise TuneError(f"--prestige {fig.prestige}: no such score source"
                        f"{did_you_mean(fig.prestige, sources)} (the sources are "
                        f"{', '.join(sources)})")
    if fig.paired():
        balance.check_ids(rules, players, list(fig.args))
        paired_specs(fig, rules, GameSpec())  # refuses a card a pack cannot remove
    packs = tuple(pack_from_path(p) for p in module_paths)
    spec = GameSpec(players, bots, packs, edition, tuple(expansions), tuple(params))
    per = games * (2 if fig.paired() else 1)
    return Request(spec, space, fig, target, list(range(seed, seed + games)),
                   budget if budget is not None else per * 12)
