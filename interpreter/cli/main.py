"""The `rococo` command: play, simulate, validate, cards."""
from __future__ import annotations

import argparse
import secrets
import statistics
import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..core.engine import Game
from ..core.errors import CorruptSaveError, RulesError
from ..core.labels import card_text, garment_rules
from ..core.seats import seat_plan
from ..editor import vocab_doc
from ..loading.loader import load_ruleset
from ..loading.params import expansions, parse_setting
from ..sim import stats
from ..sim.bots import check_bot, make_bot, seat_bots, with_budget
from ..sim.parallel import GameSpec, default_workers, pack_from_path, run_games
from ..sim.watch import game_record
from ..ui import gallery, layout, render, rulebook
from ..ui.play import TerminalGame
from . import balance as balance_cli
from . import bench
from . import serve as serve_cli
from .modules import cmd_diff, cmd_modules
from .output import refuse_unwritable, write_json
from .saved import toggles_of_save as _toggles_of_save

console = layout.console()


def _modules(args) -> list[str]:
    """The expansions of --with, then the solo mode of --solo."""
    solo = getattr(args, "solo", None)
    return [*expansions(getattr(args, "with_", None)), *([solo] if solo else [])]


def seats_of(rules, players: int) -> int:
    """Every seat of a game: a solo mode's own count (its person and its automata), else
    --players."""
    return len(seat_plan(rules, rules.humans or 1)) if rules.seat_kinds else players


def _rules(args):
    return load_ruleset(edition=getattr(args, "edition", None),
                        expansions=_modules(args),
                        extra_paths=[Path(p) for p in getattr(args, "module", None) or []],
                        params=dict(getattr(args, "set", None) or []))


