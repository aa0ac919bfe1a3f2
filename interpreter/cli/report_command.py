"""The `rococo report` command: one combination (or two, `--against`), progress, the tables,
JSON and HTML files."""
from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..sim import report
from ..sim.bots import DEFAULT_JUDGE, seat_bots
from ..sim.parallel import ClusterError, GameSpec, default_workers, pack_from_path, ray_missing
from ..ui import layout
from .common import bot_spec, modules_of, rules_of
from .output import refuse_unwritable, write_files


class _BadAgainst(Exception):
    """--against does not parse as the options of a combination."""


def cmd_report(args) -> int:
    err = Console(stderr=True, highlight=False, emoji=False)

    def refuse(why: str) -> int:
        err.print(f"[red]error:[/] {escape(why)}", soft_wrap=True)
        return 2

    if refuse_unwritable(args.json) or refuse_unwritable(args.html, "--html"):
        return 2
    if args.html:
        from ..ui.report_html import matplotlib_missing
        if (why := matplotlib_missing()) is not None:
            return refuse(why)
    if args.ray and (why := ray_missing()) is not None:
        return refuse(why)
    args.bots = args.bots or DEFAULT_JUDGE
    try:
        other = _against(args) if args.against is not None else None
    except _BadAgainst as exc:
        return refuse(str(exc))
    combos = []
    for opts in [args] + ([other] if other is not None else []):
        for path in opts.module or []:
            if not Path(path).exists():
                return refuse(f"no module at {path}")
        rules = rules_of(opts)  # a load error is reported here, before any game
        spec = GameSpec(opts.players, bot_spec(args),
                        tuple(pack_from_path(p) for p in opts.module or []), opts.edition,
                        tuple(modules_of(opts)), tuple(opts.set or ()))
        combos.append(report.combination(report.name_of(rules), rules, spec))
    try:
        for combo in combos:
            seat_bots(combo.spec.bots, combo.spec.players)
    except ValueError as exc:
        return refuse(str(exc))
    skill_games = args.games // 4 if args.skill_games is None else args.skill_games
    seeds = list(range(args.seed, args.seed + args.games))
    skill_seeds = seeds[:skill_games]
    workers = args.workers or default_workers()
    where = f"Ray at {args.ray}" if args.ray else f"{workers} worker{'s' * (workers > 1)}"
    runs = []
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, disable=args.quiet) as progress:
        task = progress.add_task(f"{len(combos)} combination{'s' * (len(combos) > 1)} on "
                                 f"{where}", total=len(combos) * (len(seeds) + 2 * skill_games))
        try:
            for combo in combos:
                runs.append(report.play(combo, seeds, skill_seeds, args.search, workers,
                                        args.ray, advance=lambda: progress.advance(task)))
        except ClusterError as exc:
            progress.stop()
            err.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)
            return 1
    pages = [report.summarise(c, r, args.search) for c, r in zip(combos, runs)]
    data: dict = {"seed": args.seed, "method": report.METHOD, "combinations": pages}
    if len(pages) == 2 and all("length" in p for p in pages):
        data["compare"] = report.compare(pages[0], pages[1], runs[0], runs[1])
    out = layout.console(stderr=args.json == "-")
    print_report(out, data)
    from ..ui.combination_html import write_html
    if not write_files(data, args, write_html, "report", out):
        return 1
    faults = [f for r in runs for f in r["faults"]]
    for fault in faults:
        err.print(escape(f"faulty game ({fault['run']}), seed {fault['seed']}: "
                         f"{fault['fault']}"), soft_wrap=True)
    return 1 if faults else 0


def _against(args):
    """--against's text read as a combination's options (--edition, --with, --module, --set,
    --solo, --players); what it does not say is the first combination's."""
    from .main import build_parser

    try:
        words = shlex.split(args.against)
    except ValueError as exc:  # an unclosed quotation
        raise _BadAgainst(f"--against {args.against!r}: {exc}") from None
    allowed = {"--edition", "--with", "--module", "--set", "--solo", "--players"}
    for word in words:
        if word.startswith("--") and word.split("=", 1)[0] not in allowed:
            raise _BadAgainst(f"--against {args.against!r}: {word} is not an option of a "
                              f"combination (give {', '.join(sorted(allowed))})")
    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction))
    parser = commands.choices["report"]
    parser.exit_on_error = False  # its errors raised, to be said as --against's
    try:
        other = parser.parse_args(words)
    except argparse.ArgumentError as exc:
        raise _BadAgainst(f"--against {args.against!r}: {exc}") from None
    if "--players" not in {w.split("=", 1)[0] for w in words}:
        other.players = args.players
    return other


