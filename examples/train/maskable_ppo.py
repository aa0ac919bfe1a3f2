"""Train one seat with sb3-contrib's MaskablePPO on a curriculum: against random bots, then
against a mix (each other seat random or greedy, drawn per game), then against greedy bots; one
network for 2-, 3- and 4-player games and games with the Jewelry Box (the universal catalogue
gives them all the same shapes).

The reward is the seat's share of the win at the end, plus a shaped part: at every step, the
change of the seat's margin over the best other seat as if the game ended now (the ruleset's own
final scoring run on a copy, `interpreter.sim.judge.value.as_if_ended`), times `--shaping` per
prestige point. Nothing in it is about a card or a module: it is the rules' own scoring.

    pip install -e '.[train]'
    python examples/train/maskable_ppo.py --random-steps 50000 --mixed-steps 70000 \\
        --greedy-steps 130000 --out examples/train/run

writes `run/curve.png` (the win share of the training games, smoothed, against steps),
`run/report.json` (win rates after each stage with their 95% intervals, wall time) and
`run/model.zip`. `tests/test_train_example.py` runs a few hundred steps of the same code.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from interpreter import make_bot
from interpreter.env.single import RococoSeatEnv
from interpreter.sim.judge.value import as_if_ended, margin

# The games one policy trains on: (players, expansions).
TABLES = ((2, ()), (3, ()), (4, ()), (2, ("jewelry_box",)))
# The curriculum's stages, in order: each one's opponents (`mixed`: each other seat random or
# greedy, half and half, drawn per game).
STAGES = ("random", "mixed", "greedy")


class VectorOnly(gym.ObservationWrapper):
    """The flat observation without the mask (MaskablePPO reads masks from `action_masks`)."""

    def __init__(self, env: RococoSeatEnv):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]


class Shaped(gym.Wrapper):
    """Adds `per_point` times the change of the seat's margin as if the game ended now (its
    prestige after the final scoring of a copy, less the best other seat's) to each reward."""

    def __init__(self, env: RococoSeatEnv, per_point: float):
        super().__init__(env)
        self.per_point, self.before = per_point, 0.0

    def _margin(self) -> float:
        game = self.env.unwrapped.game
        return margin([float(v) for v in as_if_ended(game)], self.env.unwrapped.seat)

    def reset(self, **kwargs):
        result = self.env.reset(**kwargs)
        self.before = self._margin() if self.per_point else 0.0
        return result

    def step(self, action):
        observation, reward, done, truncated, info = self.env.step(action)
        info["win"] = reward if done else 0.0  # the unshaped reward, for the log
        if self.per_point and not info.get("illegal"):
            now = self._margin()
            reward += self.per_point * (now - self.before)
            self.before = now
        return observation, reward, done, truncated, info


def opponents_of(opponents: str):
    """The `opponents(seat, seed)` of a stage (None: the environment's random bots)."""
    if opponents == "random":
        return None
    if opponents == "mixed":
        return lambda seat, s: make_bot("greedy" if random.Random(s).random() < 0.5 else
                                        "random", s)
    return lambda seat, s: make_bot(opponents, s)


def make_env(players: int, expansions, opponents: str, seed: int, shaping: float = 0.0):
    """One training game: our seat is a random one of the table, the others `opponents`."""
    def build():
        env = RococoSeatEnv(players=players, seat=seed % players, expansions=expansions,
                            opponents=opponents_of(opponents))
        env.reset(seed=seed)
        return ActionMasker(VectorOnly(Shaped(env, shaping)),
                            lambda e: e.unwrapped.action_masks())
    return build


def vec_env(opponents: str, seed: int, shaping: float = 0.0) -> DummyVecEnv:
    return DummyVecEnv([make_env(p, x, opponents, seed + i, shaping)
                        for i, (p, x) in enumerate(TABLES)])


class WinLog(BaseCallback):
    """Each finished training game: the step it ended at, the table, the seat's win share."""

    def __init__(self, stage: str, verbose: int = 0):
        super().__init__(verbose)
        self.stage, self.games = stage, []

    def _on_step(self) -> bool:
        for i, done in enumerate(self.locals["dones"]):
            if done:
                win = self.locals["infos"][i].get("win", self.locals["rewards"][i])
                self.games.append((self.num_timesteps, i,  # the model's steps, all stages
                                   float(win), self.stage))
                if self.verbose and len(self.games) % 500 == 0:
                    recent = [r for *_, r, _ in self.games[-500:]]
                    print(f"{self.stage}: {self.num_timesteps} steps, "
                          f"{len(self.games)} games, last 500 won {np.mean(recent):.3f}",
                          flush=True)
        return True


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (a tied win counts its share)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(model, players: int, expansions, opponents: str, games: int, seed: int) -> dict:
    """The policy's win share over `games` games (deterministic actions), with its interval,
    and what a uniformly random seat would expect (1 / players)."""
    wins = 0.0
    for g in range(games):
        env = make_env(players, expansions, opponents, seed + g)()
        observation, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=get_action_masks(env),
                                      deterministic=True)
            observation, reward, done, _, _ = env.step(int(action))
        wins += reward
    low, high = wilson(wins, games)
    return {"players": players, "expansions": list(expansions), "opponents": opponents,
            "games": games, "win_rate": wins / games, "interval95": [low, high],
            "chance": 1 / players}


