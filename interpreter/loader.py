"""YAML → schema → merge modules → parse, check and compile effects → one frozen Ruleset.

Load errors are collected, not raised one at a time: `load_ruleset` reports every problem in
the file set at once, sorted by file and line.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from jsonschema import Draft202012Validator
from rulesdsl import RulesError, RulesErrors, VerbDef, build_effect, effect_text

from .errors import ModuleError, IdError, SchemaError
from .model import (Action, BoardSide, Decoration, Effect, Employee, Garment, GuestSpace, Hall,
                    Phase, Ruleset, Step, Tile)
from . import flowdocs
from .vocabulary import AREAS, build_vocabulary
from .yamlio import Document, read_document

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "rules"
SCHEMAS_DIR = ROOT / "schemas"
DEFAULT_MODULES = ("base", "deluxe")
KINDS = ("module", "game", "actions", "employees", "garments", "resources", "board", "words",
         "flow")


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


@lru_cache(maxsize=None)
def _validator(kind: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def validate_document(doc: Document, errors: list[RulesError]) -> bool:
    """Check one document against the schema of its `kind`; report violations with positions."""
    data = doc.data
    if not isinstance(data, dict) or "kind" not in data and "module" not in data:
        errors.append(SchemaError("a rules file must be a mapping with a 'kind' "
                                  f"(one of {', '.join(KINDS)})", doc.span()))
        return False
    kind = "module" if "module" in data else data["kind"]
    if kind not in KINDS:
        errors.append(SchemaError(f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})",
                                  doc.span(("kind",))))
        return False
    found = False
    for err in sorted(_validator(kind).iter_errors(data), key=lambda e: list(e.absolute_path)):
        path = tuple(err.absolute_path)
        where = "/".join(str(p) for p in path) or "document"
        errors.append(SchemaError(f"{where}: {_schema_message(err)}", doc.span(path)))
        found = True
    return not found


def _schema_message(err) -> str:
    if err.validator == "additionalProperties":
        return err.message.replace("Additional properties are not allowed", "unknown key").lower()
    return err.message[0].lower() + err.message[1:]


class _Modules:
    """Module headers found on disk, by id."""

    def __init__(self, extra: Iterable[Path]):
        self.headers: dict[str, tuple[Document, dict]] = {}
        self.errors: list[RulesError] = []
        for path in sorted(RULES_DIR.glob("**/module.yaml")):
            self._add(path)
        for path in extra:
            path = Path(path)
            self._add(path / "module.yaml" if path.is_dir() else path)

    def _add(self, path: Path) -> None:
        try:
            doc = read_document(path, _display(path))
        except RulesError as exc:
            self.errors.append(exc)
            return
        if isinstance(doc.data, dict) and "module" not in doc.data and "kind" in doc.data:
            # a lone rules file given on the command line: a custom module of one file
            header = {"id": f"custom.{path.stem}", "kind": "custom", "name": path.name,
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
                 edition: str | None = None, expansions: Iterable[str] = ()) -> Ruleset:
    """Load and compile a ruleset: the base game, one `edition` (default "deluxe"), any
    `expansions` by id, and the modules found at `extra_paths` (custom packs); or exactly the
    module ids in `modules`."""
    extra_paths = [Path(p) for p in extra_paths]
    found = _Modules(extra_paths)
    errors = list(found.errors)
    if modules is None:
        modules = ["base", edition or "deluxe", *expansions]
    elif edition is not None or expansions:
        modules = [*modules, *([edition] if edition else []), *expansions]
    wanted = list(modules)
    for path in extra_paths:
        for mid, (doc, header) in found.headers.items():
            if doc.path.resolve().parent == (path if path.is_dir() else path.parent).resolve() \
                    and mid not in wanted:
                wanted.append(mid)
    ordered = _order_modules(found, wanted, errors)
    docs: list[Document] = []
    for mid in ordered:
        doc, header = found.headers[mid]
        for name in header.get("files", []):
            path = doc.path.parent / name
            try:
                sub = read_document(path, _display(path))
            except RulesError as exc:
                errors.append(exc)
                continue
            if validate_document(sub, errors):
                docs.append(sub)
    if errors:
        raise RulesErrors(sorted(errors, key=_error_key))
    builder = _Builder(ordered, docs)
    ruleset = builder.build()
    if builder.errors:
        raise RulesErrors(sorted(builder.errors, key=_error_key))
    return dataclasses.replace(ruleset, module_info=_module_info(found, ordered, docs))


def _module_info(found: _Modules, ordered: list[str], docs: list[Document]) -> tuple:
    """Each module's id, version and a digest of its header and files, for saves."""
    info = []
    for mid in ordered:
        doc, header = found.headers[mid]
        digest = hashlib.sha256("\n".join(doc.lines).encode())
        folder = doc.path.parent.resolve()
        for sub in docs:
            if sub.path.parent.resolve() == folder:
                digest.update("\n".join(sub.lines).encode())
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


