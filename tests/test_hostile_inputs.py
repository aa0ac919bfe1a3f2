"""Hostile inputs, second round (issue 17): module cycles, quantities past the ceiling, saves,
flow patches without steps, duplicate ids, absurd setup numbers. Each is refused (or stopped)
with a position and a sentence; never a traceback, never a silent change."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import RulesErrors, load_ruleset
from interpreter.cli.main import main


def write_pack(folder: Path, mid: str, requires: list[str], files: dict[str, str] | None = None,
               ) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    files = files or {}
    listed = ", ".join(files)
    (folder / "module.yaml").write_text(
        f"module:\n  id: {mid}\n  kind: custom\n  name: pack {mid}\n"
        f"  requires: [{', '.join(requires)}]\n  files: [{listed}]\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


# ---- 1. cyclic requires ---------------------------------------------------------------------

def test_a_module_that_requires_itself_is_a_positioned_cycle(tmp_path):
    pack = write_pack(tmp_path / "s", "s", ["base", "s"])
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert str(err).splitlines()[0] == (
        f"{pack / 'module.yaml'}:5:20: module 's' requires itself: s -> s")


def test_two_modules_that_require_each_other_name_the_cycle(tmp_path):
    a = write_pack(tmp_path / "a", "a", ["base", "b"])
    b = write_pack(tmp_path / "b", "b", ["a"])
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[a, b])
    [err] = info.value.errors
    assert str(err).splitlines()[0] == (
        f"{b / 'module.yaml'}:5:14: modules require each other in a cycle: a -> b -> a")


def test_a_longer_cycle_is_named_in_full(tmp_path):
    packs = [write_pack(tmp_path / "a", "a", ["base", "b"]),
             write_pack(tmp_path / "b", "b", ["c"]),
             write_pack(tmp_path / "c", "c", ["a"])]
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=packs)
    [err] = info.value.errors
    assert "modules require each other in a cycle: a -> b -> c -> a" in str(err)
    assert err.span.file == str(packs[2] / "module.yaml")


@pytest.mark.parametrize("command", [["validate", "{pack}"],
                                     ["play", "--humans", "0", "--module", "{pack}"]])
def test_validate_and_play_report_a_cycle_without_a_traceback(tmp_path, capsys, command):
    pack = write_pack(tmp_path / "s", "s", ["base", "s"])
    assert main([arg.format(pack=pack) for arg in command]) == 1
    err = capsys.readouterr().err
    assert "module 's' requires itself: s -> s" in err
    assert "Traceback" not in err and "RecursionError" not in err


# ---- 4. flow patches, duplicate ids, set-up numbers ------------------------------------------

def load_errors(pack: Path) -> list:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    return info.value.errors


def test_a_flow_patch_whose_phase_has_no_steps_is_a_schema_error(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: extra\n"
        "      name: Extra\n")})
    [err] = load_errors(pack)
    assert str(err).splitlines()[0] == (
        f"{pack / 'flow.yaml'}:5:7: patches/0/phase: needs exactly one of the keys each_player, "
        "turns, once, steps")


def test_a_flow_patch_whose_phase_has_an_empty_step_list_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: extra\n"
        "      steps: []\n")})
    [err] = load_errors(pack)
    assert err.span.line == 6 and "should be non-empty" in err.message


def test_a_procedure_defined_twice_is_refused_at_the_second(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nprocedures:\n  - id: twice\n    effect: gain 1 livre\n"
        "  - id: twice\n    effect: gain 2 livre\n")})
    [err] = load_errors(pack)
    flow = pack / "flow.yaml"
    assert str(err).splitlines()[0] == (
        f"{flow}:5:9: duplicate procedure id 'twice' (first at {flow}:3:9)")


def test_a_procedure_defined_again_by_another_module_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nprocedures:\n  - id: take_favor_if_free\n    effect: gain 1 livre\n")})
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack], expansions=["expert_tailoring"])
    [err] = info.value.errors
    assert err.span.file == str(pack / "flow.yaml") and err.span.line == 3
    assert err.message.startswith("duplicate procedure id 'take_favor_if_free' (first at "
                                  "rules/expansions/expert_tailoring/flow.yaml:6:9)")


def test_a_zone_declared_twice_is_refused_at_the_second(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nzones:\n  - id: pile\n    holds: garments\n"
        "  - id: pile\n    holds: tiles\n")})
    [err] = load_errors(pack)
    flow = pack / "flow.yaml"
    assert str(err).splitlines()[0] == f"{flow}:5:9: duplicate zone id 'pile' (first at {flow}:3:9)"


def test_a_module_zone_may_not_take_a_pile_of_the_game(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nzones:\n  - id: garment_bag\n    holds: tiles\n")})
    [err] = load_errors(pack)
    assert err.span.line == 3
    assert err.message.startswith("duplicate zone id 'garment_bag' (first at "
                                  "rules/base/game.yaml:")


@pytest.mark.parametrize("key, value, limit", [("min_staff", 100000000, 20),
                                               ("livre", 10**9, 1000),
                                               ("thread", 5000, 100), ("lace", 5000, 100)])
def test_set_up_numbers_have_an_upper_bound(tmp_path, key, value, limit):
    game = (Path(__file__).resolve().parents[1] / "rules" / "base" / "game.yaml").read_text()
    old = {"min_staff": "min_staff: 4", "livre": "livre: 15", "thread": "thread: 1",
           "lace": "lace: 1"}[key]
    assert old in game
    pack = write_pack(tmp_path / "p", "p", ["base"], {
        "game.yaml": "replace: true\n" + game.replace(old, f"{key}: {value}", 1)})
    [err] = load_errors(pack)
    assert err.message == f"setup/{key}: should be at most {limit}, not {value}"
    assert err.span.file == str(pack / "game.yaml")
