"""Procedures: named effects a flow document declares, called by name like a verb from any
effect. Each id is declared once; another module may replace one by id (`replace: true`), once,
as a solo mode's file loaded `when:` an expansion is on reads an action its own way."""
from __future__ import annotations

from ..core.errors import IdError
from ..core.model import Effect


class _Procedure:
    """A procedure named in a module: called like a verb, it runs its compiled effect."""

    def __init__(self, name: str, replaces: str | None = None):
        self.name = name
        self.effect: Effect | None = None  # compiled once every procedure is known
        self.replaces = replaces  # where the declaration it replaces is written, if it does

    def __call__(self, ctx, args) -> None:
        assert self.effect is not None, f"procedure {self.name!r} was never compiled"
        self.effect.run(ctx)


def check_ids(builder, flow_docs) -> None:
    """Each procedure id declared once; a `replace: true` entry replaces one declared before
    it, at most once, by another module or by a file its own module loads only with another
    (`when:`). Every other case is an error at its position."""
    declared: dict = {}
    declared_by: dict = {}  # procedure id -> the module declaring it
    replaced: dict = {}
    for doc in flow_docs:
        module = builder.module_of.get(doc.display, doc.display)
        for i, entry in enumerate(doc.data.get("procedures", [])):
            pid, path = entry["id"], ("procedures", i, "id")
            if not entry.get("replace"):
                builder._once(declared, pid, f"procedure id {pid!r}", doc, path)
                declared_by.setdefault(pid, module)
                continue
            here = doc.span(path)
            if pid not in declared:
                builder.errors.append(IdError(f"cannot replace unknown procedure id {pid!r}",
                                              here))
            elif declared_by[pid] == module and doc.display not in builder.conditional:
                builder.errors.append(IdError(
                    f"procedure {pid!r} is the module's own (declared at {declared[pid]}): "
                    "change it there; 'replace: true' replaces another module's", here))
            elif pid in replaced:
                builder.errors.append(IdError(
                    f"procedure {pid!r} is replaced twice (first replaced at {replaced[pid]}); "
                    "only one module may replace it", here))
            else:
                replaced[pid] = here


def declared(flow_docs) -> list[tuple]:
    """(name, text, doc, path, procedure) for every procedure of the modules: an entry written
    `replace: true` takes the place of the one of its id declared before it."""
    found: dict[str, tuple] = {}
    for doc in flow_docs:
        for i, p in enumerate(doc.data.get("procedures", [])):
            if p.get("replace") or p["id"] not in found:
                earlier = found.get(p["id"])
                replaces = None if earlier is None else str(earlier[2].span(earlier[3]))
                found[p["id"]] = (p["id"], p.get("text", p["id"].replace("_", " ")), doc,
                                  ("procedures", i), _Procedure(p["id"], replaces))
    return list(found.values())


def of(vocab) -> dict[str, _Procedure]:
    """The procedures among a ruleset's verbs, by name."""
    return {name: verb.run for name, verb in vocab.verbs.items()
            if isinstance(verb.run, _Procedure)}


def compile_all(builder, procs) -> None:
    for name, _, doc, path, proc in procs:
        proc.effect = builder.effect(doc, path + ("effect",),
                                     doc.data["procedures"][path[1]]["effect"],
                                     f"the procedure {name!r}")
