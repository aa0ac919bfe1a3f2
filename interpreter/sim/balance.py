"""`rococo balance`: many seeded self-play games, then what each employee card, garment,
decoration and piece of a kind a module declares (`components:`) did for the players who had it,
and paired with / without comparisons.

Every figure comes from watching games from outside the engine (`watch.watched_game`); the
games are played by `parallel.run_games`, so the report is the same for 1 worker, N workers or
a Ray cluster. Intervals and the method behind them are in `stats`.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesdsl.suggest import did_you_mean

from ..core.model import Ruleset
from . import branch, stats, verdict
from .bots import DEFAULT_JUDGE, seat_bots
from .parallel import GameSpec, Pack
from .watch import watched_game

METHOD = ("95% intervals by normal approximation: a pooled-variance difference of means for "
          "holders against non-holders, the mean of per-seed differences for paired runs "
          "(Student's t for a card's forks, which may be few); a "
          "verdict names an effect when its Benjamini-Hochberg adjusted p-value (over every "
          "comparison of the table, and separately of the paired runs) is at most 5%")
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}
WITHOUT_MODULE = "balance_without"
NEUTRAL_MODULE = "balance_neutral"
NEUTRAL_EFFECT = "gain 0 prestige"  # an effect that does nothing, still a card with a bonus
MEASURES = ("prestige", "win rate")  # what a verdict weighs, the steadier first
# a paired card run weighs the holder's lead over the other seats too: a card that only hurts
# the opponents moves it, not its holder's own prestige
PAIRED_MEASURES = ("prestige", "lead", "win rate")
MIN_HELD = 20  # a component held in fewer player-games (or missing from fewer) is not ranked


class BalanceError(ValueError):
    """A request `balance` cannot carry out (an unknown card id, a decoration to remove)."""


@dataclass
class Plan:
    """What to play: the games of the ruleset asked for, and the paired runs to compare."""

    spec: GameSpec
    seeds: list[int]
    cards: list[str] = field(default_factory=list)  # ids the report is limited to ([] = all)
    compare_cards: list[str] = field(default_factory=list)
    compare_packs: bool = False


# -- what there is to measure ----------------------------------------------------------------
def catalogue(rules: Ruleset, players: int) -> dict[str, dict]:
    """Every measured component: hire cards, garments, the decoration spaces of the board side
    for `players` and the pieces of every declared component kind, with its kind and group
    (what its verdict compares it with: a piece, the others of its kind)."""
    items: dict[str, dict] = {}
    for card in rules.employees.values():
        if not card.start:
            items[card.id] = {"kind": "employee", "level": card.level,
                              "group": f"level {ROMAN.get(card.level, card.level)} card"}
    for garment in rules.garments.values():
        items[garment.id] = {"kind": "garment", "level": None, "group": "garment"}
    for space in rules.side_for(players).decorations.values():
        items[space.id] = {"kind": "decoration", "level": None,
                           "group": f"{space.area} decoration"}
    for piece in rules.pieces.values():
        items[piece.id] = {"kind": piece.kind, "level": None,
                           "group": rules.components[piece.kind].name}
    return items


def check_ids(rules: Ruleset, players: int, ids: list[str]) -> None:
    known = catalogue(rules, players)
    for key in ids:
        if key not in known:
            hint = did_you_mean(key, known)
            raise BalanceError(f"unknown card, garment, decoration or component '{key}'{hint}")


def removal_pack(rules: Ruleset, key: str) -> Pack:
    """A generated custom pack that removes one card or garment from `rules`."""
    if key in rules.employees and not rules.employees[key].start:
        kind = collection = "employees"
    elif key in rules.garments:
        kind = collection = "garments"
    else:
        raise BalanceError(f"'{key}' cannot be removed by a pack: a paired comparison needs an "
                           "employee card or a garment (--no-compare reports its figures alone)")
    header = {"module": {"id": WITHOUT_MODULE, "kind": "custom", "name": f"without {key}",
                         "requires": list(rules.modules), "files": ["remove.yaml"]}}
    body = {"kind": kind, "remove": {collection: [key]}}
    return ("without", (("module.yaml", json.dumps(header)), ("remove.yaml", json.dumps(body))))


def neutral_pack(rules: Ruleset, key: str) -> Pack:
    """A generated custom pack that puts in an employee card's place its neutral twin: the same
    card (id, level, type, depute value, fields, hire condition) whose bonus or final gains
    nothing. Replaced in place, it leaves the decks as they were, so the same seed deals the
    same games to the same seats with the twin where the card was: a paired run then differs
    only by what the card does."""
    card = rules.employees.get(key)
    if card is None or card.start:
        raise BalanceError(f"'{key}' has no neutral twin: a paired comparison against a "
                           "neutral twin needs a hire card")
    twin: dict[str, Any] = {"id": key, "replace": True, "name": card.name, "level": card.level,
                            "type": card.type, "depute_value": card.depute_value}
    for name in ("bonus", "final"):
        if getattr(card, name) is not None:
            twin[name] = NEUTRAL_EFFECT
    if card.fields:
        twin["fields"] = dict(card.fields)
    if card.start_in is not None:
        twin["start_in"] = card.start_in
    if card.hire_condition is not None:
        twin["hire_condition"] = card.hire_condition.source
    header = {"module": {"id": NEUTRAL_MODULE, "kind": "custom", "name": f"{key} neutral",
                         "requires": list(rules.modules), "files": ["twin.yaml"]}}
    body = {"kind": "employees", "hire": [twin]}
    return (branch.TWIN_PACK, (("module.yaml", json.dumps(header)),
                               ("twin.yaml", json.dumps(body))))


def reference_pack(rules: Ruleset, key: str) -> tuple[str, Pack]:
    """What a paired run compares a component with, and the pack that makes it: a hire card's
    neutral twin in its place, a garment's absence."""
    if key in rules.employees and not rules.employees[key].start:
        return "its neutral twin", neutral_pack(rules, key)
    return "without it", removal_pack(rules, key)


