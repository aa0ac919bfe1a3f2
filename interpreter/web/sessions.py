"""The server's games: live ones (bots moving on their own, people answering for their seats)
and replays of a save, stepped forward and back; each keeps the log its pages show.

Every game runs on the server's one event-loop thread: a waiting step is a greenlet, which may
only be resumed on the thread that made it, and one thread also means no answer can slip in
between a bot's look at the position and its move.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..core.decisions import Decision, Option
from ..core.engine import Game
from ..core.errors import RuleFaultError
from . import present

MAX_GAMES = 100


class Bot(Protocol):
    def choose(self, game: Game, decision: Decision) -> Option: ...


BotFactory = Callable[[str, int], Bot]


class RequestError(Exception):
    """A request that cannot be done: its HTTP status and the reason, for the JSON answer."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


def seat_text(game: Game, seat: int) -> str:
    return f"seat {seat} ({game.state['players'][seat]['color']})"


class Record:
    """The log: one entry per answer, with what it changed as each viewer saw it."""

    def __init__(self, game: Game, viewers: list[int | None]):
        self.game, self.viewers = game, viewers
        self.entries: list[dict] = []
        self.look()

    def look(self) -> None:
        """Take the viewers' views of the position now: the next entry's changes start here."""
        self._views = {v: present.view_for(self.game, v) for v in self.viewers}

    def apply(self, option: Option) -> None:
        game = self.game
        decision = game.decision()
        assert decision is not None
        round_ = game.state["round"]
        game.apply(option)
        after = {v: present.view_for(game, v) for v in self.viewers}
        self.entries.append({
            "n": len(game.history), "seat": decision.seat, "kind": decision.kind,
            "round": round_, "prompt": decision.prompt, "label": option.label,
            "changes": {v: present.changes(game, self._views[v], after[v])
                        for v in self.viewers}})
        self._views = after

    def entries_for(self, viewer: int | None, since: int = 0) -> list[dict]:
        """The log as `viewer` reads it: the words of an answer only for the seat that gave it
        (or for a replay, which shows everything); what changed, from its own views."""
        rows = []
        for e in self.entries[since:]:
            own = viewer is None or viewer == e["seat"]
            rows.append({"n": e["n"], "seat": e["seat"], "kind": e["kind"], "round": e["round"],
                         "prompt": e["prompt"] if own else None,
                         "answer": e["label"] if own else None,
                         "changes": e["changes"][viewer]})
        return rows


