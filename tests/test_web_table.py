"""The playtest table over HTTP: seats that answer only to their secret links, any module
combination on the table (a solo mode seats itself), options and log as the terminal says
them, games kept on disk and resumed after a restart, downloaded as a save `play --load`
reads, and moves taken back only when the other people agree."""
from __future__ import annotations

import random
import urllib.request
from pathlib import Path

import pytest
from webtools import Served

from interpreter import Game, load_ruleset
from interpreter.core.wording import describe, scoring_start, snapshot_of

TWO_ROUNDS = Path(__file__).parent / "table_modules" / "two_rounds"


def _answer(site: Served, gid: str, seat: int, rng: random.Random) -> dict:
    data = site.get(f"/api/games/{gid}?{site.seat(gid, seat)}")[1]
    options = data["view"]["pending"]["options"]
    status, body, _raw = site.post(f"/api/games/{gid}/answer", {
        "token": site.token(gid, seat), "option": rng.randrange(len(options)),
        "version": data["version"]})
    assert status == 200, body
    return body


def _next_person(site: Served, gid: str) -> dict:
    """The game as a watcher sees it once a person must answer (or it is over)."""
    live = site.registry.game(gid)
    while True:
        data = site.get(f"/api/games/{gid}")[1]
        pending = data["view"]["pending"]
        if data["over"] or pending["seat"] in live.humans:
            return data


def test_a_seat_answers_only_to_its_own_link_and_the_game_list_holds_no_link(rules):
    """Issue 32: the game list linked every game to ?seat=0 and any seat's page was served to
    whoever asked, a bot's hand included."""
    with Served(rules) as site:
        status, made, _raw = site.post("/api/games", {"players": 3, "seed": 2,
                                                      "humans": [0, 1]})
        assert status == 201
        tokens = [site.token("g1", 0), site.token("g1", 1)]
        assert len(set(tokens)) == 2 and all(len(t) >= 16 for t in tokens)
        assert [s["url"] for s in made["links"]["seats"]] == \
            [f"/play/g1?token={t}" for t in tokens]
        assert made["links"]["watch"] == "/watch/g1"
        _status, info, raw = site.get("/api")
        assert info["games"][0]["url"] == "/watch/g1"
        assert not any(t in raw for t in tokens)
        for query in ("seat=2", "seat=0", "token=nothing", f"token={tokens[0]}x"):
            status, data, _raw = site.get(f"/api/games/g1?{query}")
            assert status == 403 and "error" in data, query
        # each link opens its own seat, with that seat's hand and no other
        mine = site.get(f"/api/games/g1?token={tokens[1]}")[1]
        assert mine["seat"] == 1
        hands = [p["hand"] for p in mine["view"]["players"]]
        assert isinstance(hands[1], list) and hands[0] == 0 and hands[2] == 0
        # the event stream refuses a wrong link too
        status, data, _raw = site.get("/api/games/g1/events?token=nothing")
        assert status == 403


def test_the_event_stream_says_each_new_position():
    rules = load_ruleset()
    with Served(rules, delay=0.05) as site:
        site.post("/api/games", {"players": 2, "seed": 3})
        with urllib.request.urlopen(f"{site.base}/api/games/g1/events", timeout=10) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            seen = []
            for line in stream:
                if line.startswith(b"data: "):
                    seen.append(int(line[6:]))
                if len(seen) == 3:
                    break
        assert seen == sorted(seen) and seen[-1] > seen[0]


