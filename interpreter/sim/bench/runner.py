"""Run every measure of `rococo bench` and gather the figures as one JSON-ready dict."""
from __future__ import annotations

import datetime
import platform
import statistics
import sys
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from ..._core import FORM
from ...core.engine import Game
from ..bots import make_bot
from . import effects as fx
from .measures import load_times, play_games, save_figures
from .positions import CHECK_POSITIONS, TIMING_POSITION, play_to, richest_seat
from .probe import BOT_DECISIONS, bot_rate

PLAYER_COUNTS = (2, 4, 5)
BOT_NAMES = ("random", "greedy")


@dataclass(frozen=True)
class Sizes:
    """How much to measure: more runs give steadier figures and take longer."""

    effect_runs: int = 300
    games: int = 20
    load_runs: int = 5
    save_runs: int = 200
    # each bot's answers timed for its decisions per second
    bot_decisions: dict[str, int] = field(default_factory=lambda: dict(BOT_DECISIONS))


FULL = Sizes()
QUICK = Sizes(effect_runs=60, games=4, load_runs=3, save_runs=30,
              bot_decisions={"random": 300, "greedy": 300, "value": 10, "mcts:8": 10,
                             "mcts:100": 4})


class _NoProgress:
    def add_task(self, *args, **kwargs):
        return 0

    def advance(self, *args, **kwargs):
        pass


def run_bench(rules, sizes: Sizes = FULL, progress=None) -> dict:
    """All four sections; `progress` is a rich Progress (or None) to report on."""
    progress = progress or _NoProgress()
    return {
        "meta": {"python": platform.python_version(), "machine": platform.machine(),
                 "platform": sys.platform, "sizes": sizes.__dict__, "core": FORM.label,
                 "date": datetime.datetime.now(datetime.UTC).isoformat(
                     timespec="seconds")},
        "effects": effects_section(rules, sizes, progress),
        "games": games_section(rules, sizes, progress),
        "bots": bots_section(rules, sizes, progress),
        **load_section(sizes, progress),
        "save": save_section(rules, sizes, progress),
    }


def effects_section(rules, sizes: Sizes, progress) -> dict:
    check_games = [play_to(rules, *p) for p in CHECK_POSITIONS]
    pure, excluded = fx.classify(rules, check_games)
    game = play_to(rules, *TIMING_POSITION)
    seat = richest_seat(game)
    side = rules.side_for(len(game.state["players"]))
    task = progress.add_task("effects", total=len(pure))
    empty = fx.compiled_run(fx.empty_effect(rules), seat)
    items: list[dict[str, Any]] = []
    floors: list[tuple[float, float, float]] = []
    for rule_id, effect in pure:
        # the empty effect and an empty function take turns with each pair too, so the fixed
        # cost of running an effect is known under the same load
        compiled, reference, floor, nothing = fx.time_runs(
            game, (fx.compiled_run(effect, seat), fx.reference_run(rule_id, seat, side), empty,
                   fx.nothing), sizes.effect_runs)
        items.append({"id": rule_id, "effect": effect.source, "compiled_us": round(compiled, 2),
                      "reference_us": round(reference, 2),
                      "ratio": round(compiled / reference, 2)})
        floors.append((floor, nothing, (compiled - floor) / max(reference - nothing, 0.01)))
        progress.advance(task)
    players, seed, decisions = TIMING_POSITION
    return {"position": {"players": players, "seed": seed, "decisions": decisions,
                         "bots": "greedy", "seat": seat},
            "runs": sizes.effect_runs, "items": items, "excluded": excluded,
            "median_ratio": round(statistics.median(i["ratio"] for i in items), 2),
            # diagnostics: the fixed cost of running any effect, and the ratio less it
            "empty_effect_us": round(statistics.median(f[0] for f in floors), 2),
            "empty_function_us": round(statistics.median(f[1] for f in floors), 2),
            "median_ratio_less_fixed_cost": round(statistics.median(f[2] for f in floors), 2)}


def games_section(rules, sizes: Sizes, progress) -> list[dict]:
    task = progress.add_task("games", total=len(PLAYER_COUNTS) * len(BOT_NAMES))
    rows = []
    for bots in BOT_NAMES:
        for players in PLAYER_COUNTS:
            rows.append(play_games(rules, players, bots, sizes.games))
            progress.advance(task)
    return rows


def bots_section(rules, sizes: Sizes, progress) -> list[dict]:
    """Each bot's decisions per second in seat 0 of 4-player games against greedy (the bots
    this version has)."""
    task = progress.add_task("bots", total=len(sizes.bot_decisions))
    api = SimpleNamespace(Game=Game, make_bot=make_bot)
    rows = []
    for spec, count in sizes.bot_decisions.items():
        rate = bot_rate(api, rules, spec, count)
        if rate is not None:
            rows.append(rate)
        progress.advance(task)
    return rows


def load_section(sizes: Sizes, progress) -> dict:
    task = progress.add_task("loading in fresh processes", total=1)
    runs = load_times(sizes.load_runs)
    progress.advance(task)
    return {"load_ms": round(statistics.median(r["load_ms"] for r in runs), 1),
            "import_ms": round(statistics.median(r["import_ms"] for r in runs), 1),
            "load_runs": [{k: round(v, 1) for k, v in r.items()} for r in runs]}


def save_section(rules, sizes: Sizes, progress) -> dict:
    task = progress.add_task("saves", total=1)
    figures = save_figures(rules, sizes.save_runs)
    progress.advance(task)
    return figures
