"""Determinization: one complete game consistent with what a seat may see, the hidden parts dealt
afresh from the seat's own generator.

What a seat cannot see (`Game.view`) is: the order and contents of the hidden piles (hire deck,
bags), the other players' tiles, which of their own cards are in their hand and which in their
supply, counters kept face down until the end (the Original edition's prestige), and the game's
generator. A determinization keeps everything visible and deals the rest again:

- each other player's hand and supply are dealt from the cards that player owns there (hiring
  is done face up and start cards are each player's own, so who owns a card is public; which
  of them are in the hand is not);
- the hidden piles and the other players' tiles are dealt, keeping every place's size, from
  the pooled items of each kind (employee cards, garments, tiles) that sit hidden in them;
- a face-down counter of another player is guessed as the seat's own value of it;
- the generator is reseeded, so what will be drawn later is unknown too.

What the seat's own pending question shows it is seen: an item named in its options (a hidden
deck it is asked to choose from) stays where it is, and only the rest is dealt again, so the
world asks the seat the very question the real game asks.

The pools are sorted before they are shuffled, so the result depends only on the seat's view,
the multiset of hidden items and the seat's generator: two games that differ only in what is
hidden from the seat give the same determinizations.
"""
from __future__ import annotations

import random

from ..core.engine import Game
from ..core.state import keyed
from .kept import KeptWhileAlive


def _kind(rules, item) -> str:
    if item in rules.employees:
        return "employee"
    if item in rules.garments:
        return "garment"
    if item in rules.tiles:
        return "tile"
    if item in rules.pieces:  # a piece of a declared kind (a jewel) stays among its kind
        return rules.pieces[item].kind
    return "other"  # a seat kind's own card


_KINDS: KeptWhileAlive[dict[str, str]] = KeptWhileAlive()  # per ruleset: each item's kind


def _kinds(rules) -> dict[str, str]:
    """Each catalogue item's kind in these rules (`_kind`), worked out once."""
    def make() -> dict[str, str]:
        table: dict[str, str] = {}
        for catalogue in (rules.pieces, rules.tiles, rules.garments, rules.employees):
            for item in catalogue:
                table[item] = _kind(rules, item)
        return table
    return _KINDS.get(rules, make)


def hidden_places(game: Game, seat: int) -> list[list]:
    """The lists of the live state whose contents and order `seat` cannot see, pooled by kind
    (not other players' hands and supplies: those are dealt per player)."""
    state, rules = game.state, game.rules
    places = [keyed(state)[zone.id] for zone in rules.board_zones if not zone.visible]
    places += [state["zones"][zone.id] for zone in rules.zones
               if not zone.visible and not zone.per_player]
    places += [p["zones"][zone.id] for zone in rules.zones if zone.per_player and not zone.visible
               for p in state["players"] if p["seat"] != seat]
    places += [p["tiles"] for p in state["players"] if p["seat"] != seat]
    return places


def shown_items(game: Game, seat: int) -> set[str]:
    """The texts named anywhere in the options of `seat`'s pending question (none if another
    seat is asked): the items the question shows the seat."""
    decision = game.decision()
    shown: set[str] = set()
    if decision is None or decision.seat != seat:
        return shown
    stack: list = list(decision.values)
    while stack:
        value = stack.pop()
        if type(value) is str:
            shown.add(value)
        elif type(value) is dict:
            stack.extend(value.values())
        elif type(value) is list:
            stack.extend(value)
    return shown


def _pinned(item, shown: set[str]) -> bool:
    return type(item) is str and item in shown


def deal_hidden(game: Game, seat: int, rng: random.Random) -> None:
    """Deal everything hidden from `seat` again, in place (see the module's docstring)."""
    state, rules = game.state, game.rules
    shown = shown_items(game, seat)
    # Each place is refilled in place: a step waiting on a question may hold these very lists.
    for p in state["players"]:
        if p["seat"] == seat:
            continue
        owned = sorted(p["hand"] + p["supply"])
        rng.shuffle(owned)
        n = len(p["hand"])
        p["hand"][:], p["supply"][:] = owned[:n], owned[n:]
    places = hidden_places(game, seat)
    kinds = _kinds(rules)
    pools: dict[str, list] = {}
    for place in places:
        for item in place:
            if not _pinned(item, shown):
                kind = kinds.get(item) if type(item) is str else None
                if kind is None:
                    kind = _kind(rules, item)
                pool = pools.get(kind)
                if pool is None:
                    pool = pools[kind] = []
                pool.append(item)
    for kind in sorted(pools):
        pools[kind].sort(key=str)
        rng.shuffle(pools[kind])
    for place in places:
        place[:] = [item if _pinned(item, shown)
                    else pools[(kinds.get(item) if type(item) is str else None)
                               or _kind(rules, item)].pop()
                    for item in place]
    if not state.get("finished"):
        me = next(p for p in state["players"] if p["seat"] == seat)
        for p in state["players"]:
            if p["seat"] != seat:
                for key in rules.private:
                    keyed(p)[key] = keyed(me)[key]
    state["rng"] = rng.getrandbits(64)
    state["seed"] = rng.getrandbits(63)


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` in which everything hidden from `seat` is dealt again from `rng`."""
    copy = game.clone()
    deal_hidden(copy, seat, rng)
    return copy
