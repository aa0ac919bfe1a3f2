"""`rococo report`: one page on a module combination, from one batch of self-play by the default
judge: how long a game is, how many options each kind of decision offers, each seat's advantage,
where the score comes from, how decisive the rounds are, how much skill pays, which components
are never or always used, and a solo mode's automata's win rates.

Games are played by `parallel.run_games` (workers or Ray) and watched from outside the engine
(`watch.watch_game`), so the same seeds give the same page whatever played them. Two
combinations (`--against`) play the same seeds; their differences come with 95% intervals where
a figure is a mean over games (`stats.difference`), as plain differences where it is a rate.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any, cast

from ..core.decisions import Decision
from ..core.engine import Game
from ..core.model import Ruleset
from ..core.seats import seat_plan
from ..core.state import Cursor
from . import balance, stats
from .mcts import FINAL
from .parallel import GameSpec, keep_rules, run_games
from .watch import faults_recorded, watch_game

METHOD = ("95% intervals: Wilson score for a rate, normal approximation for a mean and for "
          "the difference of two means (pooled variance); a shared victory counts as a share")


class _Log:
    """What `report_game` sees at each decision: rounds, decisions and options by kind, and
    the standing when each round ends (seen at the next round's first decision): each seat's
    prestige if the game ended there, final scoring run on a copy (its questions answered by
    their first option), since most prestige is scored at the end."""

    def __init__(self):
        self.round = 0
        self.decisions = 0
        self.options: dict[str, list[int]] = {}  # kind -> [decisions, options, most options]
        self.standings: list[list[int]] = []

    def see(self, game: Game, decision: Decision) -> None:
        state = game.state
        if state["round"] != self.round:
            if self.round:
                self.standings.append(standing(game))
            self.round = state["round"]
        self.decisions += 1
        count = len(decision.values)
        tally = self.options.setdefault(decision.kind, [0, 0, 0])
        tally[0] += 1
        tally[1] += count
        tally[2] = max(tally[2], count)


def standing(game: Game) -> list[int]:
    """Each seat's prestige if the game ended now: final scoring on a copy."""
    copy = game.clone()
    copy.jump(cast(Cursor, FINAL))
    while (decision := copy.decision()) is not None:
        copy.apply(decision.options[0])
    return [p["prestige"] for p in copy.state["players"]]


@faults_recorded
def report_game(rules: Ruleset, spec, seed: int) -> dict:
    """`watch_game`'s record plus `rounds`, `decisions`, `options` (per decision kind: how
    many decisions, options in all, most options) and `standings` (each seat's prestige as if
    the game had ended with each round but the last). A rule's or a bot's fault makes it a
    faulty game (`faults_recorded`)."""
    log = _Log()
    record = watch_game(rules, spec, seed, observe=log.see)
    record["rounds"] = log.round
    record["decisions"] = log.decisions
    record["options"] = log.options
    record["standings"] = log.standings
    return record


# -- what to play --------------------------------------------------------------------------------
@dataclasses.dataclass
class Combination:
    """A module combination to report on: its game spec (judge in every seat), its ruleset, and
    the seats' kinds ("human" or a declared kind, for a solo mode)."""

    name: str
    spec: GameSpec
    rules: Ruleset
    kinds: list[str]


def combination(name: str, rules: Ruleset, spec: GameSpec) -> Combination:
    """`spec` with a solo mode's own seats; its rules kept for this process and its workers."""
    kinds = seat_plan(rules, rules.humans or 1) if rules.seat_kinds else ["human"] * spec.players
    spec = dataclasses.replace(spec, players=len(kinds))
    keep_rules(spec, rules)
    return Combination(name, spec, rules, kinds)


def skill_specs(combo: Combination, search: str) -> dict[str, GameSpec]:
    """The skill matches: seat 0 played by random, then by `search`, the other seats by the
    judge (a solo mode's automata play by their rules whatever is named)."""
    judge = combo.spec.bots.split(",")[0]
    out = {}
    for name, bot in (("random", "random"), ("search", search)):
        bots = ",".join([bot] + [judge] * (combo.spec.players - 1))
        out[name] = dataclasses.replace(combo.spec, bots=bots)
    return out


def play(combo: Combination, seeds: list[int], skill_seeds: list[int], search: str,
         workers: int = 1, ray_address: str | None = None, advance=lambda: None) -> dict:
    """The combination's games: the judge's batch, and each skill match; faults apart."""
    out: dict[str, Any] = {"faults": []}
    runs = {"judge": (combo.spec, seeds)}
    if skill_seeds:
        runs.update({k: (s, skill_seeds) for k, s in skill_specs(combo, search).items()})
    for name, (spec, batch) in runs.items():
        out[name] = []
        for record in run_games(report_game, spec, batch, workers, ray_address):
            if "fault" in record:
                out["faults"].append({"run": name, **record})
            else:
                out[name].append(record)
            advance()
    return out


# -- from games to figures -----------------------------------------------------------------------
def _spread(values: list[float]) -> dict:
    """Mean with its 95% interval, min and max."""
    found = stats.paired(values)
    if found is None:
        return {"mean": None, "ci": None, "min": None, "max": None}
    mean, (low, high) = found
    return {"mean": round(mean, 3), "ci": [round(low, 3), round(high, 3)],
            "min": min(values), "max": max(values)}


def _rate(hits: float, n: int) -> dict:
    rate = hits / n if n else 0.0
    low, high = stats.wilson(rate, n)
    return {"rate": round(rate, 4), "ci": [round(low, 4), round(high, 4)], "games": n}


def length(records: list[dict]) -> dict:
    return {name: _spread([r[name] for r in records])
            for name in ("rounds", "turns", "decisions")}


def branching(records: list[dict]) -> dict:
    """Per decision kind: decisions per game, options on average and at most."""
    kinds: dict[str, list[int]] = {}
    for r in records:
        for kind, (count, options, most) in r["options"].items():
            tally = kinds.setdefault(kind, [0, 0, 0])
            tally[0] += count
            tally[1] += options
            tally[2] = max(tally[2], most)
    games = len(records) or 1
    return {kind: {"per_game": round(c / games, 2), "options": round(o / c, 2), "most": m}
            for kind, (c, o, m) in sorted(kinds.items(), key=lambda kv: -kv[1][0])}


def seats(records: list[dict], kinds: list[str]) -> list[dict]:
    """Each seat's win rate (ties shared) with its interval, and its advantage over an equal
    share."""
    shares = [balance.win_shares(r) for r in records]
    fair = 1 / len(kinds)
    out = []
    for seat, kind in enumerate(kinds):
        won = sum(s[seat] for s in shares)
        figure = _rate(won, len(records))
        figure.update({"seat": seat, "kind": kind,
                       "advantage": round(figure["rate"] - fair, 4)})
        out.append(figure)
    return out


def kinds_won(records: list[dict], kinds: list[str]) -> dict:
    """How often the seats of each kind won (a solo mode's person and automata)."""
    shares = [balance.win_shares(r) for r in records]
    return {kind: _rate(sum(sum(s[i] for i, k in enumerate(kinds) if k == kind)
                            for s in shares), len(records))
            for kind in dict.fromkeys(kinds)}


def name_of(rules: Ruleset) -> str:
    """A combination's short name: its modules after the base game, parameters set apart."""
    mods = " + ".join(m for m in rules.modules if m != "base")
    chosen = ", ".join(f"{k}={v}" for k, v in rules.params.items())
    return mods + (f" ({chosen})" if chosen else "")


def _leaders(standing: list[int]) -> set[int]:
    top = max(standing)
    return {seat for seat, p in enumerate(standing) if p == top}


def decisiveness(records: list[dict]) -> dict:
    """Per round but the last: how often the leader at its end (as if the game ended there)
    won, seats tied for the lead sharing it; and how often the lead changed hands from one
    round's end to the next and to the final result."""
    rounds = max((len(r["standings"]) for r in records), default=0)
    per_round = []
    for i in range(rounds):
        games = [r for r in records if len(r["standings"]) > i]
        hits = 0.0
        for r in games:
            leaders = _leaders(r["standings"][i])
            hits += len(leaders & set(r["winners"])) / len(leaders)
        per_round.append({"round": i + 1, **_rate(hits, len(games))})
    return {"leader_wins": per_round, "lead_changes": _spread(lead_changes(records))}


def usage(rules: Ruleset, records: list[dict], players: int) -> dict:
    """Components taken in no game, and in every game (hire cards, garments, decorations and
    declared pieces), with how many of each kind there are."""
    items = balance.catalogue(rules, players)
    taken = {key: sum(1 for r in records if r["items"].get(key, {}).get("taken")) for key in items}
    games = len(records)
    kinds: dict[str, int] = {}
    for info in items.values():
        kinds[info["kind"]] = kinds.get(info["kind"], 0) + 1
    return {"components": kinds,
            "never": sorted(k for k, n in taken.items() if n == 0),
            "always": sorted(k for k, n in taken.items() if games and n == games)}


def skill(runs: dict, kinds: list[str]) -> dict:
    """Seat 0's win rate when played by random, and by search, against the judge."""
    out: dict[str, Any] = {"fair_share": round(1 / len(kinds), 4)}
    for name in ("random", "search"):
        records = runs.get(name) or []
        if records:
            out[name] = seats(records, kinds)[0]
    return out


def summarise(combo: Combination, runs: dict, search: str) -> dict:
    """Every figure of one combination, as JSON data."""
    records = runs["judge"]
    spec = combo.spec
    out: dict[str, Any] = {"name": combo.name, "modules": list(combo.rules.modules),
                           "params": dict(combo.rules.params), "players": spec.players,
                           "bots": spec.bots, "search": search, "games": len(records),
                           "skill_games": len(runs.get("random") or [])}
    if not records:
        out["faults"] = runs["faults"]
        return out
    game = balance.summary(records, spec.players)
    out["length"] = length(records)
    out["branching"] = branching(records)
    out["seats"] = seats(records, combo.kinds)
    out["winning_prestige"] = game["winning_prestige"]
    out["score_sources"] = game["score_sources"]
    out["turns_histogram"] = game["turns"]["histogram"]
    out["decisiveness"] = decisiveness(records)
    out["skill"] = skill(runs, combo.kinds)
    out["usage"] = usage(combo.rules, records, spec.players)
    if combo.rules.seat_kinds:
        out["kinds_won"] = kinds_won(records, combo.kinds)
    out["faults"] = runs["faults"]
    return out


def compare(a: dict, b: dict, runs_a: dict, runs_b: dict) -> list[dict]:
    """The figures of two combinations side by side: B minus A, with a 95% interval where the
    figure is a mean over games."""
    rows = []
    ra, rb = runs_a["judge"], runs_b["judge"]

    def mean_row(name: str, values_a: list[float], values_b: list[float]) -> None:
        diff = stats.difference(values_b, values_a)
        rows.append({"figure": name, "a": round(stats.average(values_a), 3),
                     "b": round(stats.average(values_b), 3),
                     "difference": None if diff is None else round(diff[0], 3),
                     "ci": None if diff is None else [round(diff[1][0], 3), round(diff[1][1], 3)]})

    def plain_row(name: str, x: float | None, y: float | None) -> None:
        rows.append({"figure": name, "a": x, "b": y, "ci": None,
                     "difference": None if x is None or y is None else round(y - x, 4)})

    for name in ("rounds", "turns", "decisions"):
        mean_row(f"{name} per game", [r[name] for r in ra], [r[name] for r in rb])
    mean_row("winning prestige", [max(p["prestige"] for p in r["players"]) for r in ra],
             [max(p["prestige"] for p in r["players"]) for r in rb])
    mean_row("lead changes", lead_changes(ra), lead_changes(rb))
    for seat in range(min(a["players"], b["players"])):
        plain_row(f"seat {seat} win rate", a["seats"][seat]["rate"], b["seats"][seat]["rate"])
    last_a, last_b = a["decisiveness"]["leader_wins"], b["decisiveness"]["leader_wins"]
    if last_a and last_b:
        plain_row("leader after the last but one round wins", last_a[-1]["rate"],
                  last_b[-1]["rate"])
    for name in ("random", "search"):
        if name in a["skill"] and name in b["skill"]:
            plain_row(f"{name} in seat 0 wins", a["skill"][name]["rate"],
                      b["skill"][name]["rate"])
    for source in dict.fromkeys([*a["score_sources"], *b["score_sources"]]):
        plain_row(f"prestige from {source}", a["score_sources"].get(source, 0),
                  b["score_sources"].get(source, 0))
    return rows


def lead_changes(records: list[dict]) -> list[float]:
    """Per game: how often the leaders changed from one round's end to the next, and to the
    winners."""
    out = []
    for r in records:
        sets = [_leaders(s) for s in r["standings"]] + [set(r["winners"])]
        out.append(sum(a != b for a, b in itertools.pairwise(sets)))
    return out
