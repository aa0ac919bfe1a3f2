"""The house's layers, as drawn in docs/how-it-is-built.md, hold in the code.

import-linter reads the contracts from pyproject.toml: `interpreter` is layered (cli, then the
tool packages, independent of each other, then loading, verbs, core, and `rulesdsl` at the
bottom), and no package's modules import each other in a cycle.
"""
from __future__ import annotations

import os
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
    assert "2 kept, 0 broken" in out


@pytest.mark.parametrize("package", ["core", "verbs", "loading", "scenario", "sim", "env", "editor", "ui",
                                     "cli"])
def test_every_layer_is_a_package_with_a_docstring(package):
    init = ROOT / "interpreter" / package / "__init__.py"
    assert init.is_file()
    assert init.read_text().startswith('"""'), f"say what {package}/ is for in its __init__"
