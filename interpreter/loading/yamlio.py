"""Reading one rules file: bytes -> YAML events -> plain data plus the position of every value.

The fast path composes the events of libyaml's C parser (`ruamel.yaml.clib`) into plain dicts,
lists and scalars, recording (line, column) per value on the side; the round-trip loader was
three quarters of the load time. When anything is wrong, the pure-Python parser reads the file
again, so a message is the same with or without the C extension.

Every file is read the same way, whatever came before it: YAML 1.2 core scalars (`010` is 10,
`yes` is text, `3e0` is a float), no directives, no tags, aliases bounded, depth bounded, size
bounded, UTF-8 only. Any breach is a `YamlError` at its `file:line:column`, with the source line.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    DocumentStartEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from ruamel.yaml.reader import ReaderError

from rulesdsl import Origin, Span

from ..core.errors import YamlError

try:  # libyaml through ruamel.yaml.clib; the pure-Python parser is the same language, slower
    from ruamel.yaml.cyaml import CParser as _CParser
except ImportError:  # pragma: no cover - exercised only without the C extension
    _CParser = None

MAX_FILE_BYTES = 1_000_000
MAX_LINE_CHARS = 10_000
MAX_DEPTH = 64
MAX_ALIAS_NODES = 5_000
MAX_INT_DIGITS = 15
_REPARSE_CHARS = 50_000
_SHOWN_LINE_CHARS = 200  # longer source lines are not echoed under an error

_INT = re.compile(r"[-+]?[0-9]+\Z")
_OCT = re.compile(r"0o[0-7]+\Z")
_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_INTEGERS = ((_INT, 0, 10), (_OCT, 2, 8), (_HEX, 2, 16))
# A plain scalar starting with any other character than these is text (the common case).
_PLAIN_TEXT_STARTS = frozenset("abcdeghijklmopqrsuvwxyzABCDEGHIJKLMOPQRSUVWXYZ_/(")
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_TRUE = frozenset(("true", "True", "TRUE"))
_FALSE = frozenset(("false", "False", "FALSE"))
_SPECIAL_FLOATS = {".inf": float("inf"), ".Inf": float("inf"), ".INF": float("inf"),
                   "+.inf": float("inf"), "+.Inf": float("inf"), "+.INF": float("inf"),
                   "-.inf": float("-inf"), "-.Inf": float("-inf"), "-.INF": float("-inf"),
                   ".nan": float("nan"), ".NaN": float("nan"), ".NAN": float("nan")}

# The parser's messages (by prefix) -> a designer's sentence and what usually fixes it.
_PROBLEMS = (
    ("mapping values are not allowed",  # "here" (ruamel), "in this context" (libyaml)
     "a ':' followed by a space cannot appear inside a plain value", None),
    ("found character '\\t' that cannot start any token",
     "a tab character cannot indent yaml", "indent with spaces"),
    ("found a tab character", "a tab character cannot indent yaml", "indent with spaces"),
    ("could not find expected ':'",
     "this line or the one above is neither 'key: value' nor a list item '- ...'",
     "check the ':' after the key and the indentation"),
    ("expected <block end>, but found",
     "this line's indentation does not fit the lines above it",
     "indent it like the other entries of its list or mapping"),
    ("expected '<document start>', but found",
     "this line's indentation does not fit the lines above it",
     "indent it like the other entries of its list or mapping"),
    ("found unexpected end of stream",
     "the file ends inside an unfinished value", "close the quote or bracket"),
    ("expected ',' or ']'", "a '[' is not closed where expected", "close it with ']'"),
    ("expected ',' or '}'", "a '{' is not closed where expected", "close it with '}'"),
    ("did not find expected ',' or ']'", "a '[' is not closed where expected",
     "close it with ']'"),
    ("did not find expected ',' or '}'", "a '{' is not closed where expected",
     "close it with '}'"),
    ("did not find expected key", "this line's indentation does not fit the lines above it",
     "indent it like the other entries of its list or mapping"),
)
EFFECT_KEYS = frozenset(("bonus", "final", "effect", "reward", "each_player", "turns", "once"))
_KEY_ON_LINE = re.compile(r"\s*(?:-\s+)?\{?\s*([A-Za-z_][\w.]*)\s*:\s")


class _Pos:
    """Where a value starts; for a collection, also where its children are (keys included)."""

    __slots__ = ("children", "column", "keys", "line")

    def __init__(self, line: int, column: int):
        self.line, self.column = line, column
        self.children: dict | list | None = None
        self.keys: dict | None = None


class Document:
    """One YAML file: its plain data plus a way to find the position of any path in it."""

    def __init__(self, path: Path, display: str, text: str, data: Any, root: _Pos):
        self.path = path
        self.display = display
        self.text = text
        self.lines = text.splitlines()
        self.data = data
        self._root = root

    def _pos(self, path: tuple, key: bool = False) -> _Pos:
        node = self._root
        for i, step in enumerate(path):
            children = node.children
            if isinstance(children, dict) and step in children:
                if key and i == len(path) - 1 and node.keys is not None:
                    return node.keys[step]
                node = children[step]
            elif isinstance(children, list) and isinstance(step, int) \
                    and 0 <= step < len(children):
                node = children[step]
            else:
                break
        return node

    def span(self, path: tuple = ()) -> Span:
        """The position of the value at `path` (or of its nearest enclosing node)."""
        pos = self._pos(path)
        return Span(self.display, pos.line, pos.column)

    def key_span(self, path: tuple) -> Span:
        """The position of the key that names the value at `path` (the value's own for items)."""
        pos = self._pos(path, key=True)
        return Span(self.display, pos.line, pos.column)

    def source_line(self, span: Span) -> str | None:
        """The file line under `span`, for an error's caret (None when absent or too long)."""
        return _shown_line(self.lines, span.line)

    def origin(self, path: tuple) -> Origin:
        """Where the text of the scalar at `path` starts, for effect positions."""
        span = self.span(path)
        raw = self.lines[span.line - 1] if span.line - 1 < len(self.lines) else ""
        head = raw[span.column - 1:span.column]
        if head in ("|", ">"):
            indent = 0
            for following in self.lines[span.line:]:
                if following.strip():
                    indent = len(following) - len(following.lstrip(" "))
                    break
            return Origin(self.display, span.line, span.column, block_indent=indent)
        if head in ("'", '"'):
            return Origin(self.display, span.line, span.column + 1)
        return Origin(self.display, span.line, span.column)


def _shown_line(lines: list[str], line: int) -> str | None:
    if not 1 <= line <= len(lines) or len(lines[line - 1]) > _SHOWN_LINE_CHARS:
        return None
    return lines[line - 1]


def read_document(path: Path, display: str | None = None) -> Document:
    """Read, decode and compose one rules file; every problem is a positioned `YamlError`."""
    display = display or str(path)
    data = _read_bytes(path, display)
    text = _decode(data, display)
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise YamlError(f"line {number} is {len(line):,} characters long; the limit is "
                            f"{MAX_LINE_CHARS:,}", Span(display, number, MAX_LINE_CHARS + 1))
    try:
        value, root = _Composer(text, display, lines).compose(_events(text, fast=True))
    except YAMLError as exc:
        error = exc
        if len(text) <= _REPARSE_CHARS:  # big files keep libyaml's message: the re-read is slow
            try:
                for _ in _events(text, fast=False):
                    pass
            except YAMLError as pure:
                error = pure
        raise _syntax_error(error, text, display, lines) from None
    return Document(path, display, text, value, root)


def _read_bytes(path: Path, display: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise YamlError(f"cannot read file: {(exc.strerror or str(exc)).lower()}",
                        Span(display, 1, 1)) from None
    if len(data) > MAX_FILE_BYTES:
        raise YamlError(f"file is larger than {MAX_FILE_BYTES:,} bytes, the limit for a rules "
                        "file", Span(display, 1, 1))
    return data


def _decode(data: bytes, display: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line_end = data.find(b"\n", exc.start)
        raw = data[line_start:line_end if line_end >= 0 else len(data)]
        byte = exc.start - line_start + 1
        column = len(raw[:byte - 1].decode("utf-8")) + 1  # the line is valid up to the bad byte
        shown = raw.decode("utf-8", errors="replace")
        raise YamlError(f"invalid utf-8 byte 0x{data[exc.start]:02x} at byte offset "
                        f"{exc.start} (line {line}, byte {byte} of the line); save the file "
                        "as utf-8", Span(display, line, column),
                        _shown_line([shown], 1)) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def _events(text: str, fast: bool):
    if fast and _CParser is not None:
        parser = _CParser(text)
        while True:
            event = parser.get_event()
            yield event
            if isinstance(event, StreamEndEvent):
                return
    yield from YAML(typ="safe", pure=True).parse(text)


def _syntax_error(exc: YAMLError, text: str, display: str, lines: list[str]) -> YamlError:
    """A parser's error as a positioned `YamlError` (messages of the pure-Python parser)."""
    if isinstance(exc, ReaderError):
        index = max(0, min(exc.position, len(text)))
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        return YamlError(f"malformed yaml: the character {char!r} (#x{ord(char):04x}) is not "
                         "allowed in a rules file", Span(display, line, column),
                         _shown_line(lines, line))
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = (getattr(exc, "problem", None) or getattr(exc, "context", None)
               or "malformed yaml").strip()
    sentence, hint = next(((text, fix) for prefix, text, fix in _PROBLEMS
                           if problem.startswith(prefix)), (problem, None))
    if problem.startswith("mapping values are not allowed"):
        key = _KEY_ON_LINE.match(lines[line - 1]) if 0 < line <= len(lines) else None
        hint = ("quote the effect, or use `|` for a block" if key and key.group(1) in EFFECT_KEYS
                else "quote the value")
    message = f"malformed yaml: {sentence}"
    if hint:
        message += f" (hint: {hint})"
    return YamlError(message, Span(display, line, column), _shown_line(lines, line))


class _Composer:
    """Events -> plain data and a `_Pos` tree, iteratively (no recursion on deep input)."""

    def __init__(self, text: str, display: str, lines: list[str]):
        self.text, self.display, self.lines = text, display, lines
        self.anchors: dict[str, tuple[Any, _Pos, int]] = {}
        self.expanded = 0

    def error(self, message: str, mark) -> YamlError:
        line, column = mark.line + 1, mark.column + 1
        return YamlError(message, Span(self.display, line, column),
                         _shown_line(self.lines, line))

    def compose(self, events) -> tuple[Any, _Pos]:
        documents: list[tuple[Any, _Pos]] = []
        # a stack frame: [container, pos, size, anchor, pending key (mappings), key pos, key mark]
        stack: list[list] = []
        for event in events:
            if isinstance(event, DocumentStartEvent):
                self._document_start(event, documents)
                continue
            if isinstance(event, ScalarEvent):
                if event.tag is not None:
                    self._no_tag(event)
                mark = event.start_mark
                value, pos, size = self._scalar(event), _Pos(mark.line + 1, mark.column + 1), 1
                if event.anchor:
                    self.anchors[event.anchor] = (value, pos, 1)
            elif isinstance(event, AliasEvent):
                value, pos, size = self._alias(event)
            elif isinstance(event, (MappingStartEvent, SequenceStartEvent)):
                self._no_tag(event)
                if len(stack) >= MAX_DEPTH:
                    raise self.error(f"nested too deeply, the limit is {MAX_DEPTH}",
                                     event.start_mark)
                pos = _Pos(event.start_mark.line + 1, event.start_mark.column + 1)
                if isinstance(event, MappingStartEvent):
                    pos.children, pos.keys = {}, {}
                    container: Any = {}
                else:
                    pos.children, container = [], []
                stack.append([container, pos, 1, event.anchor, None, None, None])
                continue
            elif isinstance(event, CollectionEndEvent):
                value, pos, size, anchor = stack.pop()[:4]
                if anchor:
                    self.anchors[anchor] = (value, pos, size)
            else:
                continue
            if not stack:
                documents.append((value, pos))
                continue
            stack[-1][2] += size
            self._add(stack[-1], value, pos, event)
        if not documents:
            return None, _Pos(1, 1)
        return documents[0]

    def _document_start(self, event, documents: list) -> None:
        if getattr(event, "version", None) or getattr(event, "tags", None):
            raise self._directive_error()
        if documents:
            raise self.error("a rules file holds one yaml document; remove the second "
                             "'---'", event.start_mark)

    def _alias(self, event) -> tuple[Any, _Pos, int]:
        """An alias's value, position and size, counted against MAX_ALIAS_NODES."""
        if event.anchor not in self.anchors:
            raise self.error(f"unknown alias '*{event.anchor}'", event.start_mark)
        value, pos, size = self.anchors[event.anchor]
        self.expanded += size
        if self.expanded > MAX_ALIAS_NODES:
            raise self.error(f"aliases expand to more than {MAX_ALIAS_NODES:,} values; "
                             "write the values out or use fewer aliases", event.start_mark)
        return value, pos, size

    def _add(self, frame: list, value: Any, pos: _Pos, event) -> None:
        """A finished value into the open list or mapping of `frame`: a mapping's key first
        (kept pending in the frame), then its value."""
        container = frame[0]
        if isinstance(container, list):
            container.append(value)
            frame[1].children.append(pos)
        elif frame[4] is None:
            if isinstance(value, (dict, list)):
                raise self.error("a key must be a plain name, not a list or mapping",
                                 event.start_mark)
            key = "" if value is None else _key_text(value, event)
            if key in container:
                first = frame[1].keys[key]
                raise self.error(f"duplicate key '{key}' (first at line {first.line})",
                                 event.start_mark)
            frame[4], frame[5] = key, pos
        else:
            key = frame[4]
            container[key] = value
            frame[1].children[key] = pos
            frame[1].keys[key] = frame[5]
            frame[4] = None

    def _directive_error(self) -> YamlError:
        for number, line in enumerate(self.lines, 1):
            if line.startswith("%"):
                word = line.split()[0]
                return YamlError(f"yaml directives such as '{word}' are not allowed in rules "
                                 "files (every file is read as yaml 1.2); remove the line",
                                 Span(self.display, number, 1), _shown_line(self.lines, number))
        return YamlError("yaml directives are not allowed in rules files", Span(self.display, 1, 1))

    def _no_tag(self, event) -> None:
        tag = event.tag
        if tag is None or tag == "!":
            return
        shown = "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") \
            else tag
        raise self.error(f"yaml tags such as '{shown}' are not allowed in rules files; remove it "
                         "(quote a value to make it text)", event.start_mark)

    def _scalar(self, event) -> Any:
        text = event.value
        if event.style or not event.implicit[0] or text[:1] in _PLAIN_TEXT_STARTS:
            return text
        if text in _NULLS:
            return None
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        for pattern, skip, base in _INTEGERS:
            if pattern.match(text):
                if len(text) - skip > MAX_INT_DIGITS:
                    raise self.error(f"the number {text[:12]}... has more than {MAX_INT_DIGITS} "
                                     "digits", event.start_mark)
                return int(text, base) if skip == 0 else int(text[skip:], base)
        if _FLOAT.match(text):
            return float(text)
        if text in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text]
        return text


def _key_text(value: Any, event) -> str:
    """Mapping keys are names: a plain `1` or `true` key is the text as written."""
    if isinstance(event, ScalarEvent):
        return event.value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
