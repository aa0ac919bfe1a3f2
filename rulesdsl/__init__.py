"""rulesdsl: the effect language of the rules engine (parse -> check -> compile, plus printing).

It knows nothing of the game: every name, field, resource and verb comes from a `Vocabulary`.
"""
from __future__ import annotations

from .checker import check_effect, check_expression
from .compiler import CompiledEffect, compile_effect, compile_expression, compile_verb_options
from .parser import parse_effect, parse_expression
from .printer import effect_text, expression_text, to_source
from .rule_errors import (
    EffectAbort,
    EffectNameError,
    EffectSyntaxError,
    EffectTypeError,
    Origin,
    RulesError,
    RulesErrors,
    RulesRuntimeError,
    Span,
)
from .runtime import Thunk
from .types import BOOLEAN, NUMBER, UNKNOWN, EnumType, ListType, RecordType, Type
from .vocabulary import FieldDef, NameDef, OptionDef, VerbDef, Vocabulary

__all__ = [
    "BOOLEAN",
    "NUMBER",
    "UNKNOWN",
    "CompiledEffect",
    "EffectAbort",
    "EffectNameError",
    "EffectSyntaxError",
    "EffectTypeError",
    "EnumType",
    "FieldDef",
    "ListType",
    "NameDef",
    "OptionDef",
    "Origin",
    "RecordType",
    "RulesError",
    "RulesErrors",
    "RulesRuntimeError",
    "Span",
    "Thunk",
    "Type",
    "VerbDef",
    "Vocabulary",
    "build_effect",
    "check_effect",
    "check_expression",
    "compile_effect",
    "compile_expression",
    "compile_verb_options",
    "effect_text",
    "expression_text",
    "parse_effect",
    "parse_expression",
    "to_source",
]


def build_effect(text: str, origin: Origin, vocab: Vocabulary) -> CompiledEffect:
    """Parse, check and compile effect text; raise EffectSyntaxError, or RulesErrors with every
    check error (each carrying its source line for `render()`)."""
    effect = parse_effect(text, origin)
    errors = check_effect(effect, vocab)
    if errors:
        for e in errors:
            if e.source_line is None:
                e.source_line = origin.file_line(text, origin.text_line(e.span))
        raise RulesErrors(errors)
    return compile_effect(effect, vocab)
