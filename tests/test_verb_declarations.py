"""Issue 34: each verb is declared beside its code (a `declarations(say)` function in the module
that runs it); loading/game_vocabulary.py only assembles them."""
import ast
import inspect
from types import SimpleNamespace

import pytest

from interpreter import load_ruleset
from interpreter.core.declaring import opt
from interpreter.loading import game_vocabulary
from rulesdsl import NUMBER, VerbDef


def test_each_verb_is_declared_by_the_module_that_runs_it():
    seen = {}
    for module in game_vocabulary._VERB_MODULES:
        for name, verb in module.declarations().items():
            assert verb.run.__module__ == module.__name__, name
            seen[name] = module.__name__
    # every verb of the game comes from one of them, and nothing else declares one
    assert set(load_ruleset().vocabulary.verbs) == set(seen)
    tree = ast.parse(inspect.getsource(game_vocabulary))
    calls = {n.func.id for n in ast.walk(tree)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert "VerbDef" not in calls and "OptionDef" not in calls


def test_the_verbs_keep_the_references_order_and_a_new_one_comes_last(monkeypatch):
    order = list(game_vocabulary._verbs())
    assert order[:3] == ["acquire", "discard", "draw_resource"]
    assert order[:len(game_vocabulary._READING_ORDER)] == list(game_vocabulary._READING_ORDER)
    new = SimpleNamespace(__name__="tests.new_verbs", declarations=lambda say: {
        "polish": VerbDef({"times": opt(NUMBER, " {} times")}, print, "polish{times}")})
    monkeypatch.setattr(game_vocabulary, "_VERB_MODULES", (new, *game_vocabulary._VERB_MODULES))
    assert list(game_vocabulary._verbs()) == [*order, "polish"]


def test_a_verb_declared_twice_is_refused_naming_the_module(monkeypatch):
    modules = game_vocabulary._VERB_MODULES
    monkeypatch.setattr(game_vocabulary, "_VERB_MODULES", (*modules, modules[0]))
    with pytest.raises(ValueError, match=r"^the verb 'acquire' is declared twice \(again in "
                                         r"interpreter\.verbs\.actions\)$"):
        game_vocabulary._verbs()
