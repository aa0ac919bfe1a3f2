"""One way to walk the effect tree: dispatch on a node's class to a method named after it.

The two printers (`source.py`, effect-language text; `printer.py`, card text) render every node
kind; instead of each keeping a long `isinstance` chain, they subclass `Walker` and name one
method per kind: `visit("expr", node)` on an `ast.BinOp` calls `self.expr_bin_op(node)`, on an
`ast.Gain` in the family "stmt" `self.stmt_gain(node)`. A family groups the methods that return
the same kind of text (a statement, an expression with its precedence, ...). A node with no
method for its family goes to `missing(family, node, ...)`: the source printer raises, the card
printer falls back to source text.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def method_name(family: str, node_class: type) -> str:
    """'expr' and ast.BinOp -> 'expr_bin_op'."""
    return f"{family}_{_CAMEL.sub('_', node_class.__name__).lower()}"


class Walker:
    """Base of the tree printers: `visit(family, node, *args)` calls the method for the node's
    class in that family (looked up once per walker class, node class and family)."""

    _methods: dict[tuple[str, type], Callable[..., Any] | None]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}

    def visit(self, family: str, node: Any, *args: Any) -> Any:
        key = (family, type(node))
        try:
            method = self._methods[key]
        except KeyError:
            method = self._methods[key] = getattr(type(self), method_name(family, type(node)),
                                                  None)
        if method is None:
            return self.missing(family, node, *args)
        return method(self, node, *args)

    def missing(self, family: str, node: Any, *args: Any) -> Any:
        raise TypeError(f"no {family} method for {node!r}")


_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]] | None] = {}


def field_names(node: Any, span: bool = False) -> tuple[str, ...] | None:
    """The names of a tree node's fields (its `span` too if asked), or None for a value that
    is no node: `dataclasses.fields` and `is_dataclass` once per class, not once per node (the
    load-time analyses walk every effect's tree several times)."""
    kind = type(node)
    try:
        names = _FIELDS[kind]
    except KeyError:
        names = _FIELDS[kind] = None if not is_dataclass(node) or isinstance(node, type) else (
            tuple(f.name for f in fields(node)), tuple(f.name for f in fields(node)
                                                       if f.name != "span"))
    if names is None:
        return None
    return names[0] if span else names[1]
