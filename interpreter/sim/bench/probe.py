"""One round of `rococo bench --baseline`: run as a script in a fresh interpreter whose path
starts at the checkout being measured, so the same measuring code times any version.

It uses only the public API every version has (`load_ruleset`, `Game`, `make_bot`,
`play_out`), and the checkout's own `rococo bench` for the compiled-effects ratio where it has
one. Every time is processor time (`time.process_time`), not wall-clock, so other work on the
machine counts less. Prints one line of JSON. Never imported by the engine; `rococo bench`
imports `bot_rate` from here so that both measure each bot the same way.
"""
import importlib
import json
import random
import statistics
import sys
import time


def _cpu_us(fn, runs):
    """The median processor time of `fn`, in microseconds."""
    times = []
    for _ in range(runs):
        start = time.process_time_ns()
        fn()
        times.append(time.process_time_ns() - start)
    return statistics.median(times) / 1000


def clone_and_drop_us(game, runs):
    """The median processor time, in microseconds, of copying `game` and of dropping the copy
    (freeing it: its waiting step is ended and its state let go), timed apart so that each
    figure is what it says. A version that leaked dropped games shows dropping as free."""
    made, dropped = [], []
    for _ in range(runs):
        start = time.process_time_ns()
        copy = game.clone()
        made.append(time.process_time_ns() - start)
        start = time.process_time_ns()
        del copy
        dropped.append(time.process_time_ns() - start)
    return statistics.median(made) / 1000, statistics.median(dropped) / 1000


def _play_to(api, rules, players, seed, decisions, bots="greedy"):
    game = api.Game.new(rules, players=players, seed=seed)
    seats = [api.make_bot(bots, seed * 31 + s) for s in range(players)]
    for _ in range(decisions):
        if game.is_over():
            break
        d = game.decision()
        game.apply(seats[d.seat].choose(game, d))
    return game


def _games(api, rules, bots, games):
    """Complete games played out by bots with the version's own `interpreter.play_out` (every
    version has it: `apply` in a loop in the older ones, `Game.play_out` since)."""
    decisions = 0
    start = time.process_time()
    for seed in range(1, games + 1):
        game = api.Game.new(rules, players=4, seed=seed)
        seats = [api.make_bot(bots, seed * 31 + s) for s in range(4)]
        api.play_out(game, seats)
        decisions += len(game.history)
    seconds = time.process_time() - start
    return {"games": games, "decisions": decisions, "cpu_s": seconds,
            "games_per_s": games / seconds, "decisions_per_s": decisions / seconds}


# each bot's decisions per second: how many of its answers are timed (`bot_decisions` in sizes)
BOT_DECISIONS = {"random": 2000, "greedy": 2000, "value": 60, "mcts:8": 60, "mcts:100": 20}


def bot_rate(api, rules, spec, decisions, players=4, seed=1):
    """The decisions per second of bot `spec` in seat 0 of `players`-player games against
    greedy (seeds seed, seed+1, ...) over its first `decisions` answers, every one counted as
    `rococo simulate` counts them (a single option too), over the processor time it spent
    choosing; None when the version has no such bot."""
    try:
        bot = api.make_bot(spec, seed * 31)
    except ValueError:
        return None
    answered, spent = 0, 0.0
    while answered < decisions:
        game = api.Game.new(rules, players=players, seed=seed)
        others = [api.make_bot("greedy", seed * 31 + s) for s in range(players)]
        while not game.is_over() and answered < decisions:
            d = game.decision()
            if d.seat == 0:
                start = time.process_time()
                option = bot.choose(game, d)
                spent += time.process_time() - start
                answered += 1
            else:
                option = others[d.seat].choose(game, d)
            game.apply(option)
        seed += 1
    return {"bot": spec, "players": players, "decisions": answered, "cpu_s": spent,
            "decisions_per_s": answered / spent if spent > 0 else None}


class _Quiet:
    """A progress display that shows nothing (the checkout's benchmark reports to one)."""

    def add_task(self, *args, **kwargs):
        return 0

    def advance(self, *args, **kwargs):
        pass


