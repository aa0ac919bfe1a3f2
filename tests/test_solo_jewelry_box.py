"""Madame du Barry with the Jewelry Box (001, the rules in gold boxes), and the generic seams it
needed: `random(list)`, `it` inside `where`, a procedure replaced by id, a module's `when:`
files loaded after the modules they adapt to, a seat kind's piles as per-player zones, and
scenario files that read a seat kind's bonuses. Her rules' own cases are scenario files
(rules/solo/du_barry/scenarios/jewelry_box.yaml)."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import packwriter
import pytest
from packwriter import write

from interpreter import RulesErrors, load_ruleset
from interpreter.cli.main import main
from interpreter.core.engine import Game
from interpreter.core.errors import CorruptSaveError, IllegalDecisionError
from interpreter.core.integrity import problems
from interpreter.sim.bots import make_bot
from rulesdsl import Origin, build_effect, effect_text

_RULES: dict = {}


def barry_jb():
    if "jb" not in _RULES:
        _RULES["jb"] = load_ruleset(expansions=["du_barry", "jewelry_box"])
    return _RULES["jb"]


def pack(tmp_path: Path, mid: str, files: dict[str, str]) -> Path:
    return packwriter.pack(tmp_path, {name: textwrap.dedent(text) for name, text in files.items()},
                           mid)


def errors_of(*packs: Path, expansions=()) -> list[str]:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(expansions=list(expansions), extra_paths=list(packs))
    return [str(e) for e in info.value.errors]


# ---- the language ----------------------------------------------------------------------------
def test_random_draws_by_the_games_seed_and_prints_as_card_text():
    rules = load_ruleset()
    picks = []
    for seed in (3, 3, 4):
        game = Game.new(rules, seed=seed)
        game.run_effect("take card random(hire_display), into supply", seat=0)
        picks.append(game.state["players"][0]["supply"][-1])
    assert picks[0] == picks[1]  # the same seed draws the same card
    many = set()
    for seed in range(12):
        game = Game.new(rules, seed=seed)
        display = list(game.state["hire_display"])
        game.run_effect("take card random(hire_display), into supply", seat=0)
        many.add(display.index(game.state["players"][0]["supply"][-1]))
    assert len(many) > 1  # not always the same place
    effect = build_effect("take card random(my.supply), into hand", Origin("<t>"),
                          rules.vocabulary)
    assert effect_text(effect.effect, rules.vocabulary) == \
        "Take one of the Employees in your supply at random into your hand."


def test_random_of_an_empty_list_stops_the_effect():
    game = Game.new(load_ruleset(), seed=1)
    with pytest.raises(IllegalDecisionError, match="there is nothing to pick at random from"):
        game.run_effect("take card random(my.hand), into supply", seat=0)


def test_where_binds_the_item_as_it():
    game = Game.new(load_ruleset(), seed=1)
    supply = list(game.state["players"][0]["supply"])
    game.run_effect("take card first(my.supply where position(my.supply, it) = 3), into hand",
                    seat=0)
    assert game.state["players"][0]["hand"] == [supply[2]]


# ---- procedures replaced by id ---------------------------------------------------------------
PROC = """\
kind: flow
procedures:
  - {id: twice, effect: gain 2 prestige}
