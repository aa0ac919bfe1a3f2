"""What a person reads is right, complete and never cut off (issue 16): the end of a game,
the final-scoring table, tables piped or on an 80-column terminal, the legend's colours."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packwriter import write
from rich.console import Console

from interpreter import Game, load_ruleset, make_bot
from interpreter.ui import render
from interpreter.ui.play import TerminalGame

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def rococo(*args, terminal_columns: int | None = None, stdin: str = "") -> str:
    """The command's stdout as a person reads it: piped, or on a terminal that wide."""
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    if terminal_columns:
        env.update(FORCE_COLOR="1", COLUMNS=str(terminal_columns))
    result = subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=ROOT,
                            capture_output=True, text=True, env=env, timeout=300, input=stdin)
    assert "Traceback" not in result.stderr, result.stderr
    return ANSI.sub("", result.stdout)


def terminal(width: int = 80) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, force_terminal=True, width=width, color_system=None,
                   highlight=False), buffer


def bot_game(rules, players=4, seed=1, width=80) -> str:
    game = Game.new(rules, players=players, seed=seed)
    out, buffer = terminal(width)
    bots = [make_bot("greedy", seed * 31 + s) for s in range(players)]
    assert TerminalGame(game, bots, set(), out).run() == 0
    return buffer.getvalue()


# -- 1. the end of the game is announced, each step's points as that step --------------------

def test_final_scoring_is_announced_after_the_last_move(rules):
    text = bot_game(rules)
    last_move, rest = text.split("Final scoring ─", 1)
    # the last move is told without the final-scoring prestige: only its own gains
    tail = last_move.strip().splitlines()[-6:]
    assert not any("Prestige" in line for line in tail if "→" in line), tail
    steps = [p.name for p in rules.final_phases]
    lines = rest.splitlines()
    announced = [next(i for i, line in enumerate(lines) if step in line) for step in steps]
    assert announced == sorted(announced)  # in the printed order
    assert "  3. Majority in each of the 5 halls: " in text
    # after the game no round heading, the end-of-game board instead
    assert "Round 7 of 7" not in rest and "The board at the end of the game" in rest


def test_a_bonus_told_in_the_log_ends_its_sentence_once(rules):
    # the bonus's prompt quotes the card ("...1 Lace or 1 Thread."); its answer follows a colon
    text = bot_game(rules, width=200)
    told = [line for line in text.splitlines() if "bonus of Journeyman" in line]
    assert told and ".:" not in text
    assert any(line.endswith("Pay 1 Livre to gain 1 Lace or 1 Thread: use the bonus")
               for line in told), told


def test_the_winner_line_reads_as_a_sentence():
    last = rococo("play", "--players", "4", "--seed", "1").splitlines()[-1]
    assert last == "Winner: yellow (C) with 92 prestige"


def test_the_board_lists_cards_one_a_line_and_ends_no_sentence_twice(rules):
    # the employees for hire are sentences: each card on its own line of the table's cell
    out, buffer = terminal(100)
    out.print(render.board(Game.new(rules, players=4, seed=1)))
    board = buffer.getvalue()
    hire = board[board.index("│ hire"):].splitlines()
    assert hire[0].startswith("│ hire   │ Master [level 1]: Randomly take 1 Resource from the bag.")
    starts = [line for line in hire[1:8] if re.match(r"│ +│ \w+ \[level 1\]: ", line)]
    assert len(starts) == 3, hire[:8]  # the 2nd, 3rd and 4th cards each start a line
    # listed on one line, a card's full stop is not followed by '; '
    assert ".;" not in bot_game(rules) + board
    assert render.listed(["Gain 1 Livre.", "Gain 1 Lace.", "tile [1 pink | thread]"]) == \
        "Gain 1 Livre; Gain 1 Lace; tile [1 pink | thread]"


def test_each_steps_announced_points_are_what_that_step_scored(rules):
    game = Game.new(rules, players=3, seed=4)
    bots = [make_bot("greedy", s) for s in range(3)]
    out, buffer = terminal(100)
    TerminalGame(game, bots, set(), out).run()
    text = buffer.getvalue()
    for phase in rules.final_phases:
        line = next(line for line in text.splitlines() if line.strip().startswith(phase.name))
        for p in game.state["players"]:
            points = p["score"].get(phase.id, 0)
            who = render.seat_text(game, p["seat"])
            assert (f"{who} +{points}" in line) == (points > 0), (line, who, points)


