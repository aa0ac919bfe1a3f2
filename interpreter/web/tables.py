"""What a game on the table is played with: the modules a person chose on the start page (or
the server's command line gave), checked, loaded once per combination, and the seats they make.

A choice is plain JSON, {"edition", "with", "solo", "set", "custom"}, so it is kept in a game's
save and loads the same rules again after a restart."""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rulesdsl.rule_errors import RulesError

from ..core.seats import plan_text, seat_plan
from ..loading.loader import available_modules, load_ruleset
from .request_errors import RequestError

FIELDS = ("edition", "with", "solo", "set", "custom")
MAX_RULESETS = 16  # combinations kept loaded at once


class RuleBook:
    """The modules this server offers (built in, and the packs `--module` named) and the rules
    of each combination asked for."""

    def __init__(self, paths: Iterable[Path] = (), default_rules=None):
        self.paths = [Path(p) for p in paths]
        self.rows = available_modules(self.paths)
        builtin = {m["id"] for m in available_modules()}
        self.kinds = {m["id"]: m["kind"] for m in self.rows}
        self.custom_path: dict[str, Path] = {}
        for path in self.paths:
            for m in available_modules([path]):
                if m["id"] not in builtin:
                    self.custom_path[m["id"]] = path
        self._cache: dict[str, Any] = {}
        self.default = self.choice_of(default_rules) if default_rules is not None else \
            self.check({})
        if default_rules is not None:
            self._cache[self._key(self.default)] = default_rules

    def choice_of(self, rules) -> dict:
        """The choice that loads `rules` (its modules and parameters)."""
        return self.choice_of_modules(list(rules.modules), dict(rules.params or {}))

    def choice_of_modules(self, mods: list[str], params: dict) -> dict:
        """The choice that loads these modules (a save names them) with these parameters."""
        return {"edition": next((m for m in mods if self.kinds.get(m) == "edition"), None),
                "with": [m for m in mods if self.kinds.get(m) == "expansion"],
                "solo": next((m for m in mods if self.kinds.get(m) == "solo"), None),
                "set": params,
                "custom": [m for m in mods if m in self.custom_path]}

    def offered(self) -> list[dict]:
        """The modules a page may choose from: id, kind, name, parameters."""
        return [{"id": m["id"], "kind": "custom" if m["id"] in self.custom_path else m["kind"],
                 "name": m.get("name", m["id"]),
                 "parameters": {k: v.get("default") for k, v in
                                (m.get("parameters") or {}).items()}}
                for m in self.rows if m["kind"] != "base"]

    def check(self, body: Any) -> dict:
        """A choice from a request, whole and well-typed, or a RequestError saying what is
        wrong with it (the rules themselves are checked by `rules`)."""
        if body is None:
            body = {}
        if not isinstance(body, dict):
            raise RequestError(400, f"the modules must be an object with the fields "
                                    f"{', '.join(FIELDS)}, not {body!r}")
        unknown = sorted(set(body) - set(FIELDS))
        if unknown:
            raise RequestError(400, f"unknown field {unknown[0]!r} of the modules (fields: "
                                    f"{', '.join(FIELDS)})")

        def one(key: str, kind: str) -> str | None:
            value = body.get(key)
            if value in (None, ""):
                return None
            if value not in self.kinds or self.kinds[value] != kind:
                known = [m for m, k in self.kinds.items() if k == kind]
                raise RequestError(400, f"{key} {value!r} is not one of this server's {kind} "
                                        f"modules (these are: "
                                        f"{', '.join(known) or 'none'})")
            return str(value)

        def many(key: str, kinds: set[str]) -> list[str]:
            value = body.get(key) or []
            if not isinstance(value, list):
                raise RequestError(400, f"'{key}' must be a list of module ids, not {value!r}")
            for v in value:
                if v not in self.kinds or not (self.kinds[v] in kinds or
                                              ("custom" in kinds and v in self.custom_path)):
                    raise RequestError(400, f"{v!r} in '{key}' is not one of this server's "
                                            f"{' or '.join(sorted(kinds))} modules")
            return list(dict.fromkeys(value))
        params = body.get("set") or {}
        if not isinstance(params, dict) or not all(
                isinstance(v, (int, str, float, bool)) for v in params.values()):
            raise RequestError(400, f"'set' must be an object of parameters like "
                                    f'{{"module.parameter": 2}}, not {params!r}')
        return {"edition": one("edition", "edition"), "with": many("with", {"expansion"}),
                "solo": one("solo", "solo"), "set": dict(params),
                "custom": many("custom", {"custom"})}

    @staticmethod
    def _key(choice: dict) -> str:
        return json.dumps(choice, sort_keys=True)

    def rules(self, choice: dict):
        """The ruleset of a checked choice; modules that cannot be played together, or a bad
        parameter, are a RequestError with the loader's reasons."""
        key = self._key(choice)
        if key not in self._cache:
            try:
                rules = load_ruleset(
                    edition=choice["edition"],
                    expansions=[*choice["with"], *([choice["solo"]] if choice["solo"] else [])],
                    extra_paths=sorted({self.custom_path[m] for m in choice["custom"]}),
                    params=choice["set"])
            except RulesError as exc:
                raise RequestError(400, f"these modules cannot be played together: {exc}") \
                    from None
            if len(self._cache) >= MAX_RULESETS:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = rules
        return self._cache[key]


def seats(rules) -> dict:
    """How a game of these rules is seated: a solo mode fixes the count and which seats are
    people's; otherwise 2 to one per colour, every seat a person's or a bot's."""
    if rules.seat_kinds:
        plan = seat_plan(rules, rules.humans or 1)
        names = {k.id: k.name for k in rules.seat_kinds}
        return {"players": [len(plan), len(plan)],
                "people": [i for i, kind in enumerate(plan) if kind == "human"],
                "kinds": [names.get(kind, "person") for kind in plan]}
    return {"players": [2, len(rules.colors)], "people": None, "kinds": None}


def check_seats(rules, players: int | None, humans: set[int]) -> int:
    """The number of seats of a new game, or a RequestError: a solo mode's own count, and its
    people in its people's seats only."""
    plan = seats(rules)
    low, high = plan["players"]
    if players is None:
        players = low if plan["people"] is not None else min(4, high)
    if plan["people"] is not None and players != low:
        raise RequestError(400, plan_text(rules, seat_plan(rules, rules.humans or 1), players))
    if not low <= players <= high:
        raise RequestError(400, f"'players' must be a whole number from {low} to {high}, "
                                f"not {players}")
    bad = sorted(s for s in humans if not 0 <= s < players)
    if bad:
        raise RequestError(400, f"'humans' must be seats from 0 to {players - 1}, not {bad[0]}")
    if plan["people"] is not None:
        wrong = sorted(humans - set(plan["people"]))
        if wrong:
            kind = plan["kinds"][wrong[0]]
            people = ", ".join(map(str, plan["people"]))
            raise RequestError(400, f"seat {wrong[0]} is a {kind}: it plays itself by its "
                                    f"module's rules; a person may play seat {people}")
    return players
