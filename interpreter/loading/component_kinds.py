"""Component kinds and displays declared in data.

A flow document's `components:` declares a kind of component (its fields and their types, the
zone its pieces start in, who sees the pieces a player holds); a `kind: components` document is
its catalogue (`of: <kind>`, `items:`). `displays:` (in game.yaml or a flow document) declares a
row of priced slots filled from a zone. No kind is named in Python: the vocabulary, the state,
the integrity check, the view and the printers read these declarations.
"""
from __future__ import annotations

from ..core.errors import ModuleError
from ..core.model import ComponentKind, Display, Piece
from .schemacheck import did_you_mean

BASE_HOLDS = ("garments", "tiles", "employees")


def kinds(flow_docs, enums: dict) -> dict[str, ComponentKind]:
    """Every declared kind; a field's type is number, boolean, an enum the game has (color,
    garment_kind...) or its own `values` (an enum named `<kind>_<field>`)."""
    out: dict[str, ComponentKind] = {}
    for doc in flow_docs:
        for kid, spec in doc.data.get("components", {}).items():
            fields = {}
            for name, f in spec.get("fields", {}).items():
                if "values" in f:
                    fields[name] = f"{kid}_{name}"
                    enums[f"{kid}_{name}"] = tuple(f["values"])
                else:
                    fields[name] = f["type"]
            out[kid] = ComponentKind(kid, spec.get("name", kid.replace("_", " ")), fields,
                                     spec["start_in"], spec.get("visible", "all"))
    return out


def check_kinds(builder, flow_docs, declared: dict, zone_holds: dict, enums: dict) -> None:
    """Each kind starts in a zone that holds it; each field's type is known."""
    for doc in flow_docs:
        for kid, spec in doc.data.get("components", {}).items():
            path = ("components", kid)
            if kid in BASE_HOLDS or kid in ("garment", "employee", "tile"):
                builder.errors.append(ModuleError(
                    f"component kind {kid!r} is one of the game's own", doc.span(path)))
            start = spec["start_in"]
            if zone_holds.get(start) != kid:
                hint = "" if start in zone_holds else did_you_mean(start, list(zone_holds))
                builder.errors.append(ModuleError(
                    f"component kind {kid!r} starts in {start!r}, which is not a zone holding "
                    f"{kid}{hint}", doc.span(path + ("start_in",))))
            for name, f in spec.get("fields", {}).items():
                t = f.get("type")
                if t is not None and t not in ("number", "boolean") and t not in enums:
                    builder.errors.append(ModuleError(
                        f"unknown field type {t!r}{did_you_mean(t, list(enums))} (number, "
                        f"boolean, or one of {', '.join(enums)})",
                        doc.span(path + ("fields", name, "type"))))


def pieces(builder, docs, declared: dict[str, ComponentKind], enums: dict) -> dict[str, Piece]:
    """The catalogue entries of every declared kind, each field checked against its type."""
    out: dict[str, Piece] = {}
    seen: dict[str, str] = {}
    for doc in docs:
        kid = doc.data["of"]
        kind = declared.get(kid)
        if kind is None:
            builder.errors.append(ModuleError(
                f"no component kind {kid!r} is declared{did_you_mean(kid, list(declared))} "
                "(a flow document declares it under 'components')", doc.span(("of",))))
            continue
        for i, item in enumerate(doc.data.get("items", [])):
            path = ("items", i)
            pid = item["id"]
            if pid in seen:
                builder.errors.append(ModuleError(
                    f"component id {pid!r} is defined twice (first at {seen[pid]})",
                    doc.span(path + ("id",))))
                continue
            seen[pid] = str(doc.span(path + ("id",)))
            builder.board_sources[f"piece:{pid}"] = seen[pid]
            values = {}
            for name, value in item.items():
                if name == "id":
                    continue
                t = kind.fields.get(name)
                problem = _type_problem(t, value, enums)
                if t is None:
                    problem = (f"unknown {kid} field {name!r}"
                               f"{did_you_mean(name, list(kind.fields))}")
                if problem:
                    builder.errors.append(ModuleError(problem, doc.span(path + (name,))))
                values[name] = value
            for name in kind.fields:
                if name not in item:
                    builder.errors.append(ModuleError(f"{kid} {pid!r} has no {name!r}",
                                                      doc.span(path)))
            out[pid] = Piece(pid, kid, values)
    return out


def _type_problem(t, value, enums) -> str:
    if t is None:
        return ""
    if t == "number":
        return "" if type(value) is int else f"expected a whole number, not {value!r}"
    if t == "boolean":
        return "" if type(value) is bool else f"expected true or false, not {value!r}"
    known = enums.get(t, ())
    return "" if value in known else (f"unknown {t} {value!r}{did_you_mean(str(value), known)} "
                                      f"(known: {', '.join(known)})")


def displays(builder, game: dict, game_doc, flow_docs, holds: dict) -> tuple[Display, ...]:
    """game.yaml's displays (kept under their own state key) and the modules' ones."""
    out: list[Display] = []
    sources = [(game, game_doc, True)] + [(d.data, d, False) for d in flow_docs]
    for data, doc, own in sources:
        for i, d in enumerate(data.get("displays", [])):
            path = ("displays", i)
            for key in ("source", "discard"):
                if holds.get(d[key]) != d["holds"]:
                    hint = "" if d[key] in holds else did_you_mean(d[key], list(holds))
                    builder.errors.append(ModuleError(
                        f"display {d['id']!r}: {key} {d[key]!r} is not a zone holding "
                        f"{d['holds']}{hint}", doc.span(path + (key,))))
            prices = d["prices"] if d["prices"] == "board" else tuple(d["prices"])
            out.append(Display(d["id"], d["holds"], d["source"], d["discard"], prices,
                               d.get("recycle", False), d.get("name", d["id"]), own))
    return tuple(out)
