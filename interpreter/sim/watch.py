"""Play one seeded bot game and record what happened, watching it from outside the engine.

The engine is not asked for anything but its public API: each decision's kind, seat and chosen
value, and the state between decisions. `game_record` is what `simulate` reports;
`watched_game` adds, per employee card, garment, decoration and piece of a declared component
kind, what `balance` measures.
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import TypeGuard

from ..core import components, integrity
from ..core.decisions import Decision
from ..core.engine import Game
from ..core.errors import IllegalDecisionError, RuleFaultError
from ..core.model import Ruleset
from ..core.state import State
from .bots import make_bot, seat_bots


def bots_for(spec, seed: int) -> list:
    """The bots of a seeded game (the same seeds `simulate` has always used); `spec.bots` is
    one bot spec for every seat or one per seat (`mcts,greedy`)."""
    return [make_bot(name, seed * 31 + seat)
            for seat, name in enumerate(seat_bots(spec.bots, spec.players))]


def score_sources(rules: Ruleset) -> list[str]:
    """Where prestige comes from: "play" (during the rounds), then each final-scoring phase."""
    return ["play"] + [phase.id for phase in rules.final_phases]


def _result(game: Game, seed: int, turns: int) -> dict:
    sources = score_sources(game.rules)
    return {"seed": seed, "winner": game.winner(), "winners": game.winners(), "turns": turns,
            "players": [{"seat": p["seat"], "prestige": p["prestige"], "livre": p["livre"],
                         "score": {k: p["score"].get(k, 0) for k in
                                   sources + sorted(set(p["score"]) - set(sources))}}
                        for p in game.state["players"]]}


class BotFault(Exception):
    """A seat's bot raised, or answered with no option of the decision: the game stops there,
    as on a rule's fault, and the other games go on."""

    def __init__(self, spec: str, game: Game, decision, error: BaseException):
        what = "answered illegally" if isinstance(error, IllegalDecisionError) else "failed"
        super().__init__(f"decision {len(game.history) + 1}: seat {decision.seat}'s bot "
                         f"{spec!r} {what} at '{decision.prompt}': "
                         f"{type(error).__name__}: {error}")
        self.spec = spec


def faults_recorded(task):
    """A game task that, when a rule or a bot fails, returns `{"seed", "fault"}` (the error's
    text: its file:line:column or the bot, the seed and the decision; `bot`: the failing bot's
    spec) instead of stopping every other game."""
    @functools.wraps(task)
    def run(rules: Ruleset, spec, seed: int) -> dict:
        try:
            return task(rules, spec, seed)
        except RuleFaultError as exc:
            return {"seed": seed, "fault": str(exc)}
        except BotFault as exc:
            return {"seed": seed, "fault": str(exc), "bot": exc.spec}
    return run


def _answer(bot, spec: str, game: Game, decision):
    """`bot`'s answer to `decision`; BotFault if the bot raises (a rule's fault met in a
    search's trial game is a rule's fault)."""
    try:
        return bot.choose(game, decision)
    except (RuleFaultError, BotFault, _Broken):
        raise
    except Exception as exc:  # any other error of a bot is that bot's fault
        raise BotFault(spec, game, decision, exc) from exc


def _apply(game: Game, option, spec: str, decision) -> None:
    """Apply a bot's answer; BotFault if it is none of the decision's options."""
    try:
        game.apply(option)
    except IllegalDecisionError as exc:
        raise BotFault(spec, game, decision, exc) from exc


@faults_recorded
def game_record(rules: Ruleset, spec, seed: int) -> dict:
    """One game's result: winner, turns, and each player's prestige, Livre and prestige by
    source (`score`: "play" for prestige gained during the rounds, then each final-scoring
    phase). `timing` has, per seat, how many decisions its bot answered and how many seconds of
    processor time it took (so that a busy machine does not slow the figure down): a
    measurement that differs from run to run, which `simulate` reports but does not write to
    its JSON."""
    game = Game.new(rules, players=spec.players, seed=seed)
    counts = _Counts(spec.players, getattr(spec, "check", False))
    specs = seat_bots(spec.bots, spec.players)
    try:  # each seat's bot answers through its watcher, inside the running step
        game.play_out([_Watched(bot, counts, name)
                       for bot, name in zip(bots_for(spec, seed), specs)])
    except _Broken as stop:
        return {"seed": seed, "fault": str(stop)}
    except IllegalDecisionError as exc:  # a bot's answer: the game waits at its decision
        decision = game.decision()
        assert decision is not None  # the game waits at the decision answered
        raise BotFault(specs[decision.seat], game, decision, exc) from exc
    broken = counts.check and checked(game, None)
    if broken:
        return {"seed": seed, "fault": f"the end of the game: {broken}"}
    record = _result(game, seed, counts.turns)
    record["timing"] = {"decisions": counts.decisions, "seconds": counts.seconds}
    state = game.state  # which cards never came up, and which a player ended with or deputed
    record["cards"] = {"unseen": sorted(state["hire_deck"]),
                       "taken": sorted({c for p in state["players"] for c in
                                        p["supply"] + p["hand"] + p["discard"]}
                                       | set(state["removed_employees"]))}
    return record