def _setting(value: str):
    try:
        return parse_setting(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _player_count(value: str) -> int:
    n = _whole(value)
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(f"players must be 2 to 5, not {n}")
    return n


def _whole(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}") from None


def _at_least(low: int, high: int, what: str):
    def check(value: str) -> int:
        n = _whole(value)
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {n}")
        return n
    return check


SEEDS = _at_least(0, 2**63 - 1, "a seed")


# -- bots ----------------------------------------------------------------------------------
def _bots(value: str) -> str:
    try:
        for name in value.split(","):
            check_bot(name.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def _positive_seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {value!r}") from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"seconds must be more than 0, not {value}")
    return seconds


def bot_arguments(p) -> None:
    """--bots and the search budget, as play, simulate and balance take them."""
    p.add_argument("--bots", type=_bots, default="greedy", metavar="BOT[,BOT...]",
                   help="random, greedy or mcts (mcts:N iterations, mcts:Xs seconds per "
                        "decision); one for every seat, or one per seat: mcts,greedy,greedy "
                        "(default: greedy)")
    p.add_argument("--mcts-iterations", type=_at_least(1, 10**7, "iterations"), default=None,
                   metavar="N", help="iterations per decision of every plain `mcts` bot "
                                     "(default: 100; reproducible under a seed)")
    p.add_argument("--mcts-seconds", type=_positive_seconds, default=None, metavar="X",
                   help="seconds per decision of every plain `mcts` bot instead (not "
                        "reproducible)")


def bot_spec(args) -> str:
    """--bots with --mcts-iterations / --mcts-seconds applied."""
    return with_budget(args.bots, args.mcts_iterations, args.mcts_seconds)


# -- play ----------------------------------------------------------------------------------
def cmd_play(args) -> int:
    if args.load:
        try:
            text = Path(args.load).read_bytes()
        except OSError as exc:
            console.print(f"[red]error:[/] cannot read {escape(args.load)}: {exc.strerror}")
            return 2
        if args.edition is None and not args.with_:
            _toggles_of_save(args, text)
        game = Game.from_json(_rules(args), text, verify=args.verify)
        seed = game.state["seed"]
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(900_000) + 100_000
        rules = _rules(args)
        game = Game.new(rules, players=seats_of(rules, args.players), seed=seed,
                        explain=args.explain)
        if rules.seat_kinds and args.humans is None:
            args.humans = rules.humans or 1
        if args.set:  # a save then reloads the same rules (`--load` reads them back)
            game.meta["params"] = dict(args.set)
    players = len(game.state["players"])
    if args.humans is not None:
        if not 0 <= args.humans <= players:
            console.print(f"[red]error:[/] --humans must be 0 to {players}")
            return 2
        humans = set(range(args.humans))
    else:  # a loaded game keeps its human seats
        saved = game.meta.get("humans", [])
        humans = {s for s in saved if isinstance(s, int) and 0 <= s < players} \
            if isinstance(saved, list) else set()
    if args.load:
        console.print(f"resumed {escape(args.load)} (seed {seed}), human seats: "
                      f"{', '.join(render.seat_text(game, s) for s in sorted(humans)) or 'none'}")
        if args.verify:
            console.print(f"verified: replaying its {len(game.history)} decisions from seed "
                          f"{seed} gives the saved position")
    else:
        console.print(f"seed {seed}: replay with --seed {seed}")
    try:
        names = seat_bots(bot_spec(args), players)
    except ValueError as exc:
        console.print(f"[red]error:[/] {escape(str(exc))}")
        return 2
    bots = [None if seat in humans else make_bot(names[seat], seed * 31 + seat)
            for seat in range(players)]
    session = TerminalGame(game, bots, humans, console)
    if args.load:
        session.saved = (args.load, len(game.history))
    return session.run()


# -- simulate ------------------------------------------------------------------------------
def cmd_simulate(args) -> int:
    if refuse_unwritable(args.json):
        return 2
    rules = _rules(args)  # load errors are reported here, before any worker starts
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
                    args.edition, tuple(_modules(args)), tuple(args.set or ()),
                    check=args.check)
    seeds = list(range(args.seed, args.seed + args.games))
    games = []
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True),
                  disable=args.quiet) as progress:
        task = progress.add_task(f"{args.players} players, {bots} bots", total=args.games)
        shares, timing = [], []
        for record in run_games(game_record, spec, seeds, args.workers or default_workers()):
            winners = record.pop("winners", None)
            timed = record.pop("timing", None)
            if "fault" not in record and winners:
                shares.append([1 / len(winners) if s in winners else 0.0
                               for s in range(args.players)])
                timing.append(timed)
            games.append(record)
            progress.advance(task)
    faults = [g for g in games if "fault" in g]
    games = [g for g in games if "fault" not in g]
    if games:
        _summary(args, spec, games, shares, timing)
    if args.json and not write_json({"games": games, **({"faults": faults} if faults else {})},
                                    args.json):
        return 1
    return _report_faults(faults, len(games) + len(faults))


def _report_faults(faults: list[dict], played: int) -> int:
    """The games a rule failed in, after the others' figures: 1 if there were any."""
    for fault in faults:
        print(f"faulty game, seed {fault['seed']}: {fault['fault']}", file=sys.stderr)
    if faults:
        print(f"{len(faults)} of {played} games stopped on a rule fault; the figures are "
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
              "decisions a seat's bot answered per second it spent choosing.")


# -- validate & cards ----------------------------------------------------------------------
def _print_errors(exc: RulesError) -> int:
    """Every error of a failed load, positioned, with its source line; returns how many."""
    errors = getattr(exc, "errors", [exc])
    for error in errors:
        print(error.render(), file=sys.stderr)
    return len(errors)


def cmd_validate(args) -> int:
    try:
        rules = load_ruleset(edition=args.edition, expansions=_modules(args),
                             extra_paths=[Path(p) for p in args.paths],
                             params=dict(args.set or []))
    except RulesError as exc:
        count = _print_errors(exc)
        print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    for warning in rules.warnings:
        print(warning.render())
    effects = sum(1 for c in rules.employees.values() if c.bonus or c.final)
    print(f"ok: modules {', '.join(rules.modules)}: {len(rules.employees)} employee cards "
          f"({effects} with effects), {len(rules.garments)} garments, {len(rules.tiles)} "
          f"resource tiles, {len(rules.actions)} actions, {len(rules.sides)} board sides")
    return 0


