"""The components an environment encodes, and the one fixed catalogue that spans every shipped
module combination and player count.

A network keeps its shapes only if its inputs and outputs keep their order. `Components.of`
lists what one ruleset has (every side, so every player count of that module combination gets
the same lists); `Components.universal()` reads `catalogue.json`, the union over every shipped
combination, where each list only grows at its end: an id once listed keeps its index, and so
does each action name (`actions`). Regenerate it after adding a module:

    python -m interpreter.env.catalogue        # rewrites catalogue.json, appending what is new

`tests/test_env_spaces.py` fails when a shipped combination has a component the file lacks.

Besides the board's components, a catalogue lists what modules keep in places of their own, so
the observation can show it (observations.py): `zones` (a module's zones, `zones:` in its flow
documents: id, what they hold, one pile per player or one for the game, seen or not), `displays`
(a module's positioned displays), `owned` (the component kinds players own pieces of) and
`pieces` (the ids those hold that are no card, garment or tile: `<kind>:<id>`, a seat kind's
own cards being of the kind `cards`), `resources` (the counters modules add to every
player) and `priced` (every positioned display, the game's own too, whose slots have prices).
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

FILE = Path(__file__).with_name("catalogue.json")
MAX_PLAYERS = 5  # the most seats any shipped combination seats
SLOTS = 32  # the most options a decision of an index-answered kind may have


@dataclass(frozen=True)
class Components:
    """The ids an environment encodes, each list in a fixed order, and the action names."""

    cards: tuple[str, ...]
    garments: tuple[str, ...]
    tiles: tuple[str, ...]
    actions: tuple[str, ...]  # the rules' card actions (`play:<card>:<action>`)
    guest_spaces: tuple[str, ...]
    decorations: tuple[str, ...]
    max_players: int
    names: tuple[str, ...]  # the action names, index i being action i
    pieces: tuple[str, ...] = ()  # `<kind>:<id>` of what module zones hold besides the above
    zones: tuple[tuple, ...] = ()  # (id, holds, per_player, visible) of each module zone
    displays: tuple[tuple, ...] = ()  # (id, holds) of each module display
    owned: tuple[tuple, ...] = ()  # (kind, visible to all) of each component kind owned
    resources: tuple[str, ...] = ()  # the counters modules add to every player
    priced: tuple[tuple, ...] = ()  # (id, holds) of each positioned display, the game's too

    @classmethod
    def of(cls, rules) -> Components:
        """The components of one ruleset, every side's spaces included (sorted by id)."""
        sides = list(rules.sides)
        parts = {
            "cards": sorted(rules.employees), "garments": sorted(rules.garments),
            "tiles": sorted(rules.tiles), "actions": sorted(rules.actions),
            "guest_spaces": sorted({s for side in sides for s in side.guest_spaces}),
            "decorations": sorted({s for side in sides for s in side.decorations}),
        }
        players = max((max(side.players) for side in sides), default=MAX_PLAYERS)
        return cls(**{k: tuple(v) for k, v in parts.items()}, max_players=players,
                   names=tuple(action_names(**parts)), **module_places(rules))

    @classmethod
    def universal(cls) -> Components:
        """The committed union over every shipped combination (catalogue.json)."""
        return _universal()

    def covers(self, other: Components) -> list[str]:
        """What `other` has that this catalogue lacks (empty when it covers it)."""
        missing = [f"{part}: {item}" for part in (*_PARTS, *_PLACES)
                   for item in getattr(other, part) if item not in set(getattr(self, part))]
        missing += [f"action: {n}" for n in other.names if n not in set(self.names)]
        if other.max_players > self.max_players:
            missing.append(f"players: {other.max_players}")
        return missing

    def items(self, holds: str) -> tuple[str, ...]:
        """The ids a zone or display holding `holds` may hold, in the catalogue's order."""
        if holds in _HOLDS:
            return getattr(self, _HOLDS[holds])
        return tuple(p.partition(":")[2] for p in self.pieces if p.startswith(f"{holds}:"))

    def to_json(self) -> dict:
        return {**{part: list(getattr(self, part)) for part in _PARTS},
                "max_players": self.max_players, "names": list(self.names),
                **{part: [_plain(x) for x in getattr(self, part)] for part in _PLACES}}


_PARTS = ("cards", "garments", "tiles", "actions", "guest_spaces", "decorations")
# what modules keep in places of their own, and the counters they add
_PLACES = ("pieces", "zones", "displays", "owned", "resources", "priced")
_HOLDS = {"employees": "cards", "garments": "garments", "tiles": "tiles"}


