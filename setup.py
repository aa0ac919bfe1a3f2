"""Build: the package as pyproject.toml describes it, with its hot path compiled by mypyc.

The modules in `COMPILED` run every decision of every game (the verbs, the context, the flow,
the load-time checks; the one list of them is `COMPILED_MODULES` in interpreter/_core.py). When
mypyc and a C compiler are at hand (`pip install` fetches mypy into its build environment; gcc
and the Python headers are on the machine), each becomes a C extension next to its source, their
shared library `interpreter/rococo_core__mypyc` inside the package, and a manifest
(`interpreter/_compiled.json`) records the sources they were built from. `interpreter/_core.py`
reads it at import time and loads the compiled modules only while their sources are unchanged,
else the Python sources, so an edited module in an editable install always runs as written.
Without mypyc or a compiler, or with `ROCOCO_COMPILE=0` in the environment, the package is
built as plain Python and runs the same games, about half as fast (docs/speed.md).
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = "interpreter/_compiled.json"


def _compiled_modules() -> list[str]:
    """The source paths of the modules to compile: `COMPILED_MODULES` in interpreter/_core.py,
    the one list of them (read from its text: the package is not importable while it builds)."""
    tree = ast.parse((ROOT / "interpreter" / "_core.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in node.targets):
            return [m.replace(".", "/") + ".py" for m in ast.literal_eval(node.value)]
    raise RuntimeError("interpreter/_core.py has no COMPILED_MODULES")


COMPILED = _compiled_modules()


def _say(message: str) -> None:
    print(f"rococo build: {message}", file=sys.stderr)


def _manifest() -> dict:
    """What the compiled modules were built from: each module's source digest."""
    import mypy.version

    sources = {}
    for path in COMPILED:
        module = path.removesuffix(".py").replace("/", ".")
        sources[module] = hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
    return {"compiler": f"mypyc {mypy.version.__version__}", "sources": sources}


class BuildCompiledCore(build_ext):
    """build_ext that writes the manifest once every extension is built, and that leaves the
    package pure Python (no manifest) when one cannot be built: no compiler, no headers."""

    def run(self) -> None:
        target = ROOT if self.inplace else Path(self.build_lib)
        (target / MANIFEST).unlink(missing_ok=True)
        if not self.extensions:  # mypyc refused or was not asked for: nothing was compiled
            return
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any build failure: fall back, say why
            _say(f"could not compile the core ({error}); it runs as plain Python")
            return
        (target / MANIFEST).parent.mkdir(parents=True, exist_ok=True)
        (target / MANIFEST).write_text(json.dumps(_manifest(), indent=1) + "\n")
        _say(f"compiled {len(COMPILED)} modules of the core with mypyc")


def _extensions() -> list:
    if os.environ.get("ROCOCO_COMPILE", "1") == "0":
        (ROOT / MANIFEST).unlink(missing_ok=True)  # an editable install's earlier build: unused
        _say("ROCOCO_COMPILE=0: the core is built as plain Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed: the core is built as plain Python")
        return []
    try:
        return list(mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3",
                             group_name="interpreter.rococo_core"))
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypyc refused: fall back
        _say(f"mypyc could not compile the core ({error}); it runs as plain Python")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildCompiledCore})
