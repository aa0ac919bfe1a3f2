"""`rococo serve` at the HTTP/JSON level: a seat's page never receives what that seat may not
see, bad requests are refused with a reason and change nothing, watched and replayed games are
the engine's games."""
from __future__ import annotations

import json
import random

import pytest
from webtools import Served, ever_seen, words_in

from interpreter import Game, load_ruleset
from interpreter.cli.main import main
from interpreter.cli.serve import loopback
from interpreter.sim.bots import BOTS
from interpreter.web import present


def _play_seat(site: Served, gid: str, seat: int, rng: random.Random,
               other: int) -> tuple[list[str], list[str]]:
    """Answer `seat`'s decisions at random through the API until the game ends; every answer the
    server gave that seat's page (state, and the explain trace of every log entry), raw, and
    the pages of seat `other` at the same moments."""
    received, others, explained = [], [], 0
    while True:
        data = site.wait(gid, seat)
        _status, _data, raw = site.get(f"/api/games/{gid}?{site.seat(gid, seat)}")
        received.append(raw)
        # a bot's seat has no page: what its page would hold, from the same payload
        others.append(json.dumps(site.registry.game(gid).payload(other, 0)))
        for n in range(explained, data["version"] + 1):
            status, _trace, raw = site.get(f"/api/games/{gid}/explain?n={n}&"
                                           f"{site.seat(gid, seat)}")
            assert status == 200
            received.append(raw)
        explained = data["version"] + 1
        if data["over"]:
            return received, others
        options = data["view"]["pending"]["options"]
        status, body, _raw = site.post(f"/api/games/{gid}/answer", {
            "token": site.token(gid, seat), "option": rng.randrange(len(options)),
            "version": data["version"]})
        assert status == 200, body


# the seeds are the games' own: Deluxe seed 5 left seat 1 nothing seat 0 never saw once the
# drawers kept their spaces (the random seats' options changed order); seed 1 does
@pytest.mark.parametrize("edition,expansions,seed", [(None, [], 1),
                                                     ("original", ["fancy_dresses"], 5)])
def test_a_seats_page_never_receives_what_that_seat_may_not_see(edition, expansions, seed):
    """Other seats' hands, tiles and supplies, the bags, the decks: an id seat 0 could never
    see at any moment of the game is in none of the answers its page got."""
    rules = load_ruleset(edition=edition, expansions=expansions)
    with Served(rules) as site:
        status, made, _raw = site.post("/api/games", {"players": 3, "seed": seed, "humans": [0]})
        assert status == 201 and made["url"] == f"/play/g1?token={site.token('g1', 0)}"
        received, seat_1 = _play_seat(site, "g1", 0, random.Random(seed), other=1)
        game = site.registry.game("g1").game
        seen, every = ever_seen(rules, game, 0)
        secret = every - seen
        assert secret, "the other players held nothing seat 0 never saw: the test proves nothing"
        for raw in received:
            leaked = words_in(raw) & secret
            assert not leaked, f"seat 0's page received {sorted(leaked)[:5]}"
        # the check can fail: what seat 1 saw and seat 0 never did was on seat 1's pages
        only_1 = ever_seen(rules, game, 1)[0] - seen
        assert bool(only_1) == (edition is None)  # Original: every hand card is played at last
        assert any(words_in(raw) & only_1 for raw in seat_1) == bool(only_1)
        # and seat 0's page did show seat 0's own cards
        assert any(c.startswith(f"start.{game.state['players'][0]['color']}.")
                   for raw in received for c in words_in(raw))


def test_face_down_prestige_of_the_original_edition_reads_null_on_the_other_seats_pages():
    """Original rulebook: Prestige Point tokens are kept face down until the game ends."""
    rules = load_ruleset(edition="original")
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 1, "humans": [0, 1]})
        _status, data, _raw = site.get(f"/api/games/g1?{site.seat('g1', 0)}")
        players = data["view"]["players"]
        assert players[0]["prestige"] == 0 and players[1]["prestige"] is None
        _status, spectator, _raw = site.get("/api/games/g1")
        assert [p["prestige"] for p in spectator["view"]["players"]] == [None, None]
        assert [p["hand"] for p in spectator["view"]["players"]] == [0, 0]


