"""The judge's weights: the worth of each feature, fitted per module combination and stored
under the hash of the loaded ruleset's content (`Ruleset.fingerprint`, what saves use).

Where they are looked for, first found first: the user's cache (`$ROCOCO_JUDGE_CACHE`, else
`$XDG_CACHE_HOME/rococo/judge`, else `~/.cache/rococo/judge`), then the weights shipped with the
package for the shipped combinations. Rules whose hash matches no stored weights (a designer's
pack, an edited rules file: the hash changes with any text) use the weights of the stored
combination nearest to them, the one with the most of their modules and none they lack, by
feature name (a feature those weights never saw is worth nothing), until `rococo fit-judge`
fits their own."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path


@dataclass(frozen=True)
class Weights:
    """A feature's worth by name; `fingerprint`, `modules` and `params` (the module parameters
    set, as `--set` gives them) say which rules they were fitted for, `source` where they were
    found (or why none were)."""

    worths: dict[str, float] = field(default_factory=dict)
    fingerprint: str = ""
    modules: tuple[str, ...] = ()
    source: str = "none"
    games: int = 0
    params: dict = field(default_factory=dict)

    def worth(self, features: dict[str, float]) -> float:
        worths = self.worths
        return sum(v * worths.get(name, 0.0) for name, v in features.items())

    def to_json(self) -> dict:
        return {"fingerprint": self.fingerprint, "modules": list(self.modules),
                "params": dict(sorted(self.params.items())), "games": self.games,
                "worths": dict(sorted(self.worths.items()))}

    @classmethod
    def from_json(cls, data: dict, source: str) -> Weights:
        return cls({k: float(v) for k, v in data["worths"].items()}, data["fingerprint"],
                   tuple(data["modules"]), source, int(data.get("games", 0)),
                   dict(data.get("params", {})))


def cache_dir() -> Path:
    """Where fitted weights are kept (see the module's docstring)."""
    if os.environ.get("ROCOCO_JUDGE_CACHE"):
        return Path(os.environ["ROCOCO_JUDGE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rococo" / "judge"


def modules_of(rules) -> tuple[str, ...]:
    """The ids of the ruleset's modules, in load order."""
    return tuple(m["id"] for m in rules.module_info)


def save(weights: Weights, folder: Path | None = None) -> Path:
    """Store fitted weights under their rules' hash; the path written."""
    folder = folder or cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{weights.fingerprint}.json"
    path.write_text(json.dumps(weights.to_json(), indent=1) + "\n")
    return path


def _stored() -> list[Weights]:
    """Every stored set of weights: the user's cache first, then the shipped ones."""
    found: list[Weights] = []
    folder = cache_dir()
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            try:
                found.append(Weights.from_json(json.loads(path.read_text()), str(path)))
            except (OSError, ValueError, KeyError, TypeError):
                continue  # a damaged cache file is ignored (fit-judge writes it again)
    shipped = resources.files(__package__) / "shipped"
    for entry in sorted(shipped.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            found.append(Weights.from_json(json.loads(entry.read_text()),
                                           f"shipped {entry.name}"))
    return found


_FOUND: dict[str, Weights] = {}  # per process: the weights found for a ruleset's hash


def weights_for(rules) -> Weights:
    """The weights fitted for these rules, else those of the nearest stored combination."""
    key = rules.fingerprint
    if key in _FOUND:
        return _FOUND[key]
    stored = _stored()
    exact = next((w for w in stored if w.fingerprint == key), None)
    if exact is None:
        mine = set(modules_of(rules))
        near = [w for w in stored if set(w.modules) <= mine]
        best = max(near, key=lambda w: len(w.modules), default=None)
        exact = Weights(source="none") if best is None else Weights(
            best.worths, best.fingerprint, best.modules,
            f"nearest ({'+'.join(best.modules)}, {best.source})", best.games, best.params)
    _FOUND[key] = exact
    return exact


def forget() -> None:
    """Look the weights up again on next use (after fitting, or in tests)."""
    _FOUND.clear()