"""


def test_a_procedure_replaced_by_a_later_module_runs_as_replaced(tmp_path):
    a = pack(tmp_path, "a", {"flow.yaml": PROC})
    b = pack(tmp_path, "b", {"flow.yaml": "kind: flow\nprocedures:\n"
                             "  - {id: twice, replace: true, effect: gain 5 prestige}\n"})
    rules = load_ruleset(extra_paths=[a, b])
    game = Game.new(rules, seed=1)
    game.run_effect("twice", seat=0)
    assert game.state["players"][0]["prestige"] == 5


def test_replacing_an_unknown_or_twice_replaced_procedure_is_an_error(tmp_path):
    a = pack(tmp_path, "a", {"flow.yaml": "kind: flow\nprocedures:\n"
                             "  - {id: nothing, replace: true, effect: gain 1 prestige}\n"})
    (message,) = errors_of(a)
    assert message.endswith("a/flow.yaml:3:10: cannot replace unknown procedure id 'nothing'")
    b = pack(tmp_path, "b", {"flow.yaml": PROC})
    replace = "kind: flow\nprocedures:\n  - {id: twice, replace: true, effect: gain %d prestige}\n"
    c = pack(tmp_path, "c", {"flow.yaml": replace % 1})
    d = pack(tmp_path, "d", {"flow.yaml": replace % 3})
    (message,) = errors_of(b, c, d)
    assert "d/flow.yaml:3:10: procedure 'twice' is replaced twice (first replaced at " in message
    assert "c/flow.yaml:3:10); only one module may replace it" in message
    # a module replacing its own procedure (outside a `when:` file) is an error too
    own = pack(tmp_path, "own", {"flow.yaml": PROC + "  - {id: twice, replace: true, effect: "
                                 "gain 1 prestige}\n"})
    (message,) = errors_of(own)
    assert "own/flow.yaml:4:10: procedure 'twice' is the module's own (declared at " in message


def test_a_when_file_loads_after_the_module_it_adapts_to():
    """du Barry's Jewelry Box file runs its setup after the Jewelry Box deals its Apprentices,
    whatever order the modules are asked for in."""
    for asked in (["du_barry", "jewelry_box"], ["jewelry_box", "du_barry"]):
        rules = load_ruleset(expansions=asked)
        assert rules.modules.index("jewelry_box") < rules.modules.index("du_barry")
        steps = [p.id for p in rules.setup_phases]
        assert steps.index("specialised_apprentices") < \
            steps.index("du_barry_no_specialised_apprentice")


# ---- a seat kind's piles are per-player zones -------------------------------------------------
def test_her_piles_are_per_player_zones_hidden_but_her_discard_pile():
    rules = barry_jb()
    game = Game.new(rules, seed=2)
    her = game.state["players"][1]
    assert set(her["zones"]) == {"special_apprentice", "card_supply", "card_hand",
                                 "card_discard"}
    assert "own" not in her
    assert game.state["players"][0]["zones"]["card_supply"] == []  # one per seat, the person's empty
    seen = game.view(0)["players"][1]["zones"]
    assert seen["card_supply"] == len(her["zones"]["card_supply"])
    assert seen["card_hand"] == 4
    assert seen["card_discard"] == her["zones"]["card_discard"]


def test_the_board_shows_her_piles_and_no_empty_deck_piles_for_the_person():
    from rich.console import Console

    from interpreter.ui.render import board
    game = Game.new(barry_jb(), seed=3)
    console = Console(width=200, record=True)
    console.print(board(game, 0))
    text = console.export_text()
    assert "Card supply of black (B, Madame du Barry): 21 face down" in text
    assert "hand cards of black (B, Madame du Barry): 4 face down" in text
    assert "Card supply of purple" not in text and "hand cards of purple" not in text


def test_a_seat_kinds_card_zone_must_be_a_per_player_zone_holding_cards(tmp_path):
    flow = (Path(__file__).resolve().parents[1] / "rules" / "solo" / "du_barry" /
            "flow.yaml").read_text()
    broken = flow.replace("{id: card_hand, name: hand cards, holds: cards, visible: false, "
                          "per_player: true}", "{id: card_hand, name: hand cards, holds: cards}")
    assert broken != flow
    folder = write(tmp_path / "solo_x", {"flow.yaml": broken}, "solo_x", kind="solo")
    messages = errors_of(folder, expansions=["solo_x"])
    line = next(i for i, t in enumerate(broken.splitlines(), 1) if "zones: [card_supply" in t)
    col = broken.splitlines()[line - 1].index("card_hand") + 1
    assert messages == [f"{folder / 'flow.yaml'}:{line}:{col}: zone 'card_hand' is not a "
                        "per-player zone holding cards; declare it under zones: with "
                        "`holds: cards, per_player: true`"]


def test_a_save_with_the_old_own_piles_is_refused_with_a_clear_message():
    rules = barry_jb()
    game = Game.new(rules, seed=5)
    data = json.loads(game.to_json())
    her = data["state"]["players"][1]
    her["own"] = {z: her["zones"].pop(z) for z in ("card_supply", "card_hand", "card_discard")}
    from interpreter.core.saves import seal
    text = json.dumps(seal(data))
    with pytest.raises(CorruptSaveError, match=r"save file was made by an older engine: a "
                       r"seat's own card piles \('own'\) are per-player zones now"):
        Game.from_json(rules, text)


def test_a_broken_deck_is_an_integrity_problem():
    rules = barry_jb()
    game = Game.new(rules, seed=5)
    her = game.state["players"][1]["zones"]
    her["card_discard"].append(her["card_supply"][0])
    assert problems(rules, game.state, game.side) == [
        "seat 1's own cards are not its kind's deck, each once"]


# ---- her Jewelry Box rules in play -----------------------------------------------------------
def test_seeded_jewelry_box_games_finish_sound_and_she_is_never_asked():
    """"For the player's turns, all the rules of the base game and the Jewelry Box Expansion
    apply without any changes. For Madame du Barry's turns, however, a different set of rules
    applies": every question is the person's, every position sound, she never holds Livre."""
    rules = barry_jb()
    exams = jewels = 0
    for seed in range(8):
        game = Game.new(rules, seed=seed)
        bot = make_bot("greedy", seed)
        assert game.state["players"][1]["zones"]["special_apprentice"] == []
        while not game.is_over():
            decision = game.decision()
            assert decision.seat == 0, decision.prompt
            assert problems(rules, game.state, game.side) == []
            assert game.state["players"][1]["livre"] == 0
            game.apply(bot.choose(game, decision))
        her = game.state["players"][1]
        exams += her["master_exams_done"] + her["master_exam"]
        jewels += len(her["owned"]["jewelry"])
        assert "jewelry" in her["score"] or her["owned"]["jewelry"] == []
    assert exams > 0 and jewels > 0  # her exams and jewels happen in play, not only in tests