def test_bad_requests_get_a_reason_and_a_status_and_change_nothing(rules):
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 3, "humans": [0]})
        site.post("/api/games", {"players": 2, "seed": 3, "humans": [0, 1]})
        data = site.wait("g1", 0)
        g1, g2 = site.registry.game("g1").game, site.registry.game("g2").game
        before = (g1.to_json(), g2.to_json())
        options = len(data["view"]["pending"]["options"])
        version = data["version"]
        own, other = site.token("g1", 0), site.token("g2", 1)
        cases = [
            ("GET", "/api/games/nope", None, 404, "no game 'nope' on this server (games: g1, g2)"),
            ("POST", "/api/games/nope/answer", {"token": own, "option": 0}, 404,
             "no game 'nope' on this server (games: g1, g2)"),
            ("POST", "/api/games/g1/answer", b"{oops", 400, "the request body is not JSON: "
             "expecting property name enclosed in double quotes at line 1 column 2"),
            ("POST", "/api/games/g1/answer", [0, 1], 400,
             'the request body must be a JSON object like {"token": "...", "option": 2}'),
            ("POST", "/api/games/g1/answer", {"token": own, "option": "1"}, 400,
             "'option' must be a whole number, not '1'"),
            ("POST", "/api/games/g1/answer", {"token": own, "option": True}, 400,
             "'option' must be a whole number, not True"),
            ("POST", "/api/games/g1/answer", {"seat": 0, "option": 0}, 403,
             "only a seat's own link may act for it: the request needs that link's 'token'"),
            ("POST", "/api/games/g1/answer", {"token": other, "option": 0}, 403,
             "this link opens no seat of game g1: ask the player who made the game for your "
             "seat's link"),
            ("POST", "/api/games/g2/answer", {"token": other, "option": 0}, 409,
             "it is not black (B)'s decision: purple (A) decides"),
            ("POST", "/api/games/g1/answer", {"token": own, "option": options}, 422,
             f"option {options} is out of range: this decision has {options} options "
             f"(0 to {options - 1})"),
            ("POST", "/api/games/g1/answer", {"token": own, "option": 0, "version": version + 1},
             409, f"the answer was for decision {version + 1}, but the game is at decision "
                  f"{version}: reload the page"),
            ("GET", "/api/games/g1?seat=0", None, 403,
             "a seat is opened by its own secret link (?token=...), not by ?seat=N"),
            ("GET", "/api/games/g1?token=x", None, 403, "this link opens no seat of game g1: "
             "ask the player who made the game for your seat's link"),
            ("GET", "/api/games/g2/save?token=" + other, None, 403, "a save holds every "
             "player's hidden cards: it can be downloaded once the game is over"),
            ("POST", "/api/games/g1/undo", {"token": own}, 409,
             "purple (A) has made no decision to take back"),
            ("POST", "/api/games/g1/undo/answer", {"token": own, "accept": True}, 409,
             "nobody asked to take back a move"),
            ("GET", "/api/games/g1/explain?n=999", None, 400, f"n must be 0 to {version}, not 999"),
            ("POST", "/api/games/g1/replay", None, 409, "a replay shows every player's hidden "
             "cards: it is offered once the game is over"),
            ("POST", "/api/games", {"players": 9}, 400,
             "'players' must be a whole number from 2 to 5, not 9"),
            ("POST", "/api/games", {"players": 2, "humans": [2]}, 400,
             "'humans' must be seats from 0 to 1, not 2"),
            ("POST", "/api/games", {"modules": {"solo": "masques", "with": ["du_barry"]}}, 400,
             "'du_barry' in 'with' is not one of this server's expansion modules"),
            ("POST", "/api/games", {"modules": {"edition": "fancy_dresses"}}, 400,
             "edition 'fancy_dresses' is not one of this server's edition modules (these are: "
             "deluxe, original)"),
            ("POST", "/api/games", {"bots": "genius"}, 400,
             f"unknown bots 'genius' (bots: {', '.join(sorted(BOTS))})"),
            ("POST", "/api/games", {"player": 2}, 400,
             "unknown field 'player' (fields: players, seed, humans, bots, modules)"),
            ("POST", "/api/replays", b"not a save", 422,
             "not a save file: expecting value at line 1 column 1"),
            ("GET", "/api/replays/r9", None, 404, "no replay 'r9' on this server"),
            ("GET", "/api/nothing", None, 404, "nothing at /api/nothing"),
            ("GET", "/api/games/g1/answer", None, 405,
             "GET is not allowed on /api/games/g1/answer"),
        ]
        for method, path, body, status, reason in cases:
            got_status, got, _raw = site.request(method, path, body)
            assert (got_status, got) == (status, {"error": reason}), (method, path, body)
        assert (g1.to_json(), g2.to_json()) == before
        assert list(site.registry.games) == ["g1", "g2"] and not site.registry.replays