# -- from games to figures ------------------------------------------------------------------
def win_shares(record: dict) -> dict[int, float]:
    """Each seat's share of the victory: 1 for a sole winner, 1/k for k tied winners."""
    winners = record["winners"]
    return {p["seat"]: (1 / len(winners) if p["seat"] in winners else 0.0)
            for p in record["players"]}


def _rate(values):
    m = stats.mean(values)
    return None if m is None else round(m, 4)


def _interval(ci, bound: float | None = None):
    """[low, high] rounded; a difference of win rates cannot leave [-1, 1] (`bound`)."""
    if ci is None:
        return None
    low, high = ci
    if bound is not None:
        low, high = max(low, -bound), min(high, bound)
    return [round(low, 4), round(high, 4)]


def summary(records: list[dict], players: int) -> dict:
    """Game-level figures: seat win rates, prestige, score by source, game length."""
    shares = [win_shares(r) for r in records]
    best = [max(p["prestige"] for p in r["players"]) for r in records]
    allp = [p["prestige"] for r in records for p in r["players"]]
    sources: dict[str, float] = {}
    for r in records:
        for p in r["players"]:
            for key, value in p["score"].items():
                sources[key] = sources.get(key, 0) + value
    count = len(allp)
    turns = [r["turns"] for r in records]
    histogram: dict[int, int] = {}
    for t in turns:
        histogram[t] = histogram.get(t, 0) + 1
    return {
        "seat_win_rates": [_rate([s[seat] for s in shares]) for seat in range(players)],
        "winning_prestige": {"mean": round(stats.average(best), 2), "min": min(best),
                             "max": max(best)},
        "prestige_mean": round(stats.average(allp), 2),
        "score_sources": {k: round(v / count, 3) for k, v in
                          sorted(sources.items(), key=lambda kv: -kv[1])},
        "turns": {"mean": round(stats.average(turns), 2), "min": min(turns), "max": max(turns),
                  "histogram": {str(k): histogram[k] for k in sorted(histogram)}},
    }


