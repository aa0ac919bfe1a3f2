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
