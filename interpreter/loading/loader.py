"""YAML → schema → merge modules → parse, check and compile effects → one frozen Ruleset.

Load errors are collected, not raised one at a time: `load_ruleset` reports every problem in
the file set at once, sorted by file and line.
"""
from __future__ import annotations

import collections
import contextlib
import dataclasses
import hashlib
import json
import pickle
import weakref
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, TypeVar

from rulesdsl import RulesError, RulesErrors, Span, VerbDef, build_effect, effect_text, parsecache
from rulesdsl.rule_errors import NO_SPAN
from rulesdsl.suggest import closest, did_you_mean

from ..core.errors import IdError, LoadWarning, ModuleError, SchemaError
from ..core.model import (
    MUSICIANS,
    Action,
    Area,
    BoardSide,
    Decoration,
    Effect,
    Employee,
    Garment,
    GuestSpace,
    Hall,
    Phase,
    Ruleset,
    SpaceId,
    Step,
    Tile,
    Zone,
)
from ..core.schemas import DATA_DIR, RULES_DIR, schema_of
from ..core.zones import PILES
from . import component_kinds, flowdocs, procedures, seatkinds
from . import params as module_params
from .game_vocabulary import build_vocabulary
from .schemacheck import schema_errors
from .static_checks import build_blocked, build_check
from .yamlio import Document, read_document

DEFAULT_MODULES = ("base", "deluxe")
T = TypeVar("T")
KINDS = ("module", "game", "actions", "employees", "garments", "resources", "board", "words",
         "flow", "components")


def _display(path: Path) -> str:
    """`rules/base/x.yaml` for a built-in file, wherever the package is installed."""
    try:
        return path.relative_to(DATA_DIR).as_posix()
    except ValueError:
        return str(path)


def _in_pack(path: Path, folder: Path) -> str:
    """A file's name in a fingerprint: a built-in one's `_display`, a pack's its path within
    the pack's folder, so that the same pack by any path is the same rules."""
    shown = _display(path)
    if shown != str(path):
        return shown
    return path.resolve().relative_to(folder.resolve()).as_posix()


def validate_document(doc: Document, errors: list[RulesError]) -> bool:
    """Check one document against the schema of its `kind`; report violations with positions."""
    data = doc.data
    if not isinstance(data, dict) or ("kind" not in data and "module" not in data):
        errors.append(SchemaError("a rules file must be a mapping with a 'kind' "
                                  f"(one of {', '.join(KINDS)})", doc.span(),
                                  doc.source_line(doc.span())))
        return False
    kind = "module" if "module" in data else data["kind"]
    if kind not in KINDS:
        span = doc.span(("kind",))
        errors.append(SchemaError(f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})"
                                  f"{did_you_mean(str(kind), KINDS)}", span,
                                  doc.source_line(span)))
        return False
    found = schema_errors(kind, schema_of(kind), doc)
    errors.extend(found)
    return not found


class _Modules:
    """Module headers found on disk, by id."""

    def __init__(self, extra: Iterable[Path]):
        self.headers: dict[str, tuple[Document, dict]] = {}
        self.errors: list[RulesError] = []
        for path in sorted(RULES_DIR.glob("**/module.yaml")):
            self._add(path, lone_file=False)
        for path in extra:
            path = Path(path)
            self._add(path / "module.yaml" if path.is_dir() else path)

    def _add(self, path: Path, lone_file: bool = True) -> None:
        try:
            doc = read_document(path, _display(path))
        except RulesError as exc:
            self.errors.append(exc)
            return
        if not lone_file and not (isinstance(doc.data, dict) and "module" in doc.data):
            self.errors.append(SchemaError("a module.yaml needs a 'module' mapping (id, kind, "
                                           "name, requires, files)", doc.span()))
            return
        if isinstance(doc.data, dict) and "module" not in doc.data and "kind" in doc.data:
            # a lone rules file given on the command line: a custom module of one file
            header: dict[str, Any] = {
                "id": f"custom.{path.stem}", "kind": "custom", "name": path.name,
                "requires": list(DEFAULT_MODULES), "files": [path.name]}
            self.headers[header["id"]] = (doc, header)
            return
        if not validate_document(doc, self.errors):
            return
        header = doc.data["module"]
        if header["id"] in self.headers:
            first = self.headers[header["id"]][0]
            self.errors.append(ModuleError(f"module {header['id']!r} is defined twice (first at "
                                           f"{first.span(('module', 'id'))})",
                                           doc.span(("module", "id"))))
            return
        self.headers[header["id"]] = (doc, header)


