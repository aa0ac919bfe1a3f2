"""Compiled or Python: which form of the hot path this process runs, decided once, before any of
it is imported.

The build (setup.py) compiles the modules that run every decision with mypyc, and records in
`_compiled.json` the digest of each source it compiled. The compiled form is used only while
every one of those sources is unchanged: in an editable install, a module edited since
`pip install -e .` runs as written, as Python (all of them do, so that compiled code never calls
stale code), and a warning says how to compile again. `ROCOCO_PURE=1` asks for Python on
purpose (a debugger, a profiler that reads Python frames, a test that patches a module).
Either form plays the same games (tests/test_compiled_core.py).
"""
from __future__ import annotations

# Imported by every `rococo` command before anything else: only cheap modules here (no pathlib,
# dataclasses or importlib.abc); hashlib and json only when there is a manifest to read.
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*_names, **_flags):
        """`mypy_extensions.mypyc_attr` in the Python form: a class decorator that changes
        nothing (mypyc reads it when it compiles a module; nothing calls it then)."""
        return lambda cls: cls

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # holds interpreter/
MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_compiled.json")

# The one list of the modules compiled at install time: those that run at every decision of
# every game. setup.py builds exactly these, and docs/how-it-is-built.md points here.
COMPILED_MODULES = (
    "interpreter.core.board",
    "interpreter.core.context",
    "interpreter.core.decisions",
    "interpreter.core.engine",
    "interpreter.core.events",
    "interpreter.core.flow",
    "interpreter.core.journal",
    "interpreter.core.labels",
    "interpreter.core.modifiers",
    "interpreter.core.new_game",
    "interpreter.core.plan",
    "interpreter.core.questions",
    "interpreter.core.rng",
    "interpreter.core.seats",
    "interpreter.core.table",
    "interpreter.core.trial",
    "interpreter.core.zones",
    "interpreter.env.encoding",
    "interpreter.env.seat_step",
    "interpreter.env.seeding",
    "interpreter.env.uniform",
    "interpreter.loading.static_checks",
    "interpreter.sim.bots",
    "interpreter.verbs.actions",
    "interpreter.verbs.cards",
    "interpreter.verbs.checks",
    "interpreter.verbs.displays",
    "interpreter.verbs.option_tables",
    "interpreter.verbs.phases",
    "interpreter.verbs.scoring",
    "interpreter.verbs.shuffling",
    "interpreter.verbs.stacks",
)


class CoreForm(NamedTuple):
    """What this process runs: `compiled` or not, why, the modules concerned, and whether a
    compiled build is there but `stale` (a source edited or missing since it was built)."""

    compiled: bool
    reason: str
    modules: tuple[str, ...] = ()
    stale: bool = False

    @property
    def label(self) -> str:
        return f"compiled ({self.reason})" if self.compiled else f"Python ({self.reason})"


def decide(manifest_text: str | None, source_of: dict[str, bytes | None],
           pure_requested: bool) -> CoreForm:
    """The form to run, from the manifest's text (None when there is none), each module's current
    source (None when missing) and whether Python was asked for. A plain function of its
    inputs, so that each case is tested without a build."""
    if manifest_text is None:
        return CoreForm(False, "not compiled when installed")
    import hashlib
    import json

    try:
        manifest = json.loads(manifest_text)
        sources: dict[str, str] = manifest["sources"]
        compiler = str(manifest.get("compiler", "mypyc"))
    except (ValueError, KeyError, TypeError):
        return CoreForm(False, f"{os.path.basename(MANIFEST)} is unreadable")
    modules = tuple(sources)
    if pure_requested:
        return CoreForm(False, "ROCOCO_PURE is set", modules)
    for module, digest in sources.items():
        source = source_of.get(module)
        if source is None:
            return CoreForm(False, f"the source of {module} is missing", modules, stale=True)
        if hashlib.sha256(source).hexdigest() != digest:
            path = module.replace(".", "/") + ".py"
            return CoreForm(False, f"{path} changed since it was compiled", modules,
                            stale=True)
    return CoreForm(True, compiler, modules)


class _PythonSources:
    """Imports this package's modules from their `.py` files, ahead of any compiled extension
    lying beside them (which the usual finders would prefer): one left by an earlier build, or
    built from sources that have changed since."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("interpreter."):
            return None
        source = _source_path(fullname)
        if not os.path.isfile(source):  # a package, or no such module: the usual finders say
            return None
        loader = importlib.machinery.SourceFileLoader(fullname, source)
        return importlib.util.spec_from_file_location(fullname, source, loader=loader)


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


def _source_path(module: str) -> str:
    return os.path.join(PACKAGE_ROOT, *module.split(".")) + ".py"


def _current() -> CoreForm:
    manifest = _read(MANIFEST)
    if manifest is None:
        return decide(None, {}, False)
    import json

    manifest_text = manifest.decode("utf-8", errors="replace")
    try:
        modules = list(json.loads(manifest_text)["sources"])
    except (ValueError, KeyError, TypeError):
        modules = []
    sources = {m: _read(_source_path(m)) for m in modules}
    return decide(manifest_text, sources, os.environ.get("ROCOCO_PURE", "") not in ("", "0"))


def _extension_beside(module: str) -> bool:
    """Whether a compiled extension of `module` lies beside its source."""
    base = os.path.join(PACKAGE_ROOT, *module.split("."))
    return any(os.path.exists(base + suffix)
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _install() -> CoreForm:
    """Decide the form; only where an extension would otherwise be imported in the Python form
    (one left by an earlier build, a stale build, ROCOCO_PURE over a good one) put a finder
    first that loads the sources instead. A plain install with no extension imports as usual."""
    form = _current()
    if not form.compiled and any(_extension_beside(m) for m in COMPILED_MODULES):
        sys.meta_path.insert(0, _PythonSources())
    if form.stale:  # a developer's edit (ROCOCO_PURE asks for Python: it checks nothing)
        sys.stderr.write(f"rococo: {form.reason}, so the core runs as Python, more slowly; "
                         "`pip install -e .` compiles it again (ROCOCO_PURE=1: Python, "
                         "without this note)\n")
    return form


FORM = _install()
