"""The generic Rococo engine: load rules written as data, then play them one decision at a time."""
from __future__ import annotations

from .bots import GreedyBot, RandomBot, make_bot, play_out
from .decisions import Decision, Option
from .engine import Game
from .errors import (CorruptSaveError, IllegalDecisionError, ModuleError, RuleFaultError,
                     RulesError, RulesErrors, SchemaError, YamlError)
from .loader import load_ruleset
from .model import Ruleset

__all__ = ["load_ruleset", "Ruleset", "Game", "Decision", "Option", "RandomBot", "GreedyBot",
           "make_bot", "play_out", "RulesError", "RulesErrors", "SchemaError", "YamlError",
           "ModuleError", "IllegalDecisionError", "CorruptSaveError", "RuleFaultError"]
