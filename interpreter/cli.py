"""The `rococo` command: play, simulate, validate, cards."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from . import balance_cli, render
from .bots import BOTS, make_bot
from .engine import Game
from .errors import CorruptSaveError, RulesError
from .loader import load_ruleset
from .parallel import GameSpec, default_workers, pack_from_path, run_games
from .watch import game_record

console = Console(highlight=False)
if not console.is_terminal:  # a pipe or a log file: wide enough for the scoring table
    console.width = max(console.width, 120)


def _rules(args):
    return load_ruleset(extra_paths=[Path(p) for p in getattr(args, "module", None) or []])


def _player_count(value: str) -> int:
    n = int(value)
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(f"players must be 2 to 5, not {n}")
    return n


# -- play ----------------------------------------------------------------------------------
def cmd_play(args) -> int:
    rules = _rules(args)
    if not 0 <= args.humans <= args.players:
        console.print(f"[red]error:[/] --humans must be 0 to {args.players}")
        return 2
    if args.load:
        try:
            game = Game.from_json(rules, Path(args.load).read_text(encoding="utf-8"))
        except OSError as exc:
            console.print(f"[red]error:[/] cannot read {args.load}: {exc.strerror}")
            return 2
    else:
        game = Game.new(rules, players=args.players, seed=args.seed)
    players = len(game.state["players"])
    bots = [None if seat < args.humans else make_bot(args.bots, args.seed * 31 + seat)
            for seat in range(players)]
    last_round = None
    while not game.is_over():
        if game.state["round"] != last_round:
            last_round = game.state["round"]
            console.rule(f"Round {last_round}")
        decision = game.decision()
        bot = bots[decision.seat]
        if bot is None:
            option = _ask_human(game, decision)
            if option is None:
                return 0
        else:
            option = bot.choose(game, decision)
            if decision.kind != "hand" or args.humans == 0:
                console.print(render.seat_name(game, decision.seat),
                              f"{escape(decision.prompt)}: [bold]{escape(option.label)}[/]"
                              if decision.kind != "hand" else "selects a card")
        game.apply(option)
    console.print(render.board(game))
    console.print(render.final_scores(game))
    winner = game.standings()[0]
    console.print(f"Winner: ", render.seat_name(game, winner["seat"]),
                  f"with {winner['prestige']} prestige")
    return 0


def _ask_human(game, decision):
    console.print(render.board(game, decision.seat))
    while True:
        console.print(render.seat_name(game, decision.seat), f"[bold]{escape(decision.prompt)}[/]")
        for i, option in enumerate(decision.options):
            console.print(f"  [cyan]{i:>2}[/] {escape(option.label)}")
        try:
            answer = input("choice (number, 'save FILE', 'quit'): ").strip()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer.startswith("save "):
            Path(answer[5:].strip()).write_text(game.to_json(), encoding="utf-8")
            console.print(f"saved to {answer[5:].strip()}")
            continue
        if answer.isdigit() and int(answer) < len(decision.options):
            return decision.options[int(answer)]
        console.print(f"[red]please type a number from 0 to {len(decision.options) - 1}[/]")


# -- simulate ------------------------------------------------------------------------------
def cmd_simulate(args) -> int:
    _rules(args)  # load errors are reported here, before any worker starts
    spec = GameSpec(args.players, args.bots,
                    tuple(pack_from_path(p) for p in getattr(args, "module", None) or []))
    seeds = list(range(args.seed, args.seed + args.games))
    games = []
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True),
                  disable=args.quiet) as progress:
        task = progress.add_task(f"{args.players} players, {args.bots} bots", total=args.games)
        for record in run_games(game_record, spec, seeds, args.workers or default_workers()):
            del record["winners"]
            games.append(record)
            progress.advance(task)
    _summary(args, games)
    if args.json:
        text = json.dumps({"games": games}, indent=1)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0


def _summary(args, games) -> None:
    out = Console(stderr=args.json == "-", highlight=False)
    best = [max(p["prestige"] for p in g["players"]) for g in games]
    table = Table(title=f"{len(games)} games, {args.players} players, {args.bots} bots, "
                        f"seeds {args.seed}..{args.seed + len(games) - 1}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("winning prestige mean", f"{statistics.mean(best):.1f}")
    table.add_row("winning prestige min / max", f"{min(best)} / {max(best)}")
    allp = [p["prestige"] for g in games for p in g["players"]]
    table.add_row("all players' prestige mean", f"{statistics.mean(allp):.1f}")
    table.add_row("turns per game mean", f"{statistics.mean(g['turns'] for g in games):.1f}")
    for seat in range(args.players):
        wins = sum(g["winner"] == seat for g in games)
        table.add_row(f"seat {seat} win rate", f"{100 * wins / len(games):.1f}%")
    out.print(table)


# -- validate & cards ----------------------------------------------------------------------
def _print_errors(exc: RulesError) -> int:
    """Every error of a failed load, positioned, with its source line; returns how many."""
    errors = getattr(exc, "errors", [exc])
    for error in errors:
        print(error.render(), file=sys.stderr)
    return len(errors)


def cmd_validate(args) -> int:
    try:
        rules = load_ruleset(extra_paths=[Path(p) for p in args.paths])
    except RulesError as exc:
        count = _print_errors(exc)
        print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    effects = sum(1 for c in rules.employees.values() if c.bonus or c.final)
    print(f"ok: modules {', '.join(rules.modules)}: {len(rules.employees)} employee cards "
          f"({effects} with effects), {len(rules.garments)} garments, {len(rules.tiles)} "
          f"resource tiles, {len(rules.actions)} actions, {len(rules.sides)} board sides")
    return 0


def cmd_cards(args) -> int:
    rules = _rules(args)
    table = Table(title="Employees", show_lines=True)
    for col in ("id", "level", "type", "depute", "bonus"):
        table.add_column(col)
    seen = set()
    for card in rules.employees.values():
        key = card.id.split(".")[-1] if card.start else card.id
        if key in seen:
            continue
        seen.add(key)
        effect = card.bonus or card.final
        text = effect.text if effect else "no bonus"
        if card.final is not None:
            text = "At the end of the game: " + text
        table.add_row(f"start.*.{key}" if card.start else card.id,
                      "start" if card.start else str(card.level), rules.word(card.type),
                      str(card.depute_value), text)
    console.print(table)
    garments = Table(title="Garments")
    for col in ("id", "garment", "needs", "master", "value", "prestige"):
        garments.add_column(col)
    for g in rules.garments.values():
        needs = ", ".join([f"{n} {c} silk" for c, n in g.silk.items()] +
                          ([f"{g.thread} {rules.word('thread')}"] if g.thread else []) +
                          ([f"{g.lace} {rules.word('lace')}"] if g.lace else []))
        garments.add_row(g.id, f"{g.color} {rules.word(g.kind)}", needs,
                         "yes" if g.master else "", str(g.value), str(g.prestige))
    console.print(garments)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rococo", description="Rococo, rules written as data.")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--module", action="append", metavar="PATH",
                       help="add a custom rules module (a folder with module.yaml, or a file)")

    p = sub.add_parser("play", help="play a game at the terminal, humans against bots")
    p.add_argument("--players", type=_player_count, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--humans", type=int, default=0, help="human seats (0 watches bots play)")
    p.add_argument("--bots", choices=sorted(BOTS), default="greedy")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    common(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    p.add_argument("--players", type=_player_count, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", choices=sorted(BOTS), default="greedy")
    p.add_argument("--json", metavar="FILE", help="write every game's result as JSON (- for stdout)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--workers", type=balance_cli.positive, default=None,
                   help="processes to play on (default: the number of cores); results are "
                        "the same for any number")
    common(p)
    p.set_defaults(func=cmd_simulate)

    balance_cli.add_parser(sub, common, _player_count)

    p = sub.add_parser("validate", help="check the built-in rules, or the given module files")
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("cards", help="print every card and garment as card text")
    common(p)
    p.set_defaults(func=cmd_cards)
    return parser


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