def card_figures(rules: Ruleset, records: list[dict], players: int,
                 only: list[str] | None = None) -> list[dict]:
    """Per component: availability and use counts, and the win rate and prestige of the
    players who had it against those who did not, seat-adjusted (each result minus its seat's
    average), sorted by win-rate delta, strongest first; components held (or missed) in fewer
    than MIN_HELD player-games come after, unranked, however large their delta."""
    items = catalogue(rules, players)
    games = len(records)
    shares = [win_shares(r) for r in records]
    base_win = {s: stats.average([sh[s] for sh in shares]) for s in range(players)}
    base_prestige = {s: stats.average([r["players"][s]["prestige"] for r in records])
                     for s in range(players)}
    rows = []
    raw: dict[str, dict] = {}  # unrounded results, for the verdicts
    for key, info in items.items():
        counts = {"available": 0, "taken": 0, "played": 0, "bonus_used": 0, "bonus_declined": 0}
        win: dict[bool, list[float]] = {True: [], False: []}
        adj: dict[bool, list[float]] = {True: [], False: []}
        prestige: dict[bool, list[float]] = {True: [], False: []}
        adj_prestige: dict[bool, list[float]] = {True: [], False: []}
        for record, share in zip(records, shares):
            item = record["items"].get(key)
            holders = ()
            if item is not None:
                counts["available"] += item["available"]
                for name in ("taken", "played", "bonus_used", "bonus_declined"):
                    counts[name] += item[name]
                holders = item["holders"]
            for p in record["players"]:
                seat, had = p["seat"], p["seat"] in holders
                win[had].append(share[seat])
                adj[had].append(share[seat] - base_win[seat])
                prestige[had].append(p["prestige"])
                adj_prestige[had].append(p["prestige"] - base_prestige[seat])
        delta = stats.difference(adj[True], adj[False])
        pdelta = stats.difference(adj_prestige[True], adj_prestige[False])
        rows.append({
            "id": key, "kind": info["kind"], "level": info["level"], "group": info["group"],
            "games": games, "games_available": counts["available"],
            "taken": counts["taken"], "played": counts["played"],
            "bonus_used": counts["bonus_used"], "bonus_declined": counts["bonus_declined"],
            "games_with": len(win[True]),
            "win_rate_with": _rate(win[True]), "win_rate_without": _rate(win[False]),
            "delta": None if delta is None else round(delta[0], 4),
            "ci": _interval(delta and delta[1], bound=1),
            "prestige_with": _rate(prestige[True]), "prestige_without": _rate(prestige[False]),
            "prestige_delta": None if pdelta is None else round(pdelta[0], 3),
            "prestige_ci": _interval(pdelta and pdelta[1]),
            "ranked": min(len(win[True]), len(win[False])) >= MIN_HELD,
        })
        raw[key] = {"prestige": pdelta, "win rate": delta}
    _verdicts(rows, raw, games, only)
    rows.sort(key=lambda r: (not r["ranked"], r["delta"] is None, -(r["delta"] or 0), r["id"]))
    if only:
        rows = [r for r in rows if r["id"] in only]
    return rows


