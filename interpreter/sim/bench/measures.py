"""The other figures: games per second, loading the rules in a fresh process, saves and clones."""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from ...core.engine import Game
from ..bots import make_bot
from .positions import play_to
from .probe import clone_and_drop_us

# Run in a fresh interpreter: imports first, then the load that is measured.
LOAD_SCRIPT = """
import json, time
t0 = time.perf_counter()
from interpreter import load_ruleset
t1 = time.perf_counter()
load_ruleset()
t2 = time.perf_counter()
print(json.dumps({"import_ms": (t1 - t0) * 1000, "load_ms": (t2 - t1) * 1000}))
"""


def play_games(rules, players: int, bots: str, games: int, first_seed: int = 1) -> dict:
    """Complete games with seeds first_seed, first_seed+1, ...; bots are seeded per seat."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = Game.new(rules, players=players, seed=seed)
        seats = [make_bot(bots, seed * 31 + s) for s in range(players)]
        game.play_out(seats)  # as apply in a loop, answered inside the running step
        decisions += len(game.history)
    seconds = time.perf_counter() - start
    return {"players": players, "bots": bots, "games": games, "decisions": decisions,
            "seconds": round(seconds, 4), "games_per_s": round(games / seconds, 2),
            "decisions_per_s": round(decisions / seconds, 1)}


def load_times(runs: int) -> list[dict]:
    """Import and load times of the built-in rules, each in a new process."""
    out = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", LOAD_SCRIPT], capture_output=True,
                                text=True, check=True)
        out.append(json.loads(result.stdout.strip().splitlines()[-1]))
    return out


def _median_us(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return round(statistics.median(times) / 1000, 1)


def save_figures(rules, runs: int, mid_decision: int = 200) -> dict:
    """Size of a mid-game save; to_json, clone and dropping a clone at that point; from_json at
    decision 10 and at the end of the same game (4 players, greedy bots, seed 1)."""
    mid = play_to(rules, 4, 1, mid_decision)
    early = play_to(rules, 4, 1, 10)
    end = play_to(rules, 4, 1, 10 ** 6)
    mid_text, early_text, end_text = mid.to_json(), early.to_json(), end.to_json()
    clone_us, drop_us = clone_and_drop_us(mid, runs)
    return {
        "game": "4 players, greedy bots, seed 1",
        "mid_decision": mid_decision,
        "bytes": len(mid_text.encode("utf-8")),
        "end_bytes": len(end_text.encode("utf-8")),
        "to_json_us": _median_us(mid.to_json, runs),
        "clone_us": round(clone_us, 1),
        "drop_us": round(drop_us, 1),
        "from_json_decision_10_us": _median_us(lambda: Game.from_json(rules, early_text), runs),
        "from_json_end_us": _median_us(lambda: Game.from_json(rules, end_text),
                                       max(3, runs // 10)),
    }
