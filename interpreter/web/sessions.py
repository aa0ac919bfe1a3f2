"""The server's games: live ones (bots moving on their own, people answering for their seats
through their secret links) and replays of a save, stepped forward and back; each keeps the
log its pages show.

Every game runs on the server's one event-loop thread: a waiting step is a greenlet, which may
only be resumed on the thread that made it, and one thread also means no answer can slip in
between a bot's look at the position and its move.
"""
from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..core.decisions import Decision, Option
from ..core.engine import Game
from ..core.errors import CorruptSaveError, RuleFaultError
from ..core.wording import (
    describe,
    grouped,
    may_end,
    option_label,
    scoring_lines,
    scoring_start,
    seat_text,
    snapshot_of,
)
from . import present
from .request_errors import RequestError

MAX_GAMES = 100
HIDDEN_KINDS = ("hand",)  # decisions whose answer only the seat that gave it may read


class Bot(Protocol):
    def choose(self, game: Game, decision: Decision) -> Option: ...


BotFactory = Callable[[str, int], Bot]

__all__ = ["Bot", "BotFactory", "LiveGame", "Record", "Registry", "Replay", "RequestError"]


class Record:
    """The log: one entry per answer, with what it changed in sentences as each viewer saw it
    (the terminal's sentences, `core.wording.describe`, read from that viewer's own view)."""

    def __init__(self, game: Game, viewers: list[int | None]):
        self.game, self.viewers = game, viewers
        self.entries: list[dict] = []
        self._chosen: dict[int | None, set] = {v: set() for v in viewers}
        self.look()

    def look(self) -> None:
        """Take the viewers' views of the position now: the next entry's changes start here."""
        self._views = {v: snapshot_of(present.view_for(self.game, v)) for v in self.viewers}

    def apply(self, option: Option) -> None:
        game = self.game
        decision = game.decision()
        assert decision is not None
        round_ = game.state["round"]
        copy = game.clone() if may_end(game) else None
        game.apply(option)
        after = {v: snapshot_of(present.view_for(game, v)) for v in self.viewers}
        # the move that ends the game says what it did, not the final scoring (as the terminal)
        told = after if copy is None or not game.is_over() else {
            v: snapshot_of(present.view_for(probe, v))
            for probe in [scoring_start(copy, option)] for v in self.viewers}
        seats = frozenset(range(len(game.state["players"])))
        lines = {}
        for v in self.viewers:
            if decision.kind in HIDDEN_KINDS and v in (None, decision.seat):
                self._chosen[v].add(option.value)
            lines[v] = describe(game, self._views[v], told[v], decision.seat, self._chosen[v],
                                seats if v is None else frozenset({v}))
        self.entries.append({
            "n": len(game.history), "seat": decision.seat, "kind": decision.kind,
            "round": round_, "prompt": decision.prompt, "label": option.label,
            "who": seat_text(game, decision.seat), "lines": lines})
        self._views = after

    def truncate(self, answers: int) -> None:
        """The log after answers were taken back: `answers` entries remain."""
        del self.entries[answers:]
        self._chosen = {v: set() for v in self.viewers}
        self.look()

    def entries_for(self, viewer: int | None, since: int = 0) -> list[dict]:
        """The log as `viewer` reads it: every answer's words but a hand's card, which only the
        seat that chose it (or a replay, which shows everything) reads; what it changed, in
        sentences from its own views."""
        rows = []
        for e in self.entries[since:]:
            own = viewer is None or viewer == e["seat"] or e["kind"] not in HIDDEN_KINDS
            rows.append({"n": e["n"], "seat": e["seat"], "kind": e["kind"], "round": e["round"],
                         "who": e["who"],
                         "prompt": e["prompt"] if own else None,
                         "answer": e["label"] if own else None,
                         "changes": e["lines"][viewer]})
        return rows


def merged_options(game: Game, pending: dict | None, decision: Decision | None) -> None:
    """A pending decision's options as the terminal offers them: options that read the same
    once each (`core.wording.grouped`), each with the index of its first option to answer."""
    if pending is None or decision is None or not pending.get("options"):
        return
    groups = grouped(game, decision.options)
    index = {id(o): i for i, o in enumerate(decision.options)}
    shown: dict[str, int] = {}
    for group in groups:
        shown[group[0].label] = shown.get(group[0].label, 0) + 1
    pending["choices"] = [{"index": index[id(g[0])], "label": option_label(game, g, shown),
                           "same": len(g)} for g in groups]


