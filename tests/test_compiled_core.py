"""Issue 14: the hot path compiled with mypyc (setup.py) plays the very games its Python sources
play, and runs only while it was compiled from those sources (interpreter/_core.py)."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter._core import FORM, decide

ROOT = Path(__file__).resolve().parents[1]

# Complete games on every kind of table: each player count with random and greedy bots, the
# Jewelry Box, and both solo modes; a digest of every history and final state, and which form
# of the core played them and where its verbs came from.
GAMES = r"""
import hashlib, json, sys
import interpreter
from interpreter import Game, load_ruleset, make_bot
import interpreter.verbs.actions as actions

digest = hashlib.sha256()
tables = [(load_ruleset(), n) for n in (2, 3, 4, 5)]
tables += [(load_ruleset(expansions=["jewelry_box"]), 3),
           (load_ruleset(expansions=["du_barry", "jewelry_box"]), None),
           (load_ruleset(expansions=["masques"], params={"masques.count": 2}), None)]
for rules, players in tables:
    for kind in ("random", "greedy"):
        for seed in (1, 2, 3):
            game = Game.new(rules, players=players, seed=seed)
            bots = [make_bot(kind, seed * 10 + s) for s in range(len(game.state["players"]))]
            interpreter.play_out(game, bots)
            digest.update(json.dumps([game.history, game.state], sort_keys=True).encode())
print(json.dumps({"digest": digest.hexdigest(), "compiled": interpreter._core.FORM.compiled,
                  "actions": actions.__file__}))
"""


def _play(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "ROCOCO_PURE"}
    if pure:
        env["ROCOCO_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", GAMES], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


# A build is there (compiled now, or set aside by ROCOCO_PURE=1, when the test's own processes
# still choose between the forms): only a machine without one has nothing to compare.
needs_compiled = pytest.mark.skipif(
    not FORM.modules or FORM.stale, reason=f"the core runs as {FORM.label} here: there is no "
    "compiled form to compare (pip install -e . with a C compiler builds it)")


@needs_compiled
def test_the_compiled_core_plays_the_games_its_python_sources_play():
    compiled, python = _play(pure=False), _play(pure=True)
    assert compiled["compiled"] and not python["compiled"]
    assert not compiled["actions"].endswith(".py") and python["actions"].endswith(".py")
    assert compiled["digest"] == python["digest"]


# Odd input to a Decision (compiled, a native class; interpreter/core/decisions.py): what each
# gives, a value or an error and its words. Left out: what the two forms word differently by
# nature (a call with a wrong number of arguments: the same error class, mypyc's words). A
# private field set from outside is checked against its declared type, in mypyc's words, and
# `del` of any field refused, in both forms (round ten's note: Python took both).
ODD_DECISIONS = r"""
import copy, json, pickle
from interpreter.core.decisions import Decision, Option
O = (Option(1, "one"), Option({"a": 1}, "a"))
V = lambda: Decision(0, "k", "p", values=[1, 2], labeller=str)
FIELDS = ("_seat", "_kind", "_prompt", "_options", "_values", "_public", "_labeller", "_picked",
          "_picked_at")
