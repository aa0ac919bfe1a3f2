"""`rococo bench --baseline REF`: this tree and another version timed side by side in one run.

Each version runs in fresh interpreters whose import path starts at its own checkout (a folder,
or a git commit unpacked with `git archive` into a temporary folder), with the same measuring
script (probe.py) and the same Python. The rounds alternate between the two versions, so both
see the same load on the machine; every figure is processor time, and the best of the rounds
is kept (the least disturbed one), the compiled-effects ratio excepted: its median.
"""
from __future__ import annotations

import functools
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import probe

HERE = Path(__file__).resolve().parents[3]  # the checkout this module belongs to
DEFAULT_ENTRY = "interpreter.cli.main:main"


class BenchError(Exception):
    """A baseline that cannot be found or run: the message says why."""


@dataclass(frozen=True)
class Checkout:
    """One version to measure: where its files are, and how the user named it."""

    label: str
    root: Path
    name: str


@dataclass(frozen=True)
class Figure:
    """A figure of the comparison: its key in a probe's output, and which way is better."""

    key: str
    title: str
    unit: str
    higher_is_better: bool
    pick: Callable[[dict], float | None]


def _bot_rate(figures: dict, spec: str) -> float | None:
    """A bot's decisions per second in a probe's figures (None: not measured, or no such bot
    in that version)."""
    rate = (figures.get("bots") or {}).get(spec)
    return None if rate is None else rate["decisions_per_s"]


FIGURES = (
    Figure("random_4p", "4-player games/s, random bots", "games/s", True,
           lambda r: r["random_4p"]["games_per_s"]),
    Figure("greedy_4p", "4-player games/s, greedy bots", "games/s", True,
           lambda r: r["greedy_4p"]["games_per_s"]),
    *(Figure(f"bot_{spec}", f"{spec} in seat 0 of 4-player games", "decisions/s", True,
             functools.partial(_bot_rate, spec=spec)) for spec in probe.BOT_DECISIONS),
    Figure("env_4p", "one-seat env steps/s, 4 players, random", "steps/s", True,
           lambda r: (r.get("env_4p") or {}).get("steps_per_s")),
    Figure("env_4p_engine", "its ceiling: the engine alone, seat 0's decisions/s", "steps/s",
           True, lambda r: (r.get("env_4p") or {}).get("engine_steps_per_s")),
    Figure("median_ratio", "median_ratio (compiled effects / hand-written)", "", False,
           lambda r: r["median_ratio"]),
    Figure("from_json_decision_10_us", "from_json at decision 10", "µs", False,
           lambda r: r["from_json_decision_10_us"]),
    Figure("clone_us", "clone at decision 200", "µs", False, lambda r: r["clone_us"]),
    Figure("drop_us", "dropping that clone (freed)", "µs", False, lambda r: r.get("drop_us")),
    Figure("to_json_us", "to_json at decision 200", "µs", False, lambda r: r["to_json_us"]),
    Figure("help_ms", "rococo --help", "ms CPU", False, lambda r: r["help_ms"]),
    Figure("validate_ms", "rococo validate", "ms CPU", False, lambda r: r["validate_ms"]),
    # the imports and the load together: a version that defers imports pays them in the load
    Figure("load_ms", "import interpreter, then load_ruleset()", "ms CPU", False,
           lambda r: r["import_ms"] + r["load_ms"]),
)


def _git(args: list[str], cwd: Path, binary: bool = False):
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=True,
                              text=not binary).stdout
    except FileNotFoundError:
        raise BenchError("git is not installed: give --baseline a folder instead") from None
    except subprocess.CalledProcessError as exc:
        err = exc.stderr.decode(errors="replace") if binary else exc.stderr
        raise BenchError(err.strip().splitlines()[-1] if err.strip() else str(exc)) from None


def baseline(ref: str, folder: Path) -> Checkout:
    """The version `ref` names: a checkout's folder as it is, or a git commit of this tree's
    repository unpacked under `folder`. BenchError says why neither."""
    path = Path(ref)
    if path.is_dir():
        if not (path / "interpreter" / "__init__.py").is_file():
            raise BenchError(f"--baseline {ref}: the folder has no interpreter/ package, so it "
                             f"is not a checkout of this project")
        return Checkout("baseline", path.resolve(), ref)
    if not (HERE / ".git").exists():
        raise BenchError(f"--baseline {ref}: not a folder, and {HERE} is not a git checkout "
                         f"to find a commit in")
    try:
        commit = _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], HERE).strip()
    except BenchError:
        raise BenchError(f"--baseline {ref}: neither a folder nor a commit of the repository "
                         f"at {HERE}") from None
    archive = _git(["archive", "--format=tar", commit], HERE, binary=True)
    root = folder / commit[:12]
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(root, filter="data")
        else:  # Python before 3.11.4: the archive is git's own, of a commit of this repository
            tar.extractall(root)
    return Checkout("baseline", root, f"{ref} ({commit[:12]})")


