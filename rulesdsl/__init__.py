"""rulesdsl: the effect language of the rules engine (parse -> check -> compile, plus printing).

It knows nothing of the game: every name, field, resource and verb comes from a `Vocabulary`.
Its public names are the ones imported here (`X as X`, an explicit re-export) and
`build_effect`: listed once, with no `__all__` to keep in step.
"""
from .checker import Analysis as Analysis
from .checker import analyse_effect as analyse_effect
from .checker import check_effect as check_effect
from .checker import check_expression as check_expression
from .compiler import CompiledEffect as CompiledEffect
from .compiler import compile_effect as compile_effect
from .compiler import compile_expression as compile_expression
from .compiler import compile_verb_options as compile_verb_options
from .compiler import verb_option_getters as verb_option_getters
from .parsecache import parse_effect as parse_effect  # parser.py's, kept between processes
from .parsecache import parse_expression as parse_expression
from .printer import effect_text as effect_text
from .printer import expression_text as expression_text
from .printer import to_source as to_source
from .rule_errors import EffectAbort as EffectAbort
from .rule_errors import EffectNameError as EffectNameError
from .rule_errors import EffectSyntaxError as EffectSyntaxError
from .rule_errors import EffectTypeError as EffectTypeError
from .rule_errors import Origin as Origin
from .rule_errors import RulesError as RulesError
from .rule_errors import RulesErrors as RulesErrors
from .rule_errors import RulesRuntimeError as RulesRuntimeError
from .rule_errors import Span as Span
from .runtime import Thunk as Thunk
from .types import BOOLEAN as BOOLEAN
from .types import NUMBER as NUMBER
from .types import UNKNOWN as UNKNOWN
from .types import EnumType as EnumType
from .types import ListType as ListType
from .types import RecordType as RecordType
from .types import Type as Type
from .vocabulary import FieldDef as FieldDef
from .vocabulary import NameDef as NameDef
from .vocabulary import OptionDef as OptionDef
from .vocabulary import VerbDef as VerbDef
from .vocabulary import Vocabulary as Vocabulary


def build_effect(text: str, origin: Origin, vocab: Vocabulary) -> CompiledEffect:
    """Parse, check and compile effect text; raise EffectSyntaxError, or RulesErrors with every
    check error (each carrying its source line for `render()`)."""
    effect = parse_effect(text, origin)
    analysis = analyse_effect(effect, vocab)
    if analysis.errors:
        for e in analysis.errors:
            if e.source_line is None:
                e.source_line = origin.file_line(text, origin.text_line(e.span))
        raise RulesErrors(analysis.errors)
    return compile_effect(effect, vocab, analysis=analysis)