class LiveGame:
    """A game being played: bots move by themselves, `delay` seconds apart; people's seats wait
    for `answer`, each through its own secret token."""

    def __init__(self, gid: str, game: Game, bots: list[Bot | None], bot_name: str,
                 delay: float, choice: dict, tokens: dict[int, str] | None = None,
                 on_change: Callable[[LiveGame], None] | None = None):
        self.id, self.game, self.bots, self.bot_name = gid, game, bots, bot_name
        self.delay, self.choice = delay, choice
        players = len(game.state["players"])
        self.humans = {seat for seat, bot in enumerate(bots)
                       if bot is None and game.state["players"][seat].get("kind", "human")
                       == "human"}
        self.tokens = tokens if tokens is not None else \
            {seat: secrets.token_urlsafe(12) for seat in sorted(self.humans)}
        self.record = Record(game, [*range(players), present.SPECTATOR])
        self.fault: str | None = None
        self.undo_ask: dict | None = None  # {"by": seat, "to": answers kept, "accepted": set}
        self.undo_note: str | None = None  # what became of the last request
        self.undos = 0  # requests granted: a page that saw another count reloads its log
        self.on_change = on_change
        self._changed = asyncio.Event()
        self._task: asyncio.Task | None = None

    @property
    def mode(self) -> str:
        return "play" if self.humans else "watch"

    # -- who is asking ----------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None (no token): a watcher's view of open information."""
        if token is None or token == "":
            return None
        for seat, own in self.tokens.items():
            if secrets.compare_digest(own, token):
                return seat
        raise RequestError(403, f"this link opens no seat of game {self.id}: ask the player "
                                f"who made the game for your seat's link")

    def links(self) -> dict:
        """Every link of the game: one per person's seat (secret), and the watchers'."""
        game = self.game
        return {"seats": [{"seat": s, "who": seat_text(game, s),
                           "url": f"/play/{self.id}?token={t}"}
                          for s, t in sorted(self.tokens.items())],
                "watch": f"/watch/{self.id}"}

    # -- moving on ------------------------------------------------------------------------------
    def changed(self) -> None:
        """Something the pages show changed: save it, wake the pages' event streams."""
        if self.on_change is not None:
            self.on_change(self)
        self.wake()

    def wake(self) -> None:
        """Wake the pages' event streams (to send news, or to end when the server stops)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_change(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def start(self) -> None:
        """Let the bots move until a person must answer or the game ends."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        game = self.game
        while not game.is_over() and self.fault is None and self.undo_ask is None:
            decision = game.decision()
            assert decision is not None
            bot = self.bots[decision.seat]
            if bot is None:
                return
            version = len(game.history)
            await asyncio.sleep(self.delay)
            if len(game.history) != version or self.undo_ask is not None:
                continue  # taken back while the bot thought: look again
            try:
                self.record.apply(bot.choose(game, decision))
            except RuleFaultError as exc:  # a faulty rule: the game stops and says why
                self.fault = str(exc)
            self.changed()

    def answer(self, body: Any) -> None:
        """A person's answer: {"token": the seat's, "option": index, "version": answers so
        far}."""
        game = self.game
        if not isinstance(body, dict):
            raise RequestError(400, "the request body must be a JSON object like "
                                    '{"token": "...", "option": 2}')
        index: Any = body.get("option")
        if isinstance(index, bool) or not isinstance(index, int):
            raise RequestError(400, f"'option' must be a whole number, not {index!r}")
        seat = self._person(body)
        decision = game.decision()
        if decision is None:
            raise RequestError(409, "the game is over: there is no decision to answer")
        if decision.seat != seat:
            raise RequestError(409, f"it is not {seat_text(game, seat)}'s decision: "
                                    f"{seat_text(game, decision.seat)} decides")
        if self.undo_ask is not None:
            raise RequestError(409, f"{seat_text(game, self.undo_ask['by'])} asked to take "
                                    f"back a move: the others answer that first")
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
        self.undo_note = None
        self.changed()
        self.start()

    def _person(self, body: dict) -> int:
        token = body.get("token")
        if not isinstance(token, str) or not token:
            raise RequestError(403, "only a seat's own link may act for it: the request "
                                    "needs that link's 'token'")
        seat = self.seat_of(token)
        assert seat is not None
        return seat

    # -- taking back, by agreement ------------------------------------------------------------
    def ask_undo(self, body: Any) -> None:
        """The player who moved asks to take back their last decision (and every move made
        since); with no other person at the table it is done at once."""
        if not isinstance(body, dict):
            raise RequestError(400, 'the request body must be a JSON object like '
                                    '{"token": "..."}')
        seat, game = self._person(body), self.game
        if game.is_over():
            raise RequestError(409, "the game is over: nothing can be taken back")
        if self.undo_ask is not None:
            raise RequestError(409, f"{seat_text(game, self.undo_ask['by'])} already asked to "
                                    f"take back a move")
        mine = [i for i, (s, _value) in enumerate(game.history) if s == seat]
        if not mine:
            raise RequestError(409, f"{seat_text(game, seat)} has made no decision to take back")
        self.undo_ask = {"by": seat, "to": mine[-1], "accepted": set()}
        self.undo_note = None
        self._settle()

    def answer_undo(self, body: Any) -> None:
        """Another person's answer to a request: {"token", "accept": true or false}; the one who
        asked may withdraw it (accept false)."""
        if not isinstance(body, dict) or not isinstance(body.get("accept"), bool):
            raise RequestError(400, 'the request body must be a JSON object like '
                                    '{"token": "...", "accept": true}')
        seat, game = self._person(body), self.game
        ask = self.undo_ask
        if ask is None:
            raise RequestError(409, "nobody asked to take back a move")
        if not body["accept"]:
            who = "withdrew" if seat == ask["by"] else f"refused by {seat_text(game, seat)}"
            self.undo_note = f"{seat_text(game, ask['by'])}'s request to take back a move: {who}"
            self.undo_ask = None
            self.changed()
            self.start()
            return
        if seat == ask["by"]:
            raise RequestError(409, "you asked: the other players accept or refuse")
        ask["accepted"].add(seat)
        self._settle()

    def _settle(self) -> None:
        ask = self.undo_ask
        assert ask is not None
        if ask["accepted"] >= self.humans - {ask["by"]}:
            game = self.game
            count = len(game.history) - ask["to"]
            game.undo(count)
            self.record.truncate(ask["to"])
            self.undos += 1
            self.fault = None
            self.undo_note = (f"{seat_text(game, ask['by'])} took back {count} "
                              f"move{'s' if count != 1 else ''}")
            self.undo_ask = None
            self.changed()
            self.start()
        else:
            self.changed()

    # -- what a page receives -----------------------------------------------------------------
    def _played_by(self, player: Mapping[str, Any]) -> str:
        """Who plays a seat: a person, the bots, or (a solo mode's automaton) its kind's name."""
        kind = player.get("kind", "human")
        if kind != "human":
            return next((k.name for k in self.game.rules.seat_kinds if k.id == kind), kind)
        return "person" if player["seat"] in self.humans else self.bot_name

    def undo_view(self) -> dict | None:
        """A pending take-back as the pages show it: who asked, how many moves, who must still
        accept."""
        ask = self.undo_ask
        if ask is None:
            return None
        return {"by": ask["by"], "moves": len(self.game.history) - ask["to"],
                "waiting": sorted(self.humans - {ask["by"]} - ask["accepted"])}

    def may_download(self, seat: int | None) -> bool:
        """A save holds every hidden card: it is for anyone once the game is over, and before
        for the one person at a table of bots."""
        return self.game.is_over() or (seat is not None and self.humans == {seat})

    def payload(self, seat: int | None, since: int) -> dict:
        game = self.game
        viewer = present.SPECTATOR if seat is None else seat
        view = present.view_for(game, viewer)
        if view.get("pending") and view["pending"].get("seat") == seat:
            merged_options(game, view["pending"], game.decision())
        return {"id": self.id, "mode": self.mode, "seat": seat,
                "seats": [{"seat": p["seat"], "color": p["color"], "by": self._played_by(p),
                           "who": seat_text(game, p["seat"])}
                          for p in game.state["players"]],
                "version": len(game.history), "epoch": self.undos, "view": view,
                "labels": present.labels(game, view), "layout": present.layout(game),
                "modules": list(game.rules.modules),
                "log": self.record.entries_for(viewer, since),
                "over": game.is_over(),
                "standings": game.standings() if game.is_over() else None,
                "scoring": scoring_lines(game) if game.is_over() else None,
                "fault": self.fault,
                "undo": self.undo_view(),
                "undo_note": self.undo_note,
                "can_undo": seat in self.humans and not game.is_over()
                and any(s == seat for s, _v in game.history),
                "download": self.may_download(seat)}

    def save_text(self, seat: int | None) -> str:
        """The game as `rococo play --load` reads it (the table's own notes left out)."""
        if not self.may_download(seat):
            raise RequestError(403, "a save holds every player's hidden cards: it can be "
                                    "downloaded once the game is over")
        table = self.game.meta.pop("table", None)
        try:
            return self.game.to_json()
        finally:
            if table is not None:
                self.game.meta["table"] = table


