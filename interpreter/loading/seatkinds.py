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
    policy: {bonus: [true], keep: [keep], otherwise: [first]}
    wins_ties: true
```
"""
from __future__ import annotations

from rulesdsl.suggest import did_you_mean

from ..core.errors import IdError
from ..core.model import SeatKind
from ..verbs.stacks import SeatTurn
from . import flowdocs


def declared(flow_docs) -> list[tuple]:
    """(entry, doc, path) for every seat kind of the modules."""
    return [(k, doc, ("seat_kinds", i)) for doc in flow_docs
            for i, k in enumerate(doc.data.get("seat_kinds", []))]


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


def build(builder, flow_docs, phase_ids: dict[str, str], params: dict) -> tuple[SeatKind, ...]:
    """Each declared kind, its effects compiled; `phase_ids` maps each round phase's id to its
    kind (`each_player`, `turns`...): only those two may be replaced for a seat."""
    kinds = []
    for entry, doc, path in declared(flow_docs):
        kid = entry["id"]
        owner = f"the seat kind {kid!r}"

        def eff(key, text, sub=(), owner=owner, doc=doc, path=path):
            return builder.effect(doc, path + (key, *sub), text, owner)

        count = entry.get("count", 1)
        if isinstance(count, str):
            if count not in params:
                builder.errors.append(IdError(
                    f"unknown parameter '{count}' for the number of {entry['name']} seats",
                    doc.span(path + ("count",))))
                continue
            count = params[count]
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
        cards = {c["id"]: {k: v for k, v in c.items() if k not in ("id", "printed")}
                 for c in entry.get("cards", [])}
        zones = tuple(entry.get("zones", []))
        if cards and not _card_zones(builder, flow_docs, zones, doc, path):
            continue
        kinds.append(SeatKind(
            id=kid, name=entry["name"], count=int(count), setup=dict(entry.get("setup", {})),
            start_player=entry.get("start_player", False),
            setup_effect=eff("setup_effect", entry["setup_effect"])
            if "setup_effect" in entry else None,
            phases=phases, zones=zones, never_gain=tuple(entry.get("never_gain", [])),
            never_pay=tuple(entry.get("never_pay", [])),
            bonuses={c: e for c, text in entry.get("bonuses", {}).items()
                     if (e := eff("bonuses", text, (c,))) is not None},
            no_bonus=eff("no_bonus", entry["no_bonus"]) if "no_bonus" in entry else None,
            policy={k: tuple(v) for k, v in entry.get("policy", {}).items()},
            wins_ties=entry.get("wins_ties", False), cards=cards))
    return tuple(kinds)
