"""Explain traces (issue 8, part 3): every change cites the rule that made it, by file:line:column,
and the decision that led there; what was rolled back leaves no trace."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter import Game, make_bot
from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def _line_of(path: str, text: str) -> int:
    lines = (ROOT / path).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.fixture(scope="module")
def explained(rules):
    game = Game.new(rules, players=3, seed=1, explain=True)
    bots = [make_bot("greedy", s) for s in range(3)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


def test_income_cites_its_lines_in_game_yaml(explained):
    """"Why did I get 9 Livre?": each part of the income names its statement in game.yaml."""
    base = _line_of("rules/base/game.yaml", "gain 5 livre")
    kitchen = _line_of("rules/base/game.yaml", "area = kitchen_right")
    income = [c for c in explained.explain() if c.step == "income"]
    assert income and all(c.owner == "the step 'income'" for c in income)
    five = [c for c in income if c.where.line == base]
    assert len(five) == 7 * 3 and all(re.fullmatch(r"\w+\.livre \d+ -> \d+ \(\+5\)", c.text)
                                      for c in five)
    assert str(five[0]).startswith("[") and f"rules/base/game.yaml:{base}:" in str(five[0])
    assert all(c.source == "gain 5 livre" for c in five)
    kitchens = [c for c in income if c.where.line == kitchen]
    assert kitchens and all(c.source.startswith("if count(my.decorations where area = "
                                                "kitchen_right)") for c in kitchens)


def test_the_trace_adds_up_to_the_final_livre_and_prestige(explained, rules):
    """Nothing rolled back (trial runs, effects that could not be done) is in the trace, and
    nothing is missing from it: each player's Livre and prestige changes add up."""
    for p in explained.state["players"]:
        for key, start in (("livre", rules.setup["livre"]), ("prestige", 0)):
            deltas = [int(m.group(1)) for c in explained.explain()
                      if (m := re.fullmatch(rf"{p['color']}\.{key} -?\d+ -> -?\d+ \(([+-]\d+)\)",
                                            c.text))]
            assert start + sum(deltas) == p[key], (p["color"], key)


def test_moves_name_both_places_and_the_card_or_space(explained):
    changes = explained.explain()
    moves = [c.text for c in changes if " -> " in c.text and ":" in c.text]
    assert any(re.fullmatch(r"res_\d+: drawers\.\d\.\d -> \w+\.tiles", m) for m in moves)
    assert any(re.fullmatch(r"l\d\.\w+: hire_deck -> hire_display", m) for m in moves)
    bonuses = [c for c in changes if c.owner.startswith("the bonus of employee")]
    assert bonuses and all(c.where.file == "rules/base/employees.yaml" for c in bonuses)
    decisions = [c.decision for c in changes]
    assert decisions == sorted(decisions) and decisions[-1] == len(explained.history)


def test_a_game_without_explain_keeps_no_trace(rules):
    game = Game.new(rules, players=2, seed=1)
    with pytest.raises(ValueError, match="keeps no trace"):
        game.explain()


def test_play_explain_prints_each_change_with_its_rule(capsys):
    assert main(["play", "--players", "2", "--seed", "3", "--explain"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"income: rules/base/game\.yaml:\d+:\d+ `gain 5 livre`", out)
    assert "Winner:" in out