# -- 2. the final-scoring table --------------------------------------------------------------

def test_final_table_has_distinct_headings_and_unbroken_names(rules):
    text = bot_game(rules, players=5, seed=2)
    table = text[text.index("Final scoring: prestige by step"):]
    header = next(line for line in table.splitlines() if "┃ step" in line)
    names = [cell.strip() for cell in header.strip("┃ ").split("┃")]
    assert len(names) == len(set(names)) == 6
    assert all(re.fullmatch(r"\w+ \([A-E]\)", n) for n in names[1:]), names
    rows = [line.split("│")[1].strip() for line in table.splitlines() if line.startswith("│")]
    assert rows[:3] == ["rank", "rounds", "livre"]
    assert rows[-2:] == ["total", "Livre left"]
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_balcony_scores_as_the_balcony(rules):
    """Rulebook, Final scoring 7: "When counting Trademark tokens from the Garments on the
    Fireworks Display, multiply the Prestige Points on each Garment by that Fireworks
    Decoration factor (x2 or x3)." What the factor adds is the balcony's column."""
    seen = 0
    for seed in range(1, 9):
        game = Game.new(rules, players=4, seed=seed)
        bots = [make_bot("greedy", s) for s in range(4)]
        while not game.is_over():
            d = game.decision()
            game.apply(bots[d.seat].choose(game, d))
        side = game.side
        for p in game.state["players"]:
            expect = sum(rules.garments[g["garment"]].prestige *
                         ((side.decorations[s].multiplier or 1) - 1)
                         for s, g in game.state["balcony"].items() if g["owner"] == p["seat"])
            assert p["score"].get("balcony", 0) == expect
            assert sum(p["score"].values()) == p["prestige"]
            seen += expect > 0
    assert seen  # some garment did watch the fireworks


def test_the_final_board_shows_the_balcony(rules):
    text = bot_game(rules, seed=1, width=120)
    end = text[text.index("The board at the end of the game"):]
    assert "Balcony" in end and "x3" in end


def test_the_players_table_fits_80_columns_as_a_table(rules):
    """Four players at 80 columns: a column per player, each counter in a row (not a list)."""
    text = bot_game(rules, seed=1, width=80)
    end = text[text.index("The board at the end of the game"):]
    table = end[end.index("Players"):end.index("Final scoring")]
    assert max(len(line) for line in table.splitlines()) <= 80
    header = next(line for line in table.splitlines() if "purple (A)" in line)
    assert all(name in header for name in ("black (B)", "yellow (C)", "blue (D)"))
    assert re.search(r"│ prestige +│ 59 +│ 38 +│ 92 +│ 52 +│", table), table


# -- 5. tables are never cut off -------------------------------------------------------------

def test_piped_tables_are_complete():
    out = rococo("modules")
    assert "…" not in out
    for path in ("rules/expansions/expert_tailoring/module.yaml", "rules/base/module.yaml:4:7"):
        assert path in out
    diff = rococo("diff", "--with", "fancy_dresses")
    assert "…" not in diff and "rules/expansions/fancy_dresses/garments.yaml:11:9" in diff


def test_a_narrow_terminal_gets_a_list_not_ellipses():
    out = rococo("modules", terminal_columns=80)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    assert "id: expert_tailoring" in out
    assert "  where: rules/expansions/expert_tailoring/module.yaml:5:7" in out
    diff = rococo("diff", "--with", "fancy_dresses", terminal_columns=80)
    assert "…" not in diff and "from: rules/expansions/fancy_dresses/garments.yaml:11:9" in diff


def test_cards_on_an_80_column_terminal_cut_nothing():
    out = rococo("cards", terminal_columns=80)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80


# -- 6. the Original edition's legend; --verify confirms --------------------------------------