class _Broken(Exception):
    """`--check` found the position broken at a decision: the game stops there."""


class _Counts:
    """What `game_record` counts while the bots play: turns, and each seat's decisions and
    processor seconds; `check`: whether each position is checked (`--check`)."""

    def __init__(self, players: int, check: bool):
        self.turns, self.check = 0, check
        self.decisions, self.seconds = [0] * players, [0.0] * players


class _Watched:
    """A seat's bot as `game_record` watches it: each position checked (with `--check`), each
    answer counted and timed."""

    def __init__(self, bot, counts: _Counts, spec: str):
        self.bot, self.counts, self.spec = bot, counts, spec

    def choose(self, game: Game, decision):
        counts = self.counts
        broken = counts.check and checked(game, decision)
        if broken:
            raise _Broken(f"decision {sum(counts.decisions) + 1}: {broken}")
        counts.turns += decision.kind == "play"
        started = time.process_time()
        option = _answer(self.bot, self.spec, game, decision)
        counts.seconds[decision.seat] += time.process_time() - started
        counts.decisions[decision.seat] += 1
        return option


def checked(game: Game, decision) -> str:
    """What is wrong with the position (`--check`): a broken invariant, or a question put to a
    seat of a declared kind (an automaton answers by its module's policy, never by a bot);
    empty when sound."""
    found = integrity.problems(game.rules, game.state, game.side)
    if found:
        return "; ".join(found[:3]) + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")
    if decision is not None and game.state["players"][decision.seat].get("kind", "human") \
            != "human":
        return (f"seat {decision.seat} ({game.state['players'][decision.seat]['kind']}) was "
                f"asked '{decision.prompt}'")
    return ""


class _Tally:
    """Per-component counts of one game: id -> {available, taken, played, bonus_used,
    bonus_declined, holders}."""

    def __init__(self):
        self.items: dict[str, dict] = {}

    def of(self, key: str) -> dict:
        item = self.items.get(key)
        if item is None:
            item = self.items[key] = {"available": False, "taken": 0, "played": 0,
                                      "bonus_used": 0, "bonus_declined": 0, "holders": []}
        return item

    def hold(self, key: str, seat: int) -> None:
        holders = self.of(key)["holders"]
        if seat not in holders:
            holders.append(seat)

    def to_json(self) -> dict:
        out = {}
        for key in sorted(self.items):
            item = dict(self.items[key])
            item["holders"] = sorted(item["holders"])
            out[key] = item
        return out


