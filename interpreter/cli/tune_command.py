"""The `rococo tune` command: arguments, progress, the result table, JSON and HTML files."""
from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..sim import balance, tune
from ..sim.bots import DEFAULT_JUDGE, seat_bots
from ..sim.parallel import ClusterError, default_workers, ray_missing
from ..ui import layout
from .common import bot_spec, modules_of
from .output import refuse_unwritable, write_files


def cmd_tune(args) -> int:
    err = Console(stderr=True, highlight=False, emoji=False)
    if refuse_unwritable(args.json) or refuse_unwritable(args.html, "--html"):
        return 2
    why = _missing(args)
    if why is not None:
        err.print(f"[red]error:[/] {escape(why)}", soft_wrap=True)
        return 2
    for path in args.module or []:
        if not Path(path).exists():
            err.print(f"[red]error:[/] no module at {escape(path)}")
            return 2
    args.bots = args.bots or DEFAULT_JUDGE
    try:
        bots = bot_spec(args)
        request = tune.prepare(args.module or [], args.param, args.figure, args.target,
                               args.prestige, args.games, args.budget, args.players, bots,
                               args.seed, args.edition, modules_of(args), args.set or ())
        seat_bots(bots, request.spec.players)
    except (balance.BalanceError, ValueError) as exc:
        err.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)
        return 2
    workers = args.workers or default_workers()
    where = f"Ray at {args.ray}" if args.ray else f"{workers} worker{'s' * (workers > 1)}"
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, disable=args.quiet) as progress:
        task = progress.add_task(f"tuning {', '.join(p.key for p in request.params)} on {where}",
                                 total=request.budget)
        search = tune.Search(request, workers, args.ray,
                             advance=lambda n: progress.advance(task, n))
        try:
            data = tune.run(search, args.seed)
            progress.update(task, total=search.played, completed=search.played)
        except ClusterError as exc:
            progress.stop()
            err.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)
            return 1
    out = layout.console(stderr=args.json == "-")
    print_result(out, data)
    from ..ui.tune_html import write_html
    if not write_files(data, args, write_html, "plot", out):
        return 1
    for fault in data["faults"]:
        err.print(escape(f"faulty game at {tune.show(fault['values'])} ({fault['run']}), seed "
                         f"{fault['seed']}: {fault['fault']}"), soft_wrap=True)
    return 1 if data["faults"] else 0


def _missing(args) -> str | None:
    """Why an optional library the request needs is not there."""
    try:
        import optuna  # noqa: F401
    except ImportError:
        return "rococo tune needs optuna: pip install -e '.[tune]'"
    if args.html:
        from ..ui.report_html import matplotlib_missing
        if (why := matplotlib_missing()) is not None:
            return why
    return ray_missing() if args.ray else None


def _fig(figure: dict | None) -> tuple[str, str]:
    if figure is None:
        return "-", "-"
    return f"{figure['mean']:+.3f}", f"{figure['ci'][0]:+.3f} .. {figure['ci'][1]:+.3f}"


def print_result(out: Console, data: dict) -> None:
    keys = [p["key"] for p in data["parameters"]]
    found = data["found"]
    table = Table(title=f"{data['measured']} (target {data['target']:g}): "
                        f"{data['games_per_candidate']} games a candidate, seeds "
                        f"{data['seed']}..{data['seed'] + data['games_per_candidate'] - 1}, "
                        f"{data['players']}, {data['bots']} bots")
    for key in keys:
        table.add_column(key, justify="right")
    for col in ("games", "figure", "95% CI", ""):
        table.add_column(col, justify="right" if col != "" else "left")
    near = {tuple(sorted(n["values"].items())) for n in data["neighbours"]}
    for c in data["candidates"]:
        mean, ci = _fig(c["figure"])
        mark = ("found" if found is not None and c["values"] == found["values"] else
                "neighbour" if tuple(sorted(c["values"].items())) in near else
                "stopped early" if not c["complete"] else "")
        style = "bold" if mark == "found" else None
        table.add_row(*[f"{c['values'][k]:g}" for k in keys], str(c["games"]), mean, ci, mark,
                      style=style)
    layout.show(out, table)
    out.print(f"verdict: [bold]{escape(data['verdict'])}[/]")
    out.print(f"{data['games_played']} games played (budget {data['budget']})")
    out.print(f"[dim]{escape(data['method'])}[/]")
