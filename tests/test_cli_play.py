"""`rococo play` and `rococo simulate` as a person meets them: arguments checked before work
starts, saves that fail or succeed, quitting, and terminal play driven by scripted input."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import garments_of_color, place
from rich.console import Console

import interpreter.cli.main as cli
from interpreter import Game
from interpreter.cli.main import main
from interpreter.ui import render

ROOT = Path(__file__).resolve().parents[1]


def rococo(*args, stdin: str = "", cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=cwd,
                          capture_output=True, text=True, input=stdin, timeout=300)


def play(*args, stdin: str) -> str:
    """A 2-player game with one human (purple, seat 0) fed `stdin`; its output, one line per
    printed line."""
    result = rococo("play", "--players", "2", "--humans", "1", *args, stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


# -- simulate: bad numbers and paths are refused before any game ---------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["--games", "0"], "argument --games: games must be 1 to 1000000, not 0"),
    (["--games", "-3"], "argument --games: games must be 1 to 1000000, not -3"),
    (["--games", "ten"], "argument --games: expected a whole number, not 'ten'"),
    (["--seed", "-1"], "argument --seed: a seed must be 0 to 9223372036854775807, not -1"),
])
def test_simulate_refuses_bad_numbers(args, message):
    result = rococo("simulate", "--quiet", *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "StatisticsError" not in result.stderr
    assert message in result.stderr


def test_simulate_checks_json_path_before_playing(monkeypatch, capsys, tmp_path):
    def no_games(*_a, **_k):
        raise AssertionError("a game was started before the --json path was checked")
    monkeypatch.setattr(cli.Game, "new", no_games)
    assert main(["simulate", "--games", "5", "--quiet", "--json", "/no/such/dir/x.json"]) == 2
    assert capsys.readouterr().err == ("error: cannot write --json /no/such/dir/x.json: "
                                       "the folder /no/such/dir does not exist\n")
    assert main(["simulate", "--games", "5", "--quiet", "--json", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


# -- play: seeds, saves, quitting --------------------------------------------------------

def test_play_default_seed_is_random_printed_and_replays(monkeypatch):
    monkeypatch.setattr(cli.secrets, "randbelow", lambda n: 23_456)
    out = Console(record=True, width=200)
    monkeypatch.setattr(cli, "console", out)
    monkeypatch.setattr("builtins.input", lambda _p="": "quit")
    assert main(["play", "--players", "2", "--humans", "1"]) == 0
    text = out.export_text()
    assert text.splitlines()[0] == "seed 123456: replay with --seed 123456"
    replay = Console(record=True, width=200)
    monkeypatch.setattr(cli, "console", replay)
    assert main(["play", "--players", "2", "--humans", "1", "--seed", "123456"]) == 0
    assert replay.export_text() == text


def test_play_seeds_differ_without_seed():
    first = play(stdin="quit\n").splitlines()[0]
    second = play(stdin="quit\n").splitlines()[0]
    assert re.fullmatch(r"seed (\d+): replay with --seed \1", first)
    assert first != second  # 1 chance in 900,000 of a false alarm


def test_save_to_bad_path_keeps_the_game():
    out = play("--seed", "3", stdin="0\nsave /no/such/dir/x.json\n0\nquit\n")
    assert ("error: cannot save to /no/such/dir/x.json: no such file or directory; the game "
            "goes on, unsaved") in out
    assert "choose a card for your hand (2 of 3)" in out  # the next decision was asked
    assert "quit: the game stopped in round 1 at purple (A)'s decision 'choose a card for your " \
           "hand (3 of 3)'; it was not saved;" in " ".join(out.split())


def test_quit_and_end_of_input_say_what_happened():
    out = " ".join(play("--seed", "3", stdin="0\n").split())
    assert ("end of input: the game stopped in round 1 at purple (A)'s decision 'choose a card "
            "for your hand (2 of 3)'; it was not saved; next time type 'save FILE' before "
            "quitting, then resume with rococo play --load FILE") in out


def test_save_records_human_seats_and_load_keeps_them(tmp_path):
    save = tmp_path / "g.json"
    out = " ".join(play("--seed", "3", stdin=f"0\n0\nsave {save}\nquit\n").split())
    assert f"saved to {save}: resume with rococo play --load {save}" in out
    assert f"it is saved in {save}: resume with rococo play --load {save}" in out
    assert json.loads(save.read_text())["meta"] == {"humans": [0]}
    loaded = rococo("play", "--load", str(save), stdin="0\nquit\n")  # no --humans
    assert loaded.returncode == 0, loaded.stderr
    lines = loaded.stdout.splitlines()
    assert lines[0] == f"resumed {save} (seed 3), human seats: purple (A)"
    assert "purple (A) choose a card for your hand (3 of 3)" in lines  # asked, not a bot's


def test_game_meta_round_trips(rules):
    game = Game.new(rules, players=2, seed=1)
    assert game.meta == {}
    game.meta["humans"] = [1]
    assert Game.from_json(rules, game.to_json()).meta == {"humans": [1]}


# -- terminal play a person can follow ----------------------------------------------------

def test_board_shown_once_then_on_request():
    out = play("--seed", "3", stdin="0\n0\n0\n0\n0\nquit\n")
    assert out.count("('board', 'legend': more)") == 1  # the board in one screen, once
    assert out.count("Garment Design display") == 0  # the whole board's table title
    assert out.count("legend: a hall's 6/3") == 0  # the legend only on request
    out = play("--seed", "3", stdin="0\n0\n0\nboard\nlegend\n0\nquit\n")
    assert out.count("('board', 'legend': more)") == 1
    assert out.count("Garment Design display") == 1
    assert out.count("legend: a hall's 6/3") == 1


def test_identical_start_cards_offered_once_and_picked_cards_shown():
    lines = play("--seed", "3", stdin="0\n0\nquit\n").splitlines()
    first = lines.index("purple (A) choose a card for your hand (1 of 3)")
    assert not any(line.startswith("already in your hand") for line in lines[:first])
    assert lines[first + 1:first + 5] == [
        "   0 Master (purple) [start] (×2, identical)",
        "   1 Journeyman (purple) [start]: Pay 1 Livre to gain 1 Lace or 1 Thread.",
        "   2 Apprentice (purple) [start]: Perform 1 additional Acquire Resources action "
        "(regardless of your Main action).",
        "   3 Apprentice (purple) [start]: Gain 2 Livre.",
    ]
    second = lines.index("purple (A) choose a card for your hand (2 of 3)")
    assert lines[second - 1].endswith("already in your hand: Master (purple) [start]")
    assert lines[second + 1] == "   0 Master (purple) [start]"
    third = lines.index("purple (A) choose a card for your hand (3 of 3)")
    assert lines[third - 1].endswith(
        "already in your hand: Master (purple) [start], Master (purple) [start]")


def test_log_shows_gains_forced_moves_and_changes_since_last_decision():
    out = play("--seed", "3", stdin="0\n" * 7 + "1\n" + "0\n" * 12)
    lines = [" ".join(line.split()) for line in out.splitlines()]
    # what the human's own turn gained (the Queen's Favor: 5 Livre)
    assert any(line.endswith("→ purple (A): +5 Livre") for line in lines)
    # a bot's hire, then repeated to the human as a change since the last decision
    assert "→ black (B): −5 Livre, +1 employee" in lines
    at = lines.index("→ black (B): −5 Livre, +1 employee")
    assert lines[at + 1:at + 3] == ["purple (A) since your last decision:",
                                    "black (B): −5 Livre, +1 employee"]
    # income at the end of the round happens without a choice, said with the round it closes
    assert "→ purple (A) (end of round 1, without a choice): +5 Livre" in lines
    # in round 2 the last cards of the supply go into the hand without a choice
    assert ("→ purple (A) takes Apprentice (purple) [start], Apprentice (purple) [start] into "
            "the hand (forced: no other card left to choose)") in " ".join(lines)
    # (after a piped answer the prompt has no newline: the line may start with it)
    assert any(line.endswith("→ black (B) takes 1 card into the hand (forced: no other card "
                             "left to choose)") for line in lines)


def test_board_shows_owner_letters_and_legend(make_game, rules):
    game = make_game(3)
    hall = game.side.halls[1]
    master = next(s for s in hall.guest_spaces if game.side.guest_spaces[s].master)
    garment = garments_of_color(rules, "blue", 1)[0]
    place(game, 1, master, garment, master_made=True)
    game.state["decorations"][hall.musician] = 2
    out = Console(record=True, width=200)
    out.print(render.board(game, 0))
    out.print(render.legend(game))
    text = out.export_text()
    prestige = rules.garments[garment].prestige
    assert f"[M{prestige} B]" in text
    row = next(line for line in text.splitlines() if line.startswith(f"│ {hall.name} "))
    assert f"[M{prestige} B]" in row  # the garment's owner by letter
    assert row.rstrip(" │").endswith(f"{game.state['players'][2]['color']} (C)")  # musician
    assert "black (B)" in text and "purple (A)" in text
    assert "a hall's 6/3 = prestige for the most / second most garments" in " ".join(text.split())
    assert "[.2 A] or [M3 B]" in text and "2p1b|T/L" in text


def test_guest_space_reward_reads_as_card_text(make_game):
    game = make_game(4)
    rewarded = [s for s, space in game.side.guest_spaces.items() if space.reward]
    assert rewarded
    for space_id in rewarded:
        reward = game.side.guest_spaces[space_id].reward
        label = game.label(space_id)
        assert label.endswith(f", reward: {reward.text}"), label
        assert reward.source not in label


def test_undo_takes_back_the_human_decision_and_the_bot_moves_since():
    """Issue 11: 'undo' before any decision says there is nothing to undo; after the human's
    three hand picks and the bot's, it takes back the last pick and the bot's moves made since,
    and asks that question again."""
    out = play("--seed", "3", stdin="undo\n0\n0\n0\nundo\n0\nquit\n")
    assert "nothing to undo: no human decision was made yet" in out
    assert "took back your last decision and 3 bot moves made since" in out
    assert out.count("choose a card for your hand (3 of 3)") == 2
    assert out.count("black (B) selects a card for the hand") == 6  # the bot picks again