def _ci(figure: dict | None, scale: float = 1, digits: int = 1) -> str:
    if not figure or figure.get("ci") is None:
        return "-"
    low, high = figure["ci"]
    return f"{scale * low:.{digits}f}..{scale * high:.{digits}f}"


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def print_report(out: Console, data: dict) -> None:
    for page in data["combinations"]:
        _print_page(out, page)
    if "compare" in data:
        a, b = (p["name"] for p in data["combinations"])
        t = Table(title=f"B minus A: A = {a}, B = {b} (same seeds)")
        for col in ("figure", "A", "B", "B - A", "95% CI"):
            t.add_column(col, justify="left" if col == "figure" else "right")
        for row in data["compare"]:
            t.add_row(row["figure"], _num(row["a"]), _num(row["b"]),
                      "-" if row["difference"] is None else f"{row['difference']:+.3g}",
                      _ci(row, digits=2))
        layout.show(out, t)
    out.print(f"[dim]{escape(data['method'])}[/]")


def _num(x) -> str:
    return "-" if x is None else f"{x:.3g}"


def _print_page(out: Console, page: dict) -> None:
    head = Table(title=f"{page['name']}: {page['games']} games, {page['players']} seats, "
                       f"{page['bots']} bots")
    head.add_column("figure")
    head.add_column("value", justify="right")
    head.add_column("95% CI / range", justify="right")
    if "length" not in page:
        out.print(f"{page['name']}: every game stopped on a rule fault")
        return
    for name, fig in page["length"].items():
        head.add_row(f"{name} per game", f"{fig['mean']:.1f}",
                     f"{_ci(fig)} (min {fig['min']}, max {fig['max']})")
    wp = page["winning_prestige"]
    head.add_row("winning prestige", f"{wp['mean']:.1f}", f"min {wp['min']}, max {wp['max']}")
    for s in page["seats"]:
        head.add_row(f"seat {s['seat']} ({s['kind']}) win rate", _pct(s["rate"]),
                     f"{_ci(s, 100)}% (advantage {100 * s['advantage']:+.1f} points)")
    for kind, fig in page.get("kinds_won", {}).items():
        head.add_row(f"the {kind} seats win", _pct(fig["rate"]), f"{_ci(fig, 100)}%")
    for r in page["decisiveness"]["leader_wins"]:
        head.add_row(f"the leader after round {r['round']} wins", _pct(r["rate"]),
                     f"{_ci(r, 100)}%")
    lc = page["decisiveness"]["lead_changes"]
    head.add_row("lead changes per game", f"{lc['mean']:.2f}", _ci(lc, digits=2))
    sk = page["skill"]
    for name, who in (("random", "random"), ("search", page["search"])):
        if name in sk:
            head.add_row(f"seat 0 played by {who} against {page['bots'].split(',')[0]}",
                         _pct(sk[name]["rate"]),
                         f"{_ci(sk[name], 100)}% in {sk[name]['games']} games "
                         f"(fair share {_pct(sk['fair_share'])})")
    layout.show(out, head)
    out.print("prestige per player by source: " +
              ", ".join(f"{k} {v:.1f}" for k, v in page["score_sources"].items()))
    t = Table(title="options per decision, by kind")
    for col in ("kind", "decisions per game", "options (mean)", "options (most)"):
        t.add_column(col, justify="left" if col == "kind" else "right")
    for kind, fig in page["branching"].items():
        t.add_row(kind, f"{fig['per_game']:.1f}", f"{fig['options']:.2f}", str(fig["most"]))
    layout.show(out, t)
    use = page["usage"]
    out.print(f"components: {', '.join(f'{n} {k}' for k, n in use['components'].items())}; "
              f"never taken: {', '.join(use['never']) or 'none'}; taken in every game: "
              f"{', '.join(use['always']) or 'none'}")