def test_the_legend_speaks_the_editions_colours():
    deluxe = Game.new(load_ruleset(), players=2, seed=1)
    assert "2p1b|T/L = 2 pink and 1 blue bales of silk (b blue, p pink, g green, o orange)" \
        in render.legend(deluxe).plain
    original = Game.new(load_ruleset(edition="original"), players=2, seed=1)
    text = render.legend(original).plain
    # Original rulebook: words.yaml names the Deluxe blue, pink, green, orange yellow, green, red, blue
    assert "2g1y|T/L = 2 green and 1 yellow bales of silk (y yellow, g green, r red, b blue)" \
        in text
    assert "pink" not in text and "orange" not in text


def test_verify_says_the_save_checks_out(rules, tmp_path):
    game = Game.new(rules, players=2, seed=7)
    for _ in range(12):
        game.apply_index(0)
    path = tmp_path / "g.json"
    path.write_text(game.to_json(), encoding="utf-8")
    out = rococo("play", "--load", str(path), "--verify", "--humans", "1", stdin="quit\n")
    assert "verified: replaying its 12 decisions from seed 7 gives the saved position" in out


# -- 8. a partial `kind: game` file: every problem once ----------------------------------------

def test_a_partial_game_file_reports_each_missing_key_once(tmp_path):
    pack = write(tmp_path / "part", {"game.yaml": "kind: game\nrounds: 6\n"}, "part")
    result = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "validate", str(pack)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1
    said = [line for line in result.stderr.splitlines() if "missing key" in line]
    keys = ["player_colors", "garment_kinds", "hire_deck_levels", "setup", "round",
            "final_scoring"]
    assert said == [f"{pack}/game.yaml:1:1: document: missing key '{k}'" for k in keys]
    assert result.stderr.splitlines()[-1] == "6 errors"


# -- 11. generated English ---------------------------------------------------------------------

def test_conditions_on_players_read_as_english(tmp_path):
    pack = write(tmp_path / "words", {"cards.yaml": (
        "kind: employees\nhire:\n"
        "  - {id: words.poor, level: 3, type: journeyman,\n"
        "     bonus: gain count(opponents where livre < 1) prestige}\n")}, "words")
    out = rococo("cards", "--module", str(pack))
    assert "Gain 1 Prestige for each of the other players whose Livre is less than 1." in out
    rivalry = rococo("cards", "--module", "examples/rivalry")
    assert ("Gain 1 Prestige for each of the other players for whom the number of garments on "
            "the board is more than the number of your Garments on the board.") in rivalry
    assert "whose the" not in rivalry


# -- 9. rococo diff lists the game's own settings ---------------------------------------------

def test_diff_shows_a_pack_that_cuts_the_game_to_six_rounds(tmp_path):
    game = (ROOT / "rules/base/game.yaml").read_text()
    game = game.replace("kind: game\n", "kind: game\nreplace: true\n", 1)
    game = game.replace("\nrounds: 7\n", "\nrounds: 6\n", 1)
    pack = write(tmp_path / "six", {"game.yaml": game}, "six")
    line = game.splitlines().index("rounds: 6") + 1
    out = rococo("diff", "--module", str(pack))
    assert f"│ changed │ game │ rounds: 7 -> 6 │ {pack}/game.yaml:{line}:9 │" in out
    festive = rococo("diff", "--with", "festivity_dresses", "--set",
                     "festivity_dresses.join_round=3")
    assert "│ added  │ parameter │ festivity_dresses.join_round = 3 " in festive


# -- 7. a rule that fails mid-game: the designer's file; the other games finish ----------------

FRAGILE = """\
kind: employees
start:
  - id: apprentice_2
    replace: true
    type: apprentice
    bonus: gain 2 livre; if my.lace > 2 then gain 1 / (my.lace - my.lace) livre
"""


def fragile_pack(tmp_path) -> Path:
    return write(tmp_path / "fragile", {"cards.yaml": FRAGILE}, "fragile")