cases = {
    "kind int": lambda: Decision(0, 1, "p", O), "kind None": lambda: Decision(0, None, "p", O),
    "prompt int": lambda: Decision(0, "k", 2, O), "prompt bytes": lambda: Decision(0, "k", b"p"),
    "of_values kind": lambda: Decision.of_values(0, 3, "p", [1], None),
    "from_json list": lambda: Decision.from_json([1]),
    "from_json kind": lambda: Decision.from_json({"seat": 0, "kind": 1, "prompt": "p",
                                                  "options": []}),
    "kind str subclass": lambda: Decision(0, type("S", (str,), {})("k"), "p", O).kind,
    "seat True": lambda: (Decision(True, "k", "p", O) == Decision(1, "k", "p", O),
                          repr(Decision(True, "k", "p", O))),
    "options list": lambda: Decision(0, "k", "p", list(O)).options,
    "options text": lambda: Decision(0, "k", "p", "ab").options,
    "options None": lambda: len(Decision(0, "k", "p", None)),
    "values dict": lambda: Decision(0, "k", "p", values={"a": 1}).values,
    "values int": lambda: Decision(0, "k", "p", values=3),
    "labeller int": lambda: Decision(0, "k", "p", values=[1], labeller=3).options,
    "option_at True": lambda: V().option_at(True).value,
    "option_at 1.0": lambda: V().option_at(1.0), "option_at -1": lambda: V().option_at(-1).value,
    "option_at 2": lambda: V().option_at(2), "option_at '0'": lambda: V().option_at("0"),
    "options at 1.0": lambda: Decision(0, "k", "p", O).option_at(1.0),
    "options at 5": lambda: Decision(0, "k", "p", O).option_at(5),
    "own_label 3": lambda: V().own_label(3), "holds 1": lambda: V().holds(1),
    "eq 3": lambda: (Decision(0, "k", "p", O) == 3, 3 == Decision(0, "k", "p", O)),
    "lt": lambda: Decision(0, "k", "p", O) < Decision(0, "k", "p", O),
    "hash list seat": lambda: hash(Decision([0], "k", "p", O)),
    "set seat": lambda: setattr(V(), "seat", 1), "set kind": lambda: setattr(V(), "kind", 1),
    "set other": lambda: setattr(V(), "other", 1),
    "set _kind int": lambda: setattr(V(), "_kind", 1),
    "set _kind str": lambda: (setattr(d := V(), "_kind", "x"), d.kind),
    "set _prompt None": lambda: setattr(V(), "_prompt", None),
    "set _picked_at str": lambda: setattr(V(), "_picked_at", "a"),
    "set _options list": lambda: setattr(V(), "_options", [1]),
    "set _values None": lambda: (setattr(d := V(), "_values", None), d._values),
    "set _public str": lambda: setattr(V(), "_public", "x"),
    "set _seat str": lambda: (setattr(d := V(), "_seat", "x"), d.seat),
    "del seat": lambda: delattr(V(), "seat"), "del prompt": lambda: delattr(V(), "prompt"),
    "del _kind": lambda: delattr(V(), "_kind"), "del _seat": lambda: delattr(V(), "_seat"),
    "del other": lambda: delattr(V(), "other"),
    "bool empty": lambda: bool(Decision(0, "k", "p", ())),
    # every field a new one holds (as Python, `__init__` is a twin written past the check)
    "fields options": lambda: [getattr(Decision(0, "k", "p", list(O)), f) for f in FIELDS],
    "fields values": lambda: [getattr(V(), f) for f in FIELDS],
    "fields of_values": lambda: [getattr(Decision.of_values((1,), "k", "p", (3,), None), f)
                                 for f in FIELDS],
    "copies": lambda: (pickle.loads(pickle.dumps(V())) == copy.deepcopy(V()), V().to_json()),
}
out = {}
for name, make in cases.items():
    try:
        out[name] = ["value", repr(make())]
    except Exception as exc:
        out[name] = [type(exc).__name__, str(exc)]