def load_ruleset(modules: Iterable[str] | None = None, extra_paths: Iterable[Path] = (), *,
                 edition: str | None = None, expansions: Iterable[str] = (),
                 params: Mapping[str, Any] | None = None) -> Ruleset:
    """Load and compile a ruleset: the base game, one `edition` (default "deluxe"), any
    `expansions` by id, and the modules found at `extra_paths` (custom packs); or exactly the
    module ids in `modules`. `params` sets module parameters ("module.name" -> value)."""
    extra_paths = [Path(p) for p in extra_paths]
    found = _Modules(extra_paths)
    errors = list(found.errors)
    given = modules = None if modules is None else tuple(modules)  # (kept in the recipe)
    expansions = tuple(expansions)
    if modules is None:
        modules = ["base", edition or "deluxe", *expansions]
    elif edition is not None or expansions:
        modules = [*modules, *([edition] if edition else []), *expansions]
    wanted = list(modules)
    for path in extra_paths:
        for mid, (doc, _header) in found.headers.items():
            if doc.path.resolve().parent == (path if path.is_dir() else path.parent).resolve() \
                    and mid not in wanted:
                wanted.append(mid)
    ordered = _order_modules(found, wanted, errors)
    docs: list[Document] = []
    read = [doc for doc, _ in found.headers.values()]
    module_of: dict[str, str] = {}
    conditional: set[str] = set()  # the files listed with `when:`
    hashed_as: dict[str, str] = {}  # a pack's file by its path in the pack (`_fingerprint`)
    for mid in ordered:
        doc, header = found.headers[mid]
        for path in _module_files(doc, header, errors, set(ordered), set(found.headers),
                                  conditional):
            module_of[_display(path)] = mid
            hashed_as[_display(path)] = _in_pack(path, doc.path.parent)
            try:
                sub = read_document(path, _display(path))
            except RulesError as exc:
                errors.append(exc)
                continue
            read.append(sub)
            if validate_document(sub, errors):
                docs.append(sub)
    values = module_params.resolve(found.headers, ordered, dict(params or {}), errors)
    if errors:
        raise RulesErrors(_sorted_with_sources(errors, read))
    first = found.headers[ordered[0]][0] if ordered else None
    builder = _Builder(ordered, docs, module_of,
                       first.span(("module", "files")) if first is not None else NO_SPAN)
    builder.conditional = conditional
    builder.hashed_as = hashed_as
    builder.param_names = module_params.names(found.headers, values)
    builder.param_values = dict(values)
    ruleset = builder.build()
    parsecache.keep()  # the effects parsed: the next process loading them needs no parser
    if builder.errors or ruleset is None:
        raise RulesErrors(_sorted_with_sources(builder.errors, read))
    fingerprint = ruleset.fingerprint
    if values:  # the same files with other parameters are other rules
        fingerprint = hashlib.sha256((fingerprint + json.dumps(values, sort_keys=True))
                                     .encode()).hexdigest()[:16]
    ruleset = dataclasses.replace(ruleset, module_info=_module_info(found, ordered, docs, values),
                                  params=values, fingerprint=fingerprint)
    recipe = Recipe(given, tuple((str(p), str(p.resolve())) for p in extra_paths), edition,
                    expansions, tuple(sorted(dict(params or {}).items())))
    object.__setattr__(ruleset, "recipe", recipe)
    return ruleset


@dataclasses.dataclass(frozen=True)
class Recipe:
    """How a ruleset was loaded: `load_ruleset`'s arguments, each pack's path as given and
    made absolute. A pickle of the ruleset is its recipe (`Ruleset.__reduce__`)."""

    modules: tuple[str, ...] | None
    paths: tuple[tuple[str, str], ...]  # (as given, absolute), for each of `extra_paths`
    edition: str | None
    expansions: tuple[str, ...]
    params: tuple[tuple[str, Any], ...]  # as given, sorted

    def pickled(self, rules: Ruleset) -> tuple:
        """What a pickle of `rules`, loaded by this recipe, carries (read back in this process,
        it is `rules` while anything holds them)."""
        _keep(self, rules, _PICKLED)
        return (reload_ruleset, (self, rules.fingerprint))

    def load(self) -> Ruleset:
        """The ruleset loaded again: a pack by its path as given where that is the same
        place here (the same working folder), else by its absolute path."""
        paths = [Path(given) if Path(given).resolve() == Path(absolute) else Path(absolute)
                 for given, absolute in self.paths]
        return load_ruleset(self.modules, paths, edition=self.edition,
                            expansions=self.expansions, params=dict(self.params))


# Rulesets by (recipe, fingerprint): the last one pickled of each, while anything holds it, so
# that a pickle read in the process that made it gives that very ruleset, and each one loaded
# again from a pickle, while anything holds it; the last few loaded again are held here (a
# worker is sent many games of the same rules, each dropped when done), no more (a lab's worker
# may be sent ruleset after ruleset)
_PICKLED: weakref.WeakValueDictionary[tuple, Ruleset] = weakref.WeakValueDictionary()
_RELOADED: weakref.WeakValueDictionary[tuple, Ruleset] = weakref.WeakValueDictionary()
_HELD: collections.deque[Ruleset] = collections.deque(maxlen=4)  # the latest read last


def _hold(rules: Ruleset) -> None:
    """Hold `rules` as the latest ruleset read from a pickle (`_HELD`)."""
    for i, held in enumerate(_HELD):
        if held is rules:
            del _HELD[i]
            break
    _HELD.append(rules)


def _keep(recipe: Recipe, rules: Ruleset, kept: MutableMapping[tuple, Ruleset]) -> None:
    with contextlib.suppress(TypeError):  # a parameter's value that is no key: not kept
        kept[recipe, rules.fingerprint] = rules


def reload_ruleset(recipe: Recipe, fingerprint: str) -> Ruleset:
    """The ruleset a pickle carries (`Ruleset.__reduce__`): the one this process pickled, else
    loaded again (once while anything holds it, or it is among the last few: `_HELD`); refused
    if the files it is loaded from are no longer the rules that were pickled."""
    key = (recipe, fingerprint)
    try:
        found = _PICKLED.get(key)
        if found is None:
            found = _RELOADED.get(key)
            if found is not None:
                _hold(found)
    except TypeError:
        found = None
    if found is not None:
        return found
    rules = recipe.load()
    if rules.fingerprint != fingerprint:
        packs = ", ".join(absolute for _, absolute in recipe.paths) or "none"
        raise pickle.UnpicklingError(
            f"the rules were pickled as ruleset {fingerprint}, but loading them again here "
            f"(modules {', '.join(rules.modules)}; packs: {packs}) gives ruleset "
            f"{rules.fingerprint}: their files changed since")
    _keep(recipe, rules, _RELOADED)
    _hold(rules)
    return rules


