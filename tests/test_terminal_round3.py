"""What a person reads (issue 35 part 3), each read off the screen at 80 columns: the first
decision's board and question in 80 x 40 at 2 to 5 players, without the legend (on request), `rules` in the prompt, a long option wrapped
under its own text, the drawers in the legend's notation, no 'cannot' clause on a gain no one
can fail, `simulate --module` saying whether the pack's cards came up."""
from __future__ import annotations

import io
import re

import pytest
from packwriter import write
from rich.console import Console

from interpreter import Game, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.ui.play import TerminalGame
from rulesdsl import Origin, build_effect, effect_text


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def first_decision(rules, typed: list[str], players: int = 4, seed: int = 1) -> list[str]:
    """The screen of a game's first human decision at 80 columns, with `typed`: from the
    board's first line on (the bots' hand picks above it have scrolled away)."""
    game = Game.new(rules, players=players, seed=seed)
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
    bots = [None] + [make_bot("greedy", s) for s in range(1, players)]
    TerminalGame(game, bots, {0}, out, ask=ask).run()
    lines = buffer.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Round 1 of"))
    return lines[start:]


def until_prompt(screen: list[str]) -> list[str]:
    return screen[:next(i for i, line in enumerate(screen) if line.startswith("choice (")) + 1]


@pytest.mark.parametrize("expansions", [(), ("jewelry_box",)], ids=["deluxe", "jewelry_box"])
def test_the_first_decision_fits_80_columns_and_40_rows(expansions):
    """The board and the question in one screen at 2 to 5 players, with the Jewelry Box too
    (its display, piles, exam tokens and specialised Apprentices): 30 and 37 lines at five
    players at commit time."""
    rules = load_ruleset(expansions=list(expansions))
    for players in (2, 3, 4, 5):
        screen = until_prompt(first_decision(rules, [], players=players))
        assert all(len(line) <= 80 for line in screen)
        assert len(screen) <= 40, (players, "\n".join(screen))
        assert any(line.startswith("Players ") for line in screen)
        seats = [line for line in screen if re.match(r" +\w+ \([A-E]\) +15 ", line)]
        assert len(seats) == players, screen  # a row per player, 15 Livre each


def test_the_first_decision_shows_the_board_without_the_legend(rules):
    screen = first_decision(rules, [])
    assert all(len(line) <= 80 for line in screen)
    assert not any(line.startswith("legend:") for line in screen)
    assert screen[0] == "Round 1 of 7, start player: blue (D) ('board', 'legend': more)"
    assert len(until_prompt(screen)) == 29  # was 92, then 74: the board in one screen
    decorations = next(i for i, line in enumerate(screen) if line.startswith("Decorations "))
    assert screen[decorations].startswith("Decorations Fireworks 6/2x2 7/2x2 8/3x2 10/4x3 ")
    garments = " ".join(screen[1:5])
    assert "8 pink frock coat 3p+T 15/3" in garments  # cost, garment, silk+T/L, value/prestige
    assert "7 orange frock coat* 2o+T+L 20/3" in garments  # * Master only
    legend = first_decision(rules, ["legend"])
    assert any(line.startswith("legend:") for line in legend)
    text = " ".join(" ".join(legend).split())
    assert "garments: 8 blue gown* 2b+T+L 17/3 = costs 8 Livre to make, takes 2 blue bales, " \
           "1 Thread and 1 Lace, sells for 17 Livre, gives 3 prestige, * for a Master only" in text


def test_a_card_cut_to_a_line_is_whole_on_the_board(rules):
    """The first screen cuts each hire card's text to a line ('…'); `board` prints it whole."""
    screen = until_prompt(first_decision(rules, []))
    hire = next(i for i, line in enumerate(screen) if line.startswith("New "))
    assert screen[hire].endswith("Master [level 1]: Randomly take 1 Resource from the bag. "
                                 "As usual, …")
    board = first_decision(rules, ["board"])
    whole = " ".join(" ".join(line.strip("│ ").rsplit("│", 1)[-1] for line in board).split())
    assert "Randomly take 1 Resource from the bag. As usual, either keep the tile for silk " \
           "hidden on your rack or discard it immediately for Thread/Lace." in whole


def test_module_rows_merge_players_that_read_the_same():
    screen = [line.rstrip() for line in until_prompt(
        first_decision(load_ruleset(expansions=["jewelry_box"]), [], players=5))]
    assert "            Journeyman Examination token: A-E: 1" in screen
    apprentice = next(i for i, line in enumerate(screen) if "specialised Apprentice: A:" in line)
    assert " ".join(screen[apprentice:apprentice + 2]).split().count("B-E:") == 1
    piles = " ".join(line for line in screen if "face down" in line)
    assert "face down: the Jewelry bag 19, Master Examination deck 9" in " ".join(piles.split())


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
    at = next(i for i, line in enumerate(screen) if line.startswith("Resource "))
    row = " ".join(line[12:] for line in screen[at:at + 2])
    drawers = re.findall(r"([123]): ((?:\S+\|\S+ ?)+)", row)
    assert [d[0] for d in drawers] == ["1", "2", "3"], row
    code = re.compile(r"^(\d[bpgo])+\|(T|L|T/L|T\+L)$")
    for _number, tiles in drawers:
        assert all(code.match(t) for t in tiles.split()), tiles


def test_each_opponent_gains_without_a_cannot_clause(rules):
    def text(effect: str) -> str:
        return effect_text(build_effect(effect, Origin("<t>"), rules.vocabulary).effect,
                           rules.vocabulary)
    assert text("each opponent { gain 3 prestige }") == "Each opponent: gain 3 Prestige."
    assert text("each opponent { pay 1 livre }") == \
        "Each opponent: pay 1 Livre (one who cannot does none of it)."


def test_simulate_with_a_pack_says_whether_its_cards_came_up(tmp_path, capsys):
    write(tmp_path, {"cards.yaml": "kind: employees\nhire:\n  - id: pk.seam\n    level: 1\n"
                                   "    type: master\n    bonus: gain 1 livre\n"}, "pk")
    assert main(["simulate", "--module", str(tmp_path), "--games", "2", "--players", "2",
                 "--quiet", "--workers", "1", "--bots", "random"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"the pack's card pk.seam came up in [0-2] of 2 games and was taken in "
                     r"[0-2]", out)


def test_the_first_screen_shows_guests_musicians_and_funded_decorations(rules):
    from interpreter.ui.overview import overview
    game = Game.new(rules, players=3, seed=1)
    state = game.state
    state["guests"]["hall_2.1"] = {"owner": 1, "garment": "blue_01"}
    state["decorations"]["hall_2.musician"] = 2
    state["decorations"]["statue.1"] = 0
    buffer = io.StringIO()
    Console(file=buffer, force_terminal=True, width=80, color_system=None).print(
        overview(game, 0))
    text = " ".join(buffer.getvalue().split())
    prestige = rules.garments["blue_01"].prestige
    assert f"Hall 2 5/2 [.{prestige} B][.][M][.][.] musician C" in text
    assert "Statue [7/2 A] 8/2 9/3;" in text  # three players: the smaller board