def test_a_watched_bots_game_is_the_engines_game_and_shows_only_open_information(rules):
    with Served(rules) as site:
        status, made, _raw = site.post("/api/games", {"players": 4, "seed": 2})
        assert (status, made["url"]) == (201, "/watch/g1")
        data = site.wait("g1")
        game = site.registry.game("g1").game
        again = Game.replay(rules, 4, 2, [value for _seat, value in game.history])
        assert data["over"] and data["standings"] == again.standings()
        assert data["view"] == json.loads(json.dumps(game.view(present.SPECTATOR)))
        assert [e["n"] for e in data["log"]] == list(range(1, len(game.history) + 1))
        # a watcher reads every answer but the cards chosen for a hand, as the terminal
        hands = [e for e in data["log"] if e["kind"] == "hand"]
        assert hands and all(e["prompt"] is None and e["answer"] is None for e in hands)
        assert all(e["answer"] for e in data["log"] if e["kind"] != "hand")
        assert [p["hand"] for p in data["view"]["players"]] == [0, 0, 0, 0]
        assert data["seats"][0] == {"seat": 0, "color": "purple", "by": "greedy",
                                    "who": "purple (A)"}


def test_a_solo_games_page_names_the_automata_that_play_their_seats():
    """003: the Masques play themselves; the page says so instead of naming a bot."""
    solo = load_ruleset(expansions=["masques", "jewelry_box"], params={"masques.count": 2})
    with Served(solo) as site:
        site.registry.new_game(3, 5, {0}, start=False)
        status, data, _raw = site.get(f"/api/games/g1?{site.seat('g1', 0)}")
        assert status == 200
        assert [s["by"] for s in data["seats"]] == ["person", "Masque", "Masque"]
        # each player's own piles are a column of the players' table, not a board pile
        own = {z.id for z in solo.zones if z.per_player}
        assert own and {z["id"] for z in data["layout"]["player_zones"]} == own
        assert not own & {z["id"] for z in data["layout"]["zones"]}
        assert all(own <= set(p["zones"]) for p in data["view"]["players"])


def test_a_replay_steps_forward_back_and_to_a_round_and_shows_the_engines_position(rules):
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 8, "bots": "random"})
        site.wait("g1")
        game = site.registry.game("g1").game
        answers = [value for _seat, value in game.history]
        status, made, _raw = site.post("/api/games/g1/replay")
        assert (status, made) == (201, {"id": "r1", "url": "/replay/r1"})
        for step in (0, 40, 12, 13, len(answers), 3):
            status, data, _raw = site.get(f"/api/replays/r1?step={step}")
            expected = Game.replay(rules, 2, 8, answers[:step])
            assert status == 200 and data["step"] == step and len(data["log"]) == step
            assert data["view"] == json.loads(json.dumps(present.view_for(expected, None)))
        rounds = data["rounds"]
        assert [r["round"] for r in rounds] == list(range(1, rules.rounds + 1))
        _status, data, _raw = site.get(f"/api/replays/r1?step={rounds[3]['step']}")
        assert data["view"]["round"] == 4 and data["log"][-1]["round"] == 3
        status, data, _raw = site.get(f"/api/replays/r1?step={len(answers) + 1}")
        assert (status, data) == (400, {"error": f"step must be 0 to {len(answers)}, "
                                                 f"not {len(answers) + 1}"})
        # the same save uploaded is the same replay
        status, made, _raw = site.post("/api/replays", game.to_json().encode())
        assert (status, made["id"]) == (201, "r2")
        tampered = json.loads(game.to_json())
        tampered["seed"] += 1
        status, data, _raw = site.post("/api/replays", json.dumps(tampered).encode())
        assert (status, data) == (422, {"error": "save file was edited or damaged: its "
                                                 "digest does not match its content"})


