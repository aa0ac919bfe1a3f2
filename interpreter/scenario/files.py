"""Scenario files: a position built by ids, a rule run on it, and the results expected.

The rulebook's worked examples are kept as these YAML files beside the rules they test
(`rules/base/scenarios/*.yaml`) so that a designer can read, run (`rococo test`) and extend them
without Python. Only the public Game API and edits of the plain-JSON `game.state` are used. A
result that differs is reported at its own `file:line:column` in the scenario file, with the
expected and the actual value.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from rulesdsl import RulesError, RulesErrors, Span

from ..core.errors import ScenarioError, SchemaError
from ..core.model import Ruleset
from ..core.schemas import RULES_DIR, SCHEMAS_DIR
from ..loading.loader import load_ruleset
from ..loading.yamlio import Document, read_document
from .expect import check_expectations
from .position import build_position
from .run import ScenarioRun, source_line


def display(path: Path) -> str:
    """How a file is named in messages: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# -- reading ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    """One scenario of a file; `index` is its place in the file's `scenarios` list."""

    file: ScenarioFile
    index: int

    @property
    def data(self) -> dict:
        return self.file.doc.data["scenarios"][self.index]

    @property
    def name(self) -> str:
        return self.data["name"]

    def span(self, *path) -> Span:
        return self.file.doc.span(("scenarios", self.index) + path)


@dataclass(frozen=True)
class ScenarioFile:
    doc: Document
    modules: tuple[Path, ...]
    edition: str | None = None
    expansions: tuple[str, ...] = ()

    @property
    def scenarios(self) -> list[Scenario]:
        return [Scenario(self, i) for i in range(len(self.doc.data["scenarios"]))]


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads((SCHEMAS_DIR / "scenario.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _schema_error(doc: Document, err) -> SchemaError:
    while err.validator in ("oneOf", "anyOf") and err.context:
        # the reason inside the alternative that fits the value's type, not "is not an array"
        fitting = [e for e in err.context if e.validator != "type"] or err.context
        err = best_match(fitting)
    path = tuple(err.absolute_path)
    where = "/".join(str(p) for p in path) or "document"
    message = err.message
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        extra = [k for k in err.instance if k not in err.schema.get("properties", {})]
        path += tuple(extra[:1])  # point at the unknown key's value
    if err.validator == "additionalProperties":
        message = message.replace("Additional properties are not allowed", "unknown key")
    message = message[0].lower() + message[1:]
    return SchemaError(f"{where}: {message}", doc.span(path), source_line(doc, doc.span(path)))


def read_scenarios(path: Path) -> ScenarioFile:
    """Read and validate one scenario file; raise RulesErrors with every positioned problem."""
    path = Path(path)
    doc = read_document(path, display(path))
    errors = [_schema_error(doc, e) for e in _validator().iter_errors(doc.data)]
    if not errors:
        first: dict[str, int] = {}
        for i, sc in enumerate(doc.data["scenarios"]):
            if sc["name"] in first:
                span = doc.span(("scenarios", i, "name"))
                errors.append(SchemaError(
                    f"scenario name {sc['name']!r} is used twice (first at "
                    f"{doc.span(('scenarios', first[sc['name']], 'name'))})", span,
                    source_line(doc, span)))
            first.setdefault(sc["name"], i)
    if errors:
        raise RulesErrors(sorted(errors, key=lambda e: (e.span.line, e.span.column)))
    modules = tuple((path.parent / m).resolve() for m in doc.data.get("modules", []))
    return ScenarioFile(doc, modules, doc.data.get("edition"),
                        tuple(doc.data.get("expansions", [])))


def find_scenario_files(paths: list[Path] | None = None) -> list[Path]:
    """The files a run covers: the given files, every scenario file under the given folders,
    or (with no paths) every `scenarios/*.yaml` of the built-in rules."""
    if not paths:
        return sorted(RULES_DIR.glob("**/scenarios/*.yaml"))
    out: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            out += [p for p in sorted(path.rglob("*.yaml")) if _is_scenario_file(p)]
        else:
            out.append(path)
    return out


def _is_scenario_file(path: Path) -> bool:
    try:
        data = read_document(path).data
    except RulesError:
        return True  # let the run report it
    return isinstance(data, dict) and "scenarios" in data


@lru_cache(maxsize=8)
def _ruleset(modules: tuple[Path, ...], edition: str | None,
             expansions: tuple[str, ...]) -> Ruleset:
    return load_ruleset(extra_paths=list(modules), edition=edition, expansions=expansions)


# -- running ---------------------------------------------------------------------------------
def run_scenario(scenario: Scenario) -> list[RulesError]:
    """Run one scenario; the list of its failures (empty when it passes)."""
    try:
        sfile = scenario.file
        rules = _ruleset(sfile.modules, sfile.edition, sfile.expansions)
    except RulesError as exc:
        errors = getattr(exc, "errors", [exc])
        key = next((k for k in ("expansions", "edition", "modules") if k in sfile.doc.data),
                   "scenarios")
        span = sfile.doc.span((key,))
        first = errors[0].message if errors[0].span.line == 0 else str(errors[0])
        return [ScenarioError(f"its rules modules do not load: {first}", span,
                              source_line(sfile.doc, span))] + errors[1:]
    run = ScenarioRun(scenario, rules)
    try:
        build_position(run)
        run.run_rules(lambda expect, path: check_expectations(run, expect, path))
        check_expectations(run)
    except RulesErrors as exc:
        run.failures += exc.errors
    except RulesError as exc:
        run.failures.append(exc)
    return sorted(run.failures, key=lambda e: (e.span.line, e.span.column))


# -- a run over files ------------------------------------------------------------------------
@dataclass
class Result:
    file: str
    name: str | None  # None: the file itself could not be read
    span: Span
    failures: list[RulesError]

    @property
    def passed(self) -> bool:
        return not self.failures


def run_files(paths: list[Path]) -> list[Result]:
    """Every scenario of every file, in order; a file that cannot be read is one failure."""
    results = []
    for path in paths:
        try:
            sfile = read_scenarios(path)
        except RulesError as exc:
            span = exc.span
            results.append(Result(display(Path(path)), None, span, getattr(exc, "errors", [exc])))
            continue
        for sc in sfile.scenarios:
            results.append(Result(sfile.doc.display, sc.name, sc.span(), run_scenario(sc)))
    return results
