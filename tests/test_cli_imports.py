"""The command line imports only what a command uses: `rococo --help` loads no engine, no rich
and no JSON Schema, and `rococo validate` none of the play, simulation or drawing modules.
Checked by the modules a fresh interpreter holds afterwards (never by timing)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter

# heavy libraries and the engine's own layers, none of which the parser needs
HEAVY = ("rich", "jsonschema", "lark", "ruamel", "greenlet", "rulesdsl", "interpreter.core.engine",
         "interpreter.loading", "interpreter.ui", "interpreter.sim.parallel",
         "interpreter.sim.mcts", "concurrent.futures.process")


def modules_after(code: str) -> set[str]:
    """The modules a new interpreter has imported after running `code`."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_the_parser_imports_no_engine_no_rich_no_schema():
    loaded = modules_after("import interpreter.cli.main as cli\ncli.build_parser()")
    assert heavy_in(loaded) == []
    assert "interpreter.cli.main" in loaded  # the check sees what it imports


def test_help_exits_before_any_command_module():
    loaded = modules_after("import interpreter.cli.main as cli\n"
                           "try:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass")
    assert heavy_in(loaded) == []
    assert not {m for m in loaded if m.startswith("interpreter.cli.")} - {"interpreter.cli.main"}


def test_validate_pays_for_loading_only():
    loaded = modules_after("import interpreter.cli.main as cli\ncli.main(['validate'])")
    # valid rules pass the compiled schema check: jsonschema only explains a refused file
    assert "interpreter.loading.loader" in loaded and "jsonschema" not in loaded
    unused = ("rich", "greenlet", "interpreter.core.engine", "interpreter.ui",
              "interpreter.sim.parallel", "interpreter.sim.mcts", "interpreter.cli.balance_command",
              "interpreter.cli.play_command", "interpreter.cli.simulate", "interpreter.scenario")
    assert sorted(m for m in loaded if m.split(".")[0] in unused or m in unused
                  or any(m.startswith(u + ".") for u in unused)) == []


def test_importing_the_package_loads_no_engine_until_a_name_is_used():
    assert heavy_in(modules_after("import interpreter")) == []
    loaded = modules_after("from interpreter import Game, load_ruleset")
    assert "interpreter.core.engine" in loaded and "interpreter.loading.loader" in loaded


def test_every_public_name_is_importable_from_the_package():
    from interpreter.core.engine import Game
    from interpreter.sim.mcts import MctsBot
    assert interpreter.Game is Game and interpreter.MctsBot is MctsBot
    for name in interpreter.__all__:
        assert getattr(interpreter, name).__name__ == name
    assert set(dir(interpreter)) >= set(interpreter.__all__)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError) as caught:
        interpreter.Nope  # noqa: B018 - the attribute access is what is tested
    assert str(caught.value) == "module 'interpreter' has no attribute 'Nope'"
    with pytest.raises(ImportError, match="cannot import name 'Nope' from 'interpreter'"):
        exec("from interpreter import Nope")


def test_every_command_names_a_function_of_its_module():
    import argparse

    from interpreter.cli.main import build_parser, command
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    runs = {name: p.get_default("run") for name, p in sub.choices.items()}
    assert set(runs) == {"play", "simulate", "balance", "validate", "cards", "rules", "modules",
                         "diff", "bench", "serve", "test", "vocab", "lsp", "tune", "report",
                         "fit-judge"}
    for name, run in runs.items():
        assert callable(command(run)), name


def test_each_public_name_is_written_once_in_the_stub():
    """Issue 34: the public names are listed once (interpreter/__init__.pyi, the type checkers'
    view), and the package reads that list rather than writing each name again."""
    package = Path(interpreter.__file__).parent
    stub = (package / "__init__.pyi").read_text()
    source = (package / "__init__.py").read_text()
    for name in interpreter.__all__:
        assert stub.count(f"import {name} as {name}\n") == 1
        assert f'"{name}"' not in source and f" {name}," not in source
    assert len(interpreter.__all__) == stub.count(" as ") == 18


def test_rulesdsl_writes_each_public_name_once():
    """Issue 34: rulesdsl's public names are its explicit re-exports (`X as X`) and what it
    defines; no `__all__` repeats them."""
    import ast

    import rulesdsl
    tree = ast.parse(Path(rulesdsl.__file__).read_text())
    assigned = {t.id for node in tree.body if isinstance(node, ast.Assign)
                for t in node.targets if isinstance(t, ast.Name)}
    assert "__all__" not in assigned
    exported = [a.name for node in tree.body if isinstance(node, ast.ImportFrom)
                for a in node.names if a.asname == a.name]
    assert len(exported) == len(set(exported)) > 30  # each once (a new name needs no count)
    assert all(getattr(rulesdsl, name) is not None for name in exported)
