"""The `rococo balance` command: arguments, progress, the terminal table, JSON and HTML files."""
from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..core.seats import seat_plan
from ..loading.loader import load_ruleset
from ..loading.params import expansions
from ..sim import balance
from ..sim.bots import DEFAULT_JUDGE, seat_bots, with_budget
from ..sim.parallel import ClusterError, default_workers, ray_missing
from ..ui import layout
from .output import refuse_unwritable, write_json


def cmd_balance(args) -> int:
    err = Console(stderr=True, highlight=False, emoji=False)
    if refuse_unwritable(args.json) or refuse_unwritable(args.html, "--html"):
        return 2
    if args.html:
        from ..ui.report_html import matplotlib_missing
        if (why := matplotlib_missing()) is not None:
            err.print(f"[red]error:[/] {escape(why)}")
            return 2
    if args.ray and (why := ray_missing()) is not None:
        err.print(f"[red]error:[/] {escape(why)}")
        return 2
    module_paths = args.module or []
    for path in module_paths:
        if not Path(path).exists():
            err.print(f"[red]error:[/] no module at {escape(path)}")
            return 2
    bots = with_budget(args.bots or DEFAULT_JUDGE, args.mcts_iterations, args.mcts_seconds)
    try:
        mods = [*expansions(args.with_), *([args.solo] if args.solo else [])]
        if args.solo:  # the solo mode's own seats: its person (a bot here) and its automata
            solo_rules = load_ruleset(edition=args.edition, expansions=mods,
                                      params=dict(args.set or ()))
            args.players = len(seat_plan(solo_rules, solo_rules.humans or 1))
        seat_bots(bots, args.players)
        rules, plan, specs = balance.prepare(
            module_paths, args.games, args.players, bots, args.seed, args.card,
            not args.no_compare, args.edition, mods, args.set or ())
    except (balance.BalanceError, ValueError) as exc:
        err.print(f"[red]error:[/] {escape(str(exc))}")
        return 2
    workers = args.workers or default_workers()
    started = time.perf_counter()
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, disable=args.quiet) as progress:
        where = f"Ray at {args.ray}" if args.ray else f"{workers} worker{'s' * (workers > 1)}"
        task = progress.add_task(f"{len(specs)} run{'s' * (len(specs) > 1)} of {args.games} "
                                 f"games on {where}", total=args.games * len(specs))
        try:
            runs = balance.play(specs, plan.seeds, workers, args.ray,
                                advance=lambda: progress.advance(task))
        except ClusterError as exc:
            progress.stop()
            err.print(f"[red]error:[/] {escape(str(exc))}")
            return 1
    elapsed = time.perf_counter() - started
    faults = runs["faults"]
    if not runs["with"]:
        return _report_faults(err, faults, args.games)
    data = balance.report(rules, plan, runs, [Path(p).name for p in module_paths])
    out = layout.console(stderr=args.json == "-")
    print_report(out, data, args.top)
    out.print(f"{args.games * len(specs)} games in {elapsed:.1f} s on {where}")
    if args.json and not write_json(data, args.json):
        return 1
    if args.html:
        from ..ui.report_html import write_html
        write_html(data, Path(args.html))
        out.print(f"report written to {args.html}")
    return _report_faults(err, faults, args.games)


def _report_faults(err: Console, faults: list[dict], games: int) -> int:
    """The games a rule or a bot failed in (seed, decision, file:line:column or the bot),
    after the report: 1 if there were any. Their seeds are left out of every run, so the runs
    stay paired."""
    for fault in faults:
        err.print(escape(f"faulty game ({fault['run']}), seed {fault['seed']}: "
                         f"{fault['fault']}"), soft_wrap=True)
    if faults:
        seeds = len({f["seed"] for f in faults})
        bots = any("bot" in f for f in faults)
        which = "a rule's or a bot's fault" if bots else "a rule fault"
        err.print(f"{seeds} of {games} seeds stopped on {which} and are left out of the "
                  "figures")
    return 1 if faults else 0


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _pp(ci) -> str:
    return "-" if ci is None else f"{100 * ci[0]:+.1f}..{100 * ci[1]:+.1f}"


