"""The generic Rococo engine: load rules written as data, then play them one decision at a time.

The public names are listed once, in `__init__.pyi`: type checkers read them there, and this
module reads the same file to import each name from its module when it is first used (PEP 562),
so `import interpreter` stays cheap (the command line's `rococo --help` loads no engine)."""
from __future__ import annotations

import importlib
import os
from typing import Any

from . import _core  # noqa: F401 - first: whether the hot path runs compiled or as Python (setup.py)


def _public_names() -> dict[str, str]:
    """Each public name and the module it lives in, from the stub's lines `from M import N as
    N` (read as text: parsing it as Python would cost more than the rest of the import)."""
    where = {}
    with open(os.path.join(os.path.dirname(__file__), "__init__.pyi"), encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if words[:1] == ["from"] and words[2] == "import" and words[4:5] == ["as"]:
                where[words[5]] = words[1]
    return where


_WHERE = _public_names()
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use, then kept here."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'interpreter' has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