def train(steps: dict[str, int], eval_games: int, out: Path | None, seed: int = 0,
          verbose: int = 0, n_steps: int = 512, batch_size: int = 256, shaping: float = 0.0,
          evaluate_every_stage: bool = False) -> dict:
    """The curriculum's stages (`steps`: each stage's steps, STAGES' order), the evaluations
    after the last one (after each, with `evaluate_every_stage`), and (with `out`) the curve
    and the model."""
    torch.set_num_threads(1)  # one core: the figures are per core, and the machine is shared
    started, clock = time.perf_counter(), time.process_time()
    model = MaskablePPO("MlpPolicy", vec_env("random", seed, shaping), n_steps=n_steps,
                        batch_size=batch_size, learning_rate=3e-4, gamma=0.999,
                        ent_coef=0.01, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": [256, 256]})
    logs, report = [], {"stages": [], "shaping": shaping}
    chosen = [stage for stage in STAGES if steps.get(stage, 0) > 0]
    for stage in chosen:
        model.set_env(vec_env(stage, seed + 1000 * (1 + STAGES.index(stage)), shaping))
        log = WinLog(stage, verbose)
        model.learn(steps[stage], callback=log, reset_num_timesteps=False)
        logs += log.games
        last = stage == chosen[-1]
        evaluations = [evaluate(model, p, x, o, eval_games, 10_000 + 97 * p)
                       for p, x in TABLES for o in ("random", "greedy")] \
            if last or evaluate_every_stage else []
        report["stages"].append({"stage": stage, "steps": model.num_timesteps,
                                 "wall_s": round(time.perf_counter() - started, 1),
                                 "cpu_s": round(time.process_time() - clock, 1),
                                 "evaluations": evaluations})
        report["wall_s"] = round(time.perf_counter() - started, 1)
        report["cpu_s"] = round(time.process_time() - clock, 1)
        report["training_games"] = len(logs)
        if out is not None:  # after each stage: a long run's first stages are kept
            save(model, report, logs, out)
    return report


def save(model, report: dict, logs: list, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    model.save(out / "model.zip")
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    (out / "games.json").write_text(json.dumps(logs) + "\n")
    plot(logs, out / "curve.png")


def plot(games: list, path: Path, window: int = 50) -> None:
    """The win share of the training games, as a moving average, against steps."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i, (players, expansions) in enumerate(TABLES):
        rows = [(t, r) for t, table, r, _ in games if table == i]
        if len(rows) < 2:
            continue
        steps, rewards = np.array(rows).T
        k = min(window, len(rewards))
        smooth = np.convolve(rewards, np.ones(k) / k, mode="valid")
        label = f"{players} players" + (" + " + ", ".join(expansions) if expansions else "")
        line, = ax.plot(steps[k - 1:], smooth, label=label)
        ax.axhline(1 / players, color=line.get_color(), linestyle=":", linewidth=0.8)
    for stage in STAGES[1:]:
        switch = [t for t, _, _, s in games if s == stage]
        if switch:
            ax.axvline(switch[0], color="grey", linestyle="--", linewidth=0.8)
            ax.text(switch[0], 0.02, f" {stage} bots from here", color="grey")
    ax.set_xlabel("training steps (all tables)")
    ax.set_ylabel(f"win share, moving average of {window} games")
    ax.set_ylim(0, 1)
    ax.set_title("MaskablePPO, one seat: random, mixed, then greedy bots (dotted: chance)")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for stage, default in zip(STAGES, (50_000, 70_000, 130_000)):
        parser.add_argument(f"--{stage}-steps", type=int, default=default)
    parser.add_argument("--shaping", type=float, default=1 / 30,
                        help="reward per prestige point of margin gained (0: none)")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--every-stage", action="store_true",
                        help="evaluate after each stage, not only after the last")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/train/run"))
    args = parser.parse_args()
    steps = {stage: getattr(args, f"{stage}_steps") for stage in STAGES}
    report = train(steps, args.eval_games, args.out, args.seed, verbose=1,
                   shaping=args.shaping, evaluate_every_stage=args.every_stage)
    for stage in report["stages"]:
        for e in stage["evaluations"]:
            low, high = e["interval95"]
            print(f"after {stage['steps']} steps ({stage['stage']}): {e['players']}p "
                  f"{'+'.join(e['expansions']) or 'base'} vs {e['opponents']}: "
                  f"{e['win_rate']:.3f} [{low:.3f}, {high:.3f}] (chance {e['chance']:.3f})")
    print(f"wall time {report['wall_s']} s, processor time {report['cpu_s']} s")


if __name__ == "__main__":
    main()
