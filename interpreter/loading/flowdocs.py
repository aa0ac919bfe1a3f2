"""Flow documents (`kind: flow`): how a module changes the game's mechanisms without Python.

- `zones`: places for components (a set-aside pile), with what they hold and who sees them.
- `triggers`: effects that run when an event happens (see core/events.py).
- `patches`: keyed changes to the flow. A target is a phase id (`prepare`, `income`, `halls`,
  ...) or a step inside a phase (`prepare.garments`). `after`/`before` a target insert a `phase`
  (next to a phase) or a `step` (next to a step); `replace` puts a phase or step in the
  target's place; `append` adds an effect to the end of a phase's effect (a one-step phase, such
  as income); `remove` takes the target out.
- `private`: player counters (prestige kept face down) that only their owner sees until the game
  ends; `view()` shows the others' as null.

Patches apply in module order, so `rococo diff` can say exactly what a module changes.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from rulesdsl import (
    BOOLEAN,
    RulesErrors,
    ast,
    compile_expression,
    expression_text,
    parse_expression,
)
from rulesdsl.checker import check_expression
from rulesdsl.suggest import did_you_mean

from ..core.errors import IdError, ModuleError
from ..core.model import MUSICIANS, Condition, Effect, Phase, Step, Trigger, Zone

GARMENT_HOOKS = ("on_tailor", "on_place", "on_sell")


class _Sequence:
    """Two compiled effects run one after the other: a phase with an appended effect."""

    def __init__(self, first, second, second_where=None):
        self.first, self.second = first, second
        self.effect = first.effect
        self.second_where = second_where  # where the appended effect is written

    def run(self, ctx, env=None) -> None:
        self.first.run(ctx, env)
        self.second.run(ctx, env)


# the lists of a flow document whose entries are named by id, each id once in the ruleset
UNIQUE_LISTS = {"zones": "zone", "displays": "display", "triggers": "trigger",
                "setup": "setup step", "seat_kinds": "seat kind"}


def check_unique_ids(builder, game: dict, game_doc, flow_docs) -> None:
    """A zone, display, trigger, setup step or seat kind id (the game's own included) is
    declared once in the whole ruleset, and a seat kind's card once in its kind: a second one
    is an error at its position, never a silent replacement or a second copy (procedures.py
    checks procedures)."""
    seen: dict[str, dict] = {key: {} for key in UNIQUE_LISTS}
    for key in ("zones", "displays"):
        for i, z in enumerate(game.get(key, [])):
            seen[key].setdefault(z["id"], game_doc.span((key, i, "id")))
    for doc in flow_docs:
        for key, what in UNIQUE_LISTS.items():
            for i, entry in enumerate(doc.data.get(key, [])):
                if "id" in entry:  # a seat kind's `extends:` entry adds to one
                    builder._once(seen[key], entry["id"], f"{what} id {entry['id']!r}", doc,
                                  (key, i, "id"))
        for i, kind in enumerate(doc.data.get("seat_kinds", [])):
            cards: dict = {}
            for j, card in enumerate(kind.get("cards", [])):
                builder._once(cards, card["id"], f"card id {card['id']!r} of the seat kind",
                              doc, ("seat_kinds", i, "cards", j, "id"))


def zones(flow_docs) -> list[Zone]:
    out = []
    for doc in flow_docs:
        for z in doc.data.get("zones", []):
            out.append(Zone(z["id"], z["holds"], z.get("visible", True), z.get("name", z["id"]),
                            per_player=z.get("per_player", False)))
    return out


def condition(builder, doc, path: tuple, text: str) -> Condition | None:
    """A true-or-false expression written on an entry (`hire_condition:`), checked and
    compiled like an effect; its errors are collected at their place in the file."""
    origin = doc.origin(path)

    def compiled() -> Condition:
        expr = parse_expression(text, origin)
        errors = check_expression(expr, builder.vocab, BOOLEAN)
        if errors:
            for e in errors:
                if e.source_line is None:
                    e.source_line = origin.file_line(text, origin.text_line(e.span))
            raise RulesErrors(errors)
        return Condition(text, compile_expression(expr, builder.vocab),
                         expression_text(expr, builder.vocab), origin.locate(1, 1))
    return builder.collected(compiled)


def check_start_in(builder, zones, holds: str, zone_id: str, doc, path: tuple) -> None:
    """A component's `start_in` names a module's zone that holds its kind, one for all players."""
    fitting = [z.id for z in zones if z.holds == holds and not z.per_player]
    if zone_id not in fitting:
        builder.errors.append(IdError(
            f"start_in {zone_id!r} is not a zone holding {holds}{did_you_mean(zone_id, fitting)}"
            f"; known: {', '.join(fitting) or 'none'}", doc.span(path)))


def setup_phases(builder, flow_docs) -> tuple[Phase, ...]:
    """The setup stage: each module's `setup:` steps, in module order, each a phase of its own
    run once before round 1 (for the start player, or `each_player`)."""
    out = []
    for doc in flow_docs:
        for i, step in enumerate(doc.data.get("setup", [])):
            key = "each_player" if "each_player" in step else "effect"
            eff = builder.required_effect(doc, ("setup", i, key), step[key],
                                          f"the setup step {step['id']!r}")
            name = step.get("name", step["id"])
            out.append(Phase(step["id"], name, "each_player" if key == "each_player" else "steps",
                             (Step(step["id"], name, eff),)))
    return tuple(out)


FLOW_EVENTS = ("round_start", "round_end")  # and phase_start:ID, phase_end:ID


def is_flow_event(on: str) -> bool:
    return on in FLOW_EVENTS or on.startswith(("phase_start:", "phase_end:"))


def flow_triggers(builder, flow_docs, round_phases, final_phases):
    """Triggers on the flow's own moments become phases of their own, run for each player from
    the start player: `round_start` / `round_end` around a round's phases, `phase_start:ID` /
    `phase_end:ID` around that phase (a final-scoring phase too)."""
    stages = {"round": list(round_phases), "final": list(final_phases)}
    for doc in flow_docs:
        for i, t in enumerate(doc.data.get("triggers", [])):
            if not is_flow_event(t["on"]):
                continue
            path = ("triggers", i)
            if "until" in t:
                builder.errors.append(ModuleError(
                    f"the trigger {t['id']!r} has a lifetime ('until'): it is started by an "
                    f"effect and listens to a verb's event, not to the flow's {t['on']!r}",
                    doc.span(path + ("until",))))
                continue
            eff = builder.effect(doc, path + ("effect",), t["effect"], f"the trigger {t['id']!r}")
            if eff is None:
                continue
            phase = Phase(t["id"], t.get("name", t["id"]), "each_player",
                          (Step(t["id"], t.get("name", t["id"]), eff),))
            on, _, target = t["on"].partition(":")
            if on == "round_start":
                stages["round"].insert(0, phase)
                continue
            if on == "round_end":
                stages["round"].append(phase)
                continue
            found = _find(stages, target)
            if found is None or found[2] is not None:
                builder.errors.append(ModuleError(
                    f"no phase {target!r} for the trigger to follow", doc.span(path + ("on",))))
                continue
            stage, p, _ = found
            stages[stage].insert(p if on == "phase_start" else p + 1, phase)
    return tuple(stages["round"]), tuple(stages["final"])


def triggers(builder, flow_docs, employees_entries) -> tuple[dict[str, tuple[Trigger, ...]],
                                                              dict[str, Trigger]]:
    """Every trigger of the modules and of the employee cards on a verb's event, by event; and
    apart, by id, the triggers with a lifetime (`until:`), which listen only once started."""
    out: dict[str, list[Trigger]] = {}
    started: dict[str, Trigger] = {}
    for doc in flow_docs:
        for i, t in enumerate(doc.data.get("triggers", [])):
            if is_flow_event(t["on"]):
                continue
            eff = builder.effect(doc, ("triggers", i, "effect"), t["effect"],
                                 f"the trigger {t['id']!r}")
            if eff is not None:  # a module's own, or a decoration's or garment's it names
                kind = next((k for k in ("decoration", "garment") if k in t), "module")
                trigger = Trigger(t["id"], t["on"], eff, kind, t.get(kind, ""),
                                  t.get("limit", "always"), t.get("until", ""))
                if trigger.until and kind != "module":
                    builder.errors.append(ModuleError(
                        f"the trigger {t['id']!r} has a lifetime ('until'), so it runs for the "
                        f"player whose effect starts it: it cannot also be the {kind}'s",
                        doc.span(("triggers", i, kind))))
                    continue
                _add_trigger(builder, out, started, trigger, doc, ("triggers", i))
    for cid, (entry, doc, path) in employees_entries:
        for i, t in enumerate(entry.get("triggers", [])):
            if "until" in t and "id" not in t:
                builder.errors.append(ModuleError(
                    f"a trigger of employee {cid!r} with a lifetime ('until') needs an 'id', "
                    "the name start_trigger starts it by", doc.span(path + ("triggers", i))))
                continue
            eff = builder.effect(doc, path + ("triggers", i, "effect"), t["effect"],
                                 f"the trigger of employee {cid!r}")
            if eff is not None:
                trigger = Trigger(t.get("id", f"{cid}.{t['on']}.{i}"), t["on"], eff,
                                  "employee", cid, t.get("limit", "always"), t.get("until", ""))
                _add_trigger(builder, out, started, trigger, doc, path + ("triggers", i))
    return {event: tuple(ts) for event, ts in out.items()}, started


def _add_trigger(builder, by_event: dict, started: dict, trigger: Trigger, doc, path) -> None:
    """A trigger that always listens goes under its event; one with a lifetime under its id."""
    if not trigger.until:
        by_event.setdefault(trigger.on, []).append(trigger)
    elif "." in trigger.id:
        builder.errors.append(ModuleError(
            f"trigger id {trigger.id!r} has a lifetime ('until'), so an effect names it "
            "(start_trigger trigger ID): it must be one word, without '.'",
            doc.span(path + ("id",))))
    elif trigger.id in started and trigger.owner_kind == "employee":  # modules: check_unique_ids
        builder.errors.append(ModuleError(f"trigger id {trigger.id!r} is defined twice",
                                          doc.span(path + ("id",))))
    else:
        started.setdefault(trigger.id, trigger)


def started_triggers(flow_docs, employees_entries) -> dict[str, tuple[str, str, str]]:
    """The ids of the triggers with a lifetime, with their event, lifetime and name, for the
    vocabulary (`start_trigger trigger ID`), before any effect is compiled."""
    out = {}
    for doc in flow_docs:
        for t in doc.data.get("triggers", []):
            if "until" in t:
                out[t["id"]] = (t["on"], t["until"], t.get("name", ""))
    for _cid, (entry, _doc, _path) in employees_entries:
        for t in entry.get("triggers", []):
            if "until" in t and "id" in t:
                out[t["id"]] = (t["on"], t["until"], t.get("name", ""))
    return out


def garment_hooks(builder, gid: str, entry: dict, doc, path: tuple) -> dict:
    """The Garment fields a module may add: hooks, `sellable`, `rent_only`, `start_in`."""
    extra = {}
    for hook in GARMENT_HOOKS:
        if hook in entry:
            extra[hook] = builder.effect(doc, path + (hook,), entry[hook],
                                         f"the {hook} of garment {gid!r}")
    for key in ("sellable", "rent_only", "start_in"):
        if key in entry:
            extra[key] = entry[key]
    if "costs" in entry:
        extra["costs"] = _costs(builder, entry["costs"], doc, path + ("costs",))
    return extra


def _costs(builder, costs: dict, doc, path: tuple) -> dict[str, int]:
    """A garment's other costs, each a resource of the ruleset (a module's own included)."""
    known = builder.vocab.resources
    for res in costs:
        if res not in known:
            builder.errors.append(IdError(
                f"unknown resource {res!r} in costs{did_you_mean(res, known)}; known: "
                f"{', '.join(known)}", doc.key_span(path + (res,))))
    return {r: n for r, n in costs.items() if r in known}


def apply_patches(builder, flow_docs, round_phases, final_phases):
    """The round and final-scoring phases with every module's patches applied, in order."""
    stages = {"round": list(round_phases), "final": list(final_phases)}
    for doc in flow_docs:
        for i, patch in enumerate(doc.data.get("patches", [])):
            _apply(builder, doc, ("patches", i), patch, stages)
    return tuple(stages["round"]), tuple(stages["final"])