def _verdicts(rows: list[dict], raw: dict[str, dict], games: int,
              only: list[str] | None = None) -> None:
    """Each ranked row's win rate and prestige against zero and against the average of its
    group (of every ranked row), every comparison of the rows reported (`only`, or all)
    corrected together (`verdict`); the adjusted p-values go in the row's "q"."""
    groups: dict[str, list[str]] = {}
    for r in rows:
        if r["ranked"]:
            groups.setdefault(r["group"], []).append(r["id"])
    averages = {g: {m: stats.average([raw[k][m][0] for k in keys]) for m in MEASURES}
                for g, keys in groups.items()}
    tested: dict[str, tuple[list, list]] = {}
    for r in rows:
        if r["ci"] is None:
            r["verdict"] = "never held"
        elif only and r["id"] not in only:
            continue  # not reported: neither judged nor counted
        elif not r["ranked"]:
            r["verdict"] = (f"held in {r['games_with']} of {games} games: too few to rank"
                            if r["games_with"] < MIN_HELD else
                            f"held in {r['games_with']} of {games} games: nothing to compare with")
        else:
            alone = len(groups[r["group"]]) == 1
            r["group_average"] = round(averages[r["group"]]["win rate"], 4)
            r["group_prestige_average"] = round(averages[r["group"]]["prestige"], 3)
            tested[r["id"]] = (
                [] if alone else [verdict.comparison(m, raw[r["id"]][m], averages[r["group"]][m])
                                  for m in MEASURES],
                [verdict.comparison(m, raw[r["id"]][m]) for m in MEASURES])
    verdict.correct([c for pair in tested.values() for side in pair for c in side])
    for r in rows:
        if r["id"] in tested:
            against_group, against_zero = tested[r["id"]]
            r["verdict"] = verdict.row_verdict(against_group, against_zero, r["group"], games)
            r["q"] = {f"{c.measure} against {name}": round(c.q, 4)
                      for name, side in (("its group", against_group), ("zero", against_zero))
                      for c in side}


def _figure(result) -> dict | None:
    if result is None:
        return None
    return {"mean": round(result[0], 4), "ci": _interval(result[1])}


# a paired run's figures, and what its verdict reads: whose result, and its comparisons
Paired = tuple[dict, tuple[str, list]]


def lead(record: dict, seat: int) -> float:
    """A seat's prestige less the mean of the other seats': what a card that only hurts the
    opponents changes, where its holder's own prestige may not move."""
    others = [p["prestige"] for p in record["players"] if p["seat"] != seat]
    return record["players"][seat]["prestige"] - (stats.average(others) if others else 0.0)


def paired_card(key: str, with_runs: list[dict], other_runs: list[dict],
                against: str = "without it") -> Paired:
    """The card against its reference (`against`). A hire card's runs are forked
    (`branch.forked_game`: each seed played to the first turn at which a seat holds the card,
    then on twice, with the card and with its neutral twin in its place); a garment's are the
    same seeds without it. For every game in which someone had the card, the holders' result
    less the same seats' in the other game, in prestige, lead (prestige less the other seats'
    mean) and win rate. Its verdict is set by `paired_verdicts`, with every other paired
    comparison of the report."""
    if other_runs and "twin" in other_runs[0]:
        pairs = [(r["with"], r["twin"], r["holders"]) for r in other_runs]
    else:
        pairs = [(a, b, (a["items"].get(key) or {}).get("holders", []))
                 for a, b in zip(with_runs, other_runs)]
    diffs: dict[str, list[float]] = {"prestige": [], "lead": [], "win rate": []}
    for a, b, holders in pairs:
        if not holders:
            continue
        wa, wb = win_shares(a), win_shares(b)
        diffs["win rate"].append(stats.average([wa[s] - wb[s] for s in holders]))
        diffs["prestige"].append(stats.average([a["players"][s]["prestige"]
                                                - b["players"][s]["prestige"] for s in holders]))
        diffs["lead"].append(stats.average([lead(a, s) - lead(b, s) for s in holders]))
    # forks are few (the seeds in which the card was held): Student's t, not the normal's 1.96
    result = {measure: stats.paired_few(values) for measure, values in diffs.items()}
    out: dict[str, Any] = {
        "what": "card", "id": key, "against": against, "games": len(with_runs),
        "games_held": len(diffs["prestige"]),
        "holder_win_rate_delta": _figure(result["win rate"]),
        "holder_prestige_delta": _figure(result["prestige"]),
        "holder_lead_delta": _figure(result["lead"])}
    out.update(_game_level([a for a, _, _ in pairs], [b for _, b, _ in pairs]))
    t = stats.t95(len(diffs["prestige"]) - 1)
    return out, ("its holder's", [verdict.comparison(m, result[m], quantile=t)
                                  for m in PAIRED_MEASURES])


