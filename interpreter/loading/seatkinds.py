"""Seat kinds and game counters declared in flow documents (a solo mode's automata).

```yaml
seats: {humans: 1}
counters: {focus: 0}
ranking: [prestige, livre]
seat_kinds:
  - id: rival
    name: Rival
    count: my_mode.count          # a number, or one of the module's parameters
    setup: {livre: 0}             # what a seat of this kind starts with instead
    start_player: true
    setup_effect: shuffle_supply
    zones: [my_supply, my_hand, my_discard]   # with cards: per-player zones holding `cards`
    cards: [{id: card_1, action: 1}]
    phases: {select: draw_hand count 3, actions: ..., income: ""}
    never_gain: [livre]
    never_pay: [livre, thread, lace]
    bonuses: {some.card: gain 1 prestige}
    no_bonus: claim_favor
    policy: {bonus: [true], keep: [keep], depute: [{crown: false}], otherwise: [first]}
    wins_ties: true
    public_zones: [special_apprentice]   # per-player zones this kind keeps face up
    triggers: {some.trigger: gain 1 prestige}   # its reading of a module trigger
  # another module's (or a `when:` file's) additions to a kind declared elsewhere: readings,
  # policy answers, phases and public zones are added, a phase or reading given again replaces
  - extends: rival
    bonuses: {other.card: gain 2 prestige}
```
"""
from __future__ import annotations

import dataclasses
from typing import Any

from rulesdsl.suggest import did_you_mean

from ..core.errors import IdError
from ..core.model import SeatKind
from ..core.seats import DECISION_KINDS, ID_OPTIONS
from ..verbs.stacks import SeatTurn
from . import flowdocs

# a seat kind card's face: the rulebook's words, or text written where none is printed
FACES = ("printed", "reconstructed")


def declared(flow_docs) -> list[tuple]:
    """(entry, doc, path) for every seat kind of the modules (not the extensions)."""
    return [(k, doc, ("seat_kinds", i)) for doc in flow_docs
            for i, k in enumerate(doc.data.get("seat_kinds", [])) if "extends" not in k]


def extensions(flow_docs) -> list[tuple]:
    """(entry, doc, path) for every `extends:` entry: additions to a kind declared elsewhere."""
    return [(k, doc, ("seat_kinds", i)) for doc in flow_docs
            for i, k in enumerate(doc.data.get("seat_kinds", [])) if "extends" in k]


def counters(flow_docs) -> dict[str, int]:
    out: dict[str, int] = {}
    for doc in flow_docs:
        out.update(doc.data.get("counters", {}))
    return out


def card_fields(flow_docs) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for entry, _, _ in declared(flow_docs):
        out.update(entry.get("card_fields", {}))
    return out


def humans(flow_docs) -> int | None:
    found = [doc.data["seats"]["humans"] for doc in flow_docs if "seats" in doc.data]
    return found[-1] if found else None


def ranking(game: dict, flow_docs) -> tuple[str, ...]:
    found = [doc.data["ranking"] for doc in flow_docs if "ranking" in doc.data]
    return tuple(found[-1] if found else game.get("ranking", ["prestige", "livre"]))


def _card_zones(builder, flow_docs, zones: tuple, doc, path: tuple) -> bool:
    """A kind with cards of its own keeps them in three per-player zones holding `cards` (its
    supply, hand cards and discard pile, in that order); each wrong one is an error."""
    declared = {z.id: z for z in flowdocs.zones(flow_docs)}
    if len(zones) != 3:
        builder.errors.append(IdError(
            "a seat kind with cards of its own names 3 zones (its supply, hand and discard pile)",
            doc.span(path + (("zones",) if zones else ("cards",)))))
        return False
    fine = True
    for i, zid in enumerate(zones):
        z = declared.get(zid)
        if z is None or not z.per_player or z.holds != "cards":
            fitting = [k for k, v in declared.items() if v.per_player and v.holds == "cards"]
            builder.errors.append(IdError(
                f"zone {zid!r} is not a per-player zone holding cards"
                f"{did_you_mean(zid, fitting)}; declare it under zones: with `holds: cards, "
                "per_player: true`", doc.span(path + ("zones", i))))
            fine = False
    return fine


