"""Issue 30: a bot's error stops only its own game. `simulate` and `balance` (in this process
and on workers) report it per game as they report a rule's fault, play the other games and
write their JSON."""
from __future__ import annotations

import json

import pytest

from interpreter.cli.main import main
from interpreter.core.decisions import Option
from interpreter.sim import bots as bots_module
from interpreter.sim.bots import RandomBot


class _Broken(RandomBot):
    """Plays at random, but in the game of seed 2 fails at its third decision: `raise`s, or
    answers with an option no decision has (`kind`)."""

    kind = "raise"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.game_seed, self.asked = seed // 31, 0  # a game's bots are seeded seed * 31 + seat

    def choose(self, game, decision):
        self.asked += 1
        if self.game_seed == 2 and self.asked == 3:
            if self.kind == "raise":
                raise ZeroDivisionError("a deliberately broken bot")
            return Option("no such option", "nothing")
        return super().choose(game, decision)


class _Illegal(_Broken):
    kind = "illegal"


@pytest.fixture
def broken(monkeypatch):
    monkeypatch.setitem(bots_module.BOTS, "broken", _Broken)
    monkeypatch.setitem(bots_module.BOTS, "illegal", _Illegal)


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("bot,says", [
    ("broken", "seat 0's bot 'broken' failed at '"),
    ("illegal", "seat 0's bot 'illegal' answered illegally at '"),
])
def test_simulate_reports_a_bot_s_fault_per_game_and_goes_on(broken, tmp_path, capsys,
                                                             workers, bot, says):
    out = tmp_path / "games.json"
    code = main(["simulate", "--players", "2", "--games", "3", "--seed", "1", "--bots",
                 f"{bot},random", "--workers", workers, "--quiet", "--json", str(out)])
    assert code == 1
    captured = capsys.readouterr()
    assert "3 games" not in captured.out and "2 games, 2 players" in captured.out
    faulty = [line for line in captured.err.splitlines() if line.startswith("faulty game")]
    assert len(faulty) == 1 and faulty[0].startswith("faulty game, seed 2: decision ")
    assert says in faulty[0]
    assert ("ZeroDivisionError: a deliberately broken bot" in faulty[0]) == (bot == "broken")
    assert "1 of 3 games stopped on a fault (1 a bot's, 0 a rule's)" in captured.err
    data = json.loads(out.read_text())
    assert [g["seed"] for g in data["games"]] == [1, 3]
    assert [(f["seed"], f["bot"]) for f in data["faults"]] == [(2, bot)]


def test_balance_reports_a_bot_s_fault_and_leaves_its_seed_out(broken, tmp_path, capsys):
    out = tmp_path / "balance.json"
    code = main(["balance", "--games", "3", "--players", "2", "--bots", "broken,random",
                 "--workers", "1", "--quiet", "--no-compare", "--top", "1",
                 "--json", str(out)])
    assert code == 1
    err = capsys.readouterr().err
    assert "faulty game (with), seed 2: decision " in err
    assert "seat 0's bot 'broken' failed" in err
    assert "1 of 3 seeds stopped on a rule's or a bot's fault" in err
    data = json.loads(out.read_text())
    assert [f["seed"] for f in data["faults"]] == [2]
