"""Positions and errors: every problem in rule text is reported as `file:line:column: message`.

Effect text lives inside YAML scalars, so positions inside the text are mapped back to the YAML
file through an `Origin` before any error (or AST span) is created.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Span:
    """A 1-based position in a rules file."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NO_SPAN = Span("<unknown>", 0, 0)


@dataclass(frozen=True)
class Origin:
    """Where an effect text starts in its YAML file.

    `block_indent` is None for a plain or quoted scalar that starts at (line, column); for a `|`
    block scalar whose indicator is on `line`, it is the indentation of the block's content.
    """

    file: str
    line: int = 1
    column: int = 1
    block_indent: int | None = None

    def locate(self, text_line: int, text_col: int) -> Span:
        """Map a 1-based (line, column) inside the effect text to the file."""
        if self.block_indent is not None:
            return Span(self.file, self.line + text_line, self.block_indent + text_col)
        if text_line == 1:
            return Span(self.file, self.line, self.column + text_col - 1)
        return Span(self.file, self.line + text_line - 1, text_col)

    def text_line(self, span: Span) -> int:
        """The inverse of `locate` for lines: which line of the effect text `span` is on."""
        return span.line - self.line + (0 if self.block_indent is not None else 1)

    def file_line(self, text: str, text_line: int) -> str | None:
        """Line `text_line` of the effect text, padded so file columns index into it."""
        lines = text.split("\n")
        if not 1 <= text_line <= len(lines):
            return None
        pad = self.locate(text_line, 1).column - 1
        return " " * pad + lines[text_line - 1]


class RulesError(Exception):
    """A problem in rule text, found at load time (or a bug in it found at run time)."""

    code = "error"

    def __init__(self, message: str, span: Span = NO_SPAN, source_line: str | None = None):
        # source_line is padded so that span.column indexes into it (see Origin.file_line).
        super().__init__(message)
        self.message = message
        self.span = span
        self.source_line = source_line

    def __str__(self) -> str:
        if self.span == NO_SPAN:  # no file to point into (a command-line setting, say)
            return self.message
        return f"{self.span}: {self.message}"

    def __reduce__(self) -> tuple[Any, tuple]:
        # keep the position (and every other attribute) when an error crosses to another
        # process, e.g. from a simulation worker; subclasses' __init__ signatures differ
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))

    def render(self) -> str:
        """The message, the offending source line and a caret under the column."""
        out = str(self)
        if self.source_line is not None:
            line = self.source_line.rstrip("\n")
            out += "\n    " + line
            out += "\n    " + " " * max(self.span.column - 1, 0) + "^"
        return out


def _rebuild(cls: type[RulesError], args: tuple, attributes: dict) -> RulesError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(attributes)
    return error


class EffectSyntaxError(RulesError):
    code = "syntax"


class EffectNameError(RulesError):
    code = "name"


class EffectTypeError(RulesError):
    code = "type"


class RulesRuntimeError(RulesError):
    """A bug in the rule text that only shows at run time (fractional amount, repeat > 100...)."""

    code = "runtime"


class RulesErrors(RulesError):
    """Several load-time errors at once; `.errors` holds them all, `str()` shows them all."""

    code = "errors"

    def __init__(self, errors: list[RulesError]):
        first = errors[0]
        super().__init__(first.message, first.span, first.source_line)
        self.errors = list(errors)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)


class EffectAbort(Exception):
    """This effect cannot be done (cannot pay, nothing to choose...): the interpreter undoes it."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
