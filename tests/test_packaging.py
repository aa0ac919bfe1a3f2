"""The built package carries every rules and schema file (a wheel without them is a dead tool).

The full check (build the wheel, install it in a fresh venv, play from outside the checkout) is
in .ci/run; this one catches a data file that the package-data patterns would leave out.
"""
from __future__ import annotations

import glob
import tomllib
from pathlib import Path

from interpreter.core.schemas import DATA_DIR, RULES_DIR, SCHEMAS_DIR

ROOT = Path(__file__).resolve().parents[1]


def test_package_data_patterns_cover_every_rules_and_schema_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["interpreter"]
    package = ROOT / "interpreter"
    shipped = {Path(p).relative_to(package / "_data").as_posix()
               for pattern in patterns if pattern.startswith("_data/")
               for p in glob.glob(str(package / pattern), recursive=True) if Path(p).is_file()}
    on_disk = {p.relative_to(ROOT).as_posix() for folder in ("rules", "schemas")
               for p in (ROOT / folder).rglob("*") if p.is_file()}
    assert on_disk and shipped == on_disk


def test_every_python_package_is_listed_for_the_wheel():
    """A subpackage missing from `packages` is missing from the wheel (rococo bench once was)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {init.parent.relative_to(ROOT).as_posix().replace("/", ".")
             for top in ("interpreter", "rulesdsl") for init in (ROOT / top).rglob("__init__.py")
             if "_data" not in init.parts}
    assert found == listed


def test_built_in_data_is_read_from_inside_the_package():
    assert Path(__file__).resolve().parents[1] / "interpreter" / "_data" == DATA_DIR or \
        "site-packages" in str(DATA_DIR)
    assert RULES_DIR.joinpath("base", "module.yaml").is_file()
    assert SCHEMAS_DIR.joinpath("employees.schema.json").is_file()


def test_the_web_pages_are_package_data():
    """`rococo serve` from a wheel needs its static files (interpreter/web/static)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["interpreter.web"]
    package = ROOT / "interpreter" / "web"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    on_disk = {p for p in (package / "static").rglob("*") if p.is_file()}
    assert {p.name for p in on_disk} >= {"index.html", "game.html", "game.js", "app.css"}
    assert shipped == on_disk
