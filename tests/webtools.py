"""A `rococo serve` application on a real uvicorn server in a thread (port chosen by the system,
127.0.0.1 only), and plain-HTTP helpers for the web tests."""
from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the web extra is not installed: "
                                                "pip install -e '.[web]'")

from interpreter.sim.bots import BOTS, make_bot  # noqa: E402
from interpreter.web import present  # noqa: E402
from interpreter.web.app import create_app  # noqa: E402


def chromium(webdriver, binary: str, driver: str, *flags: str):
    """Headless Chromium driven through the system chromedriver (given by path: Selenium
    Manager never downloads anything)."""
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1400,1300", "--no-first-run", "--disable-extensions",
                 "--disable-background-networking", "--disable-sync",
                 "--disable-component-update", "--disable-default-apps", *flags):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver),
                               options=options)
    browser.set_page_load_timeout(60)
    return browser


class Served:
    """`with Served(rules) as site:` a server for `rules`; `site.get("/api/games/g1")`."""

    def __init__(self, rules, delay: float = 0.0, bots: str = "greedy", saves=None,
                 port: int = 0, module_paths=()):
        self.rules = rules
        self.app = create_app(rules, make_bot, sorted(BOTS), bots, delay=delay, saves=saves,
                              module_paths=module_paths)
        self.registry = self.app.state.registry
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=port,
                                                    log_level="warning",
                                                    timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        for _ in range(1000):
            if self.server.started:
                break
            time.sleep(0.01)
        assert self.server.started, "the test server did not start"
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        return self

    def __exit__(self, *exc) -> None:
        self.registry.close_soon()  # the pages' event streams end first
        self.server.should_exit = True
        self.thread.join(10)

    def request(self, method: str, path: str, body=None) -> tuple[int, object, str]:
        """(status, decoded JSON, raw text) of one request; `body` is sent as JSON unless it
        is already bytes."""
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                status, raw = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read().decode()
        try:
            decoded = json.loads(raw)
        except ValueError:
            decoded = None
        return status, decoded, raw

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, body=None):
        return self.request("POST", path, body)

    def token(self, gid: str, seat: int) -> str:
        """The secret token of a person's seat (as its link carries it)."""
        return self.registry.game(gid).tokens[seat]

    def seat(self, gid: str, seat: int | None) -> str:
        """The query that opens `seat`'s view of a game ('' for a watcher's)."""
        return "" if seat is None else f"token={self.token(gid, seat)}"

    def wait(self, gid: str, seat: int | None = None) -> dict:
        """Poll until the game is over or waits on `seat` (the bots have moved)."""
        query = "" if seat is None else f"?{self.seat(gid, seat)}"
        for _ in range(6000):
            status, data, _raw = self.get(f"/api/games/{gid}{query}")
            assert status == 200, data
            pending = data["view"]["pending"]
            if data["over"] or (seat is not None and pending and pending["seat"] == seat):
                return data
            time.sleep(0.005)
        raise AssertionError(f"game {gid} did not reach seat {seat}'s decision")


def ids_of(game, data) -> set[str]:
    """The ids of cards, garments, tiles, spaces... among the strings of a JSON tree."""
    return {s for s in present.strings(data) if present.is_id(game, s)}


def ever_seen(rules, game, seat: int) -> tuple[set[str], set[str]]:
    """The ids `seat` (present.SPECTATOR: a watcher) could see at some moment of `game`, and
    all ids the game ever held."""
    from interpreter import Game
    meta_seats = len(game.state["players"])
    replay = Game.new(rules, meta_seats, game.state["seed"])
    seen, every = ids_of(replay, replay.view(seat)), ids_of(replay, replay.state)
    for _seat, value in game.history:
        replay.apply_value(value)
        seen |= ids_of(replay, replay.view(seat))
        every |= ids_of(replay, replay.state)
    return seen, every


_TOKEN = re.compile(r"[A-Za-z0-9_][\w.]*")


def words_in(raw: str) -> set[str]:
    """Every string of a JSON answer, and every dotted word inside those strings (a log line
    or an explain trace names ids inside its text)."""
    out = set()
    for s in present.strings(json.loads(raw)):
        out.add(s)
        out.update(m.group(0).rstrip(".") for m in _TOKEN.finditer(s))
    return out
