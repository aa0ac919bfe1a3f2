"""Run many seeded bot games on several processes, or on a Ray cluster, with results that do not
depend on what ran them.

A game is a function of (rules, players, bots, seed), so a worker needs only plain data to
rebuild it: `GameSpec` carries the custom packs as file contents (not paths, and never the
Ruleset, which pickles as the paths it was loaded from: a Ray worker on another machine may
not have them), each worker writes them to a private folder and loads the ruleset once, and
results come back in seed order whatever the number of workers.
"""
from __future__ import annotations

import dataclasses
import gc
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.model import Ruleset
from ..loading.loader import load_ruleset

# (folder or file name, ((path inside it, text), ...)[, the path it was read from]): one custom
# pack as plain data. Where the path still holds the same text (any worker on this machine), it
# is loaded from there, so that a rule's errors name the designer's own file.
Pack = tuple


@dataclass(frozen=True)
class GameSpec:
    """Everything a worker needs to play the same games as any other worker."""

    players: int = 4
    bots: str = "greedy"
    packs: tuple[Pack, ...] = ()
    edition: str | None = None        # None: the default edition (deluxe)
    expansions: tuple[str, ...] = ()  # built-in expansions by id
    params: tuple[tuple[str, Any], ...] = ()  # module parameters chosen ("module.name", value)
    check: bool = False  # check the invariants at every decision (a broken one is a fault)

    def with_pack(self, pack: Pack) -> GameSpec:
        return dataclasses.replace(self, packs=self.packs + (pack,))


def pack_from_path(path: str | Path) -> Pack:
    """A custom pack as data: a folder's YAML files, or a single rules file."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml"))
        return (path.resolve().name, tuple((p.relative_to(path).as_posix(),
                                            p.read_text(encoding="utf-8")) for p in files),
                str(path))
    return (path.name, (("", path.read_text(encoding="utf-8")),), str(path))


def _unchanged_origin(pack: Pack) -> Path | None:
    """The path a pack was read from, if it still holds exactly the pack's files."""
    if len(pack) < 3:
        return None
    origin = Path(pack[2])
    try:
        for rel, text in pack[1]:
            if (origin / rel if rel else origin).read_text(encoding="utf-8") != text:
                return None
        if origin.is_dir():
            names = {p.relative_to(origin).as_posix() for p in origin.rglob("*")
                     if p.is_file() and p.suffix in (".yaml", ".yml")}
            if names != {rel for rel, _ in pack[1]}:
                return None
    except (OSError, UnicodeDecodeError):
        return None
    return origin


def write_packs(packs: Iterable[Pack], folder: Path) -> list[Path]:
    """Recreate packs under `folder`; returns the paths to hand to `load_ruleset`."""
    paths = []
    for i, pack in enumerate(packs):
        name, files = pack[0], pack[1]
        base = folder / str(i) / name
        for rel, text in files:
            target = base / rel if rel else base
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        paths.append(base)
    return paths


_RULES: dict[tuple, Ruleset] = {}


def _key(spec: GameSpec) -> tuple:
    return (spec.packs, spec.edition, spec.expansions, spec.params)


def keep_rules(spec: GameSpec, rules: Ruleset) -> None:
    """Use `rules`, loaded by the caller from the spec's own modules and files, as the spec's:
    this process does not load them again, nor do the workers it forks (they start with a copy
    of its memory), so a second worker costs no load of its own."""
    _RULES[_key(spec)] = rules


def rules_for(spec: GameSpec) -> Ruleset:
    """The spec's ruleset, loaded once per process."""
    key = _key(spec)
    if key not in _RULES:
        with tempfile.TemporaryDirectory(prefix="rococo-packs-") as tmp:
            origins = [_unchanged_origin(pack) for pack in spec.packs]
            copies = iter(write_packs([p for p, o in zip(spec.packs, origins) if o is None],
                                      Path(tmp)))
            _RULES[key] = load_ruleset(edition=spec.edition, expansions=spec.expansions,
                                       extra_paths=[o or next(copies) for o in origins],
                                       params=dict(spec.params))
    return _RULES[key]


# A task plays one game: task(rules, spec, seed) -> a JSON-able record. It must be a function
# defined at module level so that it can be sent to another process by name.
Task = Callable[[Ruleset, GameSpec, int], dict]


def _run_one(job: tuple[Task, GameSpec, int]) -> dict:
    task, spec, seed = job
    return task(rules_for(spec), spec, seed)


def _run_chunk(task: Task, spec: GameSpec, seeds: list[int]) -> list[dict]:
    rules = rules_for(spec)
    return [task(rules, spec, seed) for seed in seeds]


def default_workers() -> int:
    return os.cpu_count() or 1


def run_games(task: Task, spec: GameSpec, seeds: list[int], workers: int = 1,
              ray_address: str | None = None) -> Iterator[dict]:
    """Yield task(rules, spec, seed) for every seed, in the order of `seeds`.

    workers=1 runs in this process; more use a process pool whose workers each load the rules
    once; `ray_address` sends chunks of seeds to a Ray cluster ("local" starts one here).
    """
    seeds = list(seeds)
    if ray_address is not None:
        yield from _run_ray(task, spec, seeds, ray_address)
        return
    if workers <= 1 or len(seeds) <= 1:
        rules = rules_for(spec)
        for seed in seeds:
            yield task(rules, spec, seed)
        return
    workers = min(workers, len(seeds))
    chunk = max(1, min(8, len(seeds) // (workers * 8)))  # small chunks end together
    # The objects alive now (the loaded rules above all) are left out of the garbage collector's
    # passes while the workers are forked: a collection in a worker would otherwise write to
    # every page they sit on, and copy each of them (the advice of the `gc` module's docs).
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=workers, initializer=rules_for,
                                 initargs=(spec,)) as pool:
            yield from pool.map(_run_one, ((task, spec, s) for s in seeds), chunksize=chunk)
    finally:
        gc.unfreeze()


class ClusterError(RuntimeError):
    """Ray could not be started or reached."""


def ray_missing() -> str | None:
    """Why Ray cannot be used here, or None."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return "ray is not installed: pip install -e '.[ray]'"
    return None


def _run_ray(task: Task, spec: GameSpec, seeds: list[int], address: str) -> Iterator[dict]:
    import ray  # an optional extra: imported only when asked for

    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; all mean "not there"
            raise ClusterError(f"cannot start or reach Ray at {address!r}: {exc}") from None
    remote = ray.remote(_run_chunk)
    size = max(1, min(16, len(seeds) // 32 or 1))
    spec_ref = ray.put(spec)
    refs = [remote.remote(task, spec_ref, seeds[i:i + size]) for i in range(0, len(seeds), size)]
    for ref in refs:
        yield from ray.get(ref)