def _module_info(found: _Modules, ordered: list[str], docs: list[Document],
                 values: Mapping[str, Any] | None = None) -> tuple:
    """Each module's id, version and a digest of its header and files, for saves."""
    info = []
    for mid in ordered:
        doc, header = found.headers[mid]
        digest = hashlib.sha256("\n".join(doc.lines).encode())
        folder = doc.path.parent.resolve()
        for sub in docs:
            if sub.path.parent.resolve() == folder:
                digest.update("\n".join(sub.lines).encode())
        for key, value in sorted((values or {}).items()):
            if key.split(".", 1)[0] == mid:  # a chosen parameter changes the rules too
                digest.update(f"{key}={value!r}".encode())
        info.append({"id": mid, "version": str(header.get("version", "0")),
                     "digest": digest.hexdigest()[:16]})
    return tuple(info)


def available_modules(extra_paths: Iterable[Path] = ()) -> list[dict]:
    """Every module found (built in, and at `extra_paths`): its header and where it is."""
    found = _Modules([Path(p) for p in extra_paths])
    if found.errors:
        raise RulesErrors(sorted(found.errors, key=_error_key))
    return [dict(header, where=str(doc.span(("module", "id"))))
            for _, (doc, header) in sorted(found.headers.items())]


def _module_files(doc: Document, header: dict, errors: list[RulesError],
                  loaded: AbstractSet[str] = frozenset(),
                  known: AbstractSet[str] | None = None,
                  conditional: set[str] | None = None) -> list[Path]:
    """The files a module lists, each once and inside the module's own folder; a file listed
    as `{file: x.yaml, when: [other]}` only when those modules are loaded too. A `when:` id
    that is no module found but close to one of the `known` ids is a misspelling, an error
    (one far from every id may name a pack not installed here: its file is skipped)."""
    folder = doc.path.parent.resolve()
    out: list[Path] = []
    for i, name in enumerate(header.get("files", [])):
        where = doc.span(("module", "files", i)) if "module" in doc.data else doc.span()
        if isinstance(name, dict):
            unknown = [m for m in name["when"]
                       if known is not None and m not in known and closest(m, known)]
            for m in unknown:
                at = doc.span(("module", "files", i, "when", name["when"].index(m)))
                errors.append(ModuleError(f"'when:' names unknown module {m!r}"
                                          f"{did_you_mean(m, known or ())}; the file would "
                                          "never be loaded", at))
            if unknown or not set(name["when"]) <= loaded:
                continue
            name = name["file"]
            if conditional is not None:  # its module's adaptation to others
                conditional.add(_display(doc.path.parent / name))
        path = doc.path.parent / name
        if path.resolve() == doc.path.resolve() and "module" in doc.data:  # (a lone file is
            # its own module: its header is made for it)
            errors.append(ModuleError(f"file {name!r} is the module's own header; list only "
                                      "its rules files", where))
        elif not path.resolve().is_relative_to(folder):
            errors.append(ModuleError(f"file {name!r} is outside the module's folder "
                                      f"{_display(folder)}", where))
        elif any(p.resolve() == path.resolve() for p in out):
            errors.append(ModuleError(f"file {name!r} is listed twice", where))
        else:
            out.append(path)
    return out


def _sorted_with_sources(errors: list[RulesError], docs: list[Document]) -> list[RulesError]:
    """Errors by position, each given its file line (for the caret) when it has none yet."""
    by_file = {doc.display: doc for doc in docs}
    for error in errors:
        doc = by_file.get(error.span.file)
        if error.source_line is None and doc is not None:
            error.source_line = doc.source_line(error.span)
    return sorted(errors, key=_error_key)


def _error_key(e: RulesError):
    return (e.span.file, e.span.line, e.span.column)


def _adapted(header: dict) -> list[str]:
    """The modules a module's conditional files (`when:`) adapt it to."""
    return [m for f in header.get("files", []) if isinstance(f, dict) for m in f.get("when", [])]


def _order_modules(found: _Modules, wanted: list[str], errors: list[RulesError]) -> list[str]:
    """Modules in load order: requirements first, then the modules its `when:` files adapt it
    to (their setup steps and procedures come first); conflicts and unknown ids are errors."""
    order: list[str] = []
    reported: set[str] = set()
    required_by: dict[str, str] = {}  # a module asked for first names the requirement best
    for other in [*[m for m in wanted if m in found.headers],
                  *[m for m in found.headers if m not in wanted]]:
        for req in found.headers[other][1].get("requires", []):
            required_by.setdefault(req, other)

    visiting: list[str] = []  # the chain of requirements being followed, to name a cycle

    def visit(mid: str, needed_by: str | None) -> None:
        if mid in order or mid in reported:
            return
        if mid in visiting:
            cycle = visiting[visiting.index(mid):] + [mid]
            reported.update(cycle)
            doc, header = found.headers[visiting[-1]]
            at = header["requires"].index(mid)
            what = (f"module {mid!r} requires itself" if len(cycle) == 2
                    else "modules require each other in a cycle")
            errors.append(ModuleError(f"{what}: {' -> '.join(cycle)}",
                                      doc.span(("module", "requires", at))))
            return
        if mid not in found.headers:
            reported.add(mid)
            needed_by = needed_by or required_by.get(mid)
            close = closest(mid, found.headers)
            if needed_by is None and not close and found.errors:
                return  # a module header that failed to load (already reported) was probably it
            known = ", ".join(sorted(found.headers))
            where = f" (required by {needed_by!r})" if needed_by else ""
            hint = did_you_mean(mid, found.headers)
            if needed_by:
                span = found.headers[needed_by][0].span(("module", "requires"))
            elif close:
                span = found.headers[close][0].span(("module", "id"))
            else:
                span = NO_SPAN
            errors.append(ModuleError(f"unknown module {mid!r}{where}{hint}; known: {known}",
                                      span))
            return
        visiting.append(mid)
        for req in found.headers[mid][1].get("requires", []):
            visit(req, mid)
        for other in _adapted(found.headers[mid][1]):  # loaded first, when it is loaded at all
            if other in wanted and other not in visiting:
                visit(other, mid)
        visiting.pop()
        if mid not in reported:
            order.append(mid)

    for mid in wanted:
        visit(mid, None)
    for mid in order:
        doc, header = found.headers[mid]
        for other in header.get("conflicts", []):
            if other in order:
                odoc = found.headers[other][0]
                errors.append(ModuleError(f"module {mid!r} conflicts with {other!r} (at "
                                          f"{odoc.span(('module', 'id'))})",
                                          doc.span(("module", "conflicts"))))
    for kind, what in (("edition", "edition"), ("solo", "solo mode")):
        chosen = [m for m in order if found.headers[m][1]["kind"] == kind]
        if len(chosen) > 1:
            doc = found.headers[chosen[-1]][0]
            errors.append(ModuleError(f"a ruleset takes one {what}, got {', '.join(chosen)}",
                                      doc.span(("module", "kind"))))
    return order