def round_starts(rules, players: int, seed: int, answers: list) -> list[dict]:
    """Where each round of a game begins: its number and the step (answers given) there."""
    game = Game.new(rules, players, seed)
    starts = [{"round": game.state["round"], "step": 0}]
    for step, value in enumerate(answers, 1):
        game.apply_value(value)
        if game.state["round"] != starts[-1]["round"]:
            starts.append({"round": game.state["round"], "step": step})
    return starts


class Replay:
    """A saved game replayed from its seed, step by step: `goto(k)` shows the position after
    k answers (going back replays from the start, a few milliseconds a hundred answers)."""

    def __init__(self, rid: str, rules, players: int, seed: int, answers: list, meta: dict,
                 rounds: list[dict] | None = None):
        self.id = rid
        self.rules, self.players, self.seed = rules, players, seed
        self.answers, self.meta = answers, meta
        self.entries: list[dict] = []
        self.rounds = rounds if rounds is not None else round_starts(rules, players, seed,
                                                                     answers)
        self._restart()

    @classmethod
    def prepared(cls, saved: Game) -> dict:
        """What a replay of `saved` is made of, its rounds found by replaying it: plain data,
        so that the games made for it stay in the thread that made them."""
        players, seed = len(saved.state["players"]), saved.state["seed"]
        answers = [v for _seat, v in saved.history]
        return {"rules": saved.rules, "players": players, "seed": seed, "answers": answers,
                "meta": saved.meta, "rounds": round_starts(saved.rules, players, seed, answers)}

    def _restart(self) -> None:
        self.game = Game.new(self.rules, self.players, self.seed, explain=True)
        self.record = Record(self.game, [None])
        self.record.entries = self.entries  # kept across restarts: the same game every time

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
                "seats": [{"seat": p["seat"], "color": p["color"], "by": None,
                           "who": seat_text(game, p["seat"])}
                          for p in game.state["players"]],
                "step": self.step, "steps": len(self.answers), "rounds": self.rounds,
                "version": self.step, "epoch": 0, "view": view,
                "labels": present.labels(game, view), "layout": present.layout(game),
                "modules": list(game.rules.modules),
                "log": self.record.entries_for(None)[:self.step],
                "over": game.is_over(),
                "standings": game.standings() if game.is_over() else None,
                "scoring": scoring_lines(game) if game.is_over() else None, "fault": None,
                "undo": None, "undo_note": None, "can_undo": False, "download": True}


