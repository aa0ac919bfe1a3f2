"""Verb options that depend on the verb's bindings alone, worked out once per binding's value.

A verb reads its options through Thunks (runtime.py), one made for each call, evaluated again at
every read: `acquire price table(tiles_in_drawer; 3.. -> 2, 2 -> 1, 1 -> 0)` works its price out
for each drawer of every acquire. An option that names nothing but the verb's bindings (no name
of the position, no local, no `where`, no choice, no random draw, no trial) has the same value
for the same bindings in every call, so the generated code (codegen.py) gives every call of the
statement one `BoundMemo` instead, which keeps each value it works out.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from fractions import Fraction
from typing import Any

from . import ast
from .walk import field_names

# what an option's value may be to be kept: a verb may change a list it is given, never these
_KEPT_TYPES = (int, str, bool, Fraction, type(None))


def bindings_only(expr: Any, binds: Collection[str]) -> bool:
    """Whether a verb option's value is a function of the verb's bindings alone: every name
    in it is a binding (no field of one), and it reads no list with `where`, asks nothing,
    draws nothing at random and tries nothing."""
    for node in _nodes(expr):
        kind = type(node)
        if kind in (ast.Where, ast.ChooseOne, ast.ChooseAny, ast.ChooseNumber, ast.Possible):
            return False
        if kind is ast.Call and node.func == "random":
            return False
        if kind is ast.Name and not (len(node.path) == 1 and node.path[0] in binds):
            return False
    return True


def _nodes(node: Any) -> Iterator[Any]:
    if isinstance(node, tuple):
        for item in node:
            yield from _nodes(item)
        return
    names = field_names(node)
    if names is None:
        return
    yield node
    for name in names:
        yield from _nodes(getattr(node, name))


def typed(value: Any) -> Any:
    """A binding's value as a memo keys it, beside its type: a tuple's or a frozenset's items
    each with its type too, as deep as they go, so that (1,) and (True,), equal and hashing
    alike, are two keys; marked (`_ITEMS`), so that no value a rule gives is equal to it (a
    memo looks a binding up by its value first: a tuple is never kept so). A list is no key
    at all: worked out every time."""
    if isinstance(value, tuple):
        return (_ITEMS, tuple([(type(item), typed(item)) for item in value]))
    if isinstance(value, frozenset):
        return (_ITEMS, frozenset([(type(item), typed(item)) for item in value]))
    return value


_ITEMS = object()  # `typed`'s mark


class BoundMemo:
    """A verb option of its bindings alone (`bindings_only`), read as a Thunk is
    (`memo(**bindings)`, `memo.bound(name, value)`), its values kept by the bindings; a value
    that is not a number, text or flag (a list) is worked out at every read, as a Thunk's.
    A binding is keyed by its type and value (`typed`): 1, True, 1.0 and Fraction(1) are equal
    and hash alike, yet an option of a binding that may be a flag or a number differs between
    them. The check's `verbs.checks.Memo` is its twin, on purpose (see there)."""

    __slots__ = ("_fn", "_known", "text")

    def __init__(self, fn: Callable[[Any, dict], Any], text: str):
        self._fn = fn  # reads the env's bindings alone: no context is given to it
        self._known: dict[tuple, Any] = {}
        self.text = text

    def __call__(self, **bindings: Any) -> Any:
        if not bindings:  # a constant (`2`, a display's name): one key, made without a loop
            return self._value((), bindings)
        return self._value(tuple([(name, type(value), typed(value))
                                  for name, value in bindings.items()]), bindings)

    def bound(self, name: str, value: Any) -> Any:
        """`memo(**{name: value})` without the keyword dict (a price read for each drawer of
        every acquire: one Python call, no other)."""
        kind = type(value)
        try:
            known = self._known.get((name, kind, value), self)
        except TypeError:  # a binding that is a list: worked out every time
            return self._fn(None, {name: value})
        if known is not self:
            return known
        return self._value((name, kind, typed(value)), {name: value})  # a tuple's items typed

    def _value(self, key: tuple, bindings: dict) -> Any:
        try:
            value = self._known.get(key, self)
        except TypeError:  # a binding that is a list: worked out every time
            return self._fn(None, bindings)
        if value is self:
            value = self._fn(None, bindings)
            if type(value) in _KEPT_TYPES:
                self._known[key] = value
        return value

    def __repr__(self) -> str:
        return f"<BoundMemo {self.text}>"
