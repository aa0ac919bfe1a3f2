"""Hostile and broken rules files: each is refused with `file:line:column`, a sentence a designer
understands, the source line and a caret; never a traceback, a hang or a silent change."""
from __future__ import annotations

from pathlib import Path

import pytest
from packwriter import write

from interpreter import RulesErrors, load_ruleset
from interpreter.core.errors import SchemaError, YamlError
from interpreter.loading.yamlio import read_document

CARD = "kind: employees\nhire:\n  - id: x.card\n    level: 1\n    type: master\n"


def pack_with(tmp_path: Path, cards: str | bytes) -> Path:
    pack = write(tmp_path / "pack", {}, listed=["cards.yaml"])  # (its text, or bytes)
    target = pack / "cards.yaml"
    if isinstance(cards, bytes):
        target.write_bytes(cards)
    else:
        target.write_text(cards)
    return pack


def the_error(tmp_path: Path, cards: str | bytes):
    pack = pack_with(tmp_path, cards)
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    return err, str(pack / "cards.yaml")


def test_alias_bomb_is_refused_at_the_alias_that_overflows(tmp_path):
    levels = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        name, prev = chr(97 + i), chr(96 + i)
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    err, file = the_error(tmp_path, "kind: employees\n" + "\n".join(levels) + "\n")
    assert isinstance(err, YamlError)
    assert err.render() == (
        f"{file}:5:24: aliases expand to more than 5,000 values; write the values out or use "
        "fewer aliases\n"
        "    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "                           ^")


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\n# " + "x" * 1_000_000 + "\n")
    assert str(err) == (f"{file}:1:1: file is larger than 1,000,000 bytes, the limit for a "
                        "rules file")


def test_invalid_utf8_names_line_and_byte(tmp_path):
    err, file = the_error(tmp_path, b"kind: employees\nhire:\n  - id: caf\xe9\n")
    assert err.render() == (f"{file}:3:12: invalid utf-8 byte 0xe9 at byte offset 33 (line 3, "
                            "byte 12 of the line); save the file as utf-8\n"
                            "      - id: caf\ufffd\n"
                            "               ^")
    # the column counts characters, the message bytes
    (tmp_path / "b").mkdir()
    err, file = the_error(tmp_path / "b", "kind: employees\nname: \u00e9t\u00e9 ".encode()
                          + b"\xff\n")
    assert str(err).startswith(f"{file}:2:11: invalid utf-8 byte 0xff at byte offset 28 "
                               "(line 2, byte 13 of the line)")


def test_a_very_long_line_is_refused_with_its_length(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nconstraints: [" + "x" * 20_000 + "]\n")
    assert str(err) == f"{file}:2:10001: line 2 is 20,015 characters long; the limit is 10,000"
    assert err.render() == str(err)  # the line itself is not echoed


def test_deep_nesting_is_refused(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nconstraints: " + "[" * 70 + "]" * 70 + "\n")
    assert str(err) == f"{file}:2:77: nested too deeply, the limit is 64"


def test_huge_integer_is_refused(tmp_path):
    err, file = the_error(tmp_path,
                          "kind: employees\ndepute_values: {master: " + "9" * 5000 + "}\n")
    assert str(err) == f"{file}:2:25: the number 999999999999... has more than 15 digits"


def test_yaml_directive_is_refused_and_does_not_leak_into_later_files(tmp_path):
    err, file = the_error(tmp_path, "%YAML 1.1\n---\nkind: employees\n")
    assert err.render() == (f"{file}:1:1: yaml directives such as '%YAML' are not allowed in "
                            "rules files (every file is read as yaml 1.2); remove the line\n"
                            "    %YAML 1.1\n"
                            "    ^")
    later = tmp_path / "later.yaml"
    later.write_text("a: 010\nb: 0o10\nc: yes\nd: 3e0\ne: ~\n")
    assert read_document(later).data == {"a": 10, "b": 8, "c": "yes", "d": 3.0, "e": None}


def test_tags_are_refused(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nconstraints: !!foo [[1]]\n")
    assert err.render() == (f"{file}:2:14: yaml tags such as '!!foo' are not allowed in rules "
                            "files; remove it (quote a value to make it text)\n"
                            "    constraints: !!foo [[1]]\n"
                            "                 ^")


def test_colon_inside_an_effect_gets_a_hint_and_a_caret(tmp_path):
    err, file = the_error(tmp_path, CARD + "    bonus: if a: b\n")
    assert isinstance(err, YamlError)
    assert err.render() == (f"{file}:6:16: malformed yaml: a ':' followed by a space cannot "
                            "appear inside a plain value (hint: quote the effect, or use `|` "
                            "for a block)\n"
                            "        bonus: if a: b\n"
                            "                   ^")


def test_tab_indentation(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nhire:\n\t- id: x\n")
    assert str(err) == (f"{file}:3:1: malformed yaml: a tab character cannot indent yaml "
                        "(hint: indent with spaces)")


def test_duplicate_key_in_a_mapping(tmp_path):
    err, file = the_error(tmp_path, CARD + "    level: 2\n")
    assert str(err) == f"{file}:6:5: duplicate key 'level' (first at line 4)"


def test_two_documents_in_one_file(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\n---\nkind: employees\n")
    assert str(err) == f"{file}:2:1: a rules file holds one yaml document; remove the second '---'"


def test_control_character(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nconstraints: [\x01]\n")
    assert str(err) == (f"{file}:2:15: malformed yaml: the character '\\x01' (#x0001) is not "
                        "allowed in a rules file")


def test_misspelt_key_gets_did_you_mean(tmp_path):
    err, file = the_error(tmp_path, CARD + "    bonsu: gain 1 livre\n")
    assert isinstance(err, SchemaError)
    assert err.render() == (f"{file}:6:5: hire/0: unknown key 'bonsu' (did you mean 'bonus'?)\n"
                            "        bonsu: gain 1 livre\n"
                            "        ^")


def test_bonus_and_final_together_is_a_sentence(tmp_path):
    err, file = the_error(tmp_path, CARD + "    bonus: gain 1 livre\n    final: gain 1 prestige\n")
    assert err.render() == (f"{file}:7:5: hire/0: cannot have both 'bonus' and 'final'; keep "
                            "one of them\n"
                            "        final: gain 1 prestige\n"
                            "        ^")


@pytest.mark.parametrize("written", ["3e0", "2.5", "1.0", "true"])
def test_a_whole_number_must_be_written_as_one(tmp_path, written):
    err, file = the_error(tmp_path, "kind: employees\nhire:\n"
                                    f"  - {{id: x.card, level: {written}, type: master}}\n")
    assert err.render() == (f"{file}:3:25: hire/0/level: should be a whole number, not {written}\n"
                            f"      - {{id: x.card, level: {written}, type: master}}\n"
                            "                            ^")


def test_a_fractional_garment_prestige_points_at_the_garment(tmp_path):
    pack = write(tmp_path / "g", {"garments.yaml": (
        "kind: garments\ngarments:\n"
        "  - {id: blue_99, color: blue, silk: {blue: 1}, thread: 0, lace: 0,"
        " master: false, value: 6, prestige: 3e0}\n")}, "g")
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert str(err) == (f"{pack / 'garments.yaml'}:3:104: garments/0/prestige: should be a "
                        "whole number, not 3e0")


def test_unknown_enum_value_gets_did_you_mean(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    level: 1\n"
                                    "    type: mastre\n")
    assert str(err) == (f"{file}:5:11: unknown employee type 'mastre' (did you mean 'master'?) "
                        "(known: master, journeyman, apprentice; a module adds employee types "
                        "in a flow document)")


def test_missing_required_key(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    type: master\n")
    assert str(err) == f"{file}:3:5: hire/0: missing key 'level'"


def test_unknown_kind_gets_did_you_mean(tmp_path):
    err, file = the_error(tmp_path, "kind: employes\n")
    assert str(err) == (f"{file}:1:7: unknown kind 'employes' (expected one of module, game, "
                        "actions, employees, garments, resources, board, words, flow, components) "
                        "(did you mean 'employees'?)")


def test_built_in_files_are_named_by_their_repository_paths(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nhire:\n"
                                    "  - {id: l1.livre, level: 1, type: master}\n")
    from interpreter.core.schemas import RULES_DIR
    line = next(i for i, text in enumerate((RULES_DIR / "base" / "employees.yaml").read_text()
                                           .splitlines(), 1) if "id: l1.livre" in text)
    assert str(err) == (f"{file}:3:10: duplicate employee id 'l1.livre' (first defined at "
                        f"rules/base/employees.yaml:{line}:9); use 'replace: true' to replace it")


def test_a_module_file_outside_its_folder_is_refused(tmp_path):
    (tmp_path / "x.yaml").write_text("kind: employees\n")
    pack = write(tmp_path / "pack", {}, listed=["../x.yaml"])
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert err.render() == (f"{pack / 'module.yaml'}:6:11: file '../x.yaml' is outside the "
                            f"module's folder {pack}\n"
                            "      files: [../x.yaml]\n"
                            "              ^")


@pytest.mark.parametrize("key, hint", [("employes", " (did you mean 'employees'?)")])
def test_remove_names_only_what_it_can_remove(tmp_path, key, hint):
    err, file = the_error(tmp_path, f"kind: employees\nremove: {{{key}: [l1.livre]}}\n")
    assert str(err) == f"{file}:2:10: remove: unknown key {key!r}{hint}"


def test_a_builder_error_shows_its_line_too(tmp_path):
    err, _file = the_error(tmp_path, "kind: employees\nhire:\n"
                                    "  - {id: l1.nothing, replace: true, level: 1, type: master}\n")
    assert err.render().splitlines()[1:] == [
        "      - {id: l1.nothing, replace: true, level: 1, type: master}",
        "             ^"]


def test_an_absurd_drawer_count_is_a_schema_error(tmp_path):
    from interpreter.core.schemas import RULES_DIR
    board = (RULES_DIR / "base" / "board.yaml").read_text()
    pack = write(tmp_path / "b", {"board.yaml": (
        board.replace("kind: board", "kind: board\nreplace: true", 1)
             .replace("{drawers: 3, tiles_per_drawer: 3}",
                      "{drawers: 100000000, tiles_per_drawer: 3}"))}, "b")
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert err.message == ("sides/0/resource_display/drawers: should be at most 20, "
                           "not 100000000")


def test_a_pack_may_replace_the_board(tmp_path):
    from interpreter.core.schemas import RULES_DIR
    board = (RULES_DIR / "base" / "board.yaml").read_text()
    pack = write(tmp_path / "b", {"board.yaml": (
        board.replace("kind: board", "kind: board\nreplace: true", 1)
             .replace("{drawers: 3, tiles_per_drawer: 3}", "{drawers: 4, tiles_per_drawer: 3}"))},
                 "b")
    rules = load_ruleset(extra_paths=[pack])
    assert [side.drawers for side in rules.sides] == [4, 3]


@pytest.mark.parametrize("cards, expected", [
    (CARD + "    name: Tailor: the best\n",
     ":6:17: malformed yaml: a ':' followed by a space cannot appear inside a plain value "
     "(hint: quote the value)"),
    (CARD + "   bonus: gain 1 livre\n",
     ":6:4: malformed yaml: this line's indentation does not fit the lines above it "
     "(hint: indent it like the other entries of its list or mapping)"),
    ("kind: employees\nhire:\n  - id: x.card\n    level 1\n    type: master\n",
     ":5:5: malformed yaml: this line or the one above is neither 'key: value' nor a list "
     "item '- ...' "
     "(hint: check the ':' after the key and the indentation)"),
    ("kind: employees\nconstraints: ['a', 'b\n",
     ":3:1: malformed yaml: the file ends inside an unfinished value "
     "(hint: close the quote or bracket)"),
])
def test_yaml_syntax_errors_are_sentences_with_hints(tmp_path, cards, expected):
    err, file = the_error(tmp_path, cards)
    assert str(err) == file + expected


def test_plain_scalars_follow_the_yaml_1_2_core_schema(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("a: [true, True, false, null, ~, '', 010, 0o10, 0x1F, 3e0, .5, yes, on, "
                    "1_000, +5, -3, '7']\nb:\n")
    assert read_document(path).data == {
        "a": [True, True, False, None, None, "", 10, 8, 31, 3.0, 0.5, "yes", "on", "1_000",
              5, -3, "7"], "b": None}


def test_a_big_file_keeps_the_c_parser_message_at_the_same_place(tmp_path):
    err, file = the_error(tmp_path, "kind: employees\nconstraints:\n"
                                    + "  - abc def ghi jkl\n" * 4000 + "  - x: y: z\n")
    assert str(err) == (f"{file}:4003:9: malformed yaml: a ':' followed by a space cannot appear "
                        "inside a plain value (hint: quote the value)")


def test_thousands_of_schema_errors_are_summarised(tmp_path):
    pack = pack_with(tmp_path, "kind: employees\n" + "".join(f"k{i}: 1\n" for i in range(3000)))
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    errors = info.value.errors
    assert len(errors) == 51
    assert str(errors[-1]) == (f"{pack / 'cards.yaml'}:52:1: document: and 2,950 more unknown "
                               "keys")


def test_many_errors_of_different_kinds_are_capped_per_file(tmp_path):
    cards = "kind: employees\nhire:\n" + "".join(
        f"  - {{id: c.x{i}, level: 1, type: master, depute_value: -1}}\n" for i in range(80))
    pack = pack_with(tmp_path, cards)
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    errors = info.value.errors
    assert len(errors) == 51
    column = cards.splitlines()[52].index("-1") + 1
    assert str(errors[-1]) == (f"{pack / 'cards.yaml'}:53:{column}: and 30 more schema errors "
                               "in this file from here on (fix the ones above first)")


def test_a_hire_level_listed_twice_is_refused(tmp_path):
    from interpreter.core.schemas import RULES_DIR
    game = (RULES_DIR / "base" / "game.yaml").read_text()
    pack = write(tmp_path / "g", {"game.yaml": (
        game.replace("kind: game", "kind: game\nreplace: true", 1)
            .replace("hire_deck_levels: [1, 2, 3, 4, 5, 6]", "hire_deck_levels: [1, 2, 2, 3]"))},
                 "g")
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    line = next(i for i, text in enumerate((pack / "game.yaml").read_text().splitlines(), 1)
                if text.startswith("hire_deck_levels"))
    assert err.render() == (f"{pack / 'game.yaml'}:{line}:19: hire_deck_levels: lists 2 more than "
                            "once; each may appear once\n"
                            "    hire_deck_levels: [1, 2, 2, 3]\n"
                            "                      ^")
