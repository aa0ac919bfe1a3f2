"""`rococo simulate`: many seeded bot games on several processes or a Ray cluster, summarised."""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..core.seats import seat_plan
from ..sim import stats
from ..sim.bots import seat_bots
from ..sim.parallel import (
    ClusterError,
    GameSpec,
    default_workers,
    keep_rules,
    pack_from_path,
    ray_missing,
    run_games,
)
from ..sim.watch import game_record
from ..ui import layout
from .common import bot_spec, modules_of, rules_of, seats_of
from .output import refuse_unwritable, write_json


def cmd_simulate(args) -> int:
    if refuse_unwritable(args.json):
        return 2
    if args.ray and (why := ray_missing()) is not None:
        print(f"error: {why}", file=sys.stderr)
        return 2
    rules = rules_of(args)  # load errors are reported here, before any worker starts
    args.players = seats_of(rules, args.players)
    args.kinds = list(seat_plan(rules, rules.humans or 1)) if rules.seat_kinds else []
    try:
        bots = bot_spec(args)
        seat_bots(bots, args.players)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    spec = GameSpec(args.players, bots,
                    tuple(pack_from_path(p) for p in getattr(args, "module", None) or []),
                    args.edition, tuple(modules_of(args)), tuple(args.set or ()),
                    check=args.check)
    keep_rules(spec, rules)  # loaded above from the same files: neither we nor workers reload
    seeds = list(range(args.seed, args.seed + args.games))
    games: list[dict] = []
    workers = args.workers or default_workers()
    where = f"Ray at {args.ray}" if args.ray else f"{workers} worker{'s' * (workers > 1)}"
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True, emoji=False),
                  disable=args.quiet) as progress:
        task = progress.add_task(f"{args.players} players, {bots} bots on {where}",
                                 total=args.games)
        shares: list[list[float]] = []
        timing: list[dict] = []
        cards: list[dict] = []
        try:
            for record in run_games(game_record, spec, seeds, workers,
                                    ray_address=args.ray):
                _tally(args.players, record, shares, timing)
                cards.append(record.pop("cards", {}))
                games.append(record)
                progress.advance(task)
        except ClusterError as exc:
            progress.stop()
            print(f"error: {exc}", file=sys.stderr)
            return 1
    faults = [g for g in games if "fault" in g]
    games = [g for g in games if "fault" not in g]
    if games:
        _summary(args, spec, games, shares, timing)
        _pack_cards(args, rules, cards)
    if args.json and not write_json({"games": games, **({"faults": faults} if faults else {})},
                                    args.json):
        return 1
    return _report_faults(faults, len(games) + len(faults))


def _pack_cards(args, rules, cards: list[dict]) -> None:
    """With `--module`: in how many games each of the packs' hire cards came up (was dealt
    out of the hire deck) and was taken (a player ended with it, or deputed it); a card of a
    late level may never come up at all, and then its figures say nothing of it."""
    packs = [str(Path(p).resolve()) for p in getattr(args, "module", None) or []]
    mine = [cid for cid in rules.employees if any(
        str(Path(rules.sources.get(f"employee:{cid}", "").rsplit(":", 2)[0]).resolve())
        .startswith(pack) for pack in packs)] if packs else []
    if not mine or not cards:
        return
    out = layout.console(stderr=args.json == "-")
    n = len(cards)
    for cid in mine:
        came = sum(cid not in c.get("unseen", ()) for c in cards)
        taken = sum(cid in c.get("taken", ()) for c in cards)
        note = "; it never came up, so these games say nothing of it" if came == 0 else ""
        out.print(f"the pack's card {cid} came up in {came} of {n} games and was taken in "
                  f"{taken}{note}")


def _tally(players: int, record: dict, shares: list, timing: list) -> None:
    """Take a game's winners and timing out of its record (they are not written to the JSON)
    into each seat's share of the victory and the bots' timing."""
    winners = record.pop("winners", None)
    timed = record.pop("timing", None)
    if "fault" not in record and winners:
        shares.append([1 / len(winners) if s in winners else 0.0 for s in range(players)])
        timing.append(timed)


def _report_faults(faults: list[dict], played: int) -> int:
    """The games a rule or a bot failed in, after the others' figures: 1 if there were any."""
    for fault in faults:
        print(f"faulty game, seed {fault['seed']}: {fault['fault']}", file=sys.stderr)
    if faults:
        bots = sum("bot" in f for f in faults)
        which = "a rule fault" if not bots else \
            f"a fault ({bots} a bot's, {len(faults) - bots} a rule's)"
        print(f"{len(faults)} of {played} games stopped on {which}; the figures are "
              f"those of the other {played - len(faults)}", file=sys.stderr)
    return 1 if faults else 0


def _summary(args, spec, games, shares, timing) -> None:
    out = layout.console(stderr=args.json == "-")
    best = [max(p["prestige"] for p in g["players"]) for g in games]
    table = Table(title=f"{len(games)} games, {args.players} players, {spec.bots} bots, "
                        f"seeds {args.seed}..{args.seed + args.games - 1}"
                        f"{'' if len(games) == args.games else ' (faulty games left out)'}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("winning prestige mean", f"{statistics.mean(best):.1f}")
    table.add_row("winning prestige min / max", f"{min(best)} / {max(best)}")
    allp = [p["prestige"] for g in games for p in g["players"]]
    table.add_row("all players' prestige mean", f"{statistics.mean(allp):.1f}")
    table.add_row("turns per game mean", f"{statistics.mean(g['turns'] for g in games):.1f}")
    kinds = getattr(args, "kinds", [])
    names = seat_bots(spec.bots, args.players)
    for seat in range(args.players):
        rate = sum(s[seat] for s in shares) / len(shares)
        low, high = stats.wilson(rate, len(shares))
        who = kinds[seat] if kinds and kinds[seat] != "human" else names[seat]
        table.add_row(f"seat {seat} ({who}) win rate",
                      f"{100 * rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]")
        if kinds:
            mine = [g["players"][seat]["prestige"] for g in games]
            table.add_row(f"seat {seat} ({who}) prestige mean / min / max",
                          f"{statistics.mean(mine):.1f} / {min(mine)} / {max(mine)}")
    if kinds:  # a solo mode: how often the person's seat (a bot here) beats every automaton
        beaten = sum(g["winner"] == 0 for g in games)
        table.add_row("the bot in the person's seat beats every automaton",
                      f"{100 * beaten / len(games):.1f}%")
    for seat in range(args.players):
        decisions = sum(t["decisions"][seat] for t in timing)
        seconds = sum(t["seconds"][seat] for t in timing)
        who = kinds[seat] if kinds and kinds[seat] != "human" else names[seat]
        table.add_row(f"seat {seat} ({who}) decisions/s",
                      f"{decisions / seconds:,.0f}" if seconds > 0 else "-")
    layout.show(out, table)
    out.print("win rate: ties shared; [95% interval] (Wilson score). decisions/s: the "
              "decisions a seat's bot answered per second of processor time it spent choosing.")
