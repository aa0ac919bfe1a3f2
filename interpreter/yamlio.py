"""YAML reading that keeps line and column for every value, so errors can point into the file."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError

from rulesdsl import Origin, Span

from .errors import YamlError

_yaml = YAML(typ="rt")


class Document:
    """One YAML file: its plain data plus a way to find the position of any path in it."""

    def __init__(self, path: Path, display: str, text: str, root: Any):
        self.path = path
        self.display = display
        self.lines = text.splitlines()
        self._root = root
        self.data = _plain(root)

    def span(self, path: tuple = ()) -> Span:
        """The position of the value at `path` (or of its nearest enclosing node)."""
        node, line, col = self._root, 0, 0
        for key in path:
            if isinstance(node, CommentedMap) and key in node:
                pos = node.lc.value(key) if node.lc.data.get(key) else None
                if pos:
                    line, col = pos
                node = node[key]
            elif isinstance(node, CommentedSeq) and isinstance(key, int) and key < len(node):
                pos = node.lc.item(key) if key in node.lc.data else None
                if pos:
                    line, col = pos
                node = node[key]
            else:
                break
        return Span(self.display, line + 1, col + 1)

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


def _plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    return node


def read_document(path: Path, display: str | None = None) -> Document:
    display = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlError(f"cannot read file: {(exc.strerror or str(exc)).lower()}",
                        Span(display, 1, 1)) from None
    try:
        root = _yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = (exc.problem or exc.context or "malformed yaml").strip()
        raise YamlError(f"malformed yaml: {problem}", Span(display, line, col)) from None
    return Document(path, display, text, root)
