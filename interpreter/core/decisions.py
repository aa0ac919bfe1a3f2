"""Decisions: who must decide, what kind of choice it is, and the complete list of legal options.

Every decision kind has a stable option shape (documented in docs/decisions.md): the `value` of
an option is plain JSON data a program can build on; its `label` is for people and is made only
when somebody reads it.

`Option` and `Decision` are immutable values, and so are the options' values: a decision the
engine asks keeps its own values, and hands out frozen copies of those that are dicts or lists
(`values`, `options`; core/frozen.py), which refuse to change (a copy of one is the caller's).
Two options are equal when their values are equal as JSON data, which is exactly how
`Game.apply` matches an answer to an option: `1` is not `True`, `1` is not `1.0`, and the
label plays no part (it only says the value in words).
"""
from __future__ import annotations

import json
import operator
from collections.abc import Callable, Iterable, Sequence
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
    (`_OptionFields`, `_DecisionFields`): the engine makes each option and decision (one per
    question) as that base's open twin, whose `__init__` sets the fields as plain slots, then
    gives it the frozen class (`obj.__class__ = Option`; the layouts are the same). Plain slot
    stores cost about a quarter of the descriptor calls a frozen object's fields otherwise take."""

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


class _DecisionFields:
    """A Decision's fields, open: `of_values` sets them on a `_OpenDecision`, then freezes it."""

    __slots__ = ("_labeller", "_options", "_picked", "_picked_at", "_public", "_values", "kind",
                 "prompt", "seat")
    seat: int
    kind: str
    prompt: str
    _options: tuple[Option, ...] | None  # once made (or given)
    _values: tuple | None  # the options' values, the engine's own (or read from options given)
    _public: tuple | None  # the values handed out (`frozen_copy` of each), once read
    _labeller: Callable[[Any], str] | None
    _picked: Option | None  # the option `option_at` made before `options` was read
    _picked_at: int  # its place


class _OpenDecision(_DecisionFields):
    __slots__ = ()

    def __init__(self, seat: int, kind: str, prompt: str, values: Iterable,
                 labeller: Callable[[Any], str] | None):
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self._options = None
        self._values = tuple(values)
        self._public = None
        self._labeller = labeller
        self._picked = None


