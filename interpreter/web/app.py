"""The web application: the start page, three game pages (watch, replay, play) on one script,
and a JSON API with a stream of events per game.

Every answer of the API is JSON; a request that cannot be done gets {"error": reason} with a
4xx status and changes nothing. A person's seat answers only to its secret token (the link
made with the game); without a token a game is seen as a watcher sees it. Endpoints are
`async`, so every game runs on the event loop's thread (see sessions.py).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import CorruptSaveError
from . import present, tables
from .request_errors import RequestError
from .sessions import BotFactory, LiveGame, Registry
from .store import Store

STATIC = Path(__file__).parent / "static"
MAX_SEED = 2**63 - 1
STREAM_SECONDS = 25.0  # an event stream ends after this; the page's EventSource reconnects
NEW_GAME_FIELDS = ("players", "seed", "humans", "bots", "modules")


def _error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


MAX_BODY = 100_000  # bytes of a request's JSON: a new game's choices, an answer
MAX_UPLOAD = 20_000_000  # bytes of an uploaded save (saves.MAX_SAVE_CHARS characters)


async def _raw(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) past `limit` bytes before it is all read: a client
    may not make the server hold what it would refuse."""
    declared = request.headers.get("content-length", "")
    too_big = RequestError(413, f"the request body is over the limit of {limit:,} bytes")
    if declared.isdigit() and int(declared) > limit:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


async def _body(request: Request) -> Any:
    raw = await _raw(request, MAX_BODY)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        reason = f"{exc.msg.lower()} at line {exc.lineno} column {exc.colno}" \
            if isinstance(exc, json.JSONDecodeError) else "it cannot be read"
        raise RequestError(400, f"the request body is not JSON: {reason}") from None


