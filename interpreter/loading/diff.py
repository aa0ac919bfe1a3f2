"""What a combination of modules changes: two rulesets compared entry by entry, each change with
the file:line it comes from (`rococo diff`)."""
from __future__ import annotations

from dataclasses import dataclass, fields

from . import procedures


@dataclass(frozen=True)
class Change:
    change: str  # added, replaced, removed, changed
    what: str    # employee, garment, tile, action, phase, step, zone, trigger, word, display,
    #              component kind, component, procedure, seat kind, seat kind part, space,
    #              area majority
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
    out += _game_changes(before, after)
    old_steps, new_steps = _steps(before), _steps(after)
    for key, (effect, kind) in new_steps.items():
        if key not in old_steps:
            out.append(Change("added", kind, key, _where(effect)))
        elif old_steps[key][0].source != effect.source:
            out.append(Change("changed", kind, key, _where(effect)))
    for key, (effect, kind) in old_steps.items():
        if key not in new_steps:
            out.append(Change("removed", kind, key, _where(effect)))
    out += _board_changes(before, after)
    out += _procedure_changes(before, after)
    old_kinds = {k.id for k in before.seat_kinds}
    for k in after.seat_kinds:
        if k.id not in old_kinds:
            out.append(Change("added", "seat kind", f"{k.id} x{k.count}",
                              _where(next(iter(k.phases.values()), None) or k.setup_effect)))
            out += _seat_kind_parts(k)
    out += [Change("added", "counter", c, "") for c in after.counters
            if c not in before.counters]
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
    old_triggers = {t.id for ts in before.triggers.values() for t in ts} | set(before.started)
    out += [Change("added", "trigger", t.id, _where(t.effect))
            for t in [*(t for ts in after.triggers.values() for t in ts), *after.started.values()]
            if t.id not in old_triggers]
    for key, word in sorted(after.words.items()):
        if before.words.get(key) != word:
            out.append(Change("changed" if key in before.words else "added", "word",
                              f"{key}: {before.words.get(key, key)!r} -> {word!r}", ""))
    return out


def _board_changes(before, after) -> list[Change]:
    """The spaces each board side gains or loses, and the majorities its areas gain or change."""
    out: list[Change] = []
    for side in after.sides:
        was = next((s for s in before.sides if s.id == side.id), None)
        out += _spaces_changed(was, side, after.sources)
        for area in side.areas.values():  # what makes an area score (a module's majority)
            old = None if was is None else was.areas.get(area.id)
            if area.majority and (old is None or old.majority != area.majority):
                out.append(Change("added" if old is None or not old.majority else "changed",
                                  "area majority", f"{side.id}: {area.id} {list(area.majority)}",
                                  after.sources.get(f"majority:{area.id}", "")))
    return out


def _spaces_changed(was, side, sources) -> list[Change]:
    """A side's spaces added, removed, replaced (a `replace:` patch: under a new id, or its own)
    with every field it changes, each with its patch's file:line."""
    old_ids = set() if was is None else set(was.guest_spaces) | set(was.decorations)
    new_ids = set(side.guest_spaces) | set(side.decorations)
    added = {key: sources.get(f"space:{key}", "") for key in sorted(new_ids - old_ids)}
    removed = {key: sources.get(f"space:{key}", "") for key in sorted(old_ids - new_ids)}
    out = []
    for key, where in list(removed.items()):  # one patch removed it and added another: a replace
        new = next((k for k, w in added.items() if where and w == where), None)
        if new is not None:
            del removed[key], added[new]
            fields = _space_changes(_space_of(was, key), _space_of(side, new))
            out.append(Change("replaced", "space", f"{side.id}: {key} -> {new} {fields}".rstrip(),
                              where))
    for key in sorted(old_ids & new_ids):  # a space kept, or replaced under its own id
        fields = _space_changes(_space_of(was, key), _space_of(side, key))
        if fields:
            out.append(Change("replaced", "space", f"{side.id}: {key} {fields}",
                              sources.get(f"space:{key}", "")))
    return [*(Change("added", "space", f"{side.id}: {k}", w) for k, w in added.items()),
            *(Change("removed", "space", f"{side.id}: {k}", w) for k, w in removed.items()),
            *out]