class LiveGame:
    """A game being played: bots move by themselves, `delay` seconds apart; human seats wait
    for `answer`."""

    def __init__(self, gid: str, game: Game, bots: list[Bot | None], bot_name: str,
                 delay: float):
        self.id, self.game, self.bots, self.bot_name = gid, game, bots, bot_name
        self.delay = delay
        self.humans = {seat for seat, bot in enumerate(bots) if bot is None}
        players = len(game.state["players"])
        self.record = Record(game, [*range(players), present.SPECTATOR])
        self.fault: str | None = None
        self._task: asyncio.Task | None = None

    @property
    def mode(self) -> str:
        return "play" if self.humans else "watch"

    def start(self) -> None:
        """Let the bots move until a person must answer or the game ends."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        game = self.game
        while not game.is_over() and self.fault is None:
            decision = game.decision()
            assert decision is not None
            bot = self.bots[decision.seat]
            if bot is None:
                return
            await asyncio.sleep(self.delay)
            try:
                self.record.apply(bot.choose(game, decision))
            except RuleFaultError as exc:  # a faulty rule: the game stops and says why
                self.fault = str(exc)

    def answer(self, body: Any) -> None:
        """A person's answer: {"seat": N, "option": index, "version": answers so far}."""
        game = self.game
        if not isinstance(body, dict):
            raise RequestError(400, "the request body must be a JSON object like "
                                    '{"seat": 0, "option": 2}')
        seat: Any = body.get("seat")
        index: Any = body.get("option")
        for key, value in (("seat", seat), ("option", index)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RequestError(400, f"'{key}' must be a whole number, not {value!r}")
        players = len(game.state["players"])
        if not 0 <= seat < players:
            raise RequestError(400, f"no seat {seat}: this game has seats 0 to {players - 1}")
        if seat not in self.humans:
            raise RequestError(403, f"{seat_text(game, seat)} is played by a bot")
        decision = game.decision()
        if decision is None:
            raise RequestError(409, "the game is over: there is no decision to answer")
        if decision.seat != seat:
            raise RequestError(409, f"it is not {seat_text(game, seat)}'s decision: "
                                    f"{seat_text(game, decision.seat)} decides")
        version = body.get("version", len(game.history))
        if version != len(game.history):
            raise RequestError(409, f"the answer was for decision {version!r}, but the game "
                                    f"is at decision {len(game.history)}: reload the page")
        if not 0 <= index < len(decision.options):
            raise RequestError(422, f"option {index} is out of range: this decision has "
                                    f"{len(decision.options)} options (0 to "
                                    f"{len(decision.options) - 1})")
        try:
            self.record.apply(decision.options[index])
        except RuleFaultError as exc:  # rolled back by the engine: the position is unchanged
            raise RequestError(500, str(exc)) from None
        self.start()

    def _played_by(self, player: Mapping[str, Any]) -> str:
        """Who plays a seat: a person, the bots, or (a solo mode's automaton) its kind's name."""
        kind = player.get("kind", "human")
        if kind != "human":
            return next((k.name for k in self.game.rules.seat_kinds if k.id == kind), kind)
        return "person" if player["seat"] in self.humans else self.bot_name

    def payload(self, seat: int | None, since: int) -> dict:
        game = self.game
        viewer = present.SPECTATOR if seat is None else seat
        view = present.view_for(game, viewer)
        return {"id": self.id, "mode": self.mode, "seat": seat,
                "seats": [{"seat": p["seat"], "color": p["color"], "by": self._played_by(p)}
                          for p in game.state["players"]],
                "version": len(game.history), "view": view,
                "labels": present.labels(game, view), "layout": present.layout(game),
                "log": self.record.entries_for(viewer, since),
                "over": game.is_over(),
                "standings": game.standings() if game.is_over() else None,
                "fault": self.fault}


class Replay:
    """A saved game replayed from its seed, step by step: `goto(k)` shows the position after
    k answers (going back replays from the start, a few milliseconds a hundred answers)."""

    def __init__(self, rid: str, saved: Game):
        self.id = rid
        self.rules, self.players = saved.rules, len(saved.state["players"])
        self.seed = saved.state["seed"]
        self.answers = [value for _seat, value in saved.history]
        self.meta = saved.meta
        self.entries: list[dict] = []
        self.rounds = self._round_starts()
        self._restart()

    def _restart(self) -> None:
        self.game = Game.new(self.rules, self.players, self.seed, explain=True)
        self.record = Record(self.game, [None])
        self.record.entries = self.entries  # kept across restarts: the same game every time

    def _round_starts(self) -> list[dict]:
        game = Game.new(self.rules, self.players, self.seed)
        starts = [{"round": game.state["round"], "step": 0}]
        for step, value in enumerate(self.answers, 1):
            game.apply_value(value)
            if game.state["round"] != starts[-1]["round"]:
                starts.append({"round": game.state["round"], "step": step})
        return starts

    @property
    def step(self) -> int:
        return len(self.game.history)

    def goto(self, step: int) -> None:
        if not 0 <= step <= len(self.answers):
            raise RequestError(400, f"no step {step}: this replay has steps 0 to "
                                    f"{len(self.answers)}")
        if step < self.step:
            self._restart()
        while self.step < min(step, len(self.entries)):  # logged before: just play it
            self.game.apply_value(self.answers[self.step])
        self.record.look()
        while self.step < step:
            decision = self.game.decision()
            assert decision is not None
            value = self.answers[self.step]
            self.record.apply(next(o for o in decision.options if o.value == value))

    def payload(self) -> dict:
        game = self.game
        view = present.view_for(game, None)
        return {"id": self.id, "mode": "replay", "seat": None,
                "seats": [{"seat": p["seat"], "color": p["color"], "by": None}
                          for p in game.state["players"]],
                "step": self.step, "steps": len(self.answers), "rounds": self.rounds,
                "version": self.step, "view": view, "labels": present.labels(game, view),
                "layout": present.layout(game),
                "log": self.record.entries_for(None)[:self.step],
                "over": game.is_over(),
                "standings": game.standings() if game.is_over() else None, "fault": None}


class Registry:
    """Every game and replay of this server, by id."""

    def __init__(self, rules, bot_factory: BotFactory, bot_names: list[str],
                 default_bot: str, delay: float):
        self.rules, self.bot_factory = rules, bot_factory
        self.bot_names, self.default_bot, self.delay = bot_names, default_bot, delay
        self.games: dict[str, LiveGame] = {}
        self.replays: dict[str, Replay] = {}

    def _room(self) -> None:
        if len(self.games) + len(self.replays) >= MAX_GAMES:
            raise RequestError(429, f"this server already holds {MAX_GAMES} games and "
                                    f"replays: restart it for more")

    def new_game(self, players: int, seed: int, humans: set[int], bots: str | None = None,
                 start: bool = True) -> LiveGame:
        self._room()
        name = bots or self.default_bot
        game = Game.new(self.rules, players=players, seed=seed, explain=True)
        game.meta["humans"] = sorted(humans)
        seats = [None if seat in humans else self.bot_factory(name, seed * 31 + seat)
                 for seat in range(players)]
        gid = f"g{len(self.games) + 1}"
        live = self.games[gid] = LiveGame(gid, game, seats, name, self.delay)
        if start:
            live.start()
        return live

    def new_replay(self, text: str | bytes) -> Replay:
        self._room()
        saved = Game.from_json(self.rules, text, verify=True)  # a replay plays its history
        rid = f"r{len(self.replays) + 1}"
        replay = self.replays[rid] = Replay(rid, saved)
        return replay

    def game(self, gid: str) -> LiveGame:
        if gid not in self.games:
            known = f" (games: {', '.join(self.games)})" if self.games else ""
            raise RequestError(404, f"no game {gid!r} on this server{known}")
        return self.games[gid]

    def replay(self, rid: str) -> Replay:
        if rid not in self.replays:
            raise RequestError(404, f"no replay {rid!r} on this server")
        return self.replays[rid]