def _error_key(e: RulesError):
    return (e.span.file, e.span.line, e.span.column)


def _order_modules(found: _Modules, wanted: list[str], errors: list[RulesError]) -> list[str]:
    """Modules in load order: requirements first; conflicts and unknown ids are errors."""
    order: list[str] = []

    def visit(mid: str, needed_by: str | None) -> None:
        if mid in order:
            return
        if mid not in found.headers:
            known = ", ".join(sorted(found.headers))
            where = f" (required by {needed_by!r})" if needed_by else ""
            span = found.headers[needed_by][0].span(("module", "requires")) if needed_by else \
                RulesError("").span
            errors.append(ModuleError(f"unknown module {mid!r}{where}; known: {known}", span))
            return
        for req in found.headers[mid][1].get("requires", []):
            visit(req, mid)
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


class _Collection:
    """Entries by id, in order, with add / replace / remove across modules."""

    def __init__(self, name: str, errors: list[RulesError]):
        self.name, self.errors = name, errors
        self.items: dict[str, tuple[dict, Document, tuple]] = {}

    def add(self, entry: dict, doc: Document, path: tuple) -> None:
        key = entry["id"]
        if key in self.items and not entry.get("replace"):
            _, first_doc, first_path = self.items[key]
            self.errors.append(IdError(
                f"duplicate {self.name} id {key!r} (first defined at "
                f"{first_doc.span(first_path + ('id',))}); use 'replace: true' to replace it",
                doc.span(path + ("id",))))
            return
        if entry.get("replace") and key not in self.items:
            self.errors.append(IdError(f"cannot replace unknown {self.name} id {key!r}",
                                               doc.span(path + ("id",))))
            return
        self.items[key] = (entry, doc, path)

    def remove(self, key: str, doc: Document, path: tuple) -> None:
        if key not in self.items:
            self.errors.append(IdError(f"cannot remove unknown {self.name} id {key!r}",
                                               doc.span(path)))
            return
        del self.items[key]