def _find(stages, target: str):
    """(stage, phase index, step index or None) of a target, or None."""
    phase_id, _, step_id = target.partition(".")
    for stage, phases in stages.items():
        for p, phase in enumerate(phases):
            if phase.id != phase_id:
                continue
            if not step_id:
                return stage, p, None
            for s, step in enumerate(phase.steps):
                if step.id == step_id:
                    return stage, p, s
    return None


def _apply(builder, doc, path, patch, stages) -> None:
    op = next(k for k in ("after", "before", "replace", "append", "remove") if k in patch)
    target = patch[op]
    found = _find(stages, target)
    if found is None:
        known = sorted({p.id for ph in stages.values() for p in ph} |
                       {f"{p.id}.{s.id}" for ph in stages.values() for p in ph
                        for s in p.steps if s.id != p.id})
        builder.errors.append(ModuleError(
            f"no phase or step {target!r} to patch (known: {', '.join(known)})",
            doc.span(path + (op,))))
        return
    stage, p, s = found
    phases = stages[stage]
    phase = phases[p]
    if op == "remove":
        if s is None:
            del phases[p]
        else:
            phases[p] = replace(phase, steps=phase.steps[:s] + phase.steps[s + 1:])
        return
    if op == "append":
        eff = builder.effect(doc, path + ("effect",), patch["effect"],
                             f"the step {phase.id!r} (appended)")
        if eff is None:
            return
        step = phase.steps[-1 if s is None else s]
        joined = Effect(step.effect.source + "\n" + eff.source,
                        _Sequence(step.effect.compiled, eff.compiled, eff.where),
                        step.effect.text + " " + eff.text, step.effect.owner, step.effect.where)
        new_step = replace(step, effect=joined)
        index = len(phase.steps) - 1 if s is None else s
        phases[p] = replace(phase, steps=phase.steps[:index] + (new_step,) +
                            phase.steps[index + 1:])
        return
    if "phase" in patch:
        new_phase = builder._phase(patch["phase"], doc, path + ("phase",))
        at = {"after": p + 1, "before": p, "replace": p}[op]
        if op == "replace":
            del phases[p]
        phases.insert(at, new_phase)
        return
    entry = patch["step"]
    eff = builder.effect(doc, path + ("step", "effect"), entry["effect"],
                         f"the step '{phase.id}.{entry['id']}'")
    if eff is None:
        return
    new = Step(entry["id"], entry.get("name", entry["id"]), eff)
    steps = list(phase.steps)
    if phase.kind != "steps":
        builder.errors.append(ModuleError(
            f"phase {phase.id!r} runs {phase.kind.replace('_', ' ')}: patch it with 'append' or "
            "replace the whole phase", doc.span(path + (op,))))
        return
    index = len(steps) if s is None else s
    if op == "after":
        steps.insert(index + 1 if s is not None else len(steps), new)
    elif op == "before":
        steps.insert(index if s is not None else 0, new)
    else:
        steps[index] = new
    phases[p] = Phase(phase.id, phase.name, phase.kind, tuple(steps))