def paired_packs(names: list[str], with_runs: list[dict], without_runs: list[dict]) -> Paired:
    """The same seeds with and without the custom packs: game-level paired differences."""
    out: dict[str, Any] = {"what": "modules", "id": ", ".join(names), "games": len(with_runs)}
    out.update(_game_level(with_runs, without_runs))
    best = [max(p["prestige"] for p in a["players"]) - max(p["prestige"] for p in b["players"])
            for a, b in zip(with_runs, without_runs)]
    return out, ("the winning", [verdict.comparison("prestige", stats.paired(best))])


def paired_verdicts(pairs: list[Paired], judge: str) -> int:
    """Every paired run's verdict, its comparisons corrected together; returns their number."""
    comparisons = [c for _, (_, read) in pairs for c in read if c is not None]
    verdict.correct(comparisons)
    for p, (whose, read) in pairs:
        if any(c is None for c in read):
            p["verdict"] = f"never held in {p['games']} games; judged by {judge}"
            continue
        if p.get("games_held", 0) > 1 and all(c.se == 0 and c.effect == 0 for c in read):
            p["verdict"] = (f"no change: in each of the {p['games_held']} games it was held, "
                            f"its holder did exactly as {_as(p['against'])}; judged by {judge}")
            p["q"] = {c.measure: round(c.q, 4) for c in read}
            continue
        p["verdict"] = verdict.paired_verdict(read, whose, p["games"], judge)
        p["q"] = {c.measure: round(c.q, 4) for c in read}
    return len(comparisons)


def _as(against: str) -> str:
    """'with its neutral twin', 'without it'."""
    return against if against.startswith("without") else f"with {against}"


def _game_level(with_runs: list[dict], without_runs: list[dict]) -> dict:
    pairs = list(zip(with_runs, without_runs))
    best = [max(p["prestige"] for p in a["players"]) - max(p["prestige"] for p in b["players"])
            for a, b in pairs]
    mean_prestige = [stats.average([p["prestige"] for p in a["players"]]) -
                     stats.average([p["prestige"] for p in b["players"]]) for a, b in pairs]
    turns = [a["turns"] - b["turns"] for a, b in pairs]
    seats = len(with_runs[0]["players"]) if with_runs else 0
    seat_win = []
    for seat in range(seats):
        seat_win.append(_figure(stats.paired([win_shares(a)[seat] - win_shares(b)[seat]
                                              for a, b in pairs])))
    return {"winning_prestige_delta": _figure(stats.paired(best)),
            "prestige_mean_delta": _figure(stats.paired(mean_prestige)),
            "turns_delta": _figure(stats.paired(turns)),
            "seat_win_rate_delta": seat_win}