print(json.dumps(out))
"""


@needs_compiled
def test_a_decision_takes_and_refuses_odd_input_alike_in_both_forms():
    """Round eight's note: Decision's two forms differed on odd input (compiled, a kind or a
    prompt that is no str was refused in mypyc's words, and Python took it). Every odd input
    here gives the same value, or the same error in the same words, compiled and as Python."""
    outcomes = []
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != "ROCOCO_PURE"}
        if pure:
            env["ROCOCO_PURE"] = "1"
        done = subprocess.run([sys.executable, "-c", ODD_DECISIONS], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        outcomes.append(json.loads(done.stdout.strip().splitlines()[-1]))
    compiled, python = outcomes
    assert {k: v for k, v in compiled.items() if v != python[k]} == {}
    assert compiled["kind int"] == ["TypeError", "a decision's kind is a str, not int: 1"]
    assert python["set _kind int"] == ["TypeError", "str object expected; got int"]
    assert python["del seat"] == ["AttributeError", "Decision is immutable: cannot delete 'seat'"]
    assert python["fields values"] == ["value", "[0, 'k', 'p', None, (1, 2), None, <class 'str'>, "
                                                "None, -1]"]


def _manifest(sources: dict[str, bytes]) -> str:
    return json.dumps({"compiler": "mypyc 9.9", "sources": {
        m: hashlib.sha256(text).hexdigest() for m, text in sources.items()}})


SOURCES = {"interpreter.verbs.actions": b"def acquire(): ...\n",
           "interpreter.core.flow": b"def advance(): ...\n"}


def test_the_compiled_form_runs_only_while_every_source_is_the_one_compiled():
    form = decide(_manifest(SOURCES), dict(SOURCES), pure_requested=False)
    assert (form.compiled, form.reason, form.stale) == (True, "mypyc 9.9", False)
    assert form.modules == ("interpreter.verbs.actions", "interpreter.core.flow")
    edited = {**SOURCES, "interpreter.core.flow": b"def advance(): return 1\n"}
    form = decide(_manifest(SOURCES), edited, pure_requested=False)
    assert (form.compiled, form.reason, form.stale) == (
        False, "interpreter/core/flow.py changed since it was compiled", True)
    form = decide(_manifest(SOURCES), {**SOURCES, "interpreter.core.flow": None}, False)
    assert (form.reason, form.stale) == ("the source of interpreter.core.flow is missing", True)


def test_python_is_chosen_when_asked_for_or_when_nothing_was_compiled():
    assert decide(_manifest(SOURCES), dict(SOURCES), pure_requested=True).label == (
        "Python (ROCOCO_PURE is set)")
    assert not decide(_manifest(SOURCES), dict(SOURCES), pure_requested=True).stale
    assert decide(None, {}, pure_requested=False).label == "Python (not compiled when installed)"
    for broken in ("{", "[]", '{"compiler": "mypyc"}'):
        assert decide(broken, {}, pure_requested=False).label == (
            "Python (_compiled.json is unreadable)")


@needs_compiled
def test_in_python_form_every_module_of_the_package_loads_from_its_source():
    """A compiled extension beside a source (left by an earlier build, or built from a source
    edited since) is never what runs when the core runs as Python."""
    code = ("import interpreter, interpreter.verbs.actions as a, interpreter.core.flow as f, "
            "interpreter.core.engine as e; print(a.__file__, f.__file__, e.__file__)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "ROCOCO_PURE": "1"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert all(path.endswith(".py") for path in done.stdout.split())


# _core.py alone in a package folder, as a plain install without extensions lays it out, or with
# a compiled extension left beside a source; the finder order it leaves, and what it warns.
_FINDERS = ("import sys, importlib.util as u; spec = u.spec_from_file_location('core', "
            "sys.argv[1]); m = u.module_from_spec(spec); spec.loader.exec_module(m); "
            "print(m.FORM.label, [type(f).__name__ for f in sys.meta_path][0])")


def _finder_after_import(tmp_path, files: dict) -> tuple[str, str]:
    package = tmp_path / "interpreter"
    for name, text in {"_core.py": (ROOT / "interpreter" / "_core.py").read_text(), **files}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    env = {k: v for k, v in os.environ.items() if k != "ROCOCO_PURE"}
    done = subprocess.run([sys.executable, "-c", _FINDERS, str(package / "_core.py")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip(), done.stderr


def test_a_plain_install_with_no_extension_imports_as_usual(tmp_path):
    """No manifest and no extension: Python form, and no finder of ours before the usual ones."""
    out, err = _finder_after_import(tmp_path, {})
    assert out.startswith("Python (not compiled when installed)")
    assert "_PythonSources" not in out and err == ""


def test_an_extension_left_beside_a_source_is_never_what_runs(tmp_path):
    """An extension with no manifest (an earlier build's): the sources' finder comes first."""
    import importlib.machinery

    stray = "core/flow" + importlib.machinery.EXTENSION_SUFFIXES[0]
    out, _ = _finder_after_import(tmp_path, {stray: ""})
    assert out == "Python (not compiled when installed) _PythonSources"


def test_a_stale_build_says_so_once_and_runs_the_sources(tmp_path):
    """A manifest whose source was edited since: the form says stale, one line on stderr."""
    manifest = json.dumps({"compiler": "mypyc 9.9", "sources": {
        "interpreter.core.flow": hashlib.sha256(b"old\n").hexdigest()}})
    out, err = _finder_after_import(tmp_path, {"_compiled.json": manifest,
                                               "core/flow.py": "new\n"})
    assert out.startswith("Python (interpreter/core/flow.py changed since it was compiled)")
    assert err.count("\n") == 1 and "`pip install -e .` compiles it again" in err


# A compiled module's types must not depend on what the build's environment holds: pip builds
# the wheel before it installs the dependencies, so there mypy sees no numpy, and a
# `type: ignore` that numpy's stubs need is "unused" there: mypyc refuses the core and the
# install quietly runs it as Python (round thirteen's env/seeding.py did, in a fresh venv only).
# The allowed: greenlet, whose use is typed by hand where it is read.
_BUILD_BLIND = {"greenlet"}


def test_a_compiled_module_imports_no_dependency_at_its_top_but_the_allowed():
    import ast

    from interpreter._core import COMPILED_MODULES

    found = []
    for name in COMPILED_MODULES:  # (the sources: compiled, a module's origin is its .so)
        source = ROOT / (name.replace(".", "/") + ".py")
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                roots = [node.module.split(".")[0]]
            else:
                continue
            found += [(name, root) for root in roots
                      if root not in sys.stdlib_module_names
                      and root not in {"interpreter", "rulesdsl", *_BUILD_BLIND}]
    assert found == []  # import it at run time (importlib.import_module), typed Any
