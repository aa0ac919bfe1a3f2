"""Hostile web requests, third round (issue 35 2.6, 2.10): a tampered, resealed save or an edited
history uploaded as a replay is refused with a reason (422), never a plain-text 500."""
from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from conftest import MISSING_RECORDS, jewelry_game, resealed
from webtools import Served

from interpreter import Game


@pytest.fixture(scope="module")
def jewelry():
    return jewelry_game()


def upload(game: Game, edit) -> bytes:
    return resealed(json.loads(game.to_json()), edit).encode()


def test_a_tampered_or_rewritten_replay_upload_is_refused_with_a_reason(jewelry):
    rules, game = jewelry
    first = game.history[0][1]
    cases = [
        *MISSING_RECORDS.values(),
        (lambda d: d["history"][0].__setitem__(1, "no such card"),
         "save file is damaged: its history does not replay ('no such card' is not a legal "
         "answer to 'choose a card for your hand (1 of 3)'"),
    ]
    assert first != "no such card"
    with Served(rules) as site:
        for edit, reason in cases:
            status, data, _raw = site.post("/api/replays", upload(game, edit))
            assert status == 422 and data["error"].startswith(reason), data
        # found by the web campaign: a plain-text 500 (RecursionError) before
        status, data, _raw = site.post("/api/replays", b"[" * 5000 + b"]" * 5000)
        assert (status, data) == (422, {"error": "not a save file: its data is nested too "
                                                 "deeply"})
        assert not site.registry.replays


# ---- 10. bodies are bounded, big uploads parsed off the loop, finished games let go ----------

def announced(site, path: str, length: int, sent: bytes = b"") -> tuple[int, dict]:
    """POST announcing a body of `length` bytes and sending only `sent` of it: the answer."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as conn:
        conn.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {length}\r\n\r\n".encode() + sent)
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            chunk = conn.recv(65536)
            if not chunk:
                break
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def test_a_body_over_the_limit_is_refused_before_it_is_held(jewelry):
    """A 300 MB body was taken (201) and the server grew to 645 MB: refused from its header."""
    rules, _game = jewelry
    with Served(rules) as site:
        assert announced(site, "/api/replays", 300_000_000, b"{") == (
            413, {"error": "the request body is over the limit of 20,000,000 bytes"})
        assert announced(site, "/api/games", 100_001, b"{") == (
            413, {"error": "the request body is over the limit of 100,000 bytes"})
        assert not site.registry.games and not site.registry.replays


def test_other_requests_are_answered_while_a_replay_is_read(jewelry, monkeypatch):
    rules, game = jewelry
    with Served(rules) as site:
        real = site.registry.prepare_replay
        started = threading.Event()

        def slow(text):
            started.set()
            time.sleep(1.5)
            return real(text)
        monkeypatch.setattr(site.registry, "prepare_replay", slow)
        upload = threading.Thread(target=site.post, args=("/api/replays",
                                                          game.to_json().encode()))
        upload.start()
        assert started.wait(10)
        before = time.monotonic()
        status, _data, _raw = site.get("/api/replays/r9")
        assert status == 404 and time.monotonic() - before < 1.0
        upload.join(30)
        assert list(site.registry.replays) == ["r1"]


def test_finished_games_are_let_go_to_make_room(jewelry, monkeypatch):
    from interpreter.web import sessions
    rules, _game = jewelry
    monkeypatch.setattr(sessions, "MAX_GAMES", 2)
    with Served(rules) as site:
        for seed in (1, 2):
            assert site.post("/api/games", {"players": 2, "seed": seed, "bots": "random"})[0] \
                == 201
            site.wait(f"g{seed}")
        status, made, _raw = site.post("/api/games", {"players": 2, "seed": 3, "humans": [0, 1]})
        assert status == 201 and made["id"] == "g3"  # a new id: g1, let go, is not reused
        assert list(site.registry.games) == ["g2", "g3"]
        site.post("/api/games", {"players": 2, "seed": 4, "humans": [0, 1]})
        status, data, _raw = site.post("/api/games", {"players": 2, "seed": 5, "humans": [0, 1]})
        assert (status, data) == (429, {"error": "this server already holds 2 games still being "
                                                 "played: finish one, or restart it for more"})
