"""A designer's pack written for a test, and the errors loading it gives: the loader's tests
(test_loader_checks.py, test_board_areas.py, test_loader_errors.py, test_hostile_round3.py...)
and conftest's `write_pack`."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from interpreter import RulesErrors, load_ruleset


def pack(tmp_path: Path, files: dict[str, str], mid: str = "pack",
         listed: Iterable[str] | None = None) -> Path:
    """Module `mid` in `tmp_path / mid` (`write`)."""
    return write(tmp_path / mid, files, mid, listed)


def write(folder: Path, files: dict[str, str], mid: str = "pack",
          listed: Iterable[str] | None = None, requires: Iterable[str] = ("base",),
          kind: str = "custom") -> Path:
    """Module `mid` of `kind` in `folder` (made if need be): a header naming `listed` (by
    default every file but those under scenarios/, which a module does not list) and what it
    `requires`, and the files, in subfolders as named."""
    folder.mkdir(parents=True, exist_ok=True)
    names = ", ".join(listed if listed is not None
                      else (f for f in files if not f.startswith("scenarios/")))
    (folder / "module.yaml").write_text(
        f"module:\n  id: {mid}\n  kind: {kind}\n  name: {mid}\n"
        f"  requires: [{', '.join(requires)}]\n  files: [{names}]\n")
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def messages(*packs: Path) -> list[str]:
    """The errors loading the base game with `packs` gives (it must give some)."""
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=list(packs))
    return [str(e) for e in info.value.errors]


def line_of(text: str, needle: str, nth: int = 0) -> int:
    """The 1-based line of the `nth` occurrence of `needle` in `text`."""
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return lines[nth]
