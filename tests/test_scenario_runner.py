"""The scenario runner itself: failures at their own file:line:column with expected and actual
values, positioned schema errors, refused answers that change nothing, custom modules."""
from __future__ import annotations

import textwrap

import pytest

from interpreter.cli.main import main
from interpreter.scenario.files import read_scenarios, run_scenario
from rulesdsl import RulesErrors

INCOME = """\
scenarios:
  - name: kitchen income
    rulebook: "Eve collects an income of 8 Livre (5+3)."
    names: {eve: 1}
    position:
      players:
        eve:
          decorations: [kitchen_right.1]
          garments: {hall_2.1: blue_01, hall_3.1: blue_02, hall_4.1: blue_03}
    run: {step: income, seat: eve}
    expect:
      players:
        eve: {livre: %s}
"""


def write(tmp_path, text: str, name: str = "case.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_a_passing_file_exits_0_with_the_summary(tmp_path, capsys):
    path = write(tmp_path, INCOME % 8)
    assert main(["test", str(path)]) == 0
    assert capsys.readouterr().out == "1 passed, 0 failed\n"


def test_a_failing_expectation_is_reported_at_its_line_and_column(tmp_path, capsys):
    path = write(tmp_path, INCOME % 9)
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"FAIL  {path}:2:5: kitchen income"
    # `livre: 9` is on line 13; its value starts at column 22
    assert out[1] == f"  {path}:13:22: eve's livre: expected 9, got 8"
    assert out[2] == " " * 6 + "        eve: {livre: 9}"
    assert out[3] == " " * 6 + " " * 21 + "^"
    assert out[-1] == "0 passed, 1 failed"


def test_run_scenario_returns_the_positioned_failures(tmp_path):
    path = write(tmp_path, INCOME % 9)
    (scenario,) = read_scenarios(path).scenarios
    (failure,) = run_scenario(scenario)
    assert (failure.code, failure.span.line, failure.span.column) == ("expect", 13, 22)
    assert failure.message == "eve's livre: expected 9, got 8"


def test_a_malformed_file_gets_positioned_schema_errors(tmp_path, capsys):
    path = write(tmp_path, """\
        scenarios:
          - name: broken
            players: 7
            run: {step: income, sead: 1}
        """)
    with pytest.raises(RulesErrors) as info:
        read_scenarios(path)
    messages = [str(e) for e in info.value.errors]
    assert messages == [f"{path}:3:14: scenarios/0/players: 7 is greater than the maximum of 5",
                        f"{path}:4:31: scenarios/0/run: unknown key ('sead' was unexpected)"]
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {path}:3:14: not a valid scenario file" in out
    assert out.endswith("0 passed, 1 failed\n")


def test_malformed_yaml_is_positioned(tmp_path, capsys):
    path = write(tmp_path, "scenarios:\n  - name: [unclosed\n")
    assert main(["test", str(path)]) == 1
    assert f"{path}:3:1: malformed yaml" in capsys.readouterr().out


def test_an_answer_not_offered_refuses_the_run_and_changes_nothing(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: a drawer of one is free
            position:
              players: {0: {livre: 3}}
              drawers: [[res_01, res_02], [res_03], []]
            run:
              action: acquire
              answers: [{drawer: 1, tile: res_03, price: 2}]
              refused: not a legal answer
            expect:
              players: {0: {livre: 3, tiles: []}}
          - name: the same answer unexpected
            position:
              players: {0: {livre: 3}}
              drawers: [[res_01, res_02], [res_03], []]
            run:
              action: acquire
              answers: [{drawer: 1, tile: res_03, price: 2}]
        """)
    first, second = read_scenarios(path).scenarios
    assert run_scenario(first) == []
    (failure,) = run_scenario(second)
    assert str(failure).startswith(
        f"{path}:18:17: the run was refused: {{\"drawer\": 1, \"tile\": \"res_03\", \"price\": 2}}"
        " is not a legal answer to 'acquire a resource tile' (legal: ")


def test_a_run_expected_refused_that_is_done_fails(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: not refused
            run: {effect: gain 2 livre, refused: true}
        """)
    (failure,) = run_scenario(read_scenarios(path).scenarios[0])
    assert str(failure) == f"{path}:3:42: expected the run to be refused, but it was not"


PROMPT = "choose a number for n"


def test_offered_and_not_offered_options_are_checked(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: questions
            position:
              players: {0: {livre: 13}}
            run:
              effect: |
                let n = choose number from 1 to floor(my.livre / 4)
                pay 4 * n livre
                gain n prestige
              answers: [2]
              questions:
                - kind: number
                  offered: [3, 4]
                  not_offered: [1]
            expect:
              players: {0: {livre: 5, prestige: 2}}
        """)
    failures = [str(f) for f in run_scenario(read_scenarios(path).scenarios[0])]
    assert failures == [
        f"{path}:13:24: 4 is not offered at '{PROMPT}' (offered: 1; 2; 3)",
        f"{path}:14:25: 1 is offered at '{PROMPT}'"]


def test_unknown_ids_and_effect_errors_point_into_the_scenario_file(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: typo in a garment
            position:
              players: {0: {garments: {hall_2.1: blue_1}}}
            run: {effect: gain 1 livre}
          - name: typo in the effect
            run: {effect: gain count(my.garmnts) livre}
        """)
    first, second = read_scenarios(path).scenarios
    assert [str(f) for f in run_scenario(first)] == \
        [f"{path}:4:42: unknown garment 'blue_1' (did you mean 'blue_13'?)"]
    assert [str(f) for f in run_scenario(second)] == \
        [f"{path}:7:30: unknown name 'my.garmnts' (did you mean 'my.garments'?)"]


def test_a_scenario_loads_its_own_modules(tmp_path):
    (tmp_path / "pack").mkdir()
    write(tmp_path, """\
        kind: employees
        hire:
          - id: z.prestige
            level: 3
            type: journeyman
            bonus: gain 8 prestige
        """, "pack/cards.yaml")
    path = write(tmp_path, """\
        modules: [pack/cards.yaml]
        scenarios:
          - name: the new card's bonus
            run: {bonus: z.prestige}
            expect:
              players: {0: {prestige: 8, score: {play: 8}}}
        """)
    assert run_scenario(read_scenarios(path).scenarios[0]) == []


def test_placing_an_id_moves_it(tmp_path):
    """A garment put on a guest space leaves the display, a hire card put in a hand leaves the
    deck or display: every id is in one place."""
    path = write(tmp_path, """\
        scenarios:
          - name: moves
            position:
              players:
                0:
                  hand: [l1.livre]
                  garments: {hall_2.1: blue_01}
            run: {effect: gain 0 livre}
            expect:
              garment_display: {excludes: [blue_01]}
              garment_bag: {excludes: [blue_01]}
              hire_display: {excludes: [l1.livre]}
              hire_deck: {excludes: [l1.livre]}
              players:
                0:
                  hand: [l1.livre]
                  garments: {hall_2.1: blue_01}
                  supply: {unordered: [master_1, master_2, journeyman, apprentice_1,
                                       apprentice_2]}
        """)
    assert run_scenario(read_scenarios(path).scenarios[0]) == []


def test_a_missing_path_is_a_clear_error(tmp_path, capsys):
    assert main(["test", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_a_folder_runs_its_scenario_files_only(tmp_path, capsys):
    write(tmp_path, INCOME % 8, "a.yaml")
    write(tmp_path, "kind: employees\nhire: []\n", "rules.yaml")
    assert main(["test", "-v", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "kitchen income" in out and out.endswith("1 passed, 0 failed\n")


def test_two_scenarios_of_one_name_are_refused(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: same
            run: {effect: gain 1 livre}
          - name: same
            run: {effect: gain 2 livre}
        """)
    with pytest.raises(RulesErrors) as info:
        read_scenarios(path)
    assert [str(e) for e in info.value.errors] == \
        [f"{path}:4:11: scenario name 'same' is used twice (first at {path}:2:11)"]


def test_with_no_path_the_built_in_scenarios_run_and_pass(capsys):
    assert main(["test"]) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    passed = int(summary.split()[0])
    assert summary == f"{passed} passed, 0 failed" and passed >= 40


def test_a_flow_run_plays_real_decisions_and_refuses_an_illegal_one(tmp_path):
    path = write(tmp_path, """\
        scenarios:
          - name: select
            players: 2
            position: {start_player: 0}
            run:
              flow: select
              answers: [master_1, master_1]
              refused: not a legal answer
            expect:
              players: {0: {hand: [master_1]}}
        """)
    assert run_scenario(read_scenarios(path).scenarios[0]) == []


def test_a_scenario_file_may_add_expansions(tmp_path):
    path = write(tmp_path, """\
        expansions: [fancy_dresses]
        scenarios:
          - name: with an expansion
            run: {effect: gain 1 livre}
            expect:
              players: {0: {livre: 1}}
        """)
    assert run_scenario(read_scenarios(path).scenarios[0]) == []
    path.write_text(path.read_text().replace("fancy_dresses", "fancy_dress"))
    (failure,) = run_scenario(read_scenarios(path).scenarios[0])
    assert str(failure).startswith(f"{path}:1:13: its rules modules do not load: ")
    assert "unknown module 'fancy_dress' (did you mean 'fancy_dresses'?)" in str(failure)


def test_an_each_player_step_runs_for_every_player_without_seat(tmp_path, capsys):
    """Rulebook, Phase 4: "Each player receives 5 Livre" - a step run once per player in a
    game runs for every player in a scenario too (a clean board: no Livre), unless `seat`
    names whom."""
    path = write(tmp_path, """\
        scenarios:
          - name: everyone collects income
            players: 3
            run: {step: income}
            expect:
              by_seat: {livre: [5, 5, 5]}
          - name: only seat 1 when seat says so
            players: 3
            run: {step: income, seat: 1}
            expect:
              by_seat: {livre: [0, 5, 0]}
        """)
    assert main(["test", str(path)]) == 0, capsys.readouterr().out


def test_a_short_garment_display_leaves_the_cheaper_spaces_empty(tmp_path, capsys):
    path = write(tmp_path, """\
        scenarios:
          - name: two garments on display
            position:
              garment_display: [blue_01, pink_01]
            run: {effect: gain 1 livre}
            expect:
              garment_display: [blue_01, pink_01, null, null, null, null, null, null]
          - name: nine is one too many
            position:
              garment_display: [null, null, null, null, null, null, null, null, blue_01]
            run: {effect: gain 1 livre}
            expect: {}
        """)
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:10:24: the garment display has 8 spaces, not 9" in out, out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_a_failure_names_a_player_called_by_a_pronoun_with_its_own_possessive():
    """du Barry's scenarios name her seat `her`: a failure reads "her livre", not "her's"."""
    from interpreter.scenario.expect import possessive
    assert [possessive(n) for n in ("eve", "seat 1", "her", "me")] == \
        ["eve's", "seat 1's", "her", "my"]