def test_a_solo_mode_seats_its_person_and_its_automata_itself():
    """Issue 32: the start page offered 2-5 players for a solo mode and its start gave HTTP 500;
    {"players": 3, "humans": [1]} was accepted although seat 1 is a Masque."""
    solo = load_ruleset(expansions=["masques"], params={"masques.count": 2})
    with Served(solo) as site:
        _status, info, _raw = site.get("/api")
        assert info["seats"] == {"players": [3, 3], "people": [0],
                                 "kinds": ["person", "Masque", "Masque"]}
        cases = [({"players": 4, "humans": [0]}, "this game is played with 3 seats (1 person "
                  "and 2 Masque), not 4"),
                 ({"players": 3, "humans": [1]}, "seat 1 is a Masque: it plays itself by its "
                  "module's rules; a person may play seat 0")]
        for body, reason in cases:
            assert site.post("/api/games", body)[:2] == (400, {"error": reason})
        assert not site.registry.games
        status, _made, _raw = site.post("/api/games", {"humans": [0], "seed": 4})
        assert status == 201
        live = site.registry.game("g1")
        assert len(live.game.state["players"]) == 3 and live.humans == {0}
        data = site.wait("g1", 0)
        assert data["view"]["pending"]["seat"] == 0
        # the start page may choose another solo mode's count by its parameter
        status, chosen, _raw = site.post("/api/rules", {"solo": "masques",
                                                        "set": {"masques.count": 1}})
        assert chosen["seats"]["players"] == [2, 2]
        status, _made, _raw = site.post("/api/games", {
            "modules": {"solo": "masques", "set": {"masques.count": 1}}, "humans": [0]})
        assert status == 201 and len(site.registry.game("g2").game.state["players"]) == 2


def test_modules_that_cannot_be_played_together_get_the_loaders_reason(rules):
    with Served(rules, module_paths=[TWO_ROUNDS]) as site:
        _status, info, _raw = site.get("/api")
        kinds = {m["id"]: m["kind"] for m in info["offered"]}
        assert kinds["two_rounds"] == "custom" and kinds["masques"] == "solo"
        assert kinds["jewelry_box"] == "expansion" and "base" not in kinds
        status, data, _raw = site.post("/api/rules", {"solo": "masques",
                                                      "set": {"masques.count": "x"}})
        assert status == 400 and data["error"].startswith(
            "these modules cannot be played together: ") and \
            "parameter 'masques.count' takes a whole number, not 'x'" in data["error"]
        status, made, _raw = site.post("/api/games", {
            "players": 2, "modules": {"with": ["jewelry_box"], "custom": ["two_rounds"]}})
        assert status == 201 and made["modules"] == ["base", "deluxe", "jewelry_box",
                                                     "two_rounds"]
        assert site.registry.game("g1").game.rules.rounds == 2


def test_options_are_merged_and_the_log_speaks_as_the_terminal(rules):
    """Issue 32: "Master (purple) [start]" was offered twice where the terminal merges it, and
    the log was raw state changes ("guests.hall_3.1: none -> garment ...")."""
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 1, "humans": [0]})
        data = site.wait("g1", 0)
        labels = [c["label"] for c in data["view"]["pending"]["choices"]]
        assert len(labels) == len(set(labels)) < len(data["view"]["pending"]["options"])
        assert {"label": "Master (purple) [start]", "index": 0, "same": 2} in \
            data["view"]["pending"]["choices"]
        rng = random.Random(2)
        for _ in range(30):
            _answer(site, "g1", 0, rng)
            data = site.wait("g1", 0)
        game = site.registry.game("g1").game
        log = data["log"]
        assert len(log) == len(game.history)
        # the sentences are the terminal's, read from seat 0's own views, move by move
        again = Game.new(rules, players=2, seed=1)
        chosen: set = set()
        for entry, (seat, value) in zip(log, game.history):
            before = snapshot_of(again.view(0))
            decision = again.decision()
            if decision.kind == "hand" and seat == 0:
                chosen.add(value)
            again.apply_value(value)
            assert entry["changes"] == describe(again, before, snapshot_of(again.view(0)),
                                                seat, chosen, frozenset({0}))
        lines = [line for e in log for line in e["changes"]]
        assert any(" rents " in line for line in lines) or \
            any(": +" in line or ": −" in line for line in lines)
        assert not any("guests." in line or "→" in line for line in lines)


