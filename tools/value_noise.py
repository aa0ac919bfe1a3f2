"""How noisy are the value bot's choices, and how much do K dealt worlds per option help?

    nice -n 19 python tools/value_noise.py --solo du_barry --questions 20 --worlds 24

Greedy plays one game (seed 1); at every third question of seat 0 with a choice a position is
kept, and `--questions` of them, spread over the game, are asked again. Each option of each is
valued in `--worlds` independent dealt worlds (one-world value bots, seeds 1, 2, ...: each its
own world and rollout luck). The mean over all of them is taken as each option's true value; a
choice made from K of the worlds (disjoint groups) loses, against the best option, the
prestige printed for that K. docs/judge.md (Less noise) gives what it printed."""
from __future__ import annotations

import argparse
import statistics
import sys

from interpreter import Game, load_ruleset, make_bot
from interpreter.sim.bots import GreedyBot
from interpreter.sim.judge.value import ValueBot


def positions(rules, solo: bool, questions: int) -> list:
    """Copies of greedy's game (seed 1) at `questions` of seat 0's questions with a choice."""
    game = Game.new(rules, seed=1) if solo else Game.new(rules, players=4, seed=1)
    bots = [make_bot("greedy", 1 + s) for s in range(len(game.state["players"]))]
    kept = []
    while (d := game.decision()) is not None:
        if d.seat == 0 and len(d.values) > 1 and len(game.history) % 3 == 0:
            kept.append(game.clone())
        game.apply(bots[d.seat].choose(game, d))
    return kept[::max(1, len(kept) // questions)][:questions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solo", help="a solo mode (du_barry, masques); else 4 players")
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=24)
    args = parser.parse_args(argv)
    rules = load_ruleset(expansions=[args.solo] if args.solo else [])
    lost: dict[int, list[float]] = {k: [] for k in (1, 2, 4, 8) if k <= args.worlds}
    gaps, spreads = [], []
    asked = positions(rules, bool(args.solo), args.questions)
    for game in asked:
        d = game.decision()
        seen = [ValueBot(s, rollout=GreedyBot(s ^ 0x5EED)).rank(game, d)
                for s in range(1, args.worlds + 1)]
        options = range(len(d.values))
        true = [statistics.fmean(v[i] for v in seen) for i in options]
        first, second = sorted(options, key=lambda i: -true[i])[:2]
        gaps.append(true[first] - true[second])
        spreads.append(statistics.stdev(v[first] - v[second] for v in seen))
        for k, out in lost.items():
            for g in range(args.worlds // k):
                group = seen[g * k:(g + 1) * k]
                chosen = max(options, key=lambda i: (sum(v[i] for v in group), -i))
                out.append(true[first] - true[chosen])
    print(f"{len(asked)} questions, each option in {args.worlds} dealt worlds")
    for k, out in lost.items():
        print(f"  K={k}: {statistics.fmean(out):.2f} prestige lost per decision, best option "
              f"chosen {sum(x == 0 for x in out) / len(out):.0%}")
    print(f"  the two best options: {statistics.median(gaps):.2f} apart (median; mean "
          f"{statistics.fmean(gaps):.2f}); their difference in one world has a standard "
          f"deviation of {statistics.median(spreads):.2f} (median; mean "
          f"{statistics.fmean(spreads):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
