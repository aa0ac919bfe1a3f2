"""A card's paired game that forks where the card is first held: what the card does, apart from
who chose to take it.

Comparing the seats that hire a card with those that do not, or even the same seed played with
the card and with its neutral twin, mixes two things: what the card does, and the different
game a bot plays when it takes (or does not take) the card. The twin is less attractive, so a
seat that hired the card often hires something else in the twin's game, and from there the two
games have nothing in common (a spread of some 20 prestige a game). Here the game with the card
is played to the first turn at which a seat holds it; from that very position it is played on
twice, as it is and with the twin in the card's place (the same state under the twin's rules),
each time by fresh bots seeded alike. The holders are the same seats in both, and the two
continuations differ only by what the card does from then on.
"""
from __future__ import annotations

import dataclasses
import json

from ..core.engine import Game
from ..core.journal import copy_json
from ..core.model import Ruleset
from .bots import seat_bots
from .judge.held_effects import held_cards
from .parallel import GameSpec, Pack, rules_for
from .watch import _answer, _apply, _result, bots_for, faults_recorded, watch_game

TWIN_PACK = "neutral"  # the name of the pack that puts a card's neutral twin in its place
FORK_SEED = 1_000_003  # the continuations' bots: seeded alike, apart from the first part's


def twin_spec(spec: GameSpec, pack: Pack) -> GameSpec:
    """The spec of a forked run: the game as asked, with the twin pack last."""
    return spec.with_pack(pack)


def twin_card(spec: GameSpec) -> str:
    """The card whose twin a forked run's spec carries (its last pack)."""
    name, files = spec.packs[-1][0], dict(spec.packs[-1][1])
    assert name == TWIN_PACK, name
    return json.loads(files["twin.yaml"])["hire"][0]["id"]


def is_forked(spec: GameSpec) -> bool:
    return bool(spec.packs) and spec.packs[-1][0] == TWIN_PACK


class _Fork(Exception):
    """Raised from the first part's watch at the fork: the position and the holders."""

    def __init__(self, game: Game, holders: list[int]):
        super().__init__("fork")
        self.game, self.holders = game, holders


def _play_on(rules: Ruleset, game: Game, spec: GameSpec, seed: int) -> dict:
    """The rest of `game` under `rules` (the step it waits in run again from its start), by
    fresh bots seeded from the seed; its result."""
    state, answers = game.step_start()
    copy = Game.resumed(rules, copy_json(state), list(answers), list(game.history),
                        copy_json(game.meta))
    bots, specs = bots_for(spec, seed + FORK_SEED), seat_bots(spec.bots, spec.players)
    while not copy.is_over():
        decision = copy.decision()
        assert decision is not None
        option = _answer(bots[decision.seat], specs[decision.seat], copy, decision)
        _apply(copy, option, specs[decision.seat], decision)
    return _result(copy, seed, 0)


@faults_recorded
def forked_game(twin_rules: Ruleset, spec: GameSpec, seed: int) -> dict:
    """A task for `parallel.run_games`: `spec` is a forked run's (its last pack the twin).
    Returns {"seed", "round" (of the fork, None when nobody ever held the card), "holders",
    "with", "twin"}: the two continuations' results (the whole game, twice, when not held)."""
    card = twin_card(spec)
    plain = dataclasses.replace(spec, packs=spec.packs[:-1])
    rules = rules_for(plain)

    def look(game: Game, decision) -> None:
        if decision.kind == "play":  # a turn starts: no effect of the card is under way
            holders = [p["seat"] for p in game.state["players"]
                       if card in held_cards(rules, dict(p))]
            if holders:
                raise _Fork(game, holders)

    try:
        record = watch_game(rules, plain, seed, look)
    except _Fork as fork:
        return {"seed": seed, "round": fork.game.state["round"], "holders": fork.holders,
                "with": _play_on(rules, fork.game, plain, seed),
                "twin": _play_on(twin_rules, fork.game, plain, seed)}
    result = {k: record[k] for k in ("seed", "winner", "winners", "turns", "players")}
    return {"seed": seed, "round": None, "holders": [], "with": result, "twin": result}