def print_report(out: Console, data: dict, top: int | None = None) -> None:
    games = data["games"]
    head = Table(title=f"{games} games, {data['players']} players, judged by {data['judge']}, "
                       f"seeds {data['seed']}..{data['seed'] + games - 1}, modules "
                       f"{', '.join(data['modules'])}")
    head.add_column("figure")
    head.add_column("value", justify="right")
    wp = data["winning_prestige"]
    head.add_row("winning prestige mean (min / max)",
                 f"{wp['mean']:.1f} ({wp['min']} / {wp['max']})")
    head.add_row("turns per game mean", f"{data['turns']['mean']:.1f}")
    head.add_row("seat win rates", " ".join(_pct(r) for r in data["seat_win_rates"]))
    head.add_row("prestige per player by source",
                 ", ".join(f"{k} {v:.1f}" for k, v in data["score_sources"].items()))
    layout.show(out, head)
    rows = data["cards"][:top] if top else data["cards"]
    table = Table(title="Who had it, against who did not: win rates; delta = the difference "
                        "seat-adjusted, in points, with its 95% CI; prestige = the same for "
                        "final prestige; bonus y/n = bonus used / declined; verdicts: "
                        f"{correction_note(data['correction'], 'table')}")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("id", "left"), ("kind", "left"), ("avail", "right"), ("taken", "right"),
        ("played", "right"), ("bonus y/n", "right"), ("with", "right"), ("win with", "right"),
        ("win w/o", "right"), ("delta", "right"), ("95% CI", "right"), ("prestige", "right"),
        ("verdict", "left"))
    for col, justify in columns:
        table.add_column(col, justify=justify, no_wrap=col in ("id", "95% CI"))
    for i, r in enumerate(rows, 1):
        kind = f"level {r['level']}" if r["kind"] == "employee" else r["kind"]
        bonus = f"{r['bonus_used']}/{r['bonus_declined']}" if r["kind"] == "employee" else ""
        delta = "-" if r["delta"] is None else f"{100 * r['delta']:+.1f}"
        table.add_row(str(i) if r["ranked"] else "-", r["id"], kind, str(r["games_available"]),
                      str(r["taken"]), str(r["played"]), bonus, str(r["games_with"]),
                      _pct(r["win_rate_with"]),
                      _pct(r["win_rate_without"]), delta, _pp(r["ci"]),
                      "-" if r["prestige_delta"] is None else f"{r['prestige_delta']:+.1f}",
                      r["verdict"])
    layout.show(out, table)
    for pair in data["paired"]:
        against = pair.get("against", "without it")
        title = (f"paired: the same seeds with and without {pair['id']}"
                 if against == "without it" else
                 f"paired: the same seeds with {pair['id']} and with {against} in its place")
        t = Table(title=title)
        t.add_column("figure")
        t.add_column("mean difference", justify="right")
        t.add_column("95% CI", justify="right")
        for name in ("holder_win_rate_delta", "holder_prestige_delta", "holder_lead_delta",
                     "winning_prestige_delta",
                     "prestige_mean_delta", "turns_delta"):
            fig = pair.get(name)
            if fig is None and name in pair:
                t.add_row(name.replace("_", " "), "-", "-")
            elif fig is not None:
                scale = 100 if "win_rate" in name else 1
                t.add_row(name.replace("_", " ") + (" (points)" if scale == 100 else ""),
                          f"{scale * fig['mean']:+.2f}",
                          f"{scale * fig['ci'][0]:+.2f} .. {scale * fig['ci'][1]:+.2f}")
        layout.show(out, t)
        out.print(f"verdict: [bold]{escape(pair['verdict'])}[/]")
    if data["paired"]:
        out.print(f"paired verdicts: {correction_note(data['correction'], 'paired')}")
    out.print(f"[dim]{data['method']}[/]")


def correction_note(correction: dict, which: str) -> str:
    """'Benjamini-Hochberg over 384 comparisons, false discovery rate 5%'."""
    return (f"{correction['method']} over {correction[which + '_comparisons']} comparisons, "
            f"false discovery rate {100 * correction['false_discovery_rate']:g}%")