def test_a_jewelry_box_solo_game_is_deterministic_and_replays_from_a_save():
    rules = barry_jb()

    def play(seed, moves=None):
        game = Game.new(rules, seed=seed)
        bot = make_bot("greedy", seed)
        n = 0
        while not game.is_over() and (moves is None or n < moves):
            game.apply(bot.choose(game, game.decision()))
            n += 1
        return game
    a, b = play(9), play(9)
    assert a.history == b.history and a.standings() == b.standings()
    half = play(9, 40)
    loaded = Game.from_json(rules, half.to_json(), verify=True)
    assert loaded.state == half.state


# ---- scenario files read a seat kind's bonuses -------------------------------------------------
BONUS = """\
expansions: [masques]
scenarios:
  - name: a Masque reads the bonus of Livre for Prestige as 1 Prestige Point
    rulebook: "Masques ... never pay"
    players: 2
    names: {masque: 1}
    run: {bonus: l4.livre_for_prestige, seat: masque, asks: 0}
    expect:
      players:
        masque: {prestige: %d}
"""


def test_a_scenario_runs_a_seat_kinds_reading_of_a_bonus(tmp_path, capsys):
    path = tmp_path / "bonus.yaml"
    path.write_text(BONUS % 1)
    assert main(["test", str(path)]) == 0, capsys.readouterr().out
    capsys.readouterr()
    path.write_text(BONUS % 2)
    assert main(["test", str(path)]) == 1
    assert "masque's prestige: expected 2, got 1" in capsys.readouterr().out


# ---- simulate --check ------------------------------------------------------------------------
def test_simulate_check_plays_the_same_games_and_reports_a_broken_invariant(
        tmp_path, capsys, monkeypatch):
    plain, checked = tmp_path / "plain.json", tmp_path / "checked.json"
    base = ["simulate", "--solo", "du_barry", "--with", "jewelry_box", "--games", "2",
            "--workers", "1", "--quiet"]
    assert main(base + ["--json", str(plain)]) == 0
    assert main(base + ["--check", "--json", str(checked)]) == 0
    assert json.loads(plain.read_text()) == json.loads(checked.read_text())
    capsys.readouterr()
    from interpreter.core import integrity
    monkeypatch.setattr(integrity, "problems", lambda rules, state, side: ["a tile is lost"])
    assert main(base) == 0  # without --check nothing is looked at
    capsys.readouterr()
    assert main(base + ["--check"]) == 1
    err = capsys.readouterr().err
    assert "faulty game, seed 1: decision 1: a tile is lost" in err
    assert "2 of 2 games stopped on a rule fault" in err