def cmd_cards(args) -> int:
    rules = _rules(args)
    if args.html:
        return gallery.write_gallery(rules, Path(args.html))
    table = Table(title="Employees", show_lines=True)
    for col in ("id", "name", "level", "type", "depute", "bonus"):
        table.add_column(col)
    seen = set()
    for card in rules.employees.values():
        key = card.id.split(".")[-1] if card.start else card.id
        if key in seen:
            continue
        seen.add(key)
        name = card.name.split(" (")[0] if card.start else card.name  # "Master", not its colour
        text = card_text(card)
        if card.hire_condition is not None:
            text = f"Hired only if {card.hire_condition.text}. {text}"
        if card.start_in is not None:
            text += f" (Starts in the {rules.zone(card.start_in).name}.)"
        table.add_row(f"start.*.{key}" if card.start else card.id, name,
                      "start" if card.start else str(card.level), rules.word(card.type),
                      str(card.depute_value), text)
    layout.show(console, table)
    garments = Table(title=rules.word("garments").capitalize()
                     if "garments" in rules.words else "Garments")
    for col in ("id", "garment", "needs", "master", "value", "prestige", "rules"):
        garments.add_column(col)
    for g in rules.garments.values():
        needs = ", ".join([f"{n} {rules.word(c)} silk" for c, n in g.silk.items()] +
                          [f"{n} {rules.word(r)}" for r, n in g.needs()])
        garments.add_row(g.id, f"{rules.word(g.color)} {rules.word(g.kind)}", needs,
                         "yes" if g.master else "", str(g.value), str(g.prestige),
                         " ".join(garment_rules(g)))
    layout.show(console, garments)
    for kind in rules.components.values():  # the kinds of component modules declare
        pieces = Table(title=f"{kind.name}s (starting in {rules.zone(kind.start_in).name})")
        pieces.add_column("id")
        for field in kind.fields:
            pieces.add_column(field.replace("_", " "))
        for piece in rules.pieces.values():
            if piece.kind == kind.id:
                pieces.add_row(piece.id, *[rules.word(str(piece.values.get(f, "")))
                                           for f in kind.fields])
        layout.show(console, pieces)
    if rules.displays:
        displays = Table(title="Displays")
        for col in ("display", "holds", "prices, left to right", "filled from", "discards to"):
            displays.add_column(col)
        for d in rules.displays:
            prices = "the board's costs" if d.prices == "board" else \
                ", ".join(map(str, d.prices))
            displays.add_row(rules.term(d.id, d.name), d.holds, prices, rules.word(d.source),
                             rules.word(d.discard))
        layout.show(console, displays)
    triggers = [t for ts in rules.triggers.values() for t in ts if t.owner_kind == "module"]
    triggers += [t for t in rules.started.values() if t.owner_kind == "module"]
    if triggers:
        table = Table(title="Triggers of the modules", show_lines=True)
        for col in ("id", "when", "effect"):
            table.add_column(col)
        for t in triggers:
            table.add_row(t.id, t.on + (f", once started, until {t.until}" if t.until else ""),
                          t.effect.text)
        layout.show(console, table)
    return 0