class _Watcher:
    """Compares the state between decisions: what appeared on a display, who gained which card,
    which cards left a hand, which garments were rented and decorations funded. A question
    with a single option answers itself without a decision, so the state, not the decisions,
    says what was taken and played."""

    def __init__(self, rules: Ruleset, tally: _Tally, players: int):
        self.rules, self.tally = rules, tally
        self.hands: dict[int, set] = {seat: set() for seat in range(players)}
        self.held: set[tuple[str, int]] = set()
        self.rented: set[str] = set()
        self.funded: set[str] = set()
        self.tailored: set[str] = set()  # chosen in a garment decision, not yet seen rented

    def hire_card(self, card: str | None) -> TypeGuard[str]:
        return card is not None and not self.rules.employees[card].start

    def look(self, state: State) -> None:
        tally = self.tally
        for card in state["hire_display"]:
            if card is not None:  # an empty Hire space
                tally.of(card)["available"] = True
        for garment in state["garment_display"]:
            if garment is not None:
                tally.of(garment)["available"] = True
        for player in state["players"]:
            seat = player["seat"]
            staff = [*player["supply"], *player["hand"], *player["discard"], player["played"]]
            for member in staff:
                if self.hire_card(member) and (member, seat) not in self.held:
                    self.held.add((member, seat))
                    tally.hold(member, seat)
                    tally.of(member)["taken"] += 1
            hand = set(player["hand"])
            for card in self.hands[seat] - hand:
                if self.hire_card(card):
                    tally.of(card)["played"] += 1
            self.hands[seat] = hand
        self.look_pieces(state)
        for space, seat in state["decorations"].items():
            if space not in self.funded:
                self.funded.add(space)
                tally.hold(space, seat)
                tally.of(space)["taken"] += 1
        for guest in state["guests"].values():
            garment = guest["garment"]
            if garment not in self.rented:
                self.rented.add(garment)
                tally.hold(garment, guest["owner"])
                tally.of(garment)["played"] += 1
                if garment in self.tailored:
                    self.tailored.discard(garment)
                else:
                    tally.of(garment)["taken"] += 1

    def look_pieces(self, state: State) -> None:
        """Pieces of the declared kinds: available when on a display, taken when a player
        first owns one (each seat counted once per piece)."""
        rules, tally = self.rules, self.tally
        for display in rules.displays:
            if display.holds in rules.components:
                for piece in components.slots(state, display.id):
                    if piece is not None:
                        tally.of(piece)["available"] = True
        for player in state["players"]:
            seat = player["seat"]
            for kind in rules.components:
                for piece in components.owned(player, kind):
                    if (piece, seat) not in self.held:
                        self.held.add((piece, seat))
                        tally.hold(piece, seat)
                        tally.of(piece)["taken"] += 1

    def tailor(self, garment: str, seat: int) -> None:
        self.tally.of(garment)["taken"] += 1
        self.tally.hold(garment, seat)
        self.tailored.add(garment)


@faults_recorded
def watched_game(rules: Ruleset, spec, seed: int) -> dict:
    """`watch_game` with nobody else looking."""
    return watch_game(rules, spec, seed)


def watch_game(rules: Ruleset, spec, seed: int,
               observe: Callable[[Game, Decision], None] | None = None) -> dict:
    """`game_record` plus `items`: for each employee card, garment, decoration space and piece
    of a declared component kind seen, whether it was available (on a display; every decoration
    space is), how often it was taken (hired, tailored, funded, first owned by a seat) and
    played (employees: left the hand, as a played card does; garments: rented to a guest space
    rather than sold), its bonus used or declined, and the seats that had it.

    A bonus decision belongs to a card just deputed "with its bonus" (the decision that follows
    a depute answer, when that card has a bonus), else to the seat's played card (shown in the
    state when the engine shows it, else the seat's last play decision). `observe(game,
    decision)`, if given, sees every decision before it is answered (`report` counts them)."""
    game = Game.new(rules, players=spec.players, seed=seed)
    bots, specs = bots_for(spec, seed), seat_bots(spec.bots, spec.players)
    tally = _Tally()
    for space in game.side.decorations:
        tally.of(space)["available"] = True
    watcher = _Watcher(rules, tally, spec.players)
    played: dict[int, str | None] = {}
    deputed: dict[int, str] = {}
    turns = 0
    while not game.is_over():
        watcher.look(game.state)
        decision = game.decision()
        assert decision is not None  # the game is not over
        if observe is not None:
            observe(game, decision)
        seat, kind = decision.seat, decision.kind
        option = _answer(bots[seat], specs[seat], game, decision)
        if not any(o == option for o in decision.options):  # its value is read before
            raise BotFault(specs[seat], game, decision,
                           IllegalDecisionError(f"{option!r} is none of its options"))
        value = option.value
        if kind == "play":
            turns += 1
            played[seat] = value["card"]
            deputed.pop(seat, None)
        elif kind == "garment":
            watcher.tailor(value["garment"], seat)
        elif kind == "depute" and rules.employees[value].bonus is not None:
            deputed[seat] = value
        elif kind == "bonus":
            card = deputed.pop(seat, None) or game.state["players"][seat]["played"] or \
                played.get(seat)
            if card is not None and watcher.hire_card(card):
                tally.of(card)["bonus_used" if value else "bonus_declined"] += 1
        _apply(game, option, specs[seat], decision)
    watcher.look(game.state)
    record = _result(game, seed, turns)
    record["items"] = tally.to_json()
    return record
