"""Calibrate a judge (issue 30, item 4): does it order the planted cards of examples/calibration
as they were built, and how many games does it need to tell a +2 prestige card from a neutral one?

    nice -n 10 python tools/calibrate_judge.py --bots value --games 200 --workers 2
    python tools/calibrate_judge.py --bots greedy --games 200 --paired-games 40

Three measurements, all with `rococo balance`'s own code:

- the order: one balance run of the pack (four players, the Jewelry Box), each planted card's
  holders against its non-holders in prestige (seat-adjusted), and the Spearman correlation of
  that with the known order (examples/calibration/known_order.json); and, from the same rows,
  the games that would tell the +2 card from the neutral one (95% confidence, 80% power);
- the order again from paired runs (`--paired-order GAMES`): every planted card forked
  against its neutral twin where first held (`balance --card` for each), its holder's change in
  lead and prestige against itself, and the Spearman correlation of those with the same order;
- the paired figure: the +2 card against its neutral twin on the same seeds (`balance --card`),
  and the games that paired design needs for the same question.

docs/lab.md gives what it printed. It takes minutes with greedy and hours with a slow judge, so
it is a command, not a test; tests/test_calibration.py checks the mechanism cheaply.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "examples" / "calibration"
KNOWN = json.loads((PACK / "known_order.json").read_text(encoding="utf-8"))

from interpreter.sim import balance, calibration  # noqa: E402
from interpreter.sim.bots import DEFAULT_JUDGE  # noqa: E402


def play(bots: str, games: int, seed: int, workers: int, cards=(), compare=False) -> dict:
    """One balance report of the calibration pack (4 players, the Jewelry Box)."""
    return balance.measure([PACK], games=games, players=4, bots=bots, seed=seed,
                           cards=list(cards), compare=compare, workers=workers,
                           expansions=("jewelry_box",))


def _figure(fig: dict) -> str:
    """'+6.0 [+3.8, +8.2]'."""
    return f"{fig['mean']:+.1f} [{fig['ci'][0]:+.1f}, {fig['ci'][1]:+.1f}]"


def paired_order(data: dict, games: int, header: str) -> dict:
    """Print and return the order read from every planted card's forks against its twin."""
    rows = {p["id"]: p for p in data["paired"]}
    rho, lead = calibration.paired_agreement(data, KNOWN["rank"], "lead")
    rho_prestige, _ = calibration.paired_agreement(data, KNOWN["rank"], "prestige")
    print(header)
    for key in sorted(KNOWN["rank"], key=lambda k: KNOWN["rank"][k]):
        p = rows[key]
        figures = "never held" if lead.get(key) is None else (
            f"lead {_figure(p['holder_lead_delta'])}  "
            f"prestige {_figure(p['holder_prestige_delta'])}")
        print(f"  {key:16} known {KNOWN['rank'][key]:>4}  forks {p['games_held']:>4}  {figures}")
    print(f"Spearman with the known order: {rho:.3f} by the holder's lead, "
          f"{rho_prestige:.3f} by its prestige")
    return {"games": games, "spearman": round(rho, 3), "spearman_prestige": round(rho_prestige, 3),
            "lead": lead, "forks": {k: rows[k]["games_held"] for k in KNOWN["rank"]},
            "faults": data["faults"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default=DEFAULT_JUDGE, help="the judge (default: the default)")
    parser.add_argument("--games", type=int, default=200, help="games of the order's run")
    parser.add_argument("--paired-games", type=int, default=40,
                        help="games of the paired +2 run (0: skip it)")
    parser.add_argument("--paired-order", type=int, default=0, metavar="GAMES",
                        help="also order the cards by paired runs, each card forked against "
                             "its neutral twin where first held, on GAMES seeds (0: skip it)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args(argv)
    out: dict = {"bots": args.bots, "seed": args.seed}
    if args.games:
        started = time.perf_counter()
        data = play(args.bots, args.games, args.seed, args.workers)
        rho, strength = calibration.agreement(data, KNOWN["rank"])
        rows = {r["id"]: r for r in data["cards"]}
        print(f"order: {args.games} four-player games, {args.bots} in every seat, seed "
              f"{args.seed} ({time.perf_counter() - started:.0f} s)")
        for key in sorted(KNOWN["rank"], key=lambda k: KNOWN["rank"][k]):
            r = rows[key]
            low, high = r["prestige_ci"] or (0, 0)
            change = "never held" if strength.get(key) is None else \
                f"{r['prestige_delta']:+.1f} [{low:+.1f}, {high:+.1f}]"
            print(f"  {key:16} known {KNOWN['rank'][key]:>4}  held {r['games_with']:>4}  "
                  f"played {r['played']:>4}  prestige {change}")
        tell = calibration.games_to_tell(data, KNOWN["plus_two"], KNOWN["neutral"])
        print(f"Spearman with the known order: {rho:.3f}")
        print(f"+2 against neutral, from the table: {tell}")
        for fault in data["faults"]:  # a game left out: its seed and what stopped it
            print(f"fault, seed {fault['seed']} left out: {fault['fault']}")
        out["order"] = {"games": args.games, "spearman": round(rho, 3), "prestige": strength,
                        "games_to_tell": tell, "faults": data["faults"]}
    if args.paired_order:
        started = time.perf_counter()
        data = play(args.bots, args.paired_order, args.seed, args.workers,
                    cards=sorted(KNOWN["rank"]), compare=True)
        out["paired_order"] = paired_order(
            data, args.paired_order,
            f"paired order: {args.paired_order} four-player games, {args.bots} in every seat, "
            f"each card forked against its neutral twin where first held, seed {args.seed} "
            f"({time.perf_counter() - started:.0f} s)")
    if args.paired_games:
        started = time.perf_counter()
        data = play(args.bots, args.paired_games, args.seed, args.workers,
                    cards=[KNOWN["plus_two"]], compare=True)
        tell = calibration.paired_games_to_tell(data["paired"][0])
        if tell is not None:
            tell["verdict"] = data["paired"][0]["verdict"]
        print(f"paired: {KNOWN['plus_two']} against its neutral twin, {args.paired_games} games "
              f"({time.perf_counter() - started:.0f} s): {tell}")
        out["paired"] = tell
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
