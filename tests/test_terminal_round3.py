"""What a person reads (issue 35 part 3), each read off the screen at 80 columns: the first
decision's board without the legend (on request), `rules` in the prompt, a long option wrapped
under its own text, the drawers in the legend's notation, no 'cannot' clause on a gain no one
can fail, `simulate --module` saying whether the pack's cards came up."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from interpreter import Game, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.ui.play import TerminalGame
from rulesdsl import Origin, build_effect, effect_text


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def first_decision(rules, typed: list[str]) -> list[str]:
    """The screen of a 4-player game's first human decision at 80 columns, with `typed`."""
    game = Game.new(rules, players=4, seed=1)
    buffer = io.StringIO()
    out = Console(file=buffer, force_terminal=True, width=80, color_system=None,
                  highlight=False)
    script = iter(typed)

    def ask(prompt):
        out.print(prompt)
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None
    bots = [None] + [make_bot("greedy", s) for s in range(1, 4)]
    TerminalGame(game, bots, {0}, out, ask=ask).run()
    lines = buffer.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Round 1 of"))
    return lines[start:]


def test_the_first_decision_shows_the_board_without_the_legend(rules):
    screen = first_decision(rules, [])
    prompt = next(i for i, line in enumerate(screen) if line.startswith("choice ("))
    assert all(len(line) <= 80 for line in screen)
    assert not any(line.startswith("legend:") for line in screen)
    assert "(type 'legend' for what the signs mean)" in screen
    assert prompt + 1 <= 75  # was 92: the legend on request, decorations an area a row
    decorations = screen.index(next(line for line in screen if line.strip() == "Decorations"))
    rows = [line for line in screen[decorations:prompt] if line.startswith("│ ")]
    assert rows[0].startswith("│ Fireworks ") and "6/2 balcony x2, 7/2 balcony x2" in rows[0]
    legend = first_decision(rules, ["legend"])
    assert any(line.startswith("legend:") for line in legend)


def test_the_prompt_names_rules_and_legend(rules):
    screen = first_decision(rules, [])
    assert any(line.startswith("choice (number, 'board', 'legend', 'rules', 'undo', 'save "
                               "FILE', 'quit'):") for line in screen)


def test_a_wrapped_option_continues_under_its_own_text(rules):
    screen = first_decision(rules, [])
    at = next(i for i, line in enumerate(screen)
              if line.startswith("   2 Apprentice (purple) [start]: Perform 1 additional"))
    assert screen[at + 1].startswith("     (regardless of your Main action)")


def test_the_drawers_use_the_notation_the_legend_explains(rules):
    screen = first_decision(rules, ["legend"])
    legend = " ".join(line for line in screen if not line.startswith(("│", "┃")))
    assert "2p1b|T/L = 2 pink and 1 blue bales of silk" in legend
    drawers = [line for line in screen if re.match(r"│ [123]      │", line)]  # "drawer" wide
    assert len(drawers) == 3
    code = re.compile(r"^(\d[bpgo])+\|(T|L|T/L|T\+L)$")
    for line in drawers:
        tiles = line.split("│")[2].split()
        assert tiles and all(code.match(t) or t == "-" for t in tiles), line


def test_each_opponent_gains_without_a_cannot_clause(rules):
    def text(effect: str) -> str:
        return effect_text(build_effect(effect, Origin("<t>"), rules.vocabulary).effect,
                           rules.vocabulary)
    assert text("each opponent { gain 3 prestige }") == "Each opponent: gain 3 Prestige."
    assert text("each opponent { pay 1 livre }") == \
        "Each opponent: pay 1 Livre (one who cannot does none of it)."


def test_simulate_with_a_pack_says_whether_its_cards_came_up(tmp_path, capsys):
    (tmp_path / "module.yaml").write_text("module:\n  id: pk\n  kind: custom\n  name: pk\n"
                                          "  requires: [base]\n  files: [cards.yaml]\n")
    (tmp_path / "cards.yaml").write_text("kind: employees\nhire:\n  - id: pk.seam\n"
                                         "    level: 1\n    type: master\n"
                                         "    bonus: gain 1 livre\n")
    assert main(["simulate", "--module", str(tmp_path), "--games", "2", "--players", "2",
                 "--quiet", "--workers", "1", "--bots", "random"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"the pack's card pk.seam came up in [0-2] of 2 games and was taken in "
                     r"[0-2]", out)