def report(rules: Ruleset, plan: Plan, runs: dict[str, list[dict]],
           pack_names: list[str]) -> dict:
    """Every figure of a balance run, as JSON data (no timings: the same seeds give the same
    report whatever played them)."""
    spec, main = plan.spec, runs["with"]
    if not main:
        faults = runs.get("faults", [])
        first = f": the first, {faults[0]['fault']}" if faults else ""
        raise BalanceError(f"every one of the {len(plan.seeds)} games stopped on a fault, so "
                           f"there is nothing to measure{first}")
    out: dict[str, Any] = {"games": len(plan.seeds), "players": spec.players, "bots": spec.bots,
           "seed": plan.seeds[0], "modules": list(rules.modules), "method": METHOD}
    out["judge"] = verdict.judge_name(seat_bots(spec.bots, spec.players))
    out["faults"] = runs.get("faults", [])
    out.update(summary(main, spec.players))
    out["cards"] = card_figures(rules, main, spec.players, plan.cards or None)
    table_tests = sum(len(r.get("q", ())) for r in out["cards"])
    pairs = [paired_card(key, main, runs[f"against {key}"], reference_pack(rules, key)[0])
             for key in plan.compare_cards]
    if plan.compare_packs:
        pairs.append(paired_packs(pack_names, main, runs["without packs"]))
    out["paired"] = [figures for figures, _ in pairs]
    out["correction"] = {"method": verdict.CORRECTION,
                         "false_discovery_rate": verdict.FALSE_DISCOVERY_RATE,
                         "table_comparisons": table_tests,
                         "paired_comparisons": paired_verdicts(pairs, out["judge"])}
    return out


def runs_needed(rules: Ruleset, plan: Plan) -> dict[str, GameSpec]:
    """The specs to play: the ruleset asked for, and one per paired comparison."""
    specs = {"with": plan.spec}
    for key in plan.compare_cards:
        specs[f"against {key}"] = plan.spec.with_pack(reference_pack(rules, key)[1])
    if plan.compare_packs:
        specs["without packs"] = dataclasses.replace(plan.spec, packs=())
    return specs


def prepare(module_paths=(), games: int = 400, players: int = 4, bots: str = DEFAULT_JUDGE,
            seed: int = 1, cards=(), compare: bool = True, edition: str | None = None,
            expansions=(), params=()):
    """Load the rules and check the request before any game is played; returns the ruleset,
    the plan and the specs of every run. Raises RulesError or BalanceError."""
    from ..loading.loader import load_ruleset
    from .parallel import pack_from_path
    module_paths = [Path(p) for p in module_paths]
    expansions = tuple(expansions)
    params = tuple(params)
    rules = load_ruleset(edition=edition, expansions=expansions, extra_paths=module_paths,
                         params=dict(params))
    cards = list(cards)
    check_ids(rules, players, cards)
    packs = tuple(pack_from_path(p) for p in module_paths)
    plan = Plan(spec=GameSpec(players, bots, packs, edition, expansions, params),
                seeds=list(range(seed, seed + games)),
                cards=cards, compare_cards=cards if compare else [],
                compare_packs=bool(packs) and not cards and compare)
    return rules, plan, runs_needed(rules, plan)


def measure(module_paths=(), games: int = 400, players: int = 4, bots: str = DEFAULT_JUDGE,
            seed: int = 1, cards=(), compare: bool = True, workers: int = 1,
            ray_address: str | None = None, edition: str | None = None,
            expansions=(), params=()) -> dict:
    """`rococo balance` from Python: every figure of the report, as JSON data."""
    rules, plan, specs = prepare(module_paths, games, players, bots, seed, cards, compare,
                                 edition, expansions, params)
    runs = play(specs, plan.seeds, workers, ray_address)
    return report(rules, plan, runs, [Path(p).name for p in module_paths])


def play(specs: dict[str, GameSpec], seeds: list[int], workers: int = 1,
         ray_address: str | None = None, advance=lambda: None) -> dict[str, list[dict]]:
    """Play every run's games (the same seeds for each) and return their records by run."""
    from .parallel import run_games
    runs: dict[str, list[dict]] = {}
    faults: list[dict] = []
    for name, spec in specs.items():
        runs[name] = []
        task = branch.forked_game if branch.is_forked(spec) else watched_game
        for record in run_games(task, spec, seeds, workers, ray_address):
            if "fault" in record:
                faults.append({"run": name, **record})
            runs[name].append(record)
            advance()
    # a seed whose game failed in any run is left out of every run, so runs stay paired
    bad = {f["seed"] for f in faults}
    runs = {name: [r for r in records if r["seed"] not in bad] for name, records in runs.items()}
    runs["faults"] = faults
    return runs