class Decision(_Frozen, _DecisionFields):
    """A question one seat must answer: its kind (see docs/decisions.md), a prompt for people,
    and every legal option. Equal when seat, kind, prompt and options are.

    A decision the engine asks is made from the options' values (`of_values`): its Option
    objects are made when `options` is first read, and `option_at(i)` makes only the one it
    gives (a random playout reads one option of each decision, not all of them). Either way,
    every read gives the same Option object for the same place."""

    __slots__ = ()

    def __init__(self, seat: int, kind: str, prompt: str, options: Sequence[Option]):
        _DECISION_SEAT(self, seat)
        _DECISION_KIND(self, kind)
        _DECISION_PROMPT(self, prompt)
        _DECISION_OPTIONS(self, options if type(options) is tuple else tuple(options))
        _DECISION_VALUES(self, None)
        _DECISION_PUBLIC(self, None)
        _DECISION_LABELLER(self, None)
        _DECISION_PICKED(self, None)

    @classmethod
    def of_values(cls, seat: int, kind: str, prompt: str, values: Iterable,
                  labeller: Callable[[Any], str] | None) -> Decision:
        """The decision whose options are `values`, each labelled by `labeller` when read."""
        decision: Any = _OpenDecision(seat, kind, prompt, values, labeller)  # then frozen
        decision.__class__ = cls  # (see `_Frozen`)
        return decision

    def __bool__(self) -> bool:  # a decision is a decision, whatever its length
        return True

    def __len__(self) -> int:
        """How many options (without reading them)."""
        options = self._options
        return len(options) if options is not None else len(self._values)  # type: ignore[arg-type]

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal option, in order."""
        options = self._options
        if options is not None:
            return options
        options = Option.many(self.values, self._labeller)
        picked = self._picked
        if picked is not None:  # the option already given out keeps its place
            at = self._picked_at
            options = options[:at] + (picked,) + options[at + 1:]
        _DECISION_OPTIONS(self, options)
        return options

    @property
    def values(self) -> tuple:
        """Every option's value, in order (`tuple(o.value for o in options)`, without making
        the options); a dict or list is a copy: changing it changes no option."""
        public = self._public
        if public is None:
            own = self._values
            if own is None:  # given as options: their values are the caller's
                public = tuple(o.value for o in self._options)  # type: ignore[union-attr]
            else:
                public = tuple([frozen_copy(v) for v in own])
            _DECISION_PUBLIC(self, public)
        return public

    def own_values(self) -> tuple:
        """The options' values as the engine keeps them, for the engine to answer with and for
        the project's own bots to read without copying them (they never change one); `values`
        gives copies, which a caller may change freely."""
        own = self._values
        if own is None:  # given as options
            own = tuple(o.value for o in self._options)  # type: ignore[union-attr]
            _DECISION_VALUES(self, own)
        return own

    def own_label(self, index: int) -> str:
        """The label of the option at `index`, made from the engine's own value (a copy handed
        out may have been changed, and no longer name anything)."""
        if self._values is None or self._labeller is None:  # given as options: their labels
            return self.options[index].label
        return self._labeller(self._values[index])

    def option_at(self, index: int) -> Option:
        """`options[index]`, made alone when the options have not been read."""
        options = self._options
        if options is not None:
            return options[index]
        values: tuple = self._values if self._public is None else self._public  # type: ignore
        if type(index) is int and 0 <= index < len(values):
            at = index
        else:
            at = operator.index(index)
            if at < 0:
                at += len(values)
            if not 0 <= at < len(values):
                raise IndexError(f"option index {index} is out of range ({len(values)} "
                                 "options)")
        picked = self._picked
        if picked is not None:  # a second place read: every option is made
            return picked if at == self._picked_at else self.options[at]
        made: Any = _OpenOption(frozen_copy(values[at]), self._labeller)  # as Option.many
        made.__class__ = Option
        _DECISION_PICKED(self, made)
        _DECISION_PICKED_AT(self, at)
        return made

    def holds(self, option: Any) -> bool:
        """Whether `option` is one of this decision's own Option objects (the same object)."""
        return self.place_of(option) >= 0

    def place_of(self, option: Any) -> int:
        """The place of `option` among this decision's own Option objects (the same object),
        or -1."""
        made: Iterable[Option] | None = self._options
        if made is None:
            return self._picked_at if option is not None and option is self._picked else -1
        for i, o in enumerate(made):
            if o is option:
                return i
        return -1

    def to_json(self) -> dict:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options]}

    @classmethod
    def from_json(cls, data: dict) -> Decision:
        return cls(data["seat"], data["kind"], data["prompt"],
                   tuple(Option(o["value"], o["label"]) for o in data["options"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return _identity(self) == _identity(other)

    def __hash__(self) -> int:
        return hash(_identity(self))

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, prompt={self.prompt!r}, " \
               f"{len(self.values)} options)"


def _identity(decision: Decision) -> tuple:
    """What makes two decisions equal: seat, kind, prompt and options."""
    return (type(decision.seat), decision.seat, decision.kind, decision.prompt, decision.options)


_slots: Any = vars(_DecisionFields)  # the fields' descriptors, by name: a frozen decision's
# lazily made parts are set through them
_DECISION_SEAT, _DECISION_KIND, _DECISION_PROMPT, _DECISION_OPTIONS = (
    _slots["seat"].__set__, _slots["kind"].__set__, _slots["prompt"].__set__,
    _slots["_options"].__set__)
_DECISION_VALUES, _DECISION_LABELLER, _DECISION_PICKED, _DECISION_PICKED_AT = (
    _slots["_values"].__set__, _slots["_labeller"].__set__, _slots["_picked"].__set__,
    _slots["_picked_at"].__set__)
_DECISION_PUBLIC = _slots["_public"].__set__
