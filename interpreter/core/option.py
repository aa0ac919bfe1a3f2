"""Options: one legal answer each, and how two answers compare (as JSON data).

An `Option` is an immutable value: its `value` is plain JSON data a program can build on, its
`label` is for people and is made only when somebody reads it. Two options are equal when their
values are equal as JSON data, which is exactly how `Game.apply` matches an answer to an option:
`1` is not `True`, `1` is not `1.0`, and the label plays no part.

Kept a module of Python's (never compiled, where `Decision` is: decisions.py): a caller may
answer with an Option of its own, a subclass or a look-alike, and Python methods serve it as
they serve the engine's own.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

from .frozen import FROZEN, frozen, thawed

_set = object.__setattr__


_PLAIN = frozenset((str, int, bool, type(None)))  # equal as JSON iff of one type and value


def _plain(value: dict | list) -> bool:
    """A dict with text keys, or a list, holding only text, whole numbers, booleans and None:
    most option values, which then compare as JSON without being printed."""
    if type(value) is dict:
        return all(type(k) is str and type(v) in _PLAIN for k, v in value.items())
    return all(type(v) in _PLAIN for v in value)


def same_value(a: Any, b: Any) -> bool:
    """Equal as JSON data: True is not 1 and 0 is not False (Python says they are)."""
    kind = type(a)
    if kind is not type(b):
        if FROZEN.get(kind, kind) is not FROZEN.get(type(b), type(b)):
            return False
        return same_value(thawed(a), thawed(b))  # a handed-out value is its plain one
    if (kind is dict or kind is list) and _plain(a) and _plain(b):
        if len(a) != len(b):
            return False
        if kind is dict:
            return a.keys() == b.keys() and all(type(v) is type(b[k]) and v == b[k]
                                                for k, v in a.items())
        return all(type(v) is type(w) and v == w for v, w in zip(a, b))
    try:  # an answer may be anything: an unprintable, unsortable or unequal value is no match
        if isinstance(a, (dict, list)):
            return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
        return bool(a == b)
    except Exception:  # noqa: BLE001
        return False


def same_as(value: Any) -> Callable[[Any], bool]:
    """The test `lambda v: same_value(v, value)`, quicker over many candidates: a plain dict or
    list (`_plain`) is looked at once; a plain candidate that Python finds unequal to it is
    no match without more ado (only a float, a tuple or a key that is no text inside can make
    values unequal in Python equal as JSON), and one Python finds equal whose items are each of
    the type of the value's is a match (what a re-run's recorded answer meets)."""
    kind = type(value)
    if kind in FROZEN:  # a handed-out value: matched as the plain one it copies
        value, kind = thawed(value), FROZEN[kind]
    if not ((kind is dict or kind is list) and _plain(value)):
        return lambda v: same_value(v, value)

    if kind is dict:
        def same_types(v: Any) -> bool:  # v == value: then v's keys are value's
            for k, x in v.items():  # noqa: SIM110 - a loop: quicker than all() over a generator
                if type(x) is not type(value[k]):
                    return False
            return True
    else:
        def same_types(v: Any) -> bool:  # v == value: then as long as value
            for x, y in zip(v, value):  # noqa: SIM110 - as above
                if type(x) is not type(y):
                    return False
            return True

    def test(v: Any) -> bool:
        if type(v) is not kind:
            return FROZEN.get(type(v)) is kind and test(thawed(v))
        try:
            if v == value:  # equal in Python and each item of one type: equal as JSON
                if same_types(v):
                    return True
            elif _plain(v):
                return False
        except Exception:  # noqa: BLE001 - a candidate holding anything: the full comparison
            pass
        return same_value(v, value)
    return test


def frozen_copy(value: Any) -> Any:
    """`value` as handed out: a dict or a list as a frozen copy (core/frozen.py: it refuses to
    change, so an option keeps naming what it offers); anything else as it is (text, numbers,
    booleans and None cannot be changed)."""
    kind = type(value)
    if kind is dict or kind is list:
        return frozen(value)
    return value


def value_hash(value: Any) -> int:
    """A hash that agrees with `same_value`."""
    try:
        if isinstance(value, (dict, list)):
            return hash(json.dumps(value, sort_keys=True))
        return hash((type(value), value))
    except Exception:  # noqa: BLE001 - unhashable or unprintable: equal only to itself anyway
        return hash(type(value))


class _Frozen:
    """Refuses every change. A frozen class keeps its fields in an open base of its own
    (`_OptionFields`): the engine makes each option as that base's open twin, whose `__init__`
    sets the fields as plain slots, then gives it the frozen class (`obj.__class__ = Option`;
    the layouts are the same). Plain slot stores cost about a quarter of the descriptor calls a
    frozen object's fields otherwise take."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")


class _OptionFields:
    """An Option's fields, open: the engine sets them on an `_OpenOption`, then freezes it."""

    __slots__ = ("_hash", "_label", "_labeller", "value")
    value: Any
    _label: str  # set once read (or given): until then the slot is empty
    _labeller: Callable[[Any], str] | None
    _hash: int  # likewise, set once worked out


class _OpenOption(_OptionFields):
    __slots__ = ()

    def __init__(self, value: Any, labeller: Callable[[Any], str] | None):
        self.value = value
        self._labeller = labeller


class Option(_Frozen, _OptionFields):
    """One legal answer. `value` is plain JSON data (do not change it); `label` is how a person
    reads it. Equal and hashed by value as JSON data (see the module's docstring)."""

    __slots__ = ()

    def __init__(self, value: Any, label: str | None = None,
                 labeller: Callable[[Any], str] | None = None):
        _set(self, "value", value)
        _set(self, "_labeller", labeller)
        if label is not None:
            _set(self, "_label", label)

    @classmethod
    def many(cls, values: Iterable, labeller: Callable[[Any], str] | None) -> tuple[Option, ...]:
        """One option for each value, labelled by `labeller` when read (as `Option(v, None,
        labeller)` for each, without the call per option: a decision is built for every
        question, and only its value and labeller are set)."""
        out = []
        for v in values:
            o: Any = _OpenOption(v, labeller)  # set as plain slots, then frozen (`_Frozen`)
            o.__class__ = cls
            out.append(o)
        return tuple(out)

    @classmethod
    def made(cls, value: Any, labeller: Callable[[Any], str] | None) -> Option:
        """`Option(value, None, labeller)`, made as `many` makes each (a decision's
        `option_at`)."""
        o: Any = _OpenOption(value, labeller)
        o.__class__ = cls
        return o

    @property
    def label(self) -> str:
        try:
            return self._label
        except AttributeError:  # not read before: made now, once
            label = self._labeller(self.value) if self._labeller else str(self.value)
            _set(self, "_label", label)
            return label

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}

    # immutable, so a copy is the option itself (as a tuple's); a deep copy and a pickle carry
    # its value and its label, made now (a labeller need not pickle)
    def __copy__(self) -> Option:
        return self

    def __deepcopy__(self, memo: dict) -> Option:
        return type(self)(copy.deepcopy(thawed(self.value), memo), self.label)

    def __reduce__(self) -> tuple:
        return (type(self), (thawed(self.value), self.label))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return other is self or same_value(self.value, other.value)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # not worked out before
            found = value_hash(self.value)
            _set(self, "_hash", found)
            return found

    def __repr__(self) -> str:
        return f"Option({self.value!r}, {self.label!r})"
