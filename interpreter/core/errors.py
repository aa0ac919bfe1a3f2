"""Errors of the interpreter, split by cause; all share rulesdsl's base `RulesError`."""
from __future__ import annotations

from typing import Any

# re-exported: every error of the rules is importable from here
from rulesdsl import RulesError as RulesError
from rulesdsl import RulesErrors as RulesErrors
from rulesdsl import Span as Span


class YamlError(RulesError):
    """A rules file is not well-formed YAML."""

    code = "yaml"


class SchemaError(RulesError):
    """A rules file does not follow the JSON Schema of its kind."""

    code = "schema"


class ModuleError(RulesError):
    """Modules that conflict, are missing, or add/replace/remove ids wrongly."""

    code = "module"


class IdError(RulesError):
    """An id defined twice, or replaced or removed without being defined."""

    code = "reference"


class LoadWarning(RulesError):
    """Rules that load but are probably not what the designer meant; never raised, collected in
    `Ruleset.warnings` and printed by `rococo validate`."""

    code = "warning"

    def __str__(self) -> str:
        return f"{self.span}: warning: {self.message}"


class _Unplaced(RulesError):
    """An error about a game or a save, not about a place in a rules file: said without one."""

    where = "<game>"

    def __init__(self, message: str):
        super().__init__(message, Span(self.where, 0, 0))

    def __str__(self) -> str:
        return self.message


class IllegalDecisionError(_Unplaced):
    """An option that is not among the legal ones; the game is left unchanged."""

    code = "illegal"


class CorruptSaveError(_Unplaced):
    """A save file that cannot be read back into a game."""

    code = "save"
    where = "<save>"


class RuleFaultError(RulesError):
    """A rule failed while it ran (a bug in a custom card or a verb): the game was rolled back
    to its last decision, and the error names the rule, its position, the seed and the decision."""

    code = "fault"


class ScenarioError(RulesError):
    """A scenario file that cannot be set up or run: an unknown id, seat or rule."""

    code = "scenario"


class ExpectationError(RulesError):
    """A scenario's expected result that did not happen, positioned at the expectation."""

    code = "expect"


class ReplayMismatch(Exception):
    """A recorded answer is not an option of the question it answers (a damaged save)."""


def short_value(value: Any) -> str:
    """An answer as an error quotes it: short, and never failing, whatever the answer is."""
    kind = type(value)
    if issubclass(kind, int) and kind is not bool:
        size = abs(int.__index__(value))
        digits = max(1, int(size.bit_length() * 0.30102999566398120))  # log10(2)
        digits += size >= 10 ** digits
        if digits > 60:  # too long to quote (and past 4,300 digits, repr refuses)
            return f"a {digits:,}-digit integer"
    try:
        text = repr(value)
    except RecursionError:  # an answer nested too deeply to print
        return f"a {kind.__name__} nested too deeply"
    except Exception:  # noqa: BLE001 - an answer whose repr fails (a huge number inside...)
        return f"a {kind.__name__} (unprintable)"
    return text if len(text) <= 80 else text[:77] + "..."
