"""Bad rules input gets a clear, positioned message and changes nothing (DESIGN.md, STYLE.md 4-5)."""
from __future__ import annotations

from pathlib import Path

import packwriter
import pytest

from interpreter import RulesErrors, load_ruleset
from interpreter.core.errors import IdError, ModuleError, SchemaError, YamlError
from rulesdsl import EffectNameError, EffectSyntaxError


def write_pack(tmp_path: Path, cards: str) -> Path:
    return packwriter.write(tmp_path / "pack", {"cards.yaml": cards})


def errors_of(pack: Path) -> list:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    return info.value.errors


def test_unknown_name_has_position_and_did_you_mean(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    level: 1\n"
                                "    type: master\n    bonus: gain count(my.garmnts) livre\n")
    [err] = errors_of(pack)
    assert isinstance(err, EffectNameError)
    assert str(err).endswith("cards.yaml:6:23: unknown name 'my.garmnts' "
                             "(did you mean 'my.garments'?)")
    assert err.render().splitlines()[-1].index("^") - 4 == 22


def test_syntax_error_in_block_scalar_points_into_the_file(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    level: 1\n"
                                "    type: master\n    bonus: |\n      gain 2 livre\n"
                                "      gain 3 +\n")
    [err] = errors_of(pack)
    assert isinstance(err, EffectSyntaxError)
    assert err.span.line == 8
    assert err.span.file.endswith("cards.yaml")


def test_every_error_is_reported_at_once_sorted_by_line(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n"
                                "  - {id: a.card, level: 1, type: master, bonus: gain 1 livr}\n"
                                "  - {id: b.card, level: 1, type: master, bonus: tailr}\n")
    errs = errors_of(pack)
    assert [e.span.line for e in errs] == [3, 4]
    assert "unknown resource 'livr'" in str(errs[0]) or "livr" in str(errs[0])
    assert "did you mean 'tailor'" in str(errs[1])


def test_schema_violation_names_the_key_and_line(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    level: 1\n"
                                "    type: master\n    depute_value: lots\n")
    [err] = errors_of(pack)
    assert isinstance(err, SchemaError)
    assert err.span.line == 6
    assert "hire/0/depute_value" in err.message and "lots" in err.message


def test_an_unknown_employee_type_is_named_with_the_known_ones(tmp_path):
    """Employee types come from the rules (game.yaml's employee_types, and modules')."""
    pack = write_pack(tmp_path, "kind: employees\nhire:\n  - id: x.card\n    level: 1\n"
                                "    type: wizard\n")
    [err] = errors_of(pack)
    assert err.span.line == 5
    assert err.message == ("unknown employee type 'wizard' (known: master, journeyman, "
                           "apprentice; a module adds employee types in a flow document)")


def test_malformed_yaml(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire: [\n  - id: x\n")
    [err] = errors_of(pack)
    assert isinstance(err, YamlError)
    assert err.message.startswith("malformed yaml")
    assert err.span.file.endswith("cards.yaml") and err.span.line >= 2


def test_duplicate_id_needs_replace_and_names_both_places(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n"
                                "  - {id: l1.livre, level: 1, type: master, bonus: gain 1 livre}\n")
    [err] = errors_of(pack)
    assert isinstance(err, IdError)
    assert "duplicate employee id 'l1.livre'" in err.message
    assert "rules/base/employees.yaml:" in err.message and err.span.line == 3


def test_replace_and_remove(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nremove: {employees: [l1.thread_or_lace]}\nhire:\n"
                                "  - {id: l1.livre, replace: true, level: 1, type: master,"
                                " bonus: gain 9 livre}\n")
    rules = load_ruleset(extra_paths=[pack])
    assert "l1.thread_or_lace" not in rules.employees
    assert rules.employees["l1.livre"].bonus.source == "gain 9 livre"
    assert rules.employees["l1.livre"].type == "master"


def test_replacing_an_unknown_id_is_an_error(tmp_path):
    pack = write_pack(tmp_path, "kind: employees\nhire:\n"
                                "  - {id: l1.nothing, replace: true, level: 1, type: master}\n")
    [err] = errors_of(pack)
    assert "cannot replace unknown employee id 'l1.nothing'" in err.message


def test_unknown_required_module(tmp_path):
    pack = packwriter.write(tmp_path / "p", {}, "p", requires=["velvet_box"])
    [err] = errors_of(pack)
    assert isinstance(err, ModuleError)
    assert "unknown module 'velvet_box' (required by 'p')" in err.message


def test_conflicting_modules(tmp_path):
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "module.yaml").write_text("module:\n  id: p\n  kind: custom\n  name: p\n"
                                      "  requires: [base]\n  conflicts: [deluxe]\n  files: []\n")
    [err] = errors_of(pack)
    assert "module 'p' conflicts with 'deluxe'" in err.message


def test_a_failed_load_leaves_the_built_in_rules_untouched(tmp_path):
    before = load_ruleset().fingerprint
    pack = write_pack(tmp_path, "kind: employees\nhire:\n  - {id: l1.livre, level: 1, type: x}\n")
    errors_of(pack)
    assert load_ruleset().fingerprint == before


def test_two_editions_are_refused(tmp_path):
    pack = packwriter.write(tmp_path / "e", {}, "other_edition", kind="edition")
    [err] = errors_of(pack)
    assert isinstance(err, ModuleError)
    assert err.message == "a ruleset takes one edition, got deluxe, other_edition"
    assert err.span.line == 3


def test_a_pack_may_replace_and_remove_garments_and_tiles(tmp_path):
    pack = packwriter.pack(tmp_path, {
        "garments.yaml": "kind: garments\nremove: {garments: [pink_01]}\ngarments:\n"
                         "  - {id: blue_01, replace: true, color: blue, silk: {blue: 1}, "
                         "thread: 0, lace: 0, master: false, value: 6, prestige: 2}\n",
        "tiles.yaml": "kind: resources\ntiles:\n"
                      "  - {id: res_99, silk: {orange: 3}, bottom: thread+lace}\n"}, "g")
    rules = load_ruleset(extra_paths=[pack])
    assert "pink_01" not in rules.garments and rules.garments["blue_01"].value == 6
    assert rules.tiles["res_99"].conversions == (("thread", "lace"),)
    assert len(rules.garments) == 41 and len(rules.tiles) == 49