class Registry:
    """Every game and replay of this server, by id; with a store, every game is saved as it
    goes and the saved ones are back after a restart."""

    def __init__(self, rulebook, bot_factory: BotFactory, bot_names: list[str],
                 default_bot: str, delay: float, store=None):
        self.rulebook, self.bot_factory = rulebook, bot_factory
        self.bot_names, self.default_bot, self.delay = bot_names, default_bot, delay
        self.games: dict[str, LiveGame] = {}
        self.replays: dict[str, Replay] = {}
        self.store = store
        self.closing = False  # the server stops: event streams end
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self.skipped: list[str] = []  # saves that could not be resumed, with the reason
        # the saved games' ids are taken now; the games are resumed by `resume_saved`, on the
        # thread of the server's event loop (a waiting step must run on the thread that made it)
        self.reserved = [gid for gid, _text in store.saved()] if store is not None else []
        self.made = {"g": 0, "r": 0}  # ids handed out: one let go (`_room`) is never reused

    def resume_saved(self) -> None:
        """Every game of the store, as it was; a save that cannot be resumed is skipped, with
        the reason in `skipped`."""
        if self.store is None:
            return
        for gid, text in self.store.saved():
            if gid in self.games:
                continue
            try:
                self.resume(gid, text)
            except (RequestError, CorruptSaveError, RuleFaultError, ValueError, KeyError,
                    TypeError, StopIteration) as exc:  # a damaged or foreign file: skipped
                self.skipped.append(f"{gid}: {getattr(exc, 'reason', exc)}")

    def close(self) -> None:
        """The server stops: every event stream ends now, not at the shutdown's time-out."""
        self.closing = True
        for live in self.games.values():
            live.wake()

    def close_soon(self) -> None:
        """`close`, from any thread (a signal handler, a test stopping its server)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.close)

    def _room(self) -> None:
        """Room for one more game or replay: the oldest replays and finished games are let go
        first (a finished game's save stays in the store); 429 only when every place holds a
        game still being played."""
        while len(self.games) + len(self.replays) >= MAX_GAMES:
            if self.replays:
                del self.replays[next(iter(self.replays))]
                continue
            done = next((gid for gid, live in self.games.items() if live.game.is_over()), None)
            if done is None:
                raise RequestError(429, f"this server already holds {MAX_GAMES} games still "
                                        "being played: finish one, or restart it for more")
            del self.games[done]

    def _next_id(self) -> str:
        numbers = [int(g[1:]) for g in [*self.games, *self.reserved] if g[1:].isdigit()]
        self.made["g"] = max([*numbers, self.made["g"]]) + 1
        return f"g{self.made['g']}"

    def _saved(self, live: LiveGame) -> None:
        if self.store is not None:
            self.store.save(live.id, live.game.to_json())

    def new_game(self, players: int, seed: int, humans: set[int], bots: str | None = None,
                 start: bool = True, choice: dict | None = None) -> LiveGame:
        self._room()
        choice = choice if choice is not None else self.rulebook.default
        rules = self.rulebook.rules(choice)
        name = bots or self.default_bot
        try:
            game = Game.new(rules, players=players, seed=seed, explain=True)
        except ValueError as exc:  # a solo mode's own count of seats
            raise RequestError(400, str(exc)) from None
        live = self._live(self._next_id(), game, humans, name, choice, None)
        if start:
            live.start()
        return live

    def _live(self, gid: str, game: Game, humans: set[int], bots: str, choice: dict,
              tokens: dict[int, str] | None, save: bool = True) -> LiveGame:
        players = len(game.state["players"])
        seed = game.state["seed"]
        seats = [None if seat in humans else self.bot_factory(bots, seed * 31 + seat)
                 for seat in range(players)]
        live = LiveGame(gid, game, seats, bots, self.delay, choice, tokens, self._saved)
        game.meta["humans"] = sorted(live.humans)
        game.meta["params"] = dict(choice.get("set") or {})
        game.meta["table"] = {"bots": bots, "choice": choice,
                              "tokens": {str(s): t for s, t in live.tokens.items()}}
        self.games[gid] = live
        if save:
            self._saved(live)
        return live

    def resume(self, gid: str, text: str) -> LiveGame:
        """A game saved by this table, replayed from its seed to where it was (its log
        rebuilt on the way)."""
        data = json.loads(text)
        table = data["meta"]["table"]
        choice = self.rulebook.check(table["choice"])
        rules = self.rulebook.rules(choice)
        saved = Game.from_json(rules, text)
        game = Game.new(rules, players=len(saved.state["players"]), seed=saved.state["seed"],
                        explain=True)
        tokens = {int(s): t for s, t in table["tokens"].items()}
        # its file stays as it is: it already holds every answer replayed here
        live = self._live(gid, game, set(tokens), table["bots"], choice, tokens, save=False)
        for _seat, value in saved.history:
            decision = game.decision()
            assert decision is not None
            live.record.apply(next(o for o in decision.options if o.value == value))
        return live

    def new_replay(self, text: str | bytes) -> Replay:
        self._room()
        return self.add_replay(self.prepare_replay(text))

    def add_replay(self, plain: dict) -> Replay:
        """A replay of what `prepare_replay` found, on this server (on its event loop)."""
        self._room()
        self.made["r"] += 1
        rid = f"r{self.made['r']}"
        replay = self.replays[rid] = Replay(rid, **plain)
        return replay

    def prepare_replay(self, text: str | bytes) -> dict:
        """An uploaded save read, checked and replayed: what `add_replay` makes a replay of.
        It changes nothing here, so it may run off the event loop (a big save takes time)."""
        try:  # the modules and parameters the save names
            data = json.loads(text)
            rules = self.rulebook.rules(self.rulebook.check(self.rulebook.choice_of_modules(
                [m["id"] for m in data.get("modules") or []],
                (data.get("meta") or {}).get("params") or {})))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError,
                RequestError):
            rules = self.rulebook.rules(self.rulebook.default)  # the load says what is wrong
        saved = Game.from_json(rules, text, verify=True)  # a replay plays its history
        return Replay.prepared(saved)

    def game(self, gid: str) -> LiveGame:
        if gid not in self.games:
            known = f" (games: {', '.join(self.games)})" if self.games else ""
            raise RequestError(404, f"no game {gid!r} on this server{known}")
        return self.games[gid]

    def replay(self, rid: str) -> Replay:
        if rid not in self.replays:
            raise RequestError(404, f"no replay {rid!r} on this server")
        return self.replays[rid]