def _median_ratio(rules, runs):
    """The checkout's own compiled-effects ratio (`rococo bench`'s median_ratio), if it has a
    benchmark of that shape; None otherwise."""
    for name in ("interpreter.sim.bench.runner", "interpreter.bench.runner"):
        try:
            runner = importlib.import_module(name)
        except ImportError:
            continue
        section = getattr(runner, "effects_section", None)
        sizes = getattr(runner, "Sizes", None)
        if section is None or sizes is None:
            return None
        return section(rules, sizes(effect_runs=runs), _Quiet())["median_ratio"]
    return None


def env_steps(players=4, games=6, first_seed=1):
    """Steps per second of the version's one-seat Gymnasium environment (interpreter.env.single,
    the `rl` extra) at `players` players against its own random bots, the seat answering
    uniformly among the legal actions of the mask; None without the environment.

    The driving loop costs what a researcher's would, no more: the legal actions are read
    from the int8 mask viewed as bool (numpy's `nonzero` walks an int8 array an element at a
    time, about 5 µs for 1,255 entries; a bool array in bulk, under 1 µs) and the choice is
    Python's `random` (numpy's `Generator.integers` costs about 2 µs a call)."""
    try:
        single = importlib.import_module("interpreter.env.single")
        np = importlib.import_module("numpy")
    except ImportError:
        return None
    env = single.RococoSeatEnv(players=players)
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            observation, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    seconds = time.process_time() - start
    engine = engine_steps(env.env.rules, players, games, first_seed)
    return {"players": players, "games": games, "steps": steps, "cpu_s": seconds,
            "steps_per_s": steps / seconds, "engine_steps_per_s": engine}


def engine_steps(rules, players=4, games=6, first_seed=1):
    """The ceiling of env_steps: seat 0's decisions per second when the engine alone plays
    the same kind of games (every seat answered uniformly at random by index, nothing
    encoded), so a step's time splits into the engine's and the environment's."""
    engine = importlib.import_module("interpreter.core.engine")
    decisions = importlib.import_module("interpreter.core.decisions")
    # how many options a decision has, without making them (an older version: its options)
    count = len if hasattr(decisions.Decision, "__len__") else (lambda d: len(d.options))
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = engine.Game.new(rules, players=players, seed=seed)
        decision = game.decision()
        while decision is not None:
            steps += decision.seat == 0
            game.apply_index(rng.randrange(count(decision)))
            decision = game.decision()
    return steps / (time.process_time() - start)


def _core_form(api):
    """Which form of the hot path the checkout ran: compiled or Python (interpreter/_core.py),
    and why; a version from before the compiled core ran Python."""
    core = getattr(api, "_core", None)
    return core.FORM.label if core is not None else "Python (no compiled core in this version)"


def main(sizes):
    start = time.process_time()
    import interpreter as api
    imported = time.process_time()
    rules = api.load_ruleset()
    loaded = time.process_time()
    early = _play_to(api, rules, 4, 1, 10)
    mid = _play_to(api, rules, 4, 1, 200)
    early_text = early.to_json()
    clone_us, drop_us = clone_and_drop_us(mid, sizes["save_runs"])
    figures = {
        "import_ms": (imported - start) * 1000,
        "load_ms": (loaded - imported) * 1000,
        "random_4p": _games(api, rules, "random", sizes["games"]),
        "greedy_4p": _games(api, rules, "greedy", sizes["games"]),
        "from_json_decision_10_us": _cpu_us(lambda: api.Game.from_json(rules, early_text),
                                            sizes["save_runs"]),
        "clone_us": clone_us,
        "drop_us": drop_us,
        "to_json_us": _cpu_us(mid.to_json, sizes["save_runs"]),
        "median_ratio": _median_ratio(rules, sizes["effect_runs"]),
        "bots": {spec: bot_rate(api, rules, spec, count)
                 for spec, count in sizes.get("bot_decisions", BOT_DECISIONS).items()},
        "env_4p": env_steps(4, sizes["games"]),
        "core": _core_form(api),
    }
    print(json.dumps(figures))


def own_files_only():
    """Leave out the finder an editable install (`pip install -e .`) adds: it maps every
    `interpreter.*` module to that install's checkout, so a module the measured version lacks
    would be taken from another version. Without it, the version's own files are all there is."""
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if not str(getattr(finder, "__module__", "")).startswith("__editable__")]


if __name__ == "__main__":
    own_files_only()
    main(json.loads(sys.argv[1]))
