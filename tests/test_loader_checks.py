"""Nothing broken is accepted in silence (issue 6): ids used twice, levels the deck never deals,
removals that remove nothing, entries replaced twice, files outside their module, boards and
phases that cannot be played. Each is an error (or a warning) with its exact position."""
from __future__ import annotations

from pathlib import Path

import pytest
from packwriter import line_of, messages, pack

from interpreter import Game, RulesErrors, load_ruleset
from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
GAME = (ROOT / "rules" / "base" / "game.yaml").read_text()
BOARD = (ROOT / "rules" / "base" / "board.yaml").read_text()


def replaced_game(**edits: str) -> str:
    text = GAME.replace("kind: game\n", "kind: game\nreplace: true\n", 1)
    for old, new in edits.values():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def replaced_board(*edits: tuple[str, str]) -> str:
    text = BOARD.replace("kind: board\n", "kind: board\nreplace: true\n", 1)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


CARD = "  - {{id: {id}, level: {level}, type: master, bonus: gain 1 livre}}\n"


# ---- ids used twice ----------------------------------------------------------------------------

def test_a_card_id_twice_in_one_file(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n" + CARD.format(id="x.a", level=1)
                        + CARD.format(id="x.a", level=2)})
    assert messages(p) == [
        f"{p}/cards.yaml:4:10: duplicate employee id 'x.a' (first defined at {p}/cards.yaml:3:10);"
        " use 'replace: true' to replace it"]


def test_a_garment_id_in_two_files_of_a_pack(tmp_path):
    g = ("kind: garments\ngarments:\n  - {id: blue_99, color: blue, silk: {blue: 1}, thread: 0,"
         " lace: 0, master: false, value: 6, prestige: 2}\n")
    p = pack(tmp_path, {"a.yaml": g, "b.yaml": g})
    assert messages(p) == [
        f"{p}/b.yaml:3:10: duplicate garment id 'blue_99' (first defined at {p}/a.yaml:3:10);"
        " use 'replace: true' to replace it"]


def test_a_tile_id_of_the_base_game(tmp_path):
    p = pack(tmp_path, {"t.yaml": "kind: resources\ntiles:\n"
                                  "  - {id: res_01, silk: {pink: 1}, bottom: thread}\n"})
    [msg] = messages(p)
    assert msg.startswith(f"{p}/t.yaml:3:10: duplicate tile id 'res_01' (first defined at "
                          "rules/base/resources.yaml:")


def test_the_same_file_listed_twice(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire: []\n"},
             listed=["cards.yaml", "cards.yaml"])
    assert messages(p) == [f"{p}/module.yaml:6:23: file 'cards.yaml' is listed twice"]


def test_two_packs_replacing_the_same_card_name_both(tmp_path):
    card = "kind: employees\nhire:\n  - {id: l1.livre, replace: true, level: 1, type: master}\n"
    a = pack(tmp_path, {"cards.yaml": card}, mid="a")
    b = pack(tmp_path, {"cards.yaml": card}, mid="b")
    assert messages(a, b) == [
        f"{b}/cards.yaml:3:10: employee 'l1.livre' is replaced twice (first replaced at "
        f"{a}/cards.yaml:3:10); only one module may replace it"]


def test_two_packs_replacing_the_game_name_both(tmp_path):
    a = pack(tmp_path, {"game.yaml": replaced_game()}, mid="a")
    b = pack(tmp_path, {"game.yaml": replaced_game()}, mid="b")
    assert messages(a, b) == [
        f"{b}/game.yaml:{line_of(GAME, 'kind: game') + 1}:10: the 'game' document is replaced "
        f"twice (first replaced at {a}/game.yaml:{line_of(GAME, 'kind: game') + 1}:10); "
        "only one module may replace it"]


# ---- levels and the deck -------------------------------------------------------------------------

@pytest.mark.parametrize("level", [0, 8])
def test_a_card_of_a_level_the_deck_never_deals(tmp_path, level):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n"
                                      + CARD.format(id="x.a", level=level)})
    assert messages(p) == [
        f"{p}/cards.yaml:3:22: level {level} is not a level of the hire deck "
        "(hire_deck_levels: 1, 2, 3, 4, 5, 6), so the card would never be used"]


def test_a_level_listed_twice_in_the_deck(tmp_path):
    text = replaced_game(levels=("hire_deck_levels: [1, 2, 3, 4, 5, 6]",
                                 "hire_deck_levels: [1, 2, 3, 4, 5, 6, 6]"))
    p = pack(tmp_path, {"game.yaml": text})
    line = line_of(text, "hire_deck_levels")
    assert messages(p) == [f"{p}/game.yaml:{line}:19: hire_deck_levels: lists 6 more than once; "
                           "each may appear once"]