def test_the_explain_trace_names_the_rules_and_leaves_out_another_seats_hand(rules):
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 4, "humans": [0, 1]})
        _status, data, _raw = site.get("/api/games/g1")
        first = data["view"]["pending"]["seat"]
        color = data["view"]["players"][first]["color"]
        site.post("/api/games/g1/answer", {"token": site.token("g1", first), "option": 0,
                                           "version": 0})
        # the first hand card went into that player's hand with answer 1
        _status, own, _raw = site.get(f"/api/games/g1/explain?n=1&{site.seat('g1', first)}")
        _status, other, _raw = site.get(f"/api/games/g1/explain?n=1&"
                                        f"{site.seat('g1', 1 - first)}")
        assert any(f"{color}.hand" in c.get("text", "") for c in own["changes"])
        assert not any(f"{color}.hand" in c.get("text", "") for c in other["changes"])
        assert other["changes"][-1]["withheld"] >= 1
        _status, setup, _raw = site.get("/api/games/g1/explain?n=0")
        located = [c for c in setup["changes"] if c.get("where")]
        assert located and all(c["where"].startswith("rules/") for c in located)


def test_serve_says_what_listening_beyond_this_machine_exposes(capsys, monkeypatch):
    import uvicorn
    served = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: served.update(
        app=self.config.app, host=self.config.host, port=self.config.port))
    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.4") and not loopback("example.org")
    assert main(["serve", "--host", "a b"]) == 2
    assert capsys.readouterr().err == ("error: --host 'a b' is not an address to listen on "
                                       "(give an IP address such as 0.0.0.0 or a host name)\n")
    assert main(["serve", "--host", "0.0.0.0", "--port", "8124", "--saves", ""]) == 0
    assert served["host"] == "0.0.0.0"
    out = capsys.readouterr().out
    assert "  listening beyond this machine: anyone who can reach 0.0.0.0:8124 may open the " \
           "start page, start games, watch every game and replay saves; a seat is played " \
           "only through its secret link." in out
    assert "http://THIS-MACHINE:8124/  (start games here)" in out
    assert main(["serve", "--replay", "/nonexistent/save.json"]) == 2
    assert capsys.readouterr().err == ("error: cannot read /nonexistent/save.json: No such file "
                                       "or directory\n")


def test_serve_replays_a_save_under_the_modules_it_names_and_prints_the_pages(
        tmp_path, capsys, monkeypatch):
    import uvicorn
    served = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: served.update(
        app=self.config.app, host=self.config.host, port=self.config.port))
    rules = load_ruleset(edition="original")
    game = Game.new(rules, players=2, seed=9)
    for _ in range(20):
        game.apply(game.decision().options[0])
    save = tmp_path / "game.json"
    save.write_text(game.to_json())
    assert main(["serve", "--replay", str(save), "--players", "3", "--humans", "2",
                 "--seed", "5", "--port", "8123", "--delay", "0", "--saves", ""]) == 0
    assert served["host"] == "127.0.0.1" and served["port"] == 8123
    registry = served["app"].state.registry
    assert registry.replays["r1"].rules.modules == rules.modules
    assert registry.games["g1"].humans == {0, 1}
    assert capsys.readouterr().out.splitlines() == [
        "rococo serve: modules base, original",
        "  http://127.0.0.1:8123/  (start games here)",
        f"  http://127.0.0.1:8123/replay/r1  (replay of {save})",
        f"  http://127.0.0.1:8123/play/g1?token={registry.games['g1'].tokens[0]}  (seed 5, "
        f"purple (A): send it to that player only)",
        f"  http://127.0.0.1:8123/play/g1?token={registry.games['g1'].tokens[1]}  (seed 5, "
        f"black (B): send it to that player only)",
        "  http://127.0.0.1:8123/watch/g1  (seed 5, for watchers)"]
    save.write_text(game.to_json()[:-3])
    assert main(["serve", "--replay", str(save), "--saves", ""]) == 1
    assert capsys.readouterr().err.startswith(f"error: {save}: not a save file: ")