def _space_of(side, key):
    return side.guest_spaces.get(key) or side.decorations[key]


def _space_changes(old, new) -> str:
    """What differs between a space before and after (`cost 7 -> 4, prestige 2 -> 3`): every
    field a `replace:` may change (not its id), a guest space's reward by its text; empty when
    none."""
    out = []
    for name in dict.fromkeys(f.name for f in (*fields(old), *fields(new))):
        was, now = getattr(old, name, None), getattr(new, name, None)
        if name == "reward":  # (an Effect: its text)
            was, now = (None if e is None else e.source for e in (was, now))
        if name != "id" and was != now:
            out.append(f"{name} {_short(was)} -> {_short(now)}")
    return ", ".join(out)


def _procedure_changes(before, after) -> list[Change]:
    """Procedures added, changed or removed; one a module replaces (`replace: true`) says where
    the declaration it replaces is written."""
    old, new = procedures.of(before.vocabulary), procedures.of(after.vocabulary)
    out = []
    for name, proc in new.items():
        where = _where(proc.effect)
        if proc.replaces is not None:
            out.append(Change("replaced", "procedure", f"{name} (declared at {proc.replaces})",
                              where))
        elif name not in old:
            out.append(Change("added", "procedure", name, where))
        else:
            was, now = old[name].effect, proc.effect
            if was is not None and now is not None and was.source != now.source:
                out.append(Change("changed", "procedure", name, where))
    out += [Change("removed", "procedure", name, _where(proc.effect))
            for name, proc in old.items() if name not in new]
    return out


def _seat_kind_parts(kind) -> list[Change]:
    """What a seat kind does, part by part, each where it is written: a module that extends
    the kind (`extends:`) shows up at its own lines."""
    parts = [(f"{kind.id}: {phase}", effect) for phase, effect in kind.phases.items()]
    parts += [(f"{kind.id}: trigger {t}", effect) for t, effect in kind.triggers.items()]
    parts += [(f"{kind.id}: bonus of {card}", effect) for card, effect in kind.bonuses.items()]
    if kind.no_bonus is not None:
        parts.append((f"{kind.id}: a card without a bonus", kind.no_bonus))
    return [Change("added", "seat kind part", key, _where(effect)) for key, effect in parts]


# the game document's keys as the ruleset holds them: key in game.yaml -> value
_GAME_KEYS = {"rounds": lambda r: r.rounds, "hand_size": lambda r: r.hand_size,
              "player_colors": lambda r: list(r.colors),
              "hire_deck_levels": lambda r: list(r.hire_levels),
              "fund_limits": lambda r: dict(r.fund_limits),
              "zones": lambda r: [z.id for z in r.board_zones]}


def _game_changes(before, after) -> list[Change]:
    """The game's own settings (game.yaml's keys, set-up key by key, the modules' parameters)
    that differ, each where it was set (a module's `game:` patch, or game.yaml)."""
    values = {**_GAME_KEYS, **{f"setup.{k}": _setup_value(k)
                               for k in dict.fromkeys([*before.setup, *after.setup])}}
    out = []
    for key, value in values.items():
        old, new = value(before), value(after)
        if old != new:
            where = after.sources.get(f"game:{key}") or \
                after.sources.get(f"game:{key.split('.')[0]}", "")
            out.append(Change("changed", "game", f"{key}: {_short(old)} -> {_short(new)}", where))
    for key in sorted(set(before.params) | set(after.params)):
        if before.params.get(key) != after.params.get(key):
            out.append(Change("changed" if key in before.params else "added", "parameter",
                              f"{key} = {after.params.get(key)!r}", ""))
    return out


def _setup_value(key: str):
    return lambda rules: rules.setup.get(key)


def _short(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _steps(rules) -> dict:
    out = {}
    for stage, phases in (("setup", getattr(rules, "setup_phases", ())),
                          ("round", rules.round_phases), ("final", rules.final_phases)):
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
