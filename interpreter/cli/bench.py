"""`rococo bench [--json FILE] [--quick] [--baseline REF]`: measure, print readable tables,
write the JSON; with --baseline, this version and another one side by side."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from rich.console import Console, JustifyMethod
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from ..loading.loader import load_ruleset
from ..sim.bench.probe import env_steps
from ..sim.bench.runner import FULL, QUICK, run_bench
from .output import refuse_unwritable, write_json


def cmd_bench(args) -> int:
    if refuse_unwritable(args.json):  # now, not after a minute of measuring
        return 2
    if args.baseline:
        return _compare(args)
    rules = load_ruleset()
    err = Console(stderr=True, emoji=False)
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=err) as progress:
        sizes = QUICK if args.quick else FULL
        figures = run_bench(rules, sizes, progress)
        task = progress.add_task("environment steps", total=1)
        figures["env"] = env_steps(4, sizes.games)  # None without the `rl` extra
        progress.advance(task)
    out = Console(stderr=args.json == "-", highlight=False, emoji=False)
    if not out.is_terminal:
        out.width = max(out.width, 120)
    for table in tables(figures):
        out.print(table)
    if args.json and not write_json(figures, args.json):
        return 1
    return 0


def _compare(args) -> int:
    from ..sim.bench.compare import BenchError, baseline, compare, current

    sizes = QUICK if args.quick else FULL
    with tempfile.TemporaryDirectory(prefix="rococo-baseline-") as tmp:
        try:
            old = baseline(args.baseline, Path(tmp))  # said before any progress is drawn
            with Progress("[progress.description]{task.description}", BarColumn(),
                          MofNCompleteColumn(), TimeElapsedColumn(),
                          console=Console(stderr=True, emoji=False)) as progress:
                task = progress.add_task(f"{args.repeats} rounds of each version",
                                         total=2 * args.repeats)
                result = compare((old, current()), args.repeats,
                                 {"games": sizes.games, "save_runs": sizes.save_runs,
                                  "effect_runs": sizes.effect_runs,
                                  "bot_decisions": sizes.bot_decisions},
                                 advance=lambda: progress.advance(task))
        except BenchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    out = Console(stderr=args.json == "-", highlight=False, emoji=False)
    if not out.is_terminal:
        out.width = max(out.width, 120)
    out.print(comparison_table(result))
    if args.json and not write_json(result, args.json):
        return 1
    return 0


def comparison_table(result: dict) -> Table:
    meta = result["meta"]
    load = " / ".join(f"{x:.1f}" for x in meta["loadavg_before"])
    table = Table(title=f"{meta['baseline']['name']} against {meta['current']['name']}",
                  caption=f"processor time; best of {meta['repeats']} alternating rounds "
                          f"(median_ratio: their median); load average before {load}; the "
                          f"measuring processes had {100 * meta['cpu_share']:.0f}% of a core; "
                          f"the core ran as: baseline {meta['baseline'].get('core') or '-'}, "
                          f"current {meta['current'].get('core') or '-'}")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("figure", "left"), ("unit", "left"), ("baseline", "right"), ("current", "right"),
        ("speed-up", "right"))
    for col, just in columns:
        table.add_column(col, justify=just)
    for row in result["figures"]:
        table.add_row(row["title"], row["unit"], _number(row["baseline"]),
                      _number(row["current"]),
                      "-" if row["speedup"] is None else f"{row['speedup']:.2f}x")
    return table


def _number(value) -> str:
    if value is None:
        return "-"
    return f"{value:,.2f}" if value < 10 else f"{value:,.1f}" if value < 1000 else \
        f"{value:,.0f}"


def tables(f: dict) -> list[Table]:
    e = f["effects"]
    pos = e["position"]
    effects = Table(title="Compiled effects against hand-written Python (µs per run)",
                    caption=f"median of {e['runs']} runs; {pos['players']} players, "
                            f"{pos['bots']} bots, seed {pos['seed']}, decision "
                            f"{pos['decisions']}, seat {pos['seat']}")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("rule", "left"), ("compiled", "right"), ("by hand", "right"), ("ratio", "right"))
    for col, just in columns:
        effects.add_column(col, justify=just)
    for item in e["items"]:
        effects.add_row(item["id"], f"{item['compiled_us']:.2f}", f"{item['reference_us']:.2f}",
                        f"{item['ratio']:.2f}")
    effects.add_row("[bold]median ratio[/]", "", "", f"[bold]{e['median_ratio']:.2f}[/]")
    effects.add_row("an empty effect / an empty function",
                    f"{e['empty_effect_us']:.2f}", f"{e['empty_function_us']:.2f}", "")
    effects.add_row("median ratio, both less those", "", "",
                    f"{e['median_ratio_less_fixed_cost']:.2f}")
    left_out = Table(title="Effects left out (not a pure computation)")
    left_out.add_column("rule")
    left_out.add_column("why")
    for rule_id, reason in e["excluded"].items():
        left_out.add_row(rule_id, reason)
    games = Table(title="Complete games on one process",
                  caption=f"the core ran {f['meta'].get('core', '-')}")
    for col in ("players", "bots", "games", "games/s", "decisions/s"):
        games.add_column(col, justify="right")
    for g in f["games"]:
        games.add_row(str(g["players"]), g["bots"], str(g["games"]), f"{g['games_per_s']:.1f}",
                      f"{g['decisions_per_s']:.0f}")
    bots = Table(title="Each bot's decisions per second",
                 caption="in seat 0 of 4-player games against greedy, seeds 1, 2, ...: its "
                         "answers (a single option too) over the processor time it chose for")
    for col in ("bot", "decisions", "decisions/s"):
        bots.add_column(col, justify="right")
    for b in f.get("bots", []):
        bots.add_row(b["bot"], str(b["decisions"]), _number(b["decisions_per_s"]))
    s = f["save"]
    other = Table(title="Loading and saving")
    other.add_column("figure")
    other.add_column("value", justify="right")
    other.add_row("load_ruleset() in a fresh process (median)", f"{f['load_ms']:.1f} ms")
    other.add_row("imports before it (median)", f"{f['import_ms']:.1f} ms")
    other.add_row(f"save size at decision {s['mid_decision']}", f"{s['bytes']:,} bytes")
    other.add_row("save size at the end", f"{s['end_bytes']:,} bytes")
    other.add_row(f"to_json at decision {s['mid_decision']}", f"{s['to_json_us']:.1f} µs")
    other.add_row(f"clone at decision {s['mid_decision']}", f"{s['clone_us']:.1f} µs")
    other.add_row("dropping that clone (freed)", f"{s['drop_us']:.1f} µs")
    other.add_row("from_json at decision 10", f"{s['from_json_decision_10_us']:.1f} µs")
    other.add_row("from_json at the end", f"{s['from_json_end_us']:.1f} µs")
    env = f.get("env")
    other.add_row("one-seat environment, 4 players, random actions and bots",
                  "- (no `rl` extra)" if env is None else f"{env['steps_per_s']:,.0f} steps/s")
    if env is not None and env.get("engine_steps_per_s"):
        other.add_row("  its ceiling: the same games, the engine alone (seat 0's decisions)",
                      f"{env['engine_steps_per_s']:,.0f} steps/s")
    return [effects, left_out, games, bots, other]