def check_garment_ranges(builder, game: dict, flow_docs, entries) -> None:
    """Each garment's value and prestige within the ruleset's ranges: game.yaml's, widened by
    any module that says so (an expansion's 0-prestige gown)."""
    ranges = {k: list(v) for k, v in game.get("garment_ranges", {}).items()}
    for doc in flow_docs:
        for key, (lo, hi) in doc.data.get("garment_ranges", {}).items():
            old = ranges.get(key, [lo, hi])
            ranges[key] = [min(old[0], lo), max(old[1], hi)]
    for gid, (entry, doc, path) in entries:
        for key, (lo, hi) in ranges.items():
            if not lo <= entry[key] <= hi:
                builder.errors.append(ModuleError(
                    f"garment {gid!r} has {key} {entry[key]}, outside this ruleset's range "
                    f"{lo}..{hi} (a module widens it with 'garment_ranges' in a flow document)",
                    doc.span(path + (key,))))


def board_areas(flow_docs) -> list[str]:
    """Decoration areas the modules' board patches bring (new kinds of decoration)."""
    return [p["area"] for doc in flow_docs for p in doc.data.get("board", [])
            if p.get("area") is not None]


def apply_board(builder, flow_docs, sides):
    """The board sides with every module's board patches applied: guest spaces and decorations
    added, replaced or removed by id, on every side or on the one named."""
    sides = list(sides)
    for doc in flow_docs:
        for i, patch in enumerate(doc.data.get("board", [])):
            path = ("board", i)
            if patch.get("area") == MUSICIANS:  # a musician of no hall (as board.yaml's areas)
                builder.errors.append(ModuleError(
                    f"area {MUSICIANS!r} is the halls' musicians' (each hall declares its "
                    "musician's space): a board patch adds spaces to the other areas",
                    doc.span(path + ("area",))))
                continue
            if _idle_key(builder, doc, path, patch):
                continue
            hit = False
            for s, side in enumerate(sides):
                if patch.get("side", side.id) != side.id:
                    continue
                new = _patch_side(builder, doc, path, patch, side)
                if new is not None:
                    sides[s], hit = new, True
                    for key in (patch.get("remove"), patch.get("replace"),
                                patch.get("space", {}).get("id"),
                                patch.get("decoration", {}).get("id")):
                        if key:
                            builder.board_sources[f"space:{key}"] = str(doc.span(path))
                    if "majority" in patch:  # (`rococo diff` says where)
                        builder.board_sources[f"majority:{patch['area']}"] = str(doc.span(path))
            if not hit:
                builder.errors.append(ModuleError(
                    f"board patch changes nothing: no side {patch.get('side')!r} or no "
                    f"{_target(patch)!r} on any side", doc.span(path)))
    return tuple(sides)


