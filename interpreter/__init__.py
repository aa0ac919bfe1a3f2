"""The generic Rococo engine: load rules written as data, then play them one decision at a time."""
from __future__ import annotations

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
