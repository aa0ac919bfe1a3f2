"""The house's layers, as drawn in docs/how-it-is-built.md, hold in the code.

import-linter reads the contracts from pyproject.toml: `interpreter` is layered (cli, then the
tool packages, independent of each other, then loading, verbs, core, and `rulesdsl` at the
bottom), no package's modules import each other in a cycle (type-only imports count), and the
core's question protocol is layered.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def test_layer_and_cycle_contracts_are_kept(capsys):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "3 kept, 0 broken" in out


def test_type_only_imports_count_so_the_core_has_no_import_circle():
    """Issue 34: an import made only for annotations counts (a module names what it is given by
    a Protocol instead), so the cycle contract sees the circle one would close; the question
    protocol's modules are layered, the game above its scripting, contexts, questions, trial
    runs and journal."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    linter = config["tool"]["importlinter"]
    assert linter["exclude_type_checking_imports"] is False
    layers = next(c["layers"] for c in linter["contracts"] if c["name"].startswith(
        "the core's question protocol"))
    assert layers == [f"interpreter.core.{m}" for m in (
        "engine", "scripting", "context", "questions", "trial", "journal")]


@pytest.mark.parametrize("package", ["core", "verbs", "loading", "scenario", "sim", "env", "editor", "ui",
                                     "cli"])
def test_every_layer_is_a_package_with_a_docstring(package):
    init = ROOT / "interpreter" / package / "__init__.py"
    assert init.is_file()
    assert init.read_text().startswith('"""'), f"say what {package}/ is for in its __init__"