def _plain(item):
    return list(item) if isinstance(item, tuple) else item


def _frozen(item):
    return tuple(item) if isinstance(item, list) else item


def module_places(rules) -> dict[str, tuple]:
    """The places of its own a ruleset's modules keep components in (zones, displays, owned
    pieces), and the pieces they hold, sorted."""
    zones = sorted((z.id, z.holds, z.per_player, z.visible) for z in rules.zones)
    displays = sorted((d.id, d.holds) for d in rules.displays if not d.game)
    owned = sorted((k.id, k.visible == "all") for k in rules.components.values())
    pieces = {f"{piece.kind}:{pid}" for pid, piece in rules.pieces.items()}
    pieces |= {f"cards:{card}" for kind in rules.seat_kinds for card in kind.cards}
    return {"pieces": tuple(sorted(pieces)), "zones": tuple(zones),
            "displays": tuple(displays), "owned": tuple(owned),
            "resources": tuple(sorted(rules.extra_resources)),
            "priced": tuple(sorted((d.id, d.holds) for d in rules.displays))}


def action_names(cards, garments, tiles, actions, guest_spaces, decorations) -> list[str]:
    """The names of the actions of these components, in the order of their indexes."""
    names = [f"hand:{c}" for c in cards]
    names += [f"play:{c}:{a}" for c in cards for a in [*actions, "null"]]
    names += ["bonus:true", "bonus:false"]
    names += [f"tile:{t}" for t in tiles] + [f"garment:{g}" for g in garments]
    names += ["rent:sell"] + [f"rent:{s}" for s in guest_spaces]
    names += [f"hire:{c}" for c in cards] + [f"depute:{c}" for c in cards]
    names += [f"fund:{s}" for s in decorations]
    return names + [f"option:{i}" for i in range(SLOTS)]


@functools.cache
def _universal() -> Components:
    data = json.loads(FILE.read_text(encoding="utf-8"))
    return Components(**{part: tuple(data[part]) for part in _PARTS},
                      max_players=data["max_players"], names=tuple(data["names"]),
                      **{part: tuple(_frozen(x) for x in data.get(part, ()))
                         for part in _PLACES})


def _grown(old: list[str], new) -> list[str]:
    """`old` with the items of `new` it lacks appended (sorted): old indexes never move."""
    have = set(old)
    return old + sorted({item for item in new if item not in have})


def shipped_maxima() -> list:
    """One ruleset per edition and solo mode with every expansion it allows: together they
    hold every component of every shipped combination (the tests check each combination)."""
    from ..loading.loader import available_modules, load_ruleset  # only to regenerate
    modules = available_modules()
    by_kind: dict[str, list[dict]] = {}
    for m in modules:
        by_kind.setdefault(m["kind"], []).append(m)
    out = []
    for edition in by_kind.get("edition", []):
        for solo in [None, *by_kind.get("solo", [])]:
            chosen = [m for m in by_kind.get("expansion", []) if solo is None
                      or m["id"] not in solo["conflicts"]]
            names = [m["id"] for m in chosen] + ([solo["id"]] if solo else [])
            if any(c in names or c == edition["id"] for m in chosen for c in m["conflicts"]):
                continue
            out.append(load_ruleset(edition=edition["id"], expansions=names))
    return out


def regenerate(rulesets, old: dict | None) -> dict:
    """The catalogue grown by what `rulesets` have that `old` lacks (order kept)."""
    old = old or {part: [] for part in (*_PARTS, "names")}
    parts = {part: list(old[part]) for part in _PARTS}
    places = {part: [_frozen(x) for x in old.get(part, [])] for part in _PLACES}
    names = list(old["names"])
    players = old.get("max_players", 0)
    for rules in rulesets:
        c = Components.of(rules)
        for part in _PARTS:
            parts[part] = _grown(parts[part], getattr(c, part))
        players = max(players, c.max_players)
        for part in _PLACES:  # a zone is known by its id: the first one listed stays
            known = {x[0] if isinstance(x, tuple) else x for x in places[part]}
            places[part] += [x for x in getattr(c, part)
                             if (x[0] if isinstance(x, tuple) else x) not in known]
    names = _grown(names, action_names(**parts)) if names else action_names(**parts)
    return {**parts, "max_players": players, "names": names,
            **{part: [_plain(x) for x in places[part]] for part in _PLACES}}


def main() -> None:
    old = json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else None
    data = regenerate(shipped_maxima(), old)
    FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{FILE}: {len(data['names'])} actions, {len(data['cards'])} cards, "
          f"{data['max_players']} players at most")


if __name__ == "__main__":
    main()