def test_simulate_finishes_the_other_games_and_names_the_designers_file(tmp_path):
    pack = fragile_pack(tmp_path)
    result = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "simulate", "--games",
                             "6", "--players", "2", "--module", str(pack), "--workers", "2",
                             "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "rococo-packs" not in result.stderr
    faults = [line for line in result.stderr.splitlines() if line.startswith("faulty game")]
    assert faults == [f"faulty game, seed {seed}: {pack}/cards.yaml:6:51: the bonus of employee "
                      f"'apprentice_2' failed: division by zero (seed {seed}, decision {at}); "
                      f"the game was restored to decision {at}" for seed, at in ((4, 136), (6, 159))]
    assert "2 of 6 games stopped on a rule fault; the figures are those of the other 4" \
        in result.stderr
    assert "4 games, 2 players, greedy bots, seeds 1..6 (faulty games left out)" in result.stdout


def test_balance_reports_faulty_seeds_at_the_end(tmp_path):
    from interpreter.sim.balance import measure
    data = measure([fragile_pack(tmp_path)], games=6, players=2, bots="greedy", compare=False)
    assert [(f["run"], f["seed"]) for f in data["faults"]] == [("with", 4), ("with", 6)]
    assert str(tmp_path / "fragile" / "cards.yaml") + ":6:51" in data["faults"][0]["fault"]
    assert data["games"] == 6 and sum(data["seat_win_rates"]) == pytest.approx(1)


# -- 3. garment effects and every rule in force, from the terminal ------------------------------

def test_cards_print_what_special_garments_do():
    out = rococo("cards", "--with", "festivity_dresses,expert_tailoring")
    row = next(line for line in out.splitlines() if "festivity.pair_bonus" in line)
    assert "When tailored: Gain 2 Prestige for each set of 1 gown and 1 frock coat. Cannot be " \
           "sold." in row
    row = next(line for line in out.splitlines() if "expert.tile_gown" in line)
    assert "When placed on a guest space: Take 1 Resource tile from the display free of " \
           "charge. Rented only, never sold." in row


def test_rococo_rules_lists_every_rule_in_force():
    out = rococo("rules", "--with", "fancy_dresses,festivity_dresses,expert_tailoring")
    for line in ("Modules", "  base, deluxe, fancy_dresses, festivity_dresses, expert_tailoring",
                 "Each of the 7 rounds", "Main actions", "Final scoring",
                 "  Phase 3: perform actions (in turn, while anyone holds cards): Play 1 Employee "
                 "card.",
                 "  expert.tile_gown (blue gown): When placed on a guest space: Take 1 Resource "
                 "tile from the display free of charge. Rented only, never sold.",
                 "  festivity_dresses.join_round = 1"):
        assert line in out.splitlines(), line
    # the flow patch a module adds is where it applies: Phase 1, after the base steps
    phase1 = out[out.index("Phase 1"):out.index("Phase 2")]
    assert "Festivity Dresses: the 4 Festivity Garments join the Garment bag" in phase1


def test_rococo_rules_on_an_80_column_terminal_hangs_each_rules_wrapped_lines():
    out = rococo("rules", "--with", "jewelry_box", terminal_columns=80)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    # each rule's first line at its level, the lines it wraps onto 4 columns deeper
    at = lines.index("  Phase 4: collect income (each player, from the start player): Gain 5 "
                     "Livre. If")
    assert lines[at + 1].startswith("      you have any Catering Kitchen (left side)")
    assert lines[at + 2].startswith("      ") and not lines[at + 2].startswith("       ")
    tail = [line for line in lines if line.startswith("    A) Queen's Favor")]
    assert tail == ["    A) Queen's Favor > start player: The holder of the Queen's Favor becomes"]
    assert lines[lines.index(tail[0]) + 1] == "        start player."
    # piped, the same rule is one line
    assert "  Phase 4: collect income (each player, from the start player): Gain 5 Livre. If you " \
           "have any Catering" in rococo("rules", "--with", "jewelry_box")


def test_a_display_renewed_by_one_piece_says_piece():
    out = rococo("rules", "--with", "jewelry_box")
    assert "Discard the 1 rightmost piece of the Jewelry display, shift the rest" in out
    assert "Discard the 2 rightmost pieces of the Garment display, shift the rest" in out