# `remove:` keys and the collections they remove from. Removing a start card removes it from
# every colour's start hand.
REMOVABLE = {"employees": "employee", "start": "start employee", "garments": "garment",
             "tiles": "tile", "actions": "action"}
MAX_DRAWERS = 20           # resource display drawers on a board side
MAX_TILES_PER_DRAWER = 20  # resource tiles in one drawer


class _DeckShape:
    """Watches the number of hire cards per level, module by module.

    The hire deck is dealt level by level, a few cards a round: a pack that adds or removes
    cards of some level shifts which cards ever come out (9 extra level I-V cards push every
    level VI card out of the game), so such a change is a warning at the pack's first edit.
    """

    def __init__(self, employees: _Collection):
        self.employees = employees
        self.module: str | None = None
        self.shapes: list[tuple[str, Span | None, dict[int, int]]] = []
        self.first_touch: Span | None = None

    def _counts(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for entry, _, _ in self.employees.items.values():
            if "start_in" in entry:  # set aside in a zone, not dealt in the hire deck
                continue
            counts[entry.get("level", 0)] = counts.get(entry.get("level", 0), 0) + 1
        return counts

    def enter(self, module: str) -> None:
        if module != self.module:
            self._close()
            self.module, self.first_touch = module, None

    def touched(self, span: Span) -> None:
        if self.first_touch is None:
            self.first_touch = span

    def _close(self) -> None:
        if self.module is not None:
            self.shapes.append((self.module, self.first_touch, self._counts()))

    def changes(self) -> list[LoadWarning]:
        self._close()
        self.module = None
        out, before = [], None
        for module, span, counts in self.shapes:
            if before and span is not None and counts != before:
                diffs = [f"level {lvl} has {counts.get(lvl, 0)} instead of {before.get(lvl, 0)}"
                         for lvl in sorted(set(counts) | set(before))
                         if counts.get(lvl, 0) != before.get(lvl, 0)]
                out.append(LoadWarning(
                    f"module {module!r} changes the number of hire cards per level: "
                    f"{', '.join(diffs)}; the deck is dealt by level, so cards of later levels "
                    "may come out less often or never", span))
            if counts:
                before = counts
        return out


class _Collection:
    """Entries by id, in order, with add / replace / remove across modules.

    An entry may be replaced once: two packs replacing the same entry would make the result
    depend on their load order, so the second replacement is an error naming both.
    """

    def __init__(self, name: str, errors: list[RulesError]):
        self.name, self.errors = name, errors
        self.items: dict[str, tuple[dict, Document, tuple]] = {}
        self.replaced: dict[str, Span] = {}

    def add(self, entry: dict, doc: Document, path: tuple) -> None:
        key = entry["id"]
        here = doc.span(path + ("id",))
        if key in self.items and not entry.get("replace"):
            _, first_doc, first_path = self.items[key]
            self.errors.append(IdError(
                f"duplicate {self.name} id {key!r} (first defined at "
                f"{first_doc.span(first_path + ('id',))}); use 'replace: true' to replace it",
                here))
            return
        if entry.get("replace"):
            if key not in self.items:
                self.errors.append(IdError(f"cannot replace unknown {self.name} id {key!r}", here))
                return
            if key in self.replaced:
                self.errors.append(IdError(
                    f"{self.name} {key!r} is replaced twice (first replaced at "
                    f"{self.replaced[key]}); only one module may replace it", here))
                return
            self.replaced[key] = here
        self.items[key] = (entry, doc, path)

    def remove(self, key: str, doc: Document, path: tuple) -> None:
        if key not in self.items:
            self.errors.append(IdError(f"cannot remove unknown {self.name} id {key!r}",
                                               doc.span(path)))
            return
        del self.items[key]


@dataclasses.dataclass(frozen=True)
class _Names:
    """What the first stage of a build declares, for the later stages and the Ruleset."""
    kinds: dict  # garment color -> its kind
    resources: dict  # a module's resource -> its spec
    zones: list
    declared: dict  # component kinds
    pieces: dict
    displays: tuple


class _Builder:
    """Turns validated documents into a Ruleset, collecting every error on the way."""

    def __init__(self, modules: list[str], docs: list[Document],
                 module_of: dict[str, str] | None = None, files_span: Span = NO_SPAN):
        self.modules, self.docs = modules, docs
        self.files_span = files_span  # where the first module lists its files
        self.module_of = module_of or {}  # document display name -> module id
        self.conditional: set[str] = set()  # display names of the files listed with `when:`
        self.hashed_as: dict[str, str] = {}  # display name -> name in the fingerprint
        self.errors: list[RulesError] = []
        self.warnings: list[LoadWarning] = []
        self.singletons: dict[str, tuple[dict, Document]] = {}
        self.collections = {name: _Collection(name, self.errors)
                            for name in ("employee", "start employee", "garment", "tile",
                                         "action")}
        self.words: dict[str, str] = {}
        self.flow_docs: list[Document] = []
        self.component_docs: list[Document] = []
        self.lasting: dict[str, Any] = {}
        self.compiled: list[Any] = []  # every effect's tree, for the checks of the whole
        self.board_sources: dict[str, str] = {}
        self.param_names: dict[str, Any] = {}  # module parameters, as names effects may read
        self.param_values: dict[str, Any] = {}  # their chosen values ("module.name" -> value)

    # -- gathering -------------------------------------------------------------------------
    def _gather(self) -> None:
        lists = {"employees": [("hire", "employee"), ("start", "start employee")],
                 "garments": [("garments", "garment")], "resources": [("tiles", "tile")],
                 "actions": [("actions", "action")]}
        replaced: dict[str, Span] = {}
        deck = _DeckShape(self.collections["employee"])
        for doc in self.docs:
            data = doc.data
            kind = data["kind"]
            deck.enter(self.module_of.get(doc.display, doc.display))
            if kind in ("game", "board"):
                if kind in self.singletons and not data.get("replace"):
                    first = self.singletons[kind][1]
                    self.errors.append(ModuleError(
                        f"a second '{kind}' document (first at {first.span()}); "
                        "use 'replace: true' to replace it", doc.span(("kind",))))
                    continue
                if data.get("replace") and kind in replaced:
                    self.errors.append(ModuleError(
                        f"the '{kind}' document is replaced twice (first replaced at "
                        f"{replaced[kind]}); only one module may replace it",
                        doc.span(("replace",))))
                    continue
                if data.get("replace"):
                    replaced[kind] = doc.span(("replace",))
                self.singletons[kind] = (data, doc)
            elif kind == "words":
                self.words.update(data["words"])
            elif kind == "flow":
                self.flow_docs.append(doc)
            elif kind == "components":
                self.component_docs.append(doc)
            for key, cname in lists.get(kind, []):
                for i, entry in enumerate(data.get(key, [])):
                    self.collections[cname].add(entry, doc, (key, i))
                    if cname == "employee":
                        deck.touched(doc.span((key, i)))
            for cname, ids in data.get("remove", {}).items():
                coll = REMOVABLE.get(cname)
                if coll is None:
                    self.errors.append(ModuleError(
                        f"cannot remove from unknown collection {cname!r}"
                        f"{did_you_mean(cname, REMOVABLE)}; known: {', '.join(REMOVABLE)}",
                        doc.span(("remove", cname))))
                    continue
                for i, key in enumerate(ids):
                    self.collections[coll].remove(key, doc, ("remove", cname, i))
                    if coll == "employee":
                        deck.touched(doc.span(("remove", cname, i)))
            if kind == "employees" and "depute_values" in data:
                self.depute_values = (data["depute_values"], doc)
        self.warnings.extend(deck.changes())
        for kind in ("game", "board"):
            if kind not in self.singletons:
                self.errors.append(ModuleError(f"no '{kind}' document in modules "
                                               f"{', '.join(self.modules)}", self.files_span))

    # -- effects ---------------------------------------------------------------------------
    def collected(self, make: Callable[[], T]) -> T | None:
        """`make()`, or None with its errors collected here (a rules file's text that does not
        parse, check or compile is reported at its place, and loading goes on)."""
        try:
            return make()
        except RulesErrors as exc:
            self.errors.extend(exc.errors)
        except RulesError as exc:
            self.errors.append(exc)
        return None

    def effect(self, doc: Document, path: tuple, text: str, owner: str = "") -> Effect | None:
        origin = doc.origin(path)
        compiled = self.collected(lambda: build_effect(text, origin, self.vocab))
        if compiled is None:
            return None
        self.lasting.update(compiled.lasting)
        self.compiled.append(compiled.effect)
        blocked = build_blocked(compiled.effect, self.vocab)
        return Effect(text, compiled, _card_text(compiled, self.vocab), owner,
                      origin.locate(1, 1), build_check(compiled.effect, self.vocab,
                                                          compiled.analysis),
                      blocked, None if blocked is None else build_check(
                          compiled.effect, self.vocab, compiled.analysis, unblocked=True))

    def required_effect(self, doc: Document, path: tuple, text: str, owner: str = "") -> Effect:
        """`effect`, for a place that must hold one: a broken text is an error collected here
        and an empty Effect in its place (a Ruleset with errors is never returned)."""
        return self.effect(doc, path, text, owner) or Effect(text, None, "", owner)

    # -- building --------------------------------------------------------------------------
    def build(self) -> Ruleset | None:
        """The Ruleset, in stages: gather the documents, then the names effects may use (the
        vocabulary), then the actions, the cards, garments and tiles compiled against it, then
        the board and the flow; None when any stage found an error (in `self.errors`)."""
        self._gather()
        if self.errors:
            return None
        game, game_doc = self.singletons["game"]
        game, self.game_sources = flowdocs.patch_game(self, game, self.flow_docs)
        board, board_doc = self.singletons["board"]
        names = self._names(game, game_doc, board)
        actions = self._actions()
        employees, start_templates = self._employees(game, game_doc, names.zones)
        flowdocs.check_min_staff(self, game, game_doc, self.flow_docs, len(start_templates))
        garments, tiles = self._garments_and_tiles(names.kinds)
        sides = tuple(self._side(i, s, board_doc) for i, s in enumerate(board["sides"]))
        sides = flowdocs.apply_board(self, self.flow_docs, sides)
        self._player_counts(sides, len(game["player_colors"]), board_doc)
        round_phases, final_phases = self._flow(game, game_doc)
        triggers, started = flowdocs.triggers(self, self.flow_docs,
                                              list(self.collections["employee"].items.items()))
        seat_kinds = seatkinds.build(
            self, self.flow_docs, {p.id: p.kind for p in round_phases}, self.param_values,
            {"triggers": {t.id for ts in triggers.values() for t in ts},
             "zones": {z.id for z in names.zones if z.per_player}})
        flowdocs.check_majorities(self, sides, self.compiled)
        if self.errors:
            return None
        return Ruleset(
            modules=tuple(self.modules), fingerprint=self._fingerprint(),
            rounds=game["rounds"], hand_size=game["hand_size"], setup=dict(game["setup"]),
            colors=tuple(game["player_colors"]), employees=employees,
            start_cards=tuple(start_templates), hire_levels=tuple(game["hire_deck_levels"]),
            garments=garments, tiles=tiles, sides=sides, actions=actions,
            round_phases=round_phases, final_phases=final_phases,
            fund_limits={**game.get("fund_limits", {}),
                         **{k: v for d in self.flow_docs
                            for k, v in d.data.get("fund_limits", {}).items()}},
            words=dict(self.words),
            vocabulary=self.vocab, zones=tuple(names.zones), triggers=triggers, started=started,
            board_zones=tuple(Zone(z["id"], z["holds"], z.get("visible", True),
                                   z.get("name", z["id"]), z.get("start", ""))
                              for z in game.get("zones", [])),
            extra_resources={r: spec.get("start", 0) for r, spec in names.resources.items()},
            seat_kinds=seat_kinds, humans=seatkinds.humans(self.flow_docs),
            counters=seatkinds.counters(self.flow_docs),
            ranking=seatkinds.ranking(game, self.flow_docs),
            private=tuple(dict.fromkeys(k for d in self.flow_docs
                                        for k in d.data.get("private", []))),
            sources={f"{cname}:{key}": str(doc.span(path + ("id",)))
                     for cname, coll in self.collections.items()
                     for key, (_, doc, path) in coll.items.items()} | self.board_sources
            | {f"game:{key}": str(game_doc.span((key,))) for key in game}
            | {f"game:{key}": where for key, where in self.game_sources.items()},
            components=names.declared, pieces=names.pieces, displays=names.displays,
            lasting=self.lasting, warnings=tuple(self.warnings),
            setup_phases=flowdocs.setup_phases(self, self.flow_docs))

    def _names(self, game: dict, game_doc: Document, board: dict) -> _Names:
        """Stage 1: what the documents declare (garment kinds, employee types, resources,
        zones, component kinds, pieces, displays, procedures), checked, and the vocabulary
        effects are compiled against (`self.vocab`)."""
        kinds = flowdocs.garment_kinds(game, self.flow_docs)
        colors = tuple(kinds)
        types = flowdocs.employee_types(game, self.flow_docs)
        resources = flowdocs.extra_resources(self.flow_docs)
        self.declared_fields = flowdocs.component_fields(self.flow_docs)
        for r, spec in resources.items():
            self.words.setdefault(r, spec.get("name", r.replace("_", " ")))
        actions_coll = self.collections["action"].items
        zones = flowdocs.zones(self.flow_docs)
        kind_enums = {"color": colors, "garment_kind": tuple(dict.fromkeys(kinds.values()))}
        declared = component_kinds.kinds(self.flow_docs, kind_enums)
        holds = {**{z.id: z.holds for z in zones}, **PILES}  # a pile keeps its own (a zone
        # reusing its id is reported as a duplicate)
        component_kinds.check_kinds(self, self.flow_docs, declared, holds, kind_enums)
        pieces = component_kinds.pieces(self, self.component_docs, declared, kind_enums)
        displays = component_kinds.displays(self, game, game_doc, self.flow_docs, holds)
        self.vocab = build_vocabulary(colors, list(actions_coll), self.words,
                                      [z.id for z in zones],
                                      [*(a["id"] for side in board["sides"]
                                         for a in side["areas"]), MUSICIANS,
                                       *flowdocs.board_areas(self.flow_docs)],
                                      types, tuple(resources), self.declared_fields,
                                      tuple(kinds.values()),
                                      {h["id"]: h["name"] for side in board["sides"]
                                       for h in side["halls"]},
                                      declared, displays, kind_enums,
                                      {k: game[k] for k in ("rounds", "hand_size")},
                                      {**{z["id"]: (z["holds"], False, z.get("name"))
                                          for z in game.get("zones", [])},
                                       **{z.id: (z.holds, z.per_player, z.name) for z in zones}},
                                      [k["id"] for k, _, _ in seatkinds.declared(self.flow_docs)],
                                      tuple(seatkinds.counters(self.flow_docs)),
                                      seatkinds.card_fields(self.flow_docs),
                                      flowdocs.started_triggers(
                                          self.flow_docs,
                                          list(self.collections["employee"].items.items())))
        # a `possible` or an `either` alternative of a known shape is then answered by its
        # static check, made once as its effect is compiled (the trial runs where it says None)
        self.vocab = dataclasses.replace(self.vocab, check_of=build_check)
        if self.param_names:
            self.vocab = self.vocab.extended(self.param_names)
        flowdocs.check_open_names(self, colors, types)
        flowdocs.check_board_zones(self, game, game_doc)
        flowdocs.check_unique_ids(self, game, game_doc, self.flow_docs)
        procedures.check_ids(self, self.flow_docs)
        procs = procedures.declared(self.flow_docs)
        if procs:
            self.vocab = dataclasses.replace(self.vocab, verbs={
                **self.vocab.verbs, **{name: VerbDef({}, proc, text, reads=("played",))
                                       for name, text, _, _, proc in procs}})
            procedures.compile_all(self, procs)
        return _Names(kinds, resources, zones, declared, pieces, displays)

    def _actions(self) -> dict[str, Action]:
        """Stage 2: the main actions, their effects compiled and printed as card text."""
        actions = {}
        for aid, (entry, doc, path) in self.collections["action"].items.items():
            eff = self.required_effect(doc, path + ("effect",), entry["effect"],
                                       f"the action {aid!r}")
            # an edition may name the action its own way: words `<id>_action` ("Make a Dress")
            name = self.words.get(f"{aid}_action", entry["name"])
            if eff.compiled is not None:  # a lone `tailor` is the action, not an extra one
                eff = dataclasses.replace(eff, text=effect_text(
                    eff.compiled.effect, self.vocab, as_action=True,
                    analysis=eff.compiled.analysis))
            actions[aid] = Action(aid, name, tuple(entry["types"]), eff)
        return actions

    def _employees(self, game: dict, game_doc: Document,
                   zones: list) -> tuple[dict[str, Employee], list[Employee]]:
        """Stage 3: the employee cards of the hire deck, and each color's starting cards made
        from the start templates (returned too: `Ruleset.start_cards`)."""
        depute_values: tuple = getattr(self, "depute_values", ({}, None))
        levels = self._hire_levels(game, game_doc)
        employees: dict[str, Employee] = {}
        for cid, (entry, doc, path) in self.collections["employee"].items.items():
            if entry["level"] not in levels and "start_in" not in entry:
                self.errors.append(IdError(
                    f"level {entry['level']} is not a level of the hire deck (hire_deck_levels: "
                    f"{', '.join(str(x) for x in levels)}), so the card would never be used",
                    doc.span(path + ("level",))))
            employees[cid] = self._employee(cid, entry, doc, path, depute_values, start=False)
            if "start_in" in entry:
                flowdocs.check_start_in(self, zones, "employees", entry["start_in"], doc,
                                        path + ("start_in",))
        start_templates = []
        for cid, (entry, doc, path) in self.collections["start employee"].items.items():
            start_templates.append(self._employee(cid, entry, doc, path, depute_values, True))
        for color in game["player_colors"]:
            for tpl in start_templates:
                cid = f"start.{color}.{tpl.id}"
                employees[cid] = Employee(cid, f"{tpl.name} ({color})", 0, tpl.type,
                                          tpl.depute_value, tpl.bonus, tpl.final, True,
                                          tpl.fields, depute_inferred=tpl.depute_inferred)
        return employees, start_templates

    def _garments_and_tiles(self, kinds: dict) -> tuple[dict[str, Garment], dict[str, Tile]]:
        """Stage 4: the garments (of the kinds declared) and the resource tiles."""
        garments = {}
        for gid, (entry, doc, path) in self.collections["garment"].items.items():
            if entry["color"] not in kinds:
                continue  # reported by check_open_names
            garments[gid] = Garment(gid, entry["color"], kinds[entry["color"]],
                                    dict(entry["silk"]), entry.get("thread", 0),
                                    entry.get("lace", 0), entry.get("master", False),
                                    entry["value"], entry["prestige"],
                                    **flowdocs.garment_hooks(self, gid, entry, doc, path),
                                    fields=flowdocs.entry_fields(self, self.declared_fields,
                                                                 "garment", entry, doc, path))
        tiles = {tid: Tile(tid, dict(e["silk"]), e["bottom"],
                           flowdocs.entry_fields(self, self.declared_fields, "tile", e, d, p))
                 for tid, (e, d, p) in self.collections["tile"].items.items()}
        return garments, tiles

    def _flow(self, game: dict, game_doc: Document) -> tuple[tuple[Phase, ...], tuple[Phase, ...]]:
        """Stage 5 (after the board): the round's and the final scoring's phases, with the
        modules' patches and flow triggers applied."""
        round_phases = self._phases(game, game_doc, "round")
        final_phases = self._phases(game, game_doc, "final_scoring")
        flowdocs.check_garment_ranges(self, game, self.flow_docs,
                                      list(self.collections["garment"].items.items()))
        round_phases, final_phases = flowdocs.apply_patches(self, self.flow_docs, round_phases,
                                                            final_phases)
        return flowdocs.flow_triggers(self, self.flow_docs, round_phases, final_phases)

    def _fingerprint(self) -> str:
        """What identifies these rules in a save: a hash of every document's name (a pack's
        file by its path within the pack) and text."""
        fingerprint = hashlib.sha256()
        for doc in self.docs:
            fingerprint.update(self.hashed_as.get(doc.display, doc.display).encode())
            fingerprint.update("\n".join(doc.lines).encode())
        return fingerprint.hexdigest()[:16]

    def _hire_levels(self, game: dict, doc: Document) -> set[int]:
        """The levels of the hire deck; a level listed twice would deal its cards twice."""
        seen: set[int] = set()
        for i, level in enumerate(game["hire_deck_levels"]):
            if level in seen:
                self.errors.append(IdError(f"level {level} is listed twice in hire_deck_levels",
                                           doc.span(("hire_deck_levels", i))))
            seen.add(level)
        return seen

    def _player_counts(self, sides: tuple[BoardSide, ...], colors: int, doc: Document) -> None:
        """Every player count from 2 to the number of colours has exactly one board side."""
        for players in range(2, colors + 1):
            having = [i for i, side in enumerate(sides) if players in side.players]
            if not having:
                covered = sorted({n for side in sides for n in side.players})
                self.errors.append(IdError(
                    f"no board side for {players} players (the game has {colors} player colours; "
                    f"the sides are for {', '.join(str(n) for n in covered)} players)",
                    doc.span(("sides",))))
            for i in having[1:]:
                self.errors.append(IdError(
                    f"board sides {sides[having[0]].id!r} and {sides[i].id!r} are both for "
                    f"{players} players", doc.span(("sides", i, "players"))))

    def _phases(self, game: dict, doc: Document, key: str) -> tuple[Phase, ...]:
        """The phases under `key`; a phase id, or a step id within a phase, is used once."""
        seen: dict[str, Span] = {}
        for i, entry in enumerate(game[key]):
            self._once(seen, entry["id"], f"phase id {entry['id']!r}", doc, (key, i, "id"))
            steps: dict[str, Span] = {}
            for j, step in enumerate(entry.get("steps", [])):
                self._once(steps, step["id"], f"step id {step['id']!r}", doc,
                           (key, i, "steps", j, "id"))
        return tuple(self._phase(p, doc, (key, i)) for i, p in enumerate(game[key]))

    def _once(self, seen: dict[str, Span], key: str, what: str, doc: Document,
              path: tuple) -> None:
        """Record `key` at `path`, or report it as a duplicate naming the first place."""
        here = doc.span(path)
        if key in seen:
            self.errors.append(IdError(f"duplicate {what} (first at {seen[key]})", here))
        else:
            seen[key] = here

    def _employee(self, cid, entry, doc, path, depute_values, start) -> Employee:
        bonus = final = None
        if "bonus" in entry:
            bonus = self.effect(doc, path + ("bonus",), entry["bonus"],
                                f"the bonus of employee {cid!r}")
        if "final" in entry:
            final = self.effect(doc, path + ("final",), entry["final"],
                                f"the final bonus of employee {cid!r}")
        table, table_doc = depute_values
        value = entry.get("depute_value", table.get(entry["type"], 0))
        inferred = "depute_value" not in entry and table_doc is not doc
        name = entry.get("name") or self.words.get(entry["type"], entry["type"].title())
        condition = None
        if "hire_condition" in entry:
            condition = flowdocs.condition(self, doc, path + ("hire_condition",),
                                           entry["hire_condition"])
        return Employee(cid, name, entry.get("level", 0), entry["type"], value, bonus, final,
                        start, flowdocs.entry_fields(self, self.declared_fields, "employee",
                                                     entry, doc, path),
                        entry.get("start_in"), condition, inferred)

    def _side(self, index: int, side: dict, doc: Document) -> BoardSide:
        base = ("sides", index)
        halls, guests, decos = [], {}, {}
        hall_ids: dict[str, Span] = {}
        space_ids: dict[str, Span] = {}  # guest spaces and decorations share one namespace
        rd = side["resource_display"]
        for key, limit in (("drawers", MAX_DRAWERS), ("tiles_per_drawer", MAX_TILES_PER_DRAWER)):
            if rd[key] > limit:
                self.errors.append(SchemaError(
                    f"{key}: {rd[key]} is too many, the limit is {limit}",
                    doc.span(base + ("resource_display", key))))
        for h, hall in enumerate(side["halls"]):
            hpath = base + ("halls", h)
            self._once(hall_ids, hall["id"], f"hall id {hall['id']!r}", doc, hpath + ("id",))
            self._once(space_ids, hall["musician"]["id"], f"space id {hall['musician']['id']!r}",
                       doc, hpath + ("musician", "id"))
            spaces = []
            for g, space in enumerate(hall["guest_spaces"]):
                self._once(space_ids, space["id"], f"space id {space['id']!r}", doc,
                           hpath + ("guest_spaces", g, "id"))
                reward = None
                if "reward" in space:
                    reward = self.effect(doc, hpath + ("guest_spaces", g, "reward"),
                                         space["reward"], f"the reward of space {space['id']!r}")
                guests[space["id"]] = GuestSpace(space["id"], hall["id"],
                                                 space.get("master", False), reward)
                spaces.append(space["id"])
            mus = hall["musician"]
            decos[mus["id"]] = Decoration(mus["id"], MUSICIANS, mus["cost"], mus["prestige"], h,
                                          hall["id"])
            halls.append(Hall(hall["id"], hall["name"], hall.get("royal", False),
                              tuple(hall["majority"]), mus["id"], tuple(spaces)))
        areas = self._areas(side, doc, base, space_ids, decos)
        royal = [h for h in halls if h.royal]
        if len(royal) != 1:
            self.errors.append(IdError("a board side needs exactly one royal hall",
                                               doc.span(base + ("halls",))))
        return BoardSide(side["id"], tuple(side["players"]), tuple(side["garment_display"]),
                         rd["drawers"], rd["tiles_per_drawer"], tuple(halls), guests, decos,
                         areas, tuple(side["all_halls"]))

    def _areas(self, side: dict, doc: Document, base: tuple, space_ids: dict[str, Span],
               decos: dict[SpaceId, Decoration]) -> dict[str, Area]:
        """A side's Decoration areas (`areas:`), their spaces added to `decos` in board order;
        an area's id once a side, and never the halls' musicians' own area."""
        areas: dict[str, Area] = {}
        area_ids: dict[str, Span] = {}
        for a, area in enumerate(side["areas"]):
            apath = base + ("areas", a)
            self._once(area_ids, area["id"], f"area id {area['id']!r}", doc, apath + ("id",))
            if area["id"] == MUSICIANS:
                self.errors.append(IdError(
                    f"area id {MUSICIANS!r} is the halls' musicians' (each hall declares its "
                    "musician's space)", doc.span(apath + ("id",))))
            for order, e in enumerate(area["spaces"]):
                self._once(space_ids, e["id"], f"space id {e['id']!r}", doc,
                           apath + ("spaces", order, "id"))
                decos[e["id"]] = Decoration(e["id"], area["id"], e["cost"], e["prestige"], order,
                                            None, e.get("multiplier"))
            areas[area["id"]] = Area(area["id"], tuple(e["id"] for e in area["spaces"]),
                                     tuple(area.get("majority", ())))
        return areas

    def _phase(self, entry: dict, doc: Document, path: tuple) -> Phase:
        name = entry.get("name", entry["id"])
        for kind in ("each_player", "turns", "once"):
            if kind in entry:
                eff = self.required_effect(doc, path + (kind,), entry[kind],
                                           f"the step {entry['id']!r}")
                return Phase(entry["id"], name, "steps" if kind == "once" else kind,
                             (Step(entry["id"], name, eff),))
        steps = tuple(Step(s["id"], s.get("name", s["id"]),
                           self.required_effect(doc, path + ("steps", i, "effect"), s["effect"],
                                       f"the step '{entry['id']}.{s['id']}'"))
                      for i, s in enumerate(entry["steps"]))
        return Phase(entry["id"], name, "steps", steps)


def _card_text(compiled, vocab) -> str:
    return effect_text(compiled.effect, vocab, analysis=compiled.analysis)