def _entry(root: Path) -> str:
    """`module:function` of the checkout's `rococo` command, from its pyproject.toml."""
    try:
        data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
        return data["project"]["scripts"]["rococo"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return DEFAULT_ENTRY


# Each version's modules are read as an installed package has them: compiled to bytecode once
# (by the warm-up, `_warm`), then read from it, in a folder of their own outside the checkouts.
# Without it (PYTHONDONTWRITEBYTECODE set), every round would compile every source again and
# "import, then load" would time Python's compiler rather than the version.
PYCACHE = os.path.join(tempfile.gettempdir(), "rococo-bench-pycache")
# the first lines of every measuring script: as probe.own_files_only, without importing it
OWN_FILES = ("import sys\nsys.meta_path[:] = [f for f in sys.meta_path if not str(getattr("
             "f, '__module__', '')).startswith('__editable__')]\n")
WARM_UP = OWN_FILES + "import interpreter\ninterpreter.load_ruleset()"


def _environment(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    return env


def _warm(checkout: Checkout) -> None:
    """Import the version and load its rules once, unmeasured: its bytecode is written, and
    whatever it keeps between processes (a cache of parsed rules) is kept, as after the first
    use of an installed package."""
    _child_cpu_ms(["-c", WARM_UP], checkout.root)


def _child_cpu_ms(args: list[str], root: Path) -> float:
    """Run a fresh interpreter in `root`; its processor time in ms."""
    before = _children_cpu()
    result = subprocess.run([sys.executable, *args], cwd=root, env=_environment(root),
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = (result.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BenchError(f"measuring {root} failed: {tail}")
    return (_children_cpu() - before) * 1000


def _command_ms(root: Path, argv: list[str]) -> float:
    module, _, function = _entry(root).partition(":")
    code = (f"{OWN_FILES}from {module} import {function} as main\nsys.argv = ['rococo', "
            f"*{argv!r}]\ntry:\n    sys.exit(main())\nexcept SystemExit as exc:\n"
            f"    sys.exit(0 if exc.code in (0, None) else exc.code)")
    return _child_cpu_ms(["-c", code], root)


def one_round(checkout: Checkout, sizes: dict) -> dict:
    """Every figure of one version, each in a fresh interpreter."""
    source = Path(probe.__file__).read_text(encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", source, json.dumps(sizes)],
                            cwd=checkout.root, env=_environment(checkout.root),
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = (result.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BenchError(f"measuring {checkout.name} failed: {tail}")
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    figures["help_ms"] = _command_ms(checkout.root, ["--help"])
    figures["validate_ms"] = _command_ms(checkout.root, ["validate"])
    return figures


def best(figure: Figure, rounds: list[dict]) -> float | None:
    """The least disturbed round's value (the median of the rounds for a ratio)."""
    values = [v for v in (figure.pick(r) for r in rounds) if v is not None]
    if not values:
        return None
    if figure.key == "median_ratio":
        return statistics.median(values)
    return max(values) if figure.higher_is_better else min(values)


def compare(versions: tuple[Checkout, Checkout], repeats: int, sizes: dict,
            advance: Callable[[], None] = lambda: None) -> dict:
    """`repeats` rounds of both versions, alternating which goes first; the figures side by
    side with the speed-up (above 1: the current version is faster or better)."""
    rounds: dict[str, list[dict]] = {v.label: [] for v in versions}
    for version in versions:
        _warm(version)
    load_before = os.getloadavg()
    started_cpu, started = _children_cpu(), time.perf_counter()
    for n in range(repeats):
        for version in (versions if n % 2 == 0 else versions[::-1]):
            rounds[version.label].append(one_round(version, sizes))
            advance()
    share = (_children_cpu() - started_cpu) / max(time.perf_counter() - started, 1e-9)
    old, new = (rounds[v.label] for v in versions)
    rows = []
    for figure in FIGURES:
        a, b = best(figure, old), best(figure, new)
        speedup = None
        if a and b:
            speedup = b / a if figure.higher_is_better else a / b
        rows.append({"figure": figure.key, "title": figure.title, "unit": figure.unit,
                     "baseline": a, "current": b, "speedup": speedup})
    return {"meta": {"baseline": {"name": versions[0].name, "root": str(versions[0].root),
                                  "core": old[-1].get("core")},
                     "current": {"name": versions[1].name, "root": str(versions[1].root),
                                 "core": new[-1].get("core")},
                     "repeats": repeats, "sizes": sizes, "python": sys.version.split()[0],
                     "loadavg_before": load_before, "loadavg_after": os.getloadavg(),
                     "cpu_share": round(share, 3)},
            "figures": rows, "rounds": rounds}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def current() -> Checkout:
    return Checkout("current", HERE, f"this tree ({HERE})")