class _Builder:
    """Turns validated documents into a Ruleset, collecting every error on the way."""

    def __init__(self, modules: list[str], docs: list[Document]):
        self.modules, self.docs = modules, docs
        self.errors: list[RulesError] = []
        self.singletons: dict[str, tuple[dict, Document]] = {}
        self.collections = {name: _Collection(name, self.errors)
                            for name in ("employee", "start employee", "garment", "tile",
                                         "action")}
        self.words: dict[str, str] = {}
        self.flow_docs: list[Document] = []
        self.board_sources: dict[str, str] = {}

    # -- gathering -------------------------------------------------------------------------
    def _gather(self) -> None:
        lists = {"employees": [("hire", "employee"), ("start", "start employee")],
                 "garments": [("garments", "garment")], "resources": [("tiles", "tile")],
                 "actions": [("actions", "action")]}
        for doc in self.docs:
            data = doc.data
            kind = data["kind"]
            if kind in ("game", "board"):
                if kind in self.singletons and not data.get("replace"):
                    first = self.singletons[kind][1]
                    self.errors.append(ModuleError(
                        f"a second '{kind}' document (first at {first.span()}); "
                        "use 'replace: true' to replace it", doc.span(("kind",))))
                    continue
                self.singletons[kind] = (data, doc)
            elif kind == "words":
                self.words.update(data["words"])
            elif kind == "flow":
                self.flow_docs.append(doc)
            for key, cname in lists.get(kind, []):
                for i, entry in enumerate(data.get(key, [])):
                    self.collections[cname].add(entry, doc, (key, i))
            for cname, ids in data.get("remove", {}).items():
                coll = {"employees": "employee", "garments": "garment", "tiles": "tile",
                        "actions": "action"}.get(cname)
                for i, key in enumerate(ids):
                    if coll:
                        self.collections[coll].remove(key, doc, ("remove", cname, i))
            if kind == "employees" and "depute_values" in data:
                self.depute_values = (data["depute_values"], doc)
        for kind in ("game", "board"):
            if kind not in self.singletons:
                self.errors.append(ModuleError(f"no '{kind}' document in modules "
                                               f"{', '.join(self.modules)}",
                                               RulesError("").span))

    # -- effects ---------------------------------------------------------------------------
    def effect(self, doc: Document, path: tuple, text: str, owner: str = "") -> Effect | None:
        origin = doc.origin(path)
        try:
            compiled = build_effect(text, origin, self.vocab)
        except RulesErrors as exc:
            self.errors.extend(exc.errors)
            return None
        except RulesError as exc:
            self.errors.append(exc)
            return None
        return Effect(text, compiled, _card_text(compiled, self.vocab), owner,
                      origin.locate(1, 1))

    # -- building --------------------------------------------------------------------------
    def build(self) -> Ruleset | None:
        self._gather()
        if self.errors:
            return None
        game, game_doc = self.singletons["game"]
        board, board_doc = self.singletons["board"]
        colors = tuple(game["garment_kinds"])
        actions_coll = self.collections["action"].items
        zones = flowdocs.zones(self.flow_docs)
        self.vocab = build_vocabulary(colors, list(actions_coll), self.words,
                                      [z.id for z in zones], flowdocs.board_areas(self.flow_docs))
        procs = flowdocs.procedures(self.flow_docs)
        if procs:
            self.vocab = dataclasses.replace(self.vocab, verbs={
                **self.vocab.verbs, **{name: VerbDef({}, proc, text)
                                       for name, text, _, _, proc in procs}})
            flowdocs.compile_procedures(self, procs)

        actions = {}
        for aid, (entry, doc, path) in actions_coll.items():
            eff = self.effect(doc, path + ("effect",), entry["effect"],
                              f"the action {aid!r}")
            actions[aid] = Action(aid, entry["name"], tuple(entry["types"]), eff)

        depute_values = getattr(self, "depute_values", ({}, None))[0]
        employees: dict[str, Employee] = {}
        for cid, (entry, doc, path) in self.collections["employee"].items.items():
            employees[cid] = self._employee(cid, entry, doc, path, depute_values, start=False)
        start_templates = []
        for cid, (entry, doc, path) in self.collections["start employee"].items.items():
            start_templates.append(self._employee(cid, entry, doc, path, depute_values, True))
        for color in game["player_colors"]:
            for tpl in start_templates:
                cid = f"start.{color}.{tpl.id}"
                employees[cid] = Employee(cid, f"{tpl.name} ({color})", 0, tpl.type,
                                          tpl.depute_value, tpl.bonus, tpl.final, True)

        garments = {}
        for gid, (entry, doc, path) in self.collections["garment"].items.items():
            if entry["color"] not in game["garment_kinds"]:
                self.errors.append(IdError(
                    f"unknown garment color {entry['color']!r}", doc.span(path + ("color",))))
                continue
            garments[gid] = Garment(gid, entry["color"], game["garment_kinds"][entry["color"]],
                                    dict(entry["silk"]), entry.get("thread", 0),
                                    entry.get("lace", 0), entry.get("master", False),
                                    entry["value"], entry["prestige"],
                                    **flowdocs.garment_hooks(self, gid, entry, doc, path))
        tiles = {tid: Tile(tid, dict(e["silk"]), e["bottom"])
                 for tid, (e, _, _) in self.collections["tile"].items.items()}

        sides = tuple(self._side(i, s, board_doc) for i, s in enumerate(board["sides"]))
        sides = flowdocs.apply_board(self, self.flow_docs, sides)
        round_phases = tuple(self._phase(p, game_doc, ("round", i))
                             for i, p in enumerate(game["round"]))
        final_phases = tuple(self._phase(p, game_doc, ("final_scoring", i))
                             for i, p in enumerate(game["final_scoring"]))
        flowdocs.check_garment_ranges(self, game, self.flow_docs,
                                      list(self.collections["garment"].items.items()))
        round_phases, final_phases = flowdocs.apply_patches(self, self.flow_docs, round_phases,
                                                            final_phases)
        triggers = flowdocs.triggers(self, self.flow_docs,
                                     list(self.collections["employee"].items.items()))
        if self.errors:
            return None
        fingerprint = hashlib.sha256()
        for doc in self.docs:
            fingerprint.update(doc.display.encode())
            fingerprint.update("\n".join(doc.lines).encode())
        return Ruleset(
            modules=tuple(self.modules), fingerprint=fingerprint.hexdigest()[:16],
            rounds=game["rounds"], setup=dict(game["setup"]),
            colors=tuple(game["player_colors"]), employees=employees,
            start_cards=tuple(start_templates), hire_levels=tuple(game["hire_deck_levels"]),
            garments=garments, tiles=tiles, sides=sides, actions=actions,
            round_phases=round_phases, final_phases=final_phases,
            fund_limits={**game.get("fund_limits", {}),
                         **{k: v for d in self.flow_docs
                            for k, v in d.data.get("fund_limits", {}).items()}},
            words=dict(self.words),
            vocabulary=self.vocab, zones=tuple(zones), triggers=triggers,
            sources={f"{cname}:{key}": str(doc.span(path + ("id",)))
                     for cname, coll in self.collections.items()
                     for key, (_, doc, path) in coll.items.items()} | self.board_sources)

    def _employee(self, cid, entry, doc, path, depute_values, start) -> Employee:
        bonus = final = None
        if "bonus" in entry:
            bonus = self.effect(doc, path + ("bonus",), entry["bonus"],
                                f"the bonus of employee {cid!r}")
        if "final" in entry:
            final = self.effect(doc, path + ("final",), entry["final"],
                                f"the final bonus of employee {cid!r}")
        value = entry.get("depute_value", depute_values.get(entry["type"], 0))
        name = entry.get("name") or self.words.get(entry["type"], entry["type"].title())
        return Employee(cid, name, entry.get("level", 0), entry["type"], value, bonus, final,
                        start)

    def _side(self, index: int, side: dict, doc: Document) -> BoardSide:
        base = ("sides", index)
        halls, guests, decos = [], {}, {}
        for h, hall in enumerate(side["halls"]):
            hpath = base + ("halls", h)
            spaces = []
            for g, space in enumerate(hall["guest_spaces"]):
                reward = None
                if "reward" in space:
                    reward = self.effect(doc, hpath + ("guest_spaces", g, "reward"),
                                         space["reward"], f"the reward of space {space['id']!r}")
                guests[space["id"]] = GuestSpace(space["id"], hall["id"],
                                                 space.get("master", False), reward)
                spaces.append(space["id"])
            mus = hall["musician"]
            decos[mus["id"]] = Decoration(mus["id"], "musician", mus["cost"], mus["prestige"], h,
                                          hall["id"])
            halls.append(Hall(hall["id"], hall["name"], hall.get("royal", False),
                              tuple(hall["majority"]), mus["id"], tuple(spaces)))
        groups = [("fireworks", side["fireworks"]["spaces"]), ("statue", side["statues"]),
                  ("kitchen_left", side["kitchen"]["left"]),
                  ("kitchen_right", side["kitchen"]["right"])]
        for area, entries in groups:
            for order, e in enumerate(entries):
                if e["id"] in decos or e["id"] in guests:
                    self.errors.append(IdError(f"duplicate space id {e['id']!r}",
                                                       doc.span(base)))
                decos[e["id"]] = Decoration(e["id"], area, e["cost"], e["prestige"], order,
                                            None, e.get("multiplier"))
        royal = [h for h in halls if h.royal]
        if len(royal) != 1:
            self.errors.append(IdError("a board side needs exactly one royal hall",
                                               doc.span(base + ("halls",))))
        rd = side["resource_display"]
        return BoardSide(side["id"], tuple(side["players"]), tuple(side["garment_display"]),
                         rd["drawers"], rd["tiles_per_drawer"], tuple(halls), guests, decos,
                         tuple(side["fireworks"]["majority"]), tuple(side["all_halls"]))

    def _phase(self, entry: dict, doc: Document, path: tuple) -> Phase:
        name = entry.get("name", entry["id"])
        for kind in ("each_player", "turns", "once"):
            if kind in entry:
                eff = self.effect(doc, path + (kind,), entry[kind], f"the step {entry['id']!r}")
                return Phase(entry["id"], name, "steps" if kind == "once" else kind,
                             (Step(entry["id"], name, eff),))
        steps = tuple(Step(s["id"], s.get("name", s["id"]),
                           self.effect(doc, path + ("steps", i, "effect"), s["effect"],
                                       f"the step '{entry['id']}.{s['id']}'"))
                      for i, s in enumerate(entry["steps"]))
        return Phase(entry["id"], name, "steps", steps)


def _card_text(compiled, vocab) -> str:
    return effect_text(compiled.effect, vocab)