def _idle_key(builder, doc, path, patch) -> bool:
    """Whether a patch has a key that would do nothing (reported): a `majority:` but on a
    space added to an area, an `area:` on a replaced Decoration (it keeps its own)."""
    if "majority" in patch and ("area" not in patch or "decoration" not in patch
                                or "replace" in patch):
        builder.errors.append(ModuleError(
            "'majority:' gives the majority of the area a patch adds a Decoration space to "
            "(with 'area:' and 'decoration:'): here it would give nothing",
            doc.span(path + ("majority",))))
        return True
    if "replace" in patch and "area" in patch:
        builder.errors.append(ModuleError(
            "a replaced Decoration space stays in its area: 'area:' names the area of a space "
            "a patch adds", doc.span(path + ("area",))))
        return True
    return False


def _target(patch) -> str:
    return patch.get("remove") or patch.get("replace") or patch.get("hall") or \
        patch.get("area") or "?"


def _patch_side(builder, doc, path, patch, side):
    from ..core.model import BoardSide, Decoration
    guests, decos = dict(side.guest_spaces), dict(side.decorations)
    halls = list(side.halls)
    target = patch.get("remove") or patch.get("replace")
    if target is not None and target not in guests and target not in decos:
        return None
    if target is not None and target in guests:
        hall_index = next(i for i, h in enumerate(halls) if target in h.guest_spaces)
        hall = halls[hall_index]
        spaces = list(hall.guest_spaces)
        at = spaces.index(target)
        del spaces[at]
        del guests[target]
        if "replace" in patch:
            space = _space(builder, doc, path, patch["space"], hall.id)
            spaces.insert(at, space.id)
            guests[space.id] = space
        halls[hall_index] = replace(hall, guest_spaces=tuple(spaces))
    elif target is not None:
        old = decos.pop(target)
        if "replace" in patch:
            d = patch["decoration"]
            decos[d["id"]] = Decoration(d["id"], old.area, d["cost"], d["prestige"], old.order,
                                        old.hall, d.get("multiplier", old.multiplier))
    elif "space" in patch:
        found = next((i for i, h in enumerate(halls) if h.id == patch["hall"]), None)
        if found is None:
            return None
        space = _space(builder, doc, path, patch["space"], patch["hall"])
        if space.id in guests or space.id in decos:
            builder.errors.append(ModuleError(f"space id {space.id!r} is taken",
                                              doc.span(path + ("space", "id"))))
            return side
        guests[space.id] = space
        hall = halls[found]
        halls[found] = replace(hall, guest_spaces=hall.guest_spaces + (space.id,))
    else:
        d = patch["decoration"]
        if d["id"] in guests or d["id"] in decos:
            builder.errors.append(ModuleError(f"space id {d['id']!r} is taken",
                                              doc.span(path + ("decoration", "id"))))
            return side
        # after the area's rightmost space (a count would repeat one left by a removal)
        order = 1 + max((x.order for x in decos.values() if x.area == patch["area"]),
                        default=-1)
        decos[d["id"]] = Decoration(d["id"], patch["area"], d["cost"], d["prestige"], order,
                                    None, d.get("multiplier"))
    return BoardSide(side.id, side.players, side.garment_costs, side.drawers,
                     side.tiles_per_drawer, tuple(halls), guests, decos,
                     _areas_of(side.areas, decos, patch), side.all_halls)


