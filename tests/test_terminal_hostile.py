"""The terminal as a hostile tester meets it (issue 17): any odd input at a prompt gets an
answer, never a traceback; after a rule fault the game goes on from the restored decision, saved
first so that nothing is lost."""
from __future__ import annotations

import json

import pytest
from rich.console import Console

from interpreter import Game, RuleFaultError, load_ruleset, make_bot
from interpreter.ui.play import TerminalGame
from rulesdsl import Span


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def session(rules, inputs: list[str], humans=frozenset({0}), game=None):
    game = game or Game.new(rules, players=2, seed=3)
    bots = [None if seat in humans else make_bot("greedy", seat) for seat in range(2)]
    console = Console(record=True, width=200)
    script = iter(inputs)

    def ask(prompt):
        console.print(prompt)
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None
    term = TerminalGame(game, bots, set(humans), console, ask=ask)
    return term, console, game


@pytest.mark.parametrize("typed", ["¹", "٣٣", "9" * 5000, "-1", "0x1", "1e3", "\x00", "[red]",
                                   "   ", "½", "Ⅻ", "\udcff"])
def test_odd_input_at_a_prompt_is_answered_and_asked_again(rules, typed):
    term, console, game = session(rules, [typed, "0", "quit"])
    assert term.run() == 0
    out = console.export_text()
    assert "please type a number from 0 to" in out
    assert len(game.history) == 1  # the odd input was refused, "0" was taken


@pytest.mark.parametrize("name", ["bad\x00name.json", "x" * 300 + ".json"])
def test_a_save_to_an_impossible_name_keeps_the_game(rules, name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    term, console, game = session(rules, [f"save {name}", "0", "quit"])
    assert term.run() == 0
    out = console.export_text()
    assert "cannot save to" in out and "the game goes on, unsaved" in out
    assert len(game.history) == 1


def failing_once(game, at_call: int):
    """Make the `at_call`-th apply fail like a faulty rule: nothing changed, RuleFaultError."""
    real, calls = game.apply, {"n": 0}

    def apply(option):
        calls["n"] += 1
        if calls["n"] == at_call:
            raise RuleFaultError("the bonus of employee x failed: division by zero (seed 3, "
                                 f"decision {len(game.history)}); the game was restored to "
                                 f"decision {len(game.history)}", Span("pack/x.yaml", 4, 12))
        return real(option)
    game.apply = apply


def test_after_a_rule_fault_a_human_is_asked_again_and_the_game_is_saved(rules, tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Game.new(rules, players=2, seed=3)
    failing_once(game, 1)
    before = game.to_json()
    term, console, game = session(rules, ["0", "0", "quit"], game=game)
    assert term.run() == 0
    out = " ".join(console.export_text().split())
    rescue = tmp_path / "rococo-rescue-3-0.json"
    assert "pack/x.yaml:4:12: the bonus of employee x failed: division by zero" in out
    assert (f"the game was restored to the decision before the fault and saved in {rescue.name}"
            ": choose again, 'save FILE' to save elsewhere, or 'quit'") in out
    assert json.loads(rescue.read_text())["state"] == json.loads(before)["state"]
    assert len(game.history) == 1  # asked again: the second "0" was played
    assert out.count("choose a card for your hand (1 of 3)") == 2


def test_after_a_rule_fault_a_bot_tries_another_option(rules, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Game.new(rules, players=2, seed=3)
    failing_once(game, 1)
    term, console, game = session(rules, [], humans=frozenset(), game=game)
    assert term.run() == 0
    assert game.is_over()
    out = " ".join(console.export_text().split())
    assert "the game was restored to the decision before the fault and saved in " \
        "rococo-rescue-3-0.json: a bot chooses another option" in out
    assert (tmp_path / "rococo-rescue-3-0.json").exists()


def test_when_every_option_faults_the_session_stops_with_the_game_saved(rules, tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Game.new(rules, players=2, seed=3)

    def apply(option):
        raise RuleFaultError("a rule failed: boom", Span("pack/x.yaml", 1, 1))
    game.apply = apply
    term, console, game = session(rules, [], humans=frozenset(), game=game)
    assert term.run() == 1
    out = " ".join(console.export_text().split())
    assert ("every option of this decision fails: the game is saved in rococo-rescue-3-0.json; "
            "fix the rule, then resume with rococo play --load rococo-rescue-3-0.json") in out