def _number(request: Request, name: str, default: int | None, low: int, high: int,
            what: str) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise RequestError(400, f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise RequestError(400, f"{what} must be {low} to {high}, not {value}")
    return value


def _whole(body: dict, key: str, default: Any, low: int, high: int) -> Any:
    value = body.get(key, default)
    if value is default:
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(400, f"'{key}' must be a whole number from {low} to {high}, "
                                f"not {value!r}")
    return value


def _viewer(request: Request, live) -> int | None:
    """The seat a request's token opens, or None (a watcher); ?seat=N opens nothing."""
    if "seat" in request.query_params:
        raise RequestError(403, "a seat is opened by its own secret link (?token=...), "
                                "not by ?seat=N")
    return live.seat_of(request.query_params.get("token"))


def _registry(request: Request) -> Registry:
    """The games and replays of the application that received `request`."""
    registry: Registry = request.app.state.registry
    return registry


async def game_state(request: Request) -> Response:
    live = _registry(request).game(request.path_params["gid"])
    seat = _viewer(request, live)
    since = _number(request, "since", 0, 0, 10**9, "since")
    assert since is not None
    return JSONResponse(live.payload(seat, since))


async def download(request: Request) -> Response:
    live = _registry(request).game(request.path_params["gid"])
    text = live.save_text(_viewer(request, live))
    return Response(text, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="rococo-{live.id}.json"'})


async def game_explain(request: Request) -> Response:
    live = _registry(request).game(request.path_params["gid"])
    seat = _viewer(request, live)
    n = _number(request, "n", 0, 0, len(live.game.history), "n")
    assert n is not None
    return JSONResponse({"n": n, "changes": present.explain(
        live.game, n, present.SPECTATOR if seat is None else seat)})


async def replay_of_game(request: Request) -> Response:
    registry = _registry(request)
    live = registry.game(request.path_params["gid"])
    if not live.game.is_over():
        raise RequestError(409, "a replay shows every player's hidden cards: it is "
                                "offered once the game is over")
    replay = registry.new_replay(live.save_text(None))
    return JSONResponse({"id": replay.id, "url": f"/replay/{replay.id}"}, status_code=201)


async def new_replay(request: Request) -> Response:
    raw = await _raw(request, MAX_UPLOAD)
    # reading, checking and replaying a save takes time: other requests go on meanwhile
    registry = _registry(request)
    replay = registry.add_replay(await asyncio.to_thread(registry.prepare_replay, raw))
    return JSONResponse({"id": replay.id, "url": f"/replay/{replay.id}"}, status_code=201)


async def replay_state(request: Request) -> Response:
    replay = _registry(request).replay(request.path_params["rid"])
    step = _number(request, "step", replay.step, 0, len(replay.answers), "step")
    assert step is not None
    replay.goto(step)
    return JSONResponse(replay.payload())


async def replay_explain(request: Request) -> Response:
    replay = _registry(request).replay(request.path_params["rid"])
    n = _number(request, "n", 0, 0, replay.step, "n")
    assert n is not None
    return JSONResponse({"n": n, "changes": present.explain(replay.game, n, None)})


async def request_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _error(exc.status, exc.reason)


async def corrupt_save(request: Request, exc: Exception) -> Response:
    return _error(422, str(exc))


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    reason = {404: f"nothing at {request.url.path}",
              405: f"{request.method} is not allowed on {request.url.path}"}
    return _error(exc.status_code, reason.get(exc.status_code, str(exc.detail)))


def _modules_asked(body: Any, rulebook: tables.RuleBook) -> tuple[dict, Any]:
    """A new game's request, checked as a whole: its module choice and the rules it makes."""
    if not isinstance(body, dict):
        raise RequestError(400, 'the request body must be a JSON object like '
                                '{"players": 3, "humans": [0]}')
    unknown = sorted(set(body) - set(NEW_GAME_FIELDS))
    if unknown:
        raise RequestError(400, f"unknown field {unknown[0]!r} (fields: "
                                f"{', '.join(NEW_GAME_FIELDS)})")
    choice = rulebook.check(body["modules"]) if "modules" in body else rulebook.default
    return choice, rulebook.rules(choice)


def _seats_asked(body: dict, rules) -> tuple[int, set[int]]:
    """A new game's number of players and the seats people play, checked against `rules`."""
    players = _whole(body, "players", None, 1, 99)
    humans = body.get("humans", [])
    if not isinstance(humans, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                           for s in humans):
        raise RequestError(400, f"'humans' must be a list of seat numbers, not {humans!r}")
    return tables.check_seats(rules, players, set(humans)), set(humans)


def create_app(rules, bot_factory: BotFactory, bot_names: list[str], default_bot: str,
               delay: float = 0.6, seed_source=None, module_paths=(),
               saves: Path | None = None) -> Starlette:
    """The application for `rules` (the start page's default; a game may choose other
    modules among the built-in ones and `module_paths`): games use `bot_factory(name, seed)`
    for the seats nobody plays, moving `delay` seconds apart; with `saves`, every game is
    kept there as it goes and resumed from there when the server starts."""
    rulebook = tables.RuleBook(list(module_paths), default_rules=rules)
    registry = Registry(rulebook, bot_factory, bot_names, default_bot, delay,
                        Store(saves) if saves is not None else None)

    def page(name: str):
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name)
        return endpoint

    async def info(request: Request) -> Response:
        default = rulebook.rules(rulebook.default)
        return JSONResponse({"modules": list(default.modules), "offered": rulebook.offered(),
                             "choice": rulebook.default, "seats": tables.seats(default),
                             "bots": bot_names, "default_bot": default_bot,
                             "players": tables.seats(default)["players"],
                             "games": [{"id": g.id, "mode": g.mode, "over": g.game.is_over(),
                                        "modules": list(g.game.rules.modules),
                                        "url": f"/watch/{g.id}"}
                                       for g in registry.games.values()],
                             "replays": list(registry.replays)})

    async def rules_of(request: Request) -> Response:
        choice = rulebook.check(await _body(request))
        chosen = rulebook.rules(choice)
        return JSONResponse({"choice": choice, "modules": list(chosen.modules),
                             "seats": tables.seats(chosen)})

    async def new_game(request: Request) -> Response:
        body = await _body(request)
        choice, chosen = _modules_asked(body, rulebook)
        players, humans = _seats_asked(body, chosen)
        seed = _whole(body, "seed", None, 0, MAX_SEED)
        if seed is None:
            seed = seed_source() if seed_source else 1
        bots = body.get("bots", default_bot)
        if bots not in bot_names:
            raise RequestError(400, f"unknown bots {bots!r} (bots: {', '.join(bot_names)})")
        live = registry.new_game(players, seed, humans, bots, choice=choice)
        links = live.links()
        first = links["seats"][0]["url"] if links["seats"] else links["watch"]
        return JSONResponse({"id": live.id, "mode": live.mode, "seed": seed, "url": first,
                             "links": links, "modules": list(chosen.modules)},
                            status_code=201)

    async def events(request: Request) -> Response:
        """Server-sent events: the game's count of answers, each time the game changes."""
        live = registry.game(request.path_params["gid"])
        _viewer(request, live)  # a wrong token is refused here too

        async def stream():
            loop = asyncio.get_running_loop()
            end = loop.time() + STREAM_SECONDS
            yield f"retry: 1000\ndata: {len(live.game.history)}\n\n"
            while loop.time() < end and not registry.closing:
                changed = await live.wait_change(min(10.0, max(0.0, end - loop.time())))
                if registry.closing:
                    return
                yield f"data: {len(live.game.history)}\n\n" if changed else ": waiting\n\n"
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    def acting(act: Callable[[LiveGame, Any], None]):
        """An endpoint where a person acts on a game (answers, asks or accepts a take-back):
        the request's body goes to `act`; the answer is the game's count of answers and the
        take-back request, if any."""
        async def endpoint(request: Request) -> Response:
            live = registry.game(request.path_params["gid"])
            act(live, await _body(request))
            return JSONResponse({"version": len(live.game.history), "undo": live.undo_view()})
        return endpoint

    routes = [
        Route("/", page("index.html")),
        Route("/watch/{gid}", page("game.html")),
        Route("/play/{gid}", page("game.html")),
        Route("/replay/{rid}", page("game.html")),
        Route("/api", info),
        Route("/api/rules", rules_of, methods=["POST"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{gid}", game_state),
        Route("/api/games/{gid}/events", events),
        Route("/api/games/{gid}/answer", acting(LiveGame.answer), methods=["POST"]),
        Route("/api/games/{gid}/undo", acting(LiveGame.ask_undo), methods=["POST"]),
        Route("/api/games/{gid}/undo/answer", acting(LiveGame.answer_undo), methods=["POST"]),
        Route("/api/games/{gid}/save", download),
        Route("/api/games/{gid}/explain", game_explain),
        Route("/api/games/{gid}/replay", replay_of_game, methods=["POST"]),
        Route("/api/replays", new_replay, methods=["POST"]),
        Route("/api/replays/{rid}", replay_state),
        Route("/api/replays/{rid}/explain", replay_explain),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):  # the saved games come back; every game moves with the server
        registry.loop = asyncio.get_running_loop()
        registry.resume_saved()
        for skipped in registry.skipped:
            print(f"rococo serve: not resumed: {skipped}", file=sys.stderr, flush=True)
        for live in registry.games.values():
            live.start()
        yield
        registry.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        RequestError: request_error, CorruptSaveError: corrupt_save, HTTPException: http_error})
    app.state.registry = registry
    return app