def _areas_of(areas, decos, patch):
    """The side's areas after a patch: each with its spaces now (an area a patch brings after
    the others), and the majority a patch gives its area."""
    from ..core.model import MUSICIANS, Area
    spaces: dict[str, list] = {a: [] for a in areas}
    for d in sorted(decos.values(), key=lambda d: d.order):
        if d.area != MUSICIANS:
            spaces.setdefault(d.area, []).append(d.id)
    out = {}
    for a, ids in spaces.items():
        majority = areas[a].majority if a in areas else ()
        if patch.get("area") == a and "majority" in patch:
            majority = tuple(patch["majority"])
        out[a] = Area(a, tuple(ids), majority)
    return out


def _space(builder, doc, path, entry: dict, hall: str):
    from ..core.model import GuestSpace
    reward = None
    if "reward" in entry:
        reward = builder.effect(doc, path + ("space", "reward"), entry["reward"],
                                f"the reward of space {entry['id']!r}")
    return GuestSpace(entry["id"], hall, entry.get("master", False), reward)


BASE_TYPES = ("master", "journeyman", "apprentice")


def garment_kinds(game: dict, flow_docs) -> dict[str, str]:
    """Garment colours and their kind (gown or coat): game.yaml's, then any a module adds."""
    kinds = dict(game["garment_kinds"])
    for doc in flow_docs:
        kinds.update(doc.data.get("garment_kinds", {}))
    return kinds


