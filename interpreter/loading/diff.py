"""What a combination of modules changes: two rulesets compared entry by entry, each change with
the file:line it comes from (`rococo diff`)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    change: str  # added, replaced, removed, changed
    what: str    # employee, garment, tile, action, phase, step, zone, trigger, word, display,
    #              component kind, component
    id: str
    where: str

    def to_json(self) -> dict:
        return {"change": self.change, "what": self.what, "id": self.id, "where": self.where}


def ruleset_diff(before, after) -> list[Change]:
    """Every entry `after` adds, replaces or removes compared with `before`."""
    out: list[Change] = []
    for what in ("employee", "start employee", "garment", "tile", "action"):
        old = {k.split(":", 1)[1]: v for k, v in before.sources.items() if k.startswith(what + ":")}
        new = {k.split(":", 1)[1]: v for k, v in after.sources.items() if k.startswith(what + ":")}
        for key in new:
            if key not in old:
                out.append(Change("added", what, key, new[key]))
            elif new[key] != old[key]:
                out.append(Change("replaced", what, key, new[key]))
        for key in old:
            if key not in new:
                out.append(Change("removed", what, key, old[key]))
    old_steps, new_steps = _steps(before), _steps(after)
    for key, (effect, kind) in new_steps.items():
        if key not in old_steps:
            out.append(Change("added", kind, key, _where(effect)))
        elif old_steps[key][0].source != effect.source:
            out.append(Change("changed", kind, key, _where(effect)))
    for key, (effect, kind) in old_steps.items():
        if key not in new_steps:
            out.append(Change("removed", kind, key, _where(effect)))
    for side in after.sides:
        was = next((s for s in before.sides if s.id == side.id), None)
        old_ids = set() if was is None else set(was.guest_spaces) | set(was.decorations)
        new_ids = set(side.guest_spaces) | set(side.decorations)
        for key in sorted(new_ids - old_ids):
            out.append(Change("added", "space", f"{side.id}: {key}",
                              after.sources.get(f"space:{key}", "")))
        for key in sorted(old_ids - new_ids):
            out.append(Change("removed", "space", f"{side.id}: {key}",
                              after.sources.get(f"space:{key}", "")))
    out += [Change("added", "component kind", k, "") for k in after.components
            if k not in before.components]
    out += [Change("added", "component", p, after.sources.get(f"piece:{p}", ""))
            for p in after.pieces if p not in before.pieces]
    old_displays = {d.id for d in before.displays}
    out += [Change("added", "display", d.id, "") for d in after.displays
            if d.id not in old_displays]
    old_zones = {z.id for z in before.zones}
    out += [Change("added", "zone", z.id, "") for z in after.zones if z.id not in old_zones]
    out += [Change("added", "private", key, "") for key in after.private
            if key not in before.private]
    old_triggers = {t.id for ts in before.triggers.values() for t in ts}
    out += [Change("added", "trigger", t.id, _where(t.effect))
            for ts in after.triggers.values() for t in ts if t.id not in old_triggers]
    for key, word in sorted(after.words.items()):
        if before.words.get(key) != word:
            out.append(Change("changed" if key in before.words else "added", "word",
                              f"{key}: {before.words.get(key, key)!r} -> {word!r}", ""))
    return out


def _steps(rules) -> dict:
    out = {}
    for stage, phases in (("round", rules.round_phases), ("final", rules.final_phases)):
        for phase in phases:
            for step in phase.steps:
                key = f"{stage}: {phase.id}" + ("" if step.id == phase.id else f".{step.id}")
                out[key] = (step.effect, "phase" if step.id == phase.id else "step")
    return out


def _where(effect) -> str:
    if effect is None:
        return ""
    appended = getattr(effect.compiled, "second_where", None)
    where = appended if appended is not None else effect.where
    return "" if where is None else str(where)
