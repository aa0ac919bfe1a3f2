"""The rococo command: exit codes, no tracebacks, the JSON format of simulate."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def rococo(*args, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, input=stdin, timeout=300)


def test_validate_built_in_rules_passes():
    result = rococo("validate")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: modules base, deluxe")


def test_validate_broken_file_reports_positions_without_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: employees\nhire:\n  - id: z.card\n    level: 2\n    type: master\n"
                   "    bonus: gain floor(count(my.decoratons) / 2) prestige\n")
    result = rococo("validate", str(bad))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{bad}:6:29: unknown name 'my.decoratons' (did you mean 'my.decorations'?)" \
        in result.stderr
    assert result.stderr.rstrip().endswith("1 error")


def test_validate_missing_file_is_an_error_not_a_traceback(tmp_path):
    result = rococo("validate", str(tmp_path / "nope.yaml"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "cannot read file" in result.stderr


def test_simulate_json_to_stdout(capsys):
    assert main(["simulate", "--players", "3", "--games", "3", "--seed", "5", "--quiet",
                 "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in data["games"]] == [5, 6, 7]
    for game in data["games"]:
        assert [p["seat"] for p in game["players"]] == [0, 1, 2]
        best = max(p["prestige"] for p in game["players"])
        winner = game["players"][game["winner"]]
        assert winner["prestige"] == best
        assert all(set(p) == {"seat", "prestige", "livre", "score"} for p in game["players"])


def test_play_with_bots_ends_in_final_scoring(capsys):
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Final scoring" in out and "Winner:" in out and "Round 7" in out


def test_play_human_quits_cleanly():
    result = rococo("play", "--players", "2", "--humans", "1", stdin="0\n0\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "choose a card for your hand" in result.stdout
    # labels are shown as they are, not eaten as terminal markup
    assert "Journeyman (purple) [start]: Pay 1 Livre" in result.stdout


def test_cards_prints_every_bonus_as_text(capsys):
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    for phrase in ("Gain 1 Livre.", "for every 2 of your Decorations",
                   "One-time Bonus at the end of the game", "Perform 1 additional Acquire Resources action"):
        assert phrase in out


@pytest.mark.parametrize("args", [["play", "--players", "7"], ["simulate", "--bots", "clever"]])
def test_bad_arguments_are_refused(args):
    result = rococo(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