def test_a_game_is_kept_on_disk_resumed_after_a_restart_and_downloaded(tmp_path):
    """Issue 32: stopping the server lost every game."""
    rules = load_ruleset()
    rng = random.Random(5)
    with Served(rules, saves=tmp_path, module_paths=[TWO_ROUNDS]) as site:
        site.post("/api/games", {"players": 3, "seed": 7, "humans": [0, 2],
                                 "modules": {"custom": ["two_rounds"]}})
        for _ in range(12):
            data = _next_person(site, "g1")
            _answer(site, "g1", data["view"]["pending"]["seat"], rng)
        live = site.registry.game("g1")
        history, tokens = list(live.game.history), dict(live.tokens)
        pages = {s: site.get(f"/api/games/g1?{site.seat('g1', s)}")[1] for s in (0, 2)}
    assert (tmp_path / "g1.json").exists()
    for _restart in range(2):  # resuming leaves the file as it was: twice is the same
        with Served(rules, saves=tmp_path, module_paths=[TWO_ROUNDS]) as site:
            live = site.registry.game("g1")
            assert live.game.history == history and live.tokens == tokens
    with Served(rules, saves=tmp_path, module_paths=[TWO_ROUNDS]) as site:
        live = site.registry.game("g1")
        for s in (0, 2):  # the same page: position, log, links
            again = site.get(f"/api/games/g1?token={tokens[s]}")[1]
            assert again["view"] == pages[s]["view"] and again["log"] == pages[s]["log"]
        while not site.get("/api/games/g1")[1]["over"]:
            data = _next_person(site, "g1")
            if not data["over"]:
                _answer(site, "g1", data["view"]["pending"]["seat"], rng)
        # the last move says what it did, as the terminal: final scoring is said apart
        last = site.get(f"/api/games/g1?{site.seat('g1', 0)}")[1]["log"][-1]
        game = site.registry.game("g1").game
        before = Game.replay(game.rules, 3, 7, [v for _s, v in game.history[:-1]])
        decision = before.decision()
        option = next(o for o in decision.options if o.value == game.history[-1][1])
        told = snapshot_of(scoring_start(before.clone(), option).view(0))
        assert last["changes"] == describe(game, snapshot_of(before.view(0)), told,
                                           decision.seat, set(), frozenset({0}))
        assert last["changes"] != describe(game, snapshot_of(before.view(0)),
                                           snapshot_of(game.view(0)), decision.seat, set(),
                                           frozenset({0}))
        status, text, raw = site.get(f"/api/games/g1/save?token={tokens[0]}")
        assert status == 200 and "table" not in text["meta"] and tokens[0] not in raw
        assert text["meta"]["humans"] == [0, 2]
        site.post("/api/games", {"players": 2, "seed": 1})  # ids go on after the resumed
        assert list(site.registry.games) == ["g1", "g2"]
    # a damaged file is skipped, said with its reason, and the others are resumed
    (tmp_path / "g7.json").write_text(raw[:-5])
    with Served(rules, saves=tmp_path, module_paths=[TWO_ROUNDS]) as again:
        assert list(again.registry.games) == ["g1", "g2"]
        assert again.registry.skipped and again.registry.skipped[0].startswith("g7: ")
    done = Game.from_json(site.registry.game("g1").game.rules, raw)
    assert done.is_over() and done.history == site.registry.game("g1").game.history
    save = tmp_path / "downloaded.json"
    save.write_text(raw)
    from interpreter.cli.main import main
    # the custom pack it was played with is named again, as for any save
    assert main(["play", "--load", str(save), "--module", str(TWO_ROUNDS)]) == 0