def employee_types(game: dict, flow_docs) -> tuple[str, ...]:
    types = list(game.get("employee_types", BASE_TYPES))
    for doc in flow_docs:
        types += [t for t in doc.data.get("employee_types", []) if t not in types]
    return tuple(types)


def check_open_names(builder, colors, types) -> None:
    """Colours and employee types come from the rules: each one used must be declared."""

    def check(value, known, what, doc, path):
        if value not in known:
            builder.errors.append(ModuleError(
                f"unknown {what} {value!r}{did_you_mean(value, known)} (known: "
                f"{', '.join(known)}; a module adds {what}s in a flow document)",
                doc.span(path)))

    for _gid, (entry, doc, path) in builder.collections["garment"].items.items():
        check(entry["color"], colors, "garment colour", doc, path + ("color",))
        for c in entry["silk"]:
            check(c, colors, "silk colour", doc, path + ("silk", c))
    for _tid, (entry, doc, path) in builder.collections["tile"].items.items():
        for c in entry["silk"]:
            check(c, colors, "silk colour", doc, path + ("silk", c))
    for cname in ("employee", "start employee"):
        for _cid, (entry, doc, path) in builder.collections[cname].items.items():
            check(entry["type"], types, "employee type", doc, path + ("type",))
    for _aid, (entry, doc, path) in builder.collections["action"].items.items():
        for i, t in enumerate(entry["types"]):
            check(t, types, "employee type", doc, path + ("types", i))


