"""The generic Rococo engine: load rules written as data, then play them one decision at a time."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _core  # noqa: F401 - first: whether the hot path runs compiled or as Python (setup.py)

if TYPE_CHECKING:  # the names as type checkers and editors see them; imported on first use
    from .core.decisions import Decision, Option
    from .core.engine import Game
    from .core.errors import (
                         CorruptSaveError,
                         IllegalDecisionError,
                         ModuleError,
                         RuleFaultError,
                         RulesError,
                         RulesErrors,
                         SchemaError,
                         YamlError,
    )
    from .core.model import Ruleset
    from .loading.loader import load_ruleset
    from .sim.bots import GreedyBot, RandomBot, make_bot, play_out
    from .sim.mcts import MctsBot

# Each public name and the module it lives in: `import interpreter` stays cheap (the command
# line's `rococo --help` loads no engine), and a name is imported when it is first used (PEP 562).
_WHERE = {
    "Decision": ".core.decisions", "Option": ".core.decisions", "Game": ".core.engine",
    **dict.fromkeys(("CorruptSaveError", "IllegalDecisionError", "ModuleError",
                     "RuleFaultError", "RulesError", "RulesErrors", "SchemaError", "YamlError"),
                    ".core.errors"),
    "Ruleset": ".core.model", "load_ruleset": ".loading.loader",
    **dict.fromkeys(("GreedyBot", "RandomBot", "make_bot", "play_out"), ".sim.bots"),
    "MctsBot": ".sim.mcts",
}

__all__ = [
                     "CorruptSaveError",
                     "Decision",
                     "Game",
                     "GreedyBot",
                     "IllegalDecisionError",
                     "MctsBot",
                     "ModuleError",
                     "Option",
                     "RandomBot",
                     "RuleFaultError",
                     "RulesError",
                     "RulesErrors",
                     "Ruleset",
                     "SchemaError",
                     "YamlError",
                     "load_ruleset",
                     "make_bot",
                     "play_out",
]


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
