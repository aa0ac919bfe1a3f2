"""DESIGN.md: 'No card, garment or space is special-cased in Python', and rulesdsl/ knows no
Rococo name."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from interpreter import load_ruleset

ROOT = Path(__file__).resolve().parents[1]


def code_strings(folder: str) -> list[tuple[str, str]]:
    """Every string literal in the package's code, docstrings excepted."""
    out = []
    for path in sorted((ROOT / folder).glob("*.py")):
        tree = ast.parse(path.read_text())
        docstrings = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docstrings.add(id(first.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                out.append((path.name, node.value))
    return out


def test_no_python_file_names_a_card_garment_tile_or_space():
    rules = load_ruleset()
    ids = set(rules.employees) | set(rules.garments) | set(rules.tiles)
    for side in rules.sides:
        ids |= set(side.guest_spaces) | set(side.decorations) | {h.id for h in side.halls}
    offenders = [f"{name}: {text!r}" for folder in ("interpreter", "rulesdsl")
                 for name, text in code_strings(folder) if text in ids]
    assert offenders == []


def test_rulesdsl_code_knows_no_rococo_word():
    words = ("garment", "livre", "tailor", "prestige", "decoration", "employee", "silk")
    offenders = [(name, text) for name, text in code_strings("rulesdsl")
                 if any(re.search(rf"\b{w}\b", text, re.IGNORECASE) for w in words)]
    assert offenders == []


def test_no_python_file_compares_an_area_with_its_name():
    """An area is data (the board's `areas:`, the halls' musicians): code that singles one out
    reads its id from the model (`MUSICIANS`), never compares with the word itself. The bench's
    hand-written scoring is exempt: it is the reference the compiled effects are timed against."""
    from interpreter.core.model import MUSICIANS

    areas = {MUSICIANS}
    for modules in (None, ("base", "deluxe", "jewelry_box")):
        for side in load_ruleset(modules).sides:
            areas |= set(side.areas)
    exempt = {ROOT / "interpreter" / "sim" / "bench" / "reference.py"}
    offenders = []
    for path in sorted((ROOT / "interpreter").rglob("*.py")):
        if path in exempt:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                offenders += [f"{path.relative_to(ROOT)}:{node.lineno}: {c.value!r}"
                              for c in (node.left, *node.comparators)
                              if isinstance(c, ast.Constant) and c.value in areas]
    assert offenders == []