GAME_KEYS = ("rounds", "hand_size", "setup", "hire_deck_levels")


def patch_game(builder, game: dict, flow_docs) -> tuple[dict, dict[str, str]]:
    """game.yaml with the keys modules change (`game: {rounds: 6}` in a flow document; `setup`
    key by key), and where each change comes from ("rounds" -> file:line). Two modules changing
    the same key is an error naming both."""
    game = {**game, "setup": dict(game["setup"])}
    game.setdefault("hand_size", 3)
    where: dict[str, str] = {}
    for doc in flow_docs:
        patch = doc.data.get("game", {})
        for key, value in patch.items():
            items = value.items() if key == "setup" else [(None, value)]
            for sub, v in items:
                name = key if sub is None else f"{key}.{sub}"
                path = ("game", key) if sub is None else ("game", key, sub)
                span = str(doc.span(path))
                if name in where:
                    builder.errors.append(ModuleError(
                        f"game key {name!r} is changed twice (first at {where[name]})",
                        doc.span(path)))
                    continue
                where[name] = span
                if sub is None:
                    game[key] = v
                else:
                    game["setup"][sub] = v
    return game, where


def check_min_staff(builder, game: dict, game_doc, flow_docs, start_cards: int) -> None:
    """The smallest staff allowed is no larger than the staff a player starts with: a game
    would otherwise break its own invariant from the start, and every save of it be refused."""
    least = game["setup"].get("min_staff", 0)
    if least <= start_cards:
        return
    span = game_doc.span(("setup", "min_staff"))
    for doc in flow_docs:  # the module that changed it (patch_game: only one may)
        if "min_staff" in doc.data.get("game", {}).get("setup", {}):
            span = doc.span(("game", "setup", "min_staff"))
    builder.errors.append(ModuleError(
        f"min_staff {least} is more than the {start_cards} start cards a player's staff begins "
        "with: every game would break it from the start (and its saves be refused)", span))


def extra_resources(flow_docs) -> dict[str, dict]:
    """Resources the modules add (`resources: {jewel: {name: Jewel, start: 0}}`): every player
    holds them like Thread and Lace, effects gain and pay them, saves carry them."""
    out: dict[str, dict] = {}
    for doc in flow_docs:
        out.update(doc.data.get("resources", {}))
    return out


RECORDS = {"garment": "garments", "employee": "employees", "tile": "tiles"}


def component_fields(flow_docs) -> dict[str, dict]:
    """Fields the modules declare for their components (`fields: {garment: {sparkle: {default:
    0}}}`): each entry may then set it (`fields: {sparkle: 2}`), effects read `x.sparkle`."""
    out: dict[str, dict] = {}
    for doc in flow_docs:
        for record, declared in doc.data.get("fields", {}).items():
            out.setdefault(record, {}).update(declared)
    return out


def entry_fields(builder, declared: dict, record: str, entry: dict, doc, path) -> dict:
    """An entry's own field values, each declared and of its default's type."""
    known = declared.get(record, {})
    values = {}
    for name, value in entry.get("fields", {}).items():
        spec = known.get(name)
        if spec is None:
            builder.errors.append(ModuleError(
                f"unknown {record} field {name!r}{did_you_mean(name, list(known))} (a module "
                f"declares fields under 'fields' in a flow document)",
                doc.span(path + ("fields", name))))
        elif type(value) is not type(spec["default"]):
            builder.errors.append(ModuleError(
                f"{record} field {name!r} takes the type of its default "
                f"{spec['default']!r}, not {value!r}", doc.span(path + ("fields", name))))
        else:
            values[name] = value
    return values