def test_a_move_is_taken_back_when_the_other_people_agree(rules):
    """Issue 32: no undo from the page. The player who moved asks; the others see it and
    accept or refuse; nobody moves meanwhile."""
    with Served(rules) as site:
        site.post("/api/games", {"players": 3, "seed": 3, "humans": [0, 1]})
        rng = random.Random(1)
        data = _next_person(site, "g1")
        first = data["view"]["pending"]["seat"]
        other = 1 - first
        _answer(site, "g1", first, rng)
        data = _next_person(site, "g1")
        kept = len(site.registry.game("g1").game.history)
        mine = [i for i, (s, _v) in enumerate(site.registry.game("g1").game.history)
                if s == first]
        status, body, _raw = site.post("/api/games/g1/undo", {"token": site.token("g1", first)})
        assert status == 200
        seen = site.get(f"/api/games/g1?{site.seat('g1', other)}")[1]
        assert seen["undo"] == {"by": first, "moves": kept - mine[-1], "waiting": [other]}
        # while asked, nobody answers, and the asker cannot accept for the others
        pending = seen["view"]["pending"]["seat"]
        status, body, _raw = site.post("/api/games/g1/answer", {
            "token": site.token("g1", pending), "option": 0, "version": seen["version"]})
        assert status == 409 and "asked to take back a move" in body["error"]
        status, body, _raw = site.post("/api/games/g1/undo/answer", {
            "token": site.token("g1", first), "accept": True})
        assert (status, body) == (409, {"error": "you asked: the other players accept or "
                                                 "refuse"})
        # refused: the game goes on unchanged
        site.post("/api/games/g1/undo/answer", {"token": site.token("g1", other),
                                                "accept": False})
        data = site.get(f"/api/games/g1?{site.seat('g1', first)}")[1]
        assert data["undo"] is None and "refused by" in data["undo_note"]
        assert len(site.registry.game("g1").game.history) == kept
        # asked again and accepted: back to before that player's last decision
        site.post("/api/games/g1/undo", {"token": site.token("g1", first)})
        site.post("/api/games/g1/undo/answer", {"token": site.token("g1", other),
                                                "accept": True})
        live = site.registry.game("g1")
        assert len(live.game.history) == mine[-1] and live.undos == 1
        assert live.game.decision().seat == first
        data = site.get(f"/api/games/g1?{site.seat('g1', first)}")[1]
        assert data["epoch"] == 1 and len(data["log"]) == mine[-1]
        assert data["undo_note"].endswith(f"took back {kept - mine[-1]} move"
                                          f"{'s' if kept - mine[-1] != 1 else ''}")


@pytest.mark.parametrize("expansions", [["jewelry_box", "expert_tailoring"]])
def test_the_layout_names_the_whole_board(expansions):
    """Issue 32: no balcony, no decoration costs or prestige, two 'Livre' columns at the end."""
    rules = load_ruleset(expansions=expansions)
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 2})
        layout = site.get("/api/games/g1")[1]["layout"]
        assert layout["balcony"] and layout["displays"][0]["id"] == "jewelry_display"
        assert {"cost", "prestige", "multiplier"} <= set(layout["decorations"][0])
        assert layout["components"] and "journeyman_exam" in layout["counters"]
        # a module's pieces read as words, not ids ("orange ring", not "ring_orange_3")
        data = site.get("/api/games/g1")[1]
        shown = [p for p in data["view"]["displays"]["jewelry_display"] if p]
        assert shown and all(data["labels"][p] == site.registry.game("g1").game.label(p)
                             != p for p in shown)
        names = [s["name"] for s in layout["final_steps"]] + ["total prestige", *layout["left"]]
        assert len(names) == len(set(names)) and layout["left"] == ["Livre left"]


def test_alone_with_bots_a_person_takes_back_at_once(rules):
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 6, "humans": [0]})
        rng = random.Random(3)
        for _ in range(3):
            site.wait("g1", 0)
            _answer(site, "g1", 0, rng)
        site.wait("g1", 0)
        live = site.registry.game("g1")
        mine = [i for i, (s, _v) in enumerate(live.game.history) if s == 0]
        status, body, _raw = site.post("/api/games/g1/undo", {"token": site.token("g1", 0)})
        assert (status, body) == (200, {"version": mine[-1], "undo": None})
        assert len(live.game.history) == mine[-1] and live.game.decision().seat == 0
        assert site.get("/api/games/g1/save?token=nothing")[0] == 403
        status, _text, raw = site.get(f"/api/games/g1/save?{site.seat('g1', 0)}")
        assert status == 200 and Game.from_json(rules, raw).history == live.game.history