def cmd_rules(args) -> int:
    layout.show(console, rulebook.rulebook(_rules(args)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rococo", description="Rococo, rules written as data.")
    sub = parser.add_subparsers(dest="command", required=True)

    def toggles(p):
        p.add_argument("--edition", choices=("deluxe", "original"), default=None,
                       help="the edition (default: deluxe)")
        p.add_argument("--with", dest="with_", metavar="ID,ID",
                       help="expansions to add, e.g. fancy_dresses,festivity_dresses "
                            "(rococo modules lists them)")
        p.add_argument("--set", action="append", type=_setting, metavar="MODULE.NAME=VALUE",
                       help="a module parameter (rococo modules lists them); repeatable")
        p.add_argument("--solo", metavar="ID", default=None,
                       help="a solo mode (rococo modules lists them, kind solo): one person "
                            "against its automata, who play by their module's rules; "
                            "--players is then the mode's own")

    def common(p):
        p.add_argument("--module", action="append", metavar="PATH",
                       help="add a custom rules module (a folder with module.yaml, or a file)")
        toggles(p)

    p = sub.add_parser("play", help="play a game at the terminal, humans against bots")
    p.add_argument("--players", type=_player_count, default=4)
    p.add_argument("--seed", type=SEEDS, default=None,
                   help="the game's seed (default: a random one, printed to replay the game)")
    p.add_argument("--humans", type=_at_least(0, 5, "humans"), default=None,
                   help="human seats (0 watches bots play; a loaded game keeps its own)")
    bot_arguments(p)
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--explain", action="store_true",
                   help="print every change with the rule (file:line:column) that made it")
    p.add_argument("--verify", action=argparse.BooleanOptionalAction, default=True,
                   help="with --load: replay the saved game from its seed and check that it "
                        "reaches the saved position (the default: a save's seal is no "
                        "signature, anyone can reseal an edited save); --no-verify skips it")
    common(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    p.add_argument("--players", type=_player_count, default=4)
    p.add_argument("--games", type=_at_least(1, 1_000_000, "games"), default=100)
    p.add_argument("--seed", type=SEEDS, default=1)
    bot_arguments(p)
    p.add_argument("--json", metavar="FILE",
                   help="write every game's result as JSON (- for stdout)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--workers", type=balance_cli.positive, default=None,
                   help="processes to play on (default: the number of cores); results are "
                        "the same for any number")
    p.add_argument("--check", action="store_true",
                   help="check the game's invariants before every decision and at the end "
                        "(every component in one place, no negative resources...) and that "
                        "only a person's seat is ever asked: a game that breaks one is a "
                        "faulty game (slower)")
    common(p)
    p.set_defaults(func=cmd_simulate)

    balance_cli.add_parser(sub, common, _player_count, bot_arguments)

    p = sub.add_parser("validate", help="check the built-in rules, or the given module files")
    p.add_argument("paths", nargs="*", metavar="PATH")
    toggles(p)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("cards", help="print every card and garment as card text")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML gallery instead")
    common(p)
    p.set_defaults(func=cmd_cards)

    p = sub.add_parser("rules", help="every rule in force: the round, actions, final scoring, "
                                     "the modules' reactions and special garments, as text")
    common(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("modules", help="list every module: kind, version, requires, conflicts")
    p.add_argument("--module", action="append", metavar="PATH", help="also list this pack")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_modules)

    p = sub.add_parser("diff", help="what --edition/--with/--module change against base + deluxe")
    common(p)
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_diff)

    bench.add_parser(sub)
    serve_cli.add_parser(sub, common, _player_count, SEEDS)
    from . import scenarios as cli_test
    cli_test.add_parser(sub)
    p = sub.add_parser("vocab", help="every name, field, verb and function an effect may use")
    p.add_argument("--json", action="store_true", help="print it as JSON")
    p.add_argument("--markdown", action="store_true", help="print it as Markdown tables")
    p.add_argument("--update-docs", action="store_true",
                   help="regenerate the reference section of docs/effect-language.md")
    common(p)
    p.set_defaults(func=lambda args: vocab_doc.cmd_vocab(
        args, show=lambda table: layout.show(console, table)))

    p = sub.add_parser("lsp", help="a language server for rules files (pip install '.[lsp]')")
    p.set_defaults(func=lambda args: _lsp_main())
    return parser


def _lsp_main() -> int:
    try:
        from ..editor.lsp import main as lsp_main  # pygls is an optional extra
    except ImportError:
        print("error: the language server needs pygls: pip install -e '.[lsp]'", file=sys.stderr)
        return 1
    return lsp_main()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except RulesError as exc:
        _print_errors(exc)
        return 1
    except CorruptSaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