def check_board_zones(builder, game: dict, doc) -> None:
    """game.yaml declares each of the game's piles once, holding what its verbs put there."""
    from ..core.zones import PILES
    seen: set[str] = set()
    for i, z in enumerate(game.get("zones", [])):
        where = doc.span(("zones", i, "id"))
        if z["id"] in seen:
            builder.errors.append(ModuleError(f"zone {z['id']!r} is declared twice", where))
        elif z["id"] not in PILES:
            builder.errors.append(ModuleError(
                f"unknown pile {z['id']!r} (the game's piles: {', '.join(PILES)}; a module "
                "adds zones of its own in a flow document)", where))
        elif z["holds"] != PILES[z["id"]]:
            builder.errors.append(ModuleError(
                f"pile {z['id']!r} holds {PILES[z['id']]}, not {z['holds']}",
                doc.span(("zones", i, "holds"))))
        seen.add(z["id"])
    for pile in PILES:
        if pile not in seen:
            builder.errors.append(ModuleError(
                f"game.yaml declares no zone {pile!r}: the game's piles are "
                f"{', '.join(PILES)}", doc.span(("zones",)) if "zones" in game else doc.span()))


def check_majorities(builder, sides, trees) -> None:
    """Every `area_majority area A` the rules compile (a phase's, a card's, a garment's, a
    trigger's: any effect) scores on every side: a side whose area A prints no `majority:`
    would give nothing there, in silence. A is checked wherever the text says which area it
    is: a constant, a `let` of one, each area a `choose one of [...]` may give; an area read
    from the game (a decoration's `area`) is known only in play."""
    for tree in trees:
        for option, constant in _majority_areas(tree, {}):
            area = constant.path[0]
            lacking = [s.id for s in sides if not (a := s.areas.get(area)) or not a.majority]
            if not lacking and area != MUSICIANS:
                continue
            where, through = option.span, ""
            if constant is not option.value:  # (named elsewhere: the error is at its name)
                where = constant.span
                through = (f" (scored by 'area_majority area {_written(option.value)}' at "
                           f"{option.span})")
            if area == MUSICIANS:  # (no majority can be given it: the halls score)
                builder.errors.append(ModuleError(
                    f"area_majority: the area {MUSICIANS!r}{through} is the halls' "
                    "musicians', which score no majority of their own (hall_majorities scores "
                    "each hall, its musician breaking a tie)", where))
            else:
                builder.errors.append(ModuleError(
                    f"area_majority: the area {area!r}{through} has no majority on the board "
                    f"side{'s' if len(lacking) > 1 else ''} {', '.join(map(repr, lacking))} "
                    "(give its entry in areas: a 'majority: [X, Y]', or its board: patch)",
                    where))


def _written(expr) -> str:
    """An area option's value as the rules write it, for a message (its first words)."""
    if isinstance(expr, ast.Name):
        return expr.dotted
    return "choose one of ..." if isinstance(expr, ast.ChooseOne) else "..."


def _majority_areas(node, lets: dict):
    """(option, constant) for every area constant the `area` option of an `area_majority` call
    in an effect's tree may give: the option's own constant, a `let` name's (`lets`: the
    names in scope, each with its value and the names in scope where it was set; a block
    sees its own), each of a `choose one of [...]`'s."""
    if isinstance(node, ast.VerbCall):
        if node.verb == "area_majority":
            for o in node.options:
                if o.name == "area" and o.value is not None:
                    yield from ((o, c) for c in _area_constants(o.value, lets))
        return
    if isinstance(node, ast.Let):
        yield from _majority_areas(node.value, lets)
        lets[node.name] = (node.value, dict(lets))
    elif isinstance(node, tuple | list):
        scope = dict(lets)  # (a block: its lets are its own)
        for item in node:
            yield from _majority_areas(item, scope)
    elif is_dataclass(node):  # (a `let` is a statement: only a block, copied above, adds one)
        for f in fields(node):
            if f.name != "span":
                yield from _majority_areas(getattr(node, f.name), lets)


def _area_constants(expr, lets: dict):
    """The constants (`Name`s) an area expression may be, as far as its text says."""
    if isinstance(expr, ast.Name):
        if len(expr.path) != 1:
            return  # (a field read in play: `d.area`)
        if expr.path[0] in lets:
            value, scope = lets[expr.path[0]]
            yield from _area_constants(value, scope)
        else:
            yield expr
    elif isinstance(expr, ast.ChooseOne):
        yield from _area_constants(expr.options, lets)
    elif isinstance(expr, ast.ListExpr):  # (the options of a choice)
        for item in expr.items:
            yield from _area_constants(item, lets)
