"""The `rococo` command line: its parser, and each command run from its own module.

Only the parser is built here, from the standard library alone: `rococo --help` and a mistyped
option cost no engine, and a command imports what it uses (its module, named by `run`) when it
runs.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any


def __getattr__(name: str) -> Any:
    """`console` (where the drawing commands print; a caller may replace it), and the `Game`
    and `secrets` the commands use, made or imported on first use (PEP 562)."""
    if name == "console":
        from ..ui import layout
        value: Any = layout.console()
    elif name == "Game":
        from ..core.engine import Game as value
    elif name == "secrets":
        import secrets as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


# -- argument types ------------------------------------------------------------------------
def _setting(value: str):
    from ..loading.params import parse_setting

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


def _positive(value: str) -> int:
    n = _whole(value)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _bots(value: str) -> str:
    from ..sim.bots import check_bot

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


def bot_arguments(p, default: str | None = "greedy") -> None:
    """--bots and the search budget, as play, simulate and balance take them (balance's default
    is None: the default judge, read when the command runs)."""
    p.add_argument("--bots", type=_bots, default=default, metavar="BOT[,BOT...]",
                   help="random, greedy, value or mcts (mcts:N at most N iterations, mcts:Xs "
                        "seconds per decision); one for every seat, or one per seat: "
                        "mcts,greedy,greedy (default: "
                        f"{default or 'the default judge, sim/bots.py DEFAULT_JUDGE'})")
    p.add_argument("--mcts-iterations", type=_at_least(1, 10**7, "iterations"), default=None,
                   metavar="N", help="iterations per decision, at most, of every plain `mcts` "
                                     "bot (default: 100; reproducible under a seed)")
    p.add_argument("--mcts-seconds", type=_positive_seconds, default=None, metavar="X",
                   help="seconds per decision of every plain `mcts` bot instead (not "
                        "reproducible)")


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
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
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
    p.set_defaults(run="play_command:cmd_play")

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
    p.add_argument("--games", type=_at_least(1, 1_000_000, "games"), default=100,
                   help="games to play")
    p.add_argument("--seed", type=SEEDS, default=1, help="first seed (games use S, S+1, ...)")
    bot_arguments(p)
    p.add_argument("--json", metavar="FILE",
                   help="write every game's result as JSON (- for stdout)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--workers", type=_positive, default=None,
                   help="processes to play on (default: the number of cores); results are "
                        "the same for any number")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="play on a Ray cluster instead ('auto', 'ray://host:port', or 'local'; "
                        "pip install -e '.[ray]'); results are the same")
    p.add_argument("--check", action="store_true",
                   help="check the game's invariants before every decision and at the end "
                        "(every component in one place, no negative resources...) and that "
                        "only a person's seat is ever asked: a game that breaks one is a "
                        "faulty game (slower)")
    common(p)
    p.set_defaults(run="simulate:cmd_simulate")

    _balance_parser(sub, common)
    _tune_parser(sub, common)
    _report_parser(sub, common)

    p = sub.add_parser("validate", help="check the built-in rules, or the given module files")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="modules to check with the built-in rules (a folder with module.yaml, "
                        "or a rules file)")
    toggles(p)
    p.set_defaults(run="validate:cmd_validate")

    p = sub.add_parser("cards", help="print every card and garment as card text")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML gallery instead")
    common(p)
    p.set_defaults(run="cards_command:cmd_cards")

    p = sub.add_parser("rules", help="every rule in force: the round, actions, final scoring, "
                                     "the modules' reactions and special garments, as text")
    common(p)
    p.set_defaults(run="cards_command:cmd_rules")

    p = sub.add_parser("modules", help="list every module: kind, version, requires, conflicts")
    p.add_argument("--module", action="append", metavar="PATH", help="also list this pack")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(run="modules:cmd_modules")

    p = sub.add_parser("diff", help="what --edition/--with/--module change against base + deluxe")
    common(p)
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(run="modules:cmd_diff")

    _bench_parser(sub)
    _fit_judge_parser(sub, common)
    _serve_parser(sub, common)
    _test_parser(sub)
    p = sub.add_parser("vocab", help="every name, field, verb and function an effect may use")
    p.add_argument("--json", action="store_true", help="print it as JSON")
    p.add_argument("--markdown", action="store_true", help="print it as Markdown tables")
    p.add_argument("--update-docs", action="store_true",
                   help="regenerate the reference section of docs/effect-language.md")
    common(p)
    p.set_defaults(run="cards_command:cmd_vocab")

    p = sub.add_parser("lsp", help="a language server for rules files (pip install '.[lsp]')")
    p.set_defaults(run="main:_lsp_main")
    return parser


def _balance_parser(sub, common) -> None:
    p = sub.add_parser("balance", help="measure what each card, garment, decoration and "
                                       "declared component does over many self-play games")
    p.add_argument("--games", type=_positive, default=400, help="self-play games to measure")
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
    bot_arguments(p, default=None)
    p.add_argument("--card", action="append", default=[], metavar="ID",
                   help="report only this card, garment, decoration or component (a jewel...), "
                        "and compare it on the same seeds with its neutral twin in its place "
                        "(a hire card, forked where first held) or without it (a garment) "
                        "(repeatable)")
    p.add_argument("--no-compare", action="store_true",
                   help="skip the paired runs of --card and --module")
    p.add_argument("--top", type=_positive, default=None, help="show only the first N rows")
    _runs_arguments(p)
    common(p)
    p.set_defaults(run="balance_command:cmd_balance")


def _fit_judge_parser(sub, common) -> None:
    p = sub.add_parser("fit-judge", help="fit the value bot's weights for a module combination "
                                         "by self-play, and store them in the cache")
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
    p.add_argument("--games", type=_positive, default=4,
                   help="games of value bots (default: 4), after 50 times as many of greedy")
    p.add_argument("--teacher-games", type=_positive, default=None, metavar="N",
                   help="games of greedy first (default: 50 per game of value bots)")
    p.add_argument("--seed", type=SEEDS, default=1, help="first seed (games use S, S+1, ...)")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="where to store them (default: $ROCOCO_JUDGE_CACHE, else the user "
                        "cache, ~/.cache/rococo/judge)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    common(p)
    p.set_defaults(run="fitjudge:cmd_fit_judge")


def _runs_arguments(p) -> None:
    """Where and how the games of balance, tune and report are played."""
    p.add_argument("--seed", type=int, default=1, help="first seed (games use S, S+1, ...)")
    p.add_argument("--workers", type=_positive, default=None,
                   help="processes to play on (default: the number of cores)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="play on a Ray cluster ('auto', 'ray://host:port', or 'local')")
    p.add_argument("--json", metavar="FILE", help="write every figure as JSON (- for stdout)")
    p.add_argument("--html", metavar="FILE", help="write a report with plots (needs matplotlib)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _tune_parser(sub, common) -> None:
    p = sub.add_parser("tune", help="search module parameters for the values that bring a "
                                    "figure of self-play to a target (pip install '.[tune]')")
    p.add_argument("--param", action="append", default=[], metavar="MODULE.NAME[=LOW..HIGH]",
                   help="a parameter to search, within its declared min/max or LOW..HIGH "
                        "(LOW..HIGH:STEP for a real one); repeatable (default: every parameter "
                        "of the --module packs)")
    p.add_argument("--figure", default="seat:0", metavar="FIGURE",
                   help="seat:S (seat S's win rate minus an equal share), kind:K (the win rate "
                        "of the seats of kind K, a solo mode's automata), holder:CARD (the "
                        "holder's win rate against the same seeds without CARD), swap:CARD:REF "
                        "(the same, against the same seeds with REF in CARD's place) "
                        "(default seat:0)")
    p.add_argument("--target", type=float, default=0.0,
                   help="the value the figure should reach (default 0; a win rate is 0 to 1)")
    p.add_argument("--prestige", nargs="?", const=True, default=False, metavar="SOURCE",
                   help="measure a card's holders by final prestige instead of win rate, or by "
                        "the prestige from one score source (play: gained during the rounds; "
                        "a final-scoring step)")
    p.add_argument("--games", type=_positive, default=100,
                   help="games each candidate plays, the same seeds for all (default 100)")
    p.add_argument("--budget", type=_positive, default=None,
                   help="games in all, the paired runs counted (default: 12 candidates' worth)")
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
    bot_arguments(p, default=None)  # the default judge, read when the command runs
    _runs_arguments(p)
    common(p)
    p.set_defaults(run="tune_command:cmd_tune")


def _report_parser(sub, common) -> None:
    p = sub.add_parser("report", help="one page on a module combination from self-play: "
                                      "length, branching, seat advantage, decisiveness, skill")
    p.add_argument("--games", type=_positive, default=100, help="self-play games (default 100)")
    p.add_argument("--players", type=_player_count, default=4, help="players, 2 to 5")
    bot_arguments(p, default=None)  # the default judge, read when the command runs
    p.add_argument("--search", default="mcts:8", type=_bots, metavar="BOT",
                   help="the search bot the judge is measured against (default mcts:8)")
    p.add_argument("--skill-games", type=_whole, default=None, metavar="N",
                   help="games of each skill match (default: a quarter of --games; 0 skips)")
    p.add_argument("--against", metavar="COMBINATION",
                   help="a second combination, side by side with differences, in the same "
                        "options as quoted text: \"--with jewelry_box\"")
    _runs_arguments(p)
    common(p)
    p.set_defaults(run="report_command:cmd_report")


def _bench_parser(sub) -> None:
    p = sub.add_parser("bench", help="measure the engine: effects, games, loading, saves")
    p.add_argument("--json", metavar="FILE", help="write the figures as JSON (- for stdout)")
    p.add_argument("--quick", action="store_true", help="fewer runs and games: rougher figures")
    p.add_argument("--baseline", metavar="REF",
                   help="instead, time another version side by side with this one: a git "
                        "commit, branch or tag of this repository, or a checkout's folder")
    p.add_argument("--repeats", type=_positive, default=3, metavar="N",
                   help="with --baseline: rounds of each version, alternating; the best is "
                        "kept (default 3)")
    p.set_defaults(run="bench:cmd_bench")


def _serve_parser(sub, common) -> None:
    from ..sim.bots import BOTS  # the bots' names (the module imports no engine)

    p = sub.add_parser("serve", help="the game in a browser: watch bots, replay a save, play "
                                     "seats against bots (pip install -e '.[web]')")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 "
                        "lets other machines open the table)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--bots", choices=sorted(BOTS), default="greedy",
                   help="the bots for the seats nobody plays (default greedy)")
    p.add_argument("--delay", type=float, default=0.6,
                   help="seconds between two bot moves, to follow them (default 0.6)")
    p.add_argument("--players", type=_player_count, default=None,
                   help="start a game at once with this many players (its address is printed)")
    p.add_argument("--humans", type=int, default=0,
                   help="with --players: seats 0..K-1 played in the browser (0 watches bots)")
    p.add_argument("--seed", type=SEEDS, default=None, help="with --players: the game's seed")
    p.add_argument("--replay", metavar="FILE", help="open a save to replay step by step")
    p.add_argument("--saves", metavar="DIR", default="rococo-games",
                   help="keep every game in this folder as it goes and resume the games "
                        "there when the server starts (default rococo-games; '' keeps none)")
    common(p)
    p.set_defaults(run="serve:cmd_serve")


def _test_parser(sub) -> None:
    p = sub.add_parser("test", help="run scenario files (rulebook examples as data)",
                       description="Run scenario files: a position, a rule run on it and the "
                                   "expected results. With no PATH, the built-in scenarios.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="scenario files or folders")
    p.add_argument("-v", "--verbose", action="store_true", help="list passing scenarios too")
    p.set_defaults(run="scenarios:cmd_test")


def _lsp_main(args) -> int:
    try:
        from ..editor.lsp import main as lsp_main  # pygls is an optional extra
    except ImportError:
        print("error: the language server needs pygls: pip install -e '.[lsp]'", file=sys.stderr)
        return 1
    return lsp_main()


def command(run: str):
    """The function of a command, `module:function` in this package, imported now."""
    module, _, function = run.partition(":")
    return getattr(importlib.import_module(f"{__package__}.{module}"), function)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run = command(args.run)
    from ..core.errors import CorruptSaveError, RulesError  # loaded by every command by now

    try:
        return run(args)
    except RulesError as exc:
        from .common import print_errors

        print_errors(exc)
        return 1
    except CorruptSaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
