"""Train one seat with sb3-contrib's MaskablePPO: first against random bots, then against greedy
ones, one network for 2-, 3- and 4-player games and games with the Jewelry Box (the universal
catalogue gives them all the same shapes).

    pip install -e '.[train]'
    python examples/train/maskable_ppo.py --random-steps 200000 --greedy-steps 100000 \\
        --out examples/train/run

writes `run/curve.png` (the win share of the training games, smoothed, against steps),
`run/report.json` (win rates after each stage with their 95% intervals, wall time) and
`run/model.zip`. `tests/test_train_example.py` runs a few hundred steps of the same code.
"""
from __future__ import annotations

import argparse
import json
import math
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

# The games one policy trains on: (players, expansions).
TABLES = ((2, ()), (3, ()), (4, ()), (2, ("jewelry_box",)))


class VectorOnly(gym.ObservationWrapper):
    """The flat observation without the mask (MaskablePPO reads masks from `action_masks`)."""

    def __init__(self, env: RococoSeatEnv):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]


def make_env(players: int, expansions, opponents: str, seed: int):
    """One training game: our seat is a random one of the table, the others `opponents`."""
    def build():
        bots = None if opponents == "random" else \
            (lambda seat, s: make_bot(opponents, s))
        env = RococoSeatEnv(players=players, seat=seed % players, expansions=expansions,
                            opponents=bots)
        env.reset(seed=seed)
        return ActionMasker(VectorOnly(env), lambda e: e.unwrapped.action_masks())
    return build


def vec_env(opponents: str, seed: int) -> DummyVecEnv:
    return DummyVecEnv([make_env(p, x, opponents, seed + i) for i, (p, x) in enumerate(TABLES)])


class WinLog(BaseCallback):
    """Each finished training game: the step it ended at, the table, the seat's win share."""

    def __init__(self, stage: str, verbose: int = 0):
        super().__init__(verbose)
        self.stage, self.games = stage, []

    def _on_step(self) -> bool:
        for i, done in enumerate(self.locals["dones"]):
            if done:
                self.games.append((self.num_timesteps, i,  # the model's steps, all stages
                                   float(self.locals["rewards"][i]), self.stage))
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


def train(random_steps: int, greedy_steps: int, eval_games: int, out: Path | None,
          seed: int = 0, verbose: int = 0, n_steps: int = 512, batch_size: int = 256) -> dict:
    """Both stages, the evaluations after each, and (with `out`) the curve and the model."""
    torch.set_num_threads(1)  # one core: the figures are per core, and the machine is shared
    started = time.perf_counter()
    model = MaskablePPO("MlpPolicy", vec_env("random", seed), n_steps=n_steps,
                        batch_size=batch_size, learning_rate=3e-4, gamma=0.999,
                        ent_coef=0.01, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": [256, 256]})
    logs, report = [], {"stages": []}
    for stage, steps, opponents in (("random", random_steps, "random"),
                                    ("greedy", greedy_steps, "greedy")):
        if steps <= 0:
            continue
        model.set_env(vec_env(opponents, seed + 1000 * len(logs)))
        log = WinLog(stage, verbose)
        model.learn(steps, callback=log, reset_num_timesteps=False)
        logs += log.games
        evaluations = [evaluate(model, p, x, o, eval_games, 10_000 + 97 * p)
                       for p, x in TABLES for o in ("random", "greedy")]
        report["stages"].append({"stage": stage, "steps": model.num_timesteps,
                                 "wall_s": round(time.perf_counter() - started, 1),
                                 "evaluations": evaluations})
    report["wall_s"] = round(time.perf_counter() - started, 1)
    report["training_games"] = len(logs)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        model.save(out / "model.zip")
        (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
        (out / "games.json").write_text(json.dumps(logs) + "\n")
        plot(logs, out / "curve.png")
    return report


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
    switch = [t for t, _, _, stage in games if stage == "greedy"]
    if switch:
        ax.axvline(switch[0], color="grey", linestyle="--", linewidth=0.8)
        ax.text(switch[0], 0.02, " greedy bots from here", color="grey")
    ax.set_xlabel("training steps (all tables)")
    ax.set_ylabel(f"win share, moving average of {window} games")
    ax.set_ylim(0, 1)
    ax.set_title("MaskablePPO, one seat: random bots, then greedy (dotted: chance)")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random-steps", type=int, default=200_000)
    parser.add_argument("--greedy-steps", type=int, default=100_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/train/run"))
    args = parser.parse_args()
    report = train(args.random_steps, args.greedy_steps, args.eval_games, args.out, args.seed,
                   verbose=1)
    for stage in report["stages"]:
        for e in stage["evaluations"]:
            low, high = e["interval95"]
            print(f"after {stage['steps']} steps ({stage['stage']}): {e['players']}p "
                  f"{'+'.join(e['expansions']) or 'base'} vs {e['opponents']}: "
                  f"{e['win_rate']:.3f} [{low:.3f}, {high:.3f}] (chance {e['chance']:.3f})")
    print(f"wall time {report['wall_s']} s")


if __name__ == "__main__":
    main()