def test_a_pack_changing_the_cards_per_level_is_a_warning(tmp_path, capsys):
    cards = "".join(CARD.format(id=f"x.c{i}", level=1 + i % 5) for i in range(9))
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nremove: {employees: [l6.fund_10_less]}\nhire:\n"
                        + cards})
    rules = load_ruleset(extra_paths=[p])
    [warning] = rules.warnings
    text = (f"{p}/cards.yaml:4:5: warning: module 'pack' changes the number of hire cards per "
            "level: level 1 has 8 instead of 6, level 2 has 6 instead of 4, level 3 has 6 instead "
            "of 4, level 4 has 6 instead of 4, level 5 has 5 instead of 4, level 6 has 5 instead "
            "of 6; the deck is dealt by level, so cards of later levels may come out less often "
            "or never")
    assert str(warning) == text
    assert main(["validate", str(p)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == text and out[-1].startswith("ok: modules base, deluxe, pack")


def test_replacing_a_card_keeps_the_deck_shape_and_warns_nothing(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n"
                        "  - {id: l1.livre, replace: true, level: 1, type: master}\n"})
    assert load_ruleset(extra_paths=[p]).warnings == ()
    assert load_ruleset().warnings == ()


# ---- removing --------------------------------------------------------------------------------------

def test_removing_from_a_misspelt_collection(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nremove: {employes: [l1.livre]}\n"})
    assert messages(p) == [
        f"{p}/cards.yaml:2:10: remove: unknown key 'employes' (did you mean 'employees'?)"]


def test_removing_a_start_card_removes_it_from_every_colour(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nremove: {start: [apprentice_2]}\n"})
    rules = load_ruleset(extra_paths=[p])
    assert [c.id for c in rules.start_cards] == ["master_1", "master_2", "journeyman",
                                                 "apprentice_1"]
    assert not any(c.endswith(".apprentice_2") for c in rules.employees)
    game = Game.new(rules, players=3, seed=2)
    assert all(len(p["supply"]) + len(p["hand"]) == 4 for p in game.state["players"])


def test_removing_an_unknown_start_card(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nremove: {start: [apprentice_9]}\n"})
    assert messages(p) == [
        f"{p}/cards.yaml:2:18: cannot remove unknown start employee id 'apprentice_9'"]


# ---- files and verbs ------------------------------------------------------------------------------

def test_a_file_outside_the_module_folder(tmp_path):
    (tmp_path / "x.yaml").write_text("kind: employees\nhire: []\n")
    p = pack(tmp_path / "deep", {}, listed=["../../x.yaml"])
    assert messages(p) == [f"{p}/module.yaml:6:11: file '../../x.yaml' is outside the module's "
                           f"folder {p}"]


def test_depute_needs_a_card_or_a_list(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n"
                        "  - {id: x.a, level: 1, type: master, bonus: depute}\n"})
    assert messages(p) == [f"{p}/cards.yaml:3:46: 'depute' needs one of the options 'card' or "
                           "'among'"]


def test_constant_verb_options_are_checked_at_load(tmp_path):
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n"
                        "  - {id: x.a, level: 1, type: master, bonus: acquire price 0 - 3}\n"
                        "  - {id: x.b, level: 1, type: master, bonus: gain 5 / 2 livre}\n"})
    assert messages(p) == [
        f"{p}/cards.yaml:3:60: option 'price' must not be negative, found -3",
        f"{p}/cards.yaml:4:51: the amount to gain must be a whole number, found 5 / 2"]


# ---- phases -----------------------------------------------------------------------------------------

def test_a_second_phase_with_an_existing_id(tmp_path):
    text = replaced_game(phase=("  - id: income\n", "  - id: actions\n"))
    p = pack(tmp_path, {"game.yaml": text})
    assert messages(p) == [
        f"{p}/game.yaml:{line_of(text, '- id: actions', 1)}:9: duplicate phase id 'actions' "
        f"(first at {p}/game.yaml:{line_of(text, '- id: actions')}:9)"]


def test_a_second_step_with_an_existing_id(tmp_path):
    text = replaced_game(step=("      - id: resources\n", "      - id: employees\n"))
    p = pack(tmp_path, {"game.yaml": text})
    assert messages(p) == [
        f"{p}/game.yaml:{line_of(text, '- id: employees', 1)}:13: duplicate step id 'employees' "
        f"(first at {p}/game.yaml:{line_of(text, '- id: employees')}:13)"]


# ---- the board (a board cannot be replaced by a pack: these edit a copy of the rules) --------

@pytest.fixture
def board_copy(tmp_path, monkeypatch):
    """Load the built-in modules from a copy whose board.yaml is `edit(text)`; give the path."""
    import shutil

    from interpreter.loading import loader

    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    monkeypatch.setattr(loader, "RULES_DIR", tmp_path / "rules")
    board = tmp_path / "rules" / "base" / "board.yaml"

    def edit(*edits: tuple[str, str]) -> tuple[str, str]:
        text = BOARD
        for old, new in edits:
            assert old in text, old
            text = text.replace(old, new, 1)
        board.write_text(text)
        return str(board), text
    return edit


def board_messages() -> list[str]:
    with pytest.raises(RulesErrors) as info:
        load_ruleset()
    return [str(e) for e in info.value.errors]


def test_a_guest_space_id_used_twice(board_copy):
    path, text = board_copy(("{id: royal_hall.2}", "{id: royal_hall.1}"))
    assert board_messages() == [
        f"{path}:{line_of(text, 'id: royal_hall.1', 1)}:18: duplicate space id 'royal_hall.1' "
        f"(first at {path}:{line_of(text, 'id: royal_hall.1')}:18)"]


def test_a_decoration_id_used_twice(board_copy):
    path, text = board_copy(("{id: statue.1,", "{id: statue.2,"))
    assert board_messages() == [
        f"{path}:{line_of(text, 'id: statue.2', 1)}:18: duplicate space id 'statue.2' "
        f"(first at {path}:{line_of(text, 'id: statue.2')}:18)"]


def test_a_musician_and_a_guest_space_share_an_id(board_copy):
    path, text = board_copy(("{id: hall_2.2}", "{id: hall_2.musician}"))
    assert board_messages() == [
        f"{path}:{line_of(text, '- {id: hall_2.musician}')}:18: duplicate space id "
        f"'hall_2.musician' (first at {path}:{line_of(text, 'musician: {id: hall_2.musician')}:24)"]


def test_absurd_display_sizes(board_copy):
    path, text = board_copy(("drawers: 3,", "drawers: 100000000,"))
    assert board_messages() == [f"{path}:{line_of(text, 'drawers: 100000000')}:33: "
                                "sides/0/resource_display/drawers: should be at most 20, not "
                                "100000000"]


def test_a_player_count_without_a_board_side(board_copy):
    path, text = board_copy(("players: [1, 2, 3]", "players: [1, 2]"))
    assert board_messages() == [
        f"{path}:{line_of(text, 'sides:') + 1}:3: no board side for 3 players (the game has 5 "
        "player colours; the sides are for 1, 2, 4, 5 players)"]


def test_two_board_sides_for_the_same_player_count(board_copy):
    path, text = board_copy(("players: [1, 2, 3]", "players: [1, 2, 3, 4]"))
    assert board_messages() == [f"{path}:{line_of(text, 'players: [4, 5]')}:14: board sides "
                                "'small' and 'large' are both for 4 players"]


# ---- module headers -------------------------------------------------------------------------------

@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """A copy of the built-in rules the loader reads instead; returns its folder."""
    import shutil

    from interpreter.loading import loader

    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    monkeypatch.setattr(loader, "RULES_DIR", tmp_path / "rules")
    return tmp_path / "rules"


def test_a_built_in_module_header_without_its_module_mapping(rules_copy):
    header = rules_copy / "base" / "module.yaml"
    header.write_text(header.read_text().replace("module:\n", "kind: game\nmodul:\n"))
    deluxe = rules_copy / "editions" / "deluxe" / "module.yaml"
    assert board_messages() == [
        f"{header}:{line_of(header.read_text(), 'kind: game')}:1: a module.yaml needs a 'module' "
        "mapping (id, kind, name, requires, files)",
        f"{deluxe}:{line_of(deluxe.read_text(), 'requires:')}:13: unknown module 'base' "
        "(required by 'deluxe'); known: deluxe, du_barry, expert_tailoring, fancy_dresses, "
        "festivity_dresses, jewelry_box, masques, original"]


def test_a_misspelt_module_id_is_reported_where_it_is_required(rules_copy):
    header = rules_copy / "base" / "module.yaml"
    header.write_text(header.read_text().replace("id: base", "id: bsae"))
    deluxe = rules_copy / "editions" / "deluxe" / "module.yaml"
    assert board_messages() == [
        f"{deluxe}:{line_of(deluxe.read_text(), 'requires:')}:13: unknown module 'base' "
        "(required by 'deluxe') (did you mean 'bsae'?); known: bsae, deluxe, du_barry, "
        "expert_tailoring, fancy_dresses, festivity_dresses, jewelry_box, masques, original"]


def test_a_module_without_a_game_document(rules_copy):
    header = rules_copy / "base" / "module.yaml"
    header.write_text(header.read_text().replace("files: [game.yaml, ", "files: ["))
    assert board_messages() == [f"{header}:{line_of(header.read_text(), 'files:')}:10: no 'game' "
                                "document in modules base, deluxe"]



@pytest.mark.parametrize("bonus, column, message", [
    ("gain " + " + ".join(["1"] * 500) + " livre", 46 + 5, "nested too deeply, the limit is 64"),
    ("if " + "not " * 500 + "true then gain 1 livre", 46 + 3 + 63 * 4,
     "nested too deeply, the limit is 64"),
    ("gain 1 livre; " * 501, 46 + 14 * 500, "too many statements in one effect, the limit is 500"),
])
def test_hostile_effects_in_a_pack_are_positioned_errors(tmp_path, bonus, column, message):
    # the effect text starts at column 46 of line 3
    p = pack(tmp_path, {"cards.yaml": "kind: employees\nhire:\n"
                        f"  - {{id: x.a, level: 1, type: master, bonus: {bonus}}}\n"})
    assert messages(p) == [f"{p}/cards.yaml:3:{column}: {message}"]