def test_a_player_reads_the_rules_and_garment_effects_during_play(tmp_path):
    game = Game.new(load_ruleset(expansions=["expert_tailoring"]), players=2, seed=3)
    out, buffer = terminal(80)
    answers = iter(["rules", "quit"])
    session = TerminalGame(game, [None, make_bot("greedy", 1)], {0}, out,
                           ask=lambda prompt: next(answers))
    session.run()
    text = buffer.getvalue()
    assert "Garments with rules of their own" in text
    joined = " ".join(text.split())
    assert "expert.tile_gown (blue gown): When placed on a guest space: Take 1 Resource tile " \
           "from the display free of charge. Rented only, never sold." in joined
    label = game.label("expert.tile_gown")
    assert label.endswith("3 prestige (When placed on a guest space: Take 1 Resource tile "
                          "from the display free of charge; Rented only, never sold)")


# -- 4. --explain at the terminal shows only what the people playing may see -------------------

def test_explain_in_a_human_game_keeps_the_bots_hands_secret():
    out = rococo("play", "--players", "2", "--humans", "1", "--seed", "2", "--explain",
                 stdin="0\n0\n0\n" + "0\n" * 12 + "quit\n")
    trace = [line.strip() for line in out.splitlines() if line.strip().startswith("[")]
    assert trace, out
    # black's hand picks move cards between two places only black sees: never printed
    assert not any("black.supply -> black.hand" in line for line in trace)
    assert any("purple.supply -> purple.hand" in line for line in trace)
    # a card black plays comes into the open: that is printed
    assert any("black.hand -> black.played" in line for line in trace)
    setup = [line for line in trace if line.startswith("[0]")]
    assert len(setup) == 1 and setup[0].startswith(
        "[0] set-up and the first preparation: 20 changes to what you may see (round 1, "
        "hire_display 4, drawers 9, garment_display 6)")


def test_explain_with_bots_only_shows_everything(rules):
    game = Game.new(rules, players=2, seed=2, explain=True)
    for _ in range(6):
        game.apply_index(0)
    from interpreter.ui.explained import explained_lines
    lines = explained_lines(game, game.explain(), frozenset())
    assert any("black.supply -> black.hand" in line for line in lines)
    hidden = explained_lines(game, game.explain(), frozenset({0}))
    assert not any("black.supply -> black.hand" in line for line in hidden)


def test_main_actions_say_what_they_do_not_what_a_bonus_adds():
    """Rulebook, Phase 3: "Tailor a Garment" and "Fund a Decoration" are main actions of their
    own; "Perform 1 additional ... action" is what a bonus says."""
    actions = {a.id: a.effect.text for a in load_ruleset().actions.values()}
    assert actions["tailor"] == ("Make 1 Garment from the Garment Design display with your "
                                 "silk, Thread and Lace (paying its cost in Livre), then rent "
                                 "it to a guest space or sell it.")
    assert actions["fund"] == "Pay for 1 free Decoration space and put your Trademark token on it."
    original = load_ruleset(edition="original").actions["tailor"].effect.text
    assert original.startswith("Make 1 Dress from the ")
    rules = load_ruleset()
    bonus = next(c for c in rules.employees.values()
                 if c.bonus is not None and c.bonus.source.strip().startswith("fund"))
    assert bonus.bonus.text.startswith("Perform 1 additional Fund a Decoration action")


def test_an_optional_effect_reads_you_may():
    rules = load_ruleset(expansions=["expert_tailoring"])
    text = rules.garments["expert.depute_coat"].on_place.text
    assert text.startswith("You may depute any 1 Employee of your choice from the cards in "
                           "your staff.")
    assert "or nothing" not in text


def test_vocab_on_an_80_column_terminal_cuts_nothing():
    out = rococo("vocab", terminal_columns=80)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80


def test_the_final_scoring_steps_and_module_parameters_read_as_sentences():
    """Item 11: the majority steps say when second place scores; the Festivity join step names
    its round plainly (no "the round at whose Phase 1 ...")."""
    out = " ".join(rococo("rules", "--with", "festivity_dresses").split())
    assert "Score the majority in each Hall; the second most scores too if the number of " \
           "players is more than 2." in out
    assert "If the round is the round the Festivity Garments join in (1 as printed)," in out
    assert "second place:" not in out and "at whose" not in out