def build(builder, flow_docs, phase_ids: dict[str, str], params: dict,
          known: dict[str, set] | None = None) -> tuple[SeatKind, ...]:
    """Each declared kind, its effects compiled, with the additions of every `extends:` entry;
    `phase_ids` maps each round phase's id to its kind (`each_player`, `turns`...): only those
    two may be replaced for a seat; `known` holds the ids a reading may name (`triggers`, the
    per-player `zones`)."""
    known = known or {}
    kinds = {}
    for entry, doc, path in declared(flow_docs):
        kid = entry["id"]
        count = entry.get("count", 1)
        if isinstance(count, str):
            if count not in params:
                builder.errors.append(IdError(
                    f"unknown parameter '{count}' for the number of {entry['name']} seats",
                    doc.span(path + ("count",))))
                continue
            count = params[count]
        readings = _readings(builder, kid, entry, doc, path, phase_ids, known)
        cards = {c["id"]: {k: v for k, v in c.items() if k not in ("id", *FACES)}
                 for c in entry.get("cards", [])}
        faces = {c["id"]: next((c[k], k) for k in FACES if k in c)
                 for c in entry.get("cards", []) if any(k in c for k in FACES)}
        zones = tuple(entry.get("zones", []))
        if cards and not _card_zones(builder, flow_docs, zones, doc, path):
            continue
        kinds[kid] = SeatKind(
            id=kid, name=entry["name"], count=int(count), setup=dict(entry.get("setup", {})),
            start_player=entry.get("start_player", False),
            setup_effect=builder.effect(doc, path + ("setup_effect",), entry["setup_effect"],
                                        f"the seat kind {kid!r}")
            if "setup_effect" in entry else None,
            zones=zones, never_gain=tuple(entry.get("never_gain", [])),
            never_pay=tuple(entry.get("never_pay", [])),
            wins_ties=entry.get("wins_ties", False), cards=cards,
            where=doc.key_span(path + ("policy",)) if "policy" in entry
            else doc.span(path + ("id",)), faces=faces, **readings)
    for entry, doc, path in extensions(flow_docs):
        kid = entry["extends"]
        if kid not in kinds:
            builder.errors.append(IdError(
                f"unknown seat kind '{kid}' to extend (declared: "
                f"{', '.join(sorted(kinds)) or 'none'})", doc.span(path + ("extends",))))
            continue
        kinds[kid] = _extended(kinds[kid], _readings(builder, kid, entry, doc, path, phase_ids,
                                                     known))
    return tuple(kinds.values())


def _readings(builder, kid, entry, doc, path, phase_ids, known) -> dict:
    """What an entry (a declaration or an extension) says of how its kind plays: its phases,
    readings of bonuses and triggers, policy and face-up zones, compiled and checked."""
    owner = f"the seat kind {kid!r}"

    def eff(key, text, sub=()):
        return builder.effect(doc, path + (key, *sub), text, owner)

    def unknown(key, name, what, span):
        builder.errors.append(IdError(f"{owner}: unknown {what} '{name}' in {key}", span))

    phases = {}
    for pid, text in entry.get("phases", {}).items():
        if phase_ids.get(pid) not in ("each_player", "turns"):
            builder.errors.append(IdError(
                f"a seat kind may replace a phase run for each player or in turns, and "
                f"'{pid}' is not one", doc.span(path + ("phases", pid))))
            continue
        compiled = eff("phases", text, (pid,))
        if compiled is not None and phase_ids[pid] == "turns":
            compiled = SeatTurn(kid, compiled)
        if compiled is not None:
            phases[pid] = compiled
    triggers = {}
    for tid, text in entry.get("triggers", {}).items():
        if "triggers" in known and tid not in known["triggers"]:
            unknown("triggers", tid, "trigger", doc.key_span(path + ("triggers", tid)))
        elif (e := eff("triggers", text, (tid,))) is not None:
            triggers[tid] = e
    for i, zone in enumerate(entry.get("public_zones", [])):
        if "zones" in known and zone not in known["zones"]:
            unknown("public_zones", zone, "per-player zone", doc.span(path + ("public_zones", i)))
    out: dict[str, Any] = dict(
        phases=phases, triggers=triggers,
        bonuses={c: e for c, text in entry.get("bonuses", {}).items()
                 if (e := eff("bonuses", text, (c,))) is not None},
        policy=_policy(builder, owner, entry, doc, path),
        public_zones=tuple(entry.get("public_zones", [])),
        no_bonus=eff("no_bonus", entry["no_bonus"]) if "no_bonus" in entry else None)
    return out


def _policy(builder, owner, entry, doc, path) -> dict[str, tuple]:
    """An entry's policy; a mapping preference for a question about component ids
    (seats.ID_OPTIONS) names fields of that record, and each unknown one is an error."""
    policy = {k: tuple(v) for k, v in entry.get("policy", {}).items()}
    answerable = (*DECISION_KINDS, "otherwise")
    for kind, prefs in policy.items():
        if kind not in answerable:
            builder.errors.append(IdError(
                f"{owner}: unknown kind of question '{kind}' in its policy"
                f"{did_you_mean(kind, answerable)}; known: {', '.join(answerable)}",
                doc.key_span(path + ("policy", kind))))
        record = ID_OPTIONS.get(kind)
        if record is None:
            continue
        fields = builder.vocab.records[record]
        for i, pref in enumerate(prefs):
            for name in pref if isinstance(pref, dict) else ():
                if name not in fields:
                    builder.errors.append(IdError(
                        f"{owner}: unknown field '{name}' of the {record} in its policy for "
                        f"{kind}{did_you_mean(name, list(fields))} (its options are {record} "
                        f"ids; fields: {', '.join(sorted(fields))})",
                        doc.key_span(path + ("policy", kind, i, name))))
    return policy


def _extended(kind: SeatKind, more: dict) -> SeatKind:
    """A kind with an extension's readings added (those given again replace the kind's)."""
    return dataclasses.replace(
        kind, phases={**kind.phases, **more["phases"]},
        triggers={**kind.triggers, **more["triggers"]},
        bonuses={**kind.bonuses, **more["bonuses"]}, policy={**kind.policy, **more["policy"]},
        public_zones=tuple(dict.fromkeys(kind.public_zones + more["public_zones"])),
        no_bonus=more["no_bonus"] or kind.no_bonus)
