"""Decisions: who must decide, what kind of choice it is, and the complete list of legal options.

Every decision kind has a stable option shape (documented in docs/decisions.md): the `value` of
an option is plain JSON data a program can build on; its `label` is for people and is made only
when somebody reads it.

`Option` and `Decision` are immutable values, and so are the options' values: a decision the
engine asks keeps its own values, and hands out frozen copies of those that are dicts or lists
(`values`, `options`; core/frozen.py), which refuse to change (a copy of one is the caller's).
Two options are equal when their values are equal as JSON data, which is exactly how
`Game.apply` matches an answer to an option: `1` is not `True`, `1` is not `1.0`, and the
label plays no part (it only says the value in words; option.py).

Compiled with mypyc (interpreter/_core.py): the engine makes a Decision at every question, and
a native object is made and read without a Python call (a class of Python's cost about 3,800
instructions a question to make). Its fields are private, read through properties that refuse
to be set; `Option` stays a class of Python's (option.py), re-exported here.
"""
from __future__ import annotations

import copy
import functools
import inspect
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NoReturn

from .option import Option, frozen_copy, same_as, same_value, value_hash


def _refuse(name: str) -> NoReturn:
    raise AttributeError(f"Decision is immutable: cannot set {name!r}")


class Decision:
    """A question one seat must answer: its kind (see docs/decisions.md), a prompt for people,
    and every legal option. Equal when seat, kind, prompt and options are.

    A decision the engine asks is made from the options' values (`of_values`): its Option
    objects are made when `options` is first read, and `option_at(i)` makes only the one it
    gives (a random playout reads one option of each decision, not all of them). Either way,
    every read gives the same Option object for the same place."""

    __slots__ = ("_kind", "_labeller", "_options", "_picked", "_picked_at", "_prompt",
                 "_public", "_seat", "_values")
    _seat: Any  # as given: True is not 1 (`_identity`)
    _kind: str
    _prompt: str
    _options: tuple[Option, ...] | None  # once made (or given)
    _values: tuple | None  # the options' values, the engine's own (or read from options given)
    _public: tuple | None  # the values handed out (`frozen_copy` of each), once read
    _labeller: Callable[[Any], str] | None
    _picked: Option | None  # the option `option_at` made before `options` was read
    _picked_at: int  # its place

    def __init__(self, seat: Any, kind: Any, prompt: Any, options: Sequence[Option] = (), *,
                 values: Iterable | None = None,
                 labeller: Callable[[Any], str] | None = None):
        """A decision offering `options`; or, given `values` instead, one option for each
        value, labelled by `labeller` when read (as `of_values`). Its kind and prompt are
        texts: anything else is refused here, in both forms alike (compiled, a parameter
        typed `str` refused it in mypyc's words, and Python took it)."""
        if not isinstance(kind, str):
            raise TypeError(f"a decision's kind is a str, not {type(kind).__name__}: {kind!r}")
        if not isinstance(prompt, str):
            raise TypeError(f"a decision's prompt is a str, not {type(prompt).__name__}: "
                            f"{prompt!r}")
        self._seat = seat
        self._kind = kind
        self._prompt = prompt
        if values is None:
            self._options = options if type(options) is tuple else tuple(options)
            self._values = None
        else:
            self._options = None
            self._values = values if type(values) is tuple else tuple(values)
        self._public = None
        self._labeller = labeller
        self._picked = None
        self._picked_at = -1

    @classmethod
    def of_values(cls, seat: Any, kind: Any, prompt: Any, values: Iterable,
                  labeller: Callable[[Any], str] | None) -> Decision:
        """The decision whose options are `values`, each labelled by `labeller` when read."""
        return Decision(seat, kind, prompt, values=values, labeller=labeller)  # the class
        # itself: its constructor is called natively (`cls` is Decision: it has no subclass)

    # -- read only -------------------------------------------------------------------------
    @property
    def seat(self) -> Any:
        return self._seat

    @seat.setter
    def seat(self, value: Any) -> None:
        _refuse("seat")

    @property
    def kind(self) -> str:
        return self._kind

    @kind.setter
    def kind(self, value: str) -> None:
        _refuse("kind")

    @property
    def prompt(self) -> str:
        return self._prompt

    @prompt.setter
    def prompt(self, value: str) -> None:
        _refuse("prompt")

    def __bool__(self) -> bool:  # a decision is a decision, whatever its length
        return True

    def __len__(self) -> int:
        """How many options (without reading them)."""
        values = self._values
        if values is not None:
            return len(values)
        options = self._options
        assert options is not None  # a decision has its options or their values
        return len(options)

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
        self._options = options
        return options

    @options.setter
    def options(self, value: tuple[Option, ...]) -> None:
        _refuse("options")

    @property
    def values(self) -> tuple:
        """Every option's value, in order (`tuple(o.value for o in options)`, without making
        the options); a dict or list is a copy: changing it changes no option."""
        public = self._public
        if public is None:
            own = self._values
            if own is None:  # given as options: their values are the caller's
                public = tuple([o.value for o in self.options])
            else:
                public = tuple([frozen_copy(v) for v in own])
            self._public = public
        return public

    @values.setter
    def values(self, value: tuple) -> None:
        _refuse("values")

    def own_values(self) -> tuple:
        """The options' values as the engine keeps them, for the engine to answer with and for
        the project's own bots to read without copying them (they never change one); `values`
        gives copies, which a caller may change freely."""
        own = self._values
        if own is None:  # given as options
            own = tuple([o.value for o in self.options])
            self._values = own
        return own

    def own_label(self, index: int) -> str:
        """The label of the option at `index`, made from the engine's own value (a copy handed
        out may have been changed, and no longer name anything)."""
        own, labeller = self._values, self._labeller
        if own is None or labeller is None:  # given as options: their labels
            return self.options[index].label
        return labeller(own[index])

    def option_at(self, index: Any) -> Option:
        """`options[index]`, made alone when the options have not been read."""
        options = self._options
        if options is not None:
            return options[index]
        values: tuple = self.own_values() if self._public is None else self._public
        if type(index) is int and 0 <= index < len(values):
            at: int = index
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
        made = Option.made(frozen_copy(values[at]), self._labeller)  # as Option.many
        self._picked = made
        self._picked_at = at
        return made

    def holds(self, option: Any) -> bool:
        """Whether `option` is one of this decision's own Option objects (the same object)."""
        return self.place_of(option) >= 0

    def place_of(self, option: Any) -> int:
        """The place of `option` among this decision's own Option objects (the same object),
        or -1."""
        made = self._options
        if made is None:
            return self._picked_at if option is not None and option is self._picked else -1
        for i, o in enumerate(made):
            if o is option:
                return i
        return -1

    def to_json(self) -> dict:
        return {"seat": self._seat, "kind": self._kind, "prompt": self._prompt,
                "options": [o.to_json() for o in self.options]}

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        if not isinstance(data, dict):  # (as in both forms alike: see __init__)
            raise TypeError(f"a decision's JSON is an object (dict), not {type(data).__name__}")
        return cls(data["seat"], data["kind"], data["prompt"],
                   tuple(Option(o["value"], o["label"]) for o in data["options"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return _identity(self) == _identity(other)

    def __hash__(self) -> int:
        return hash(_identity(self))

    # immutable, so a copy is the decision itself (as a tuple's); a deep copy and a pickle
    # carry its options, each with its label made now (a labeller need not pickle)
    def __copy__(self) -> Decision:
        return self

    def __deepcopy__(self, memo: dict) -> Decision:
        return Decision(self._seat, self._kind, self._prompt,
                        tuple([copy.deepcopy(o, memo) for o in self.options]))

    def __reduce__(self) -> tuple:
        return (Decision, (self._seat, self._kind, self._prompt, self.options))

    def __repr__(self) -> str:
        return f"Decision(seat={self._seat}, kind={self._kind!r}, prompt={self._prompt!r}, " \
               f"{len(self.values)} options)"


# A field set or deleted from outside: both forms refuse alike. Compiled, mypyc checks each
# private field's declared type when Python sets it and refuses `del`; as Python, the slots would
# take anything. So the class is given the same check and refusal in both forms (compiled, the
# class's own writes are native and pass by neither; as Python they pass the check).
_DECLARED: Final[dict[str, tuple[tuple[type, ...], str]]] = {
    "_kind": ((str,), "str"), "_prompt": ((str,), "str"), "_picked_at": ((int,), "int"),
    **{name: ((tuple, type(None)), "tuple or None")
       for name in ("_options", "_values", "_public")}}


def _checked_set(decision: Decision, name: str, value: Any) -> None:
    """A field of `decision` set from Python: of its declared type, in mypyc's words."""
    declared = _DECLARED.get(name)
    if declared is not None and not isinstance(value, declared[0]):
        got = "None" if value is None else type(value).__name__
        raise TypeError(f"{declared[1]} object expected; got {got}")
    object.__setattr__(decision, name, value)


def _no_delete(decision: Decision, name: str) -> NoReturn:
    raise AttributeError(f"Decision is immutable: cannot delete {name!r}")


def _as_method(function: Callable[..., Any]) -> Any:
    """`function` as a method of the class: compiled, a module's function is a builtin, which a
    class does not bind to its instance (a partialmethod does)."""
    return function if inspect.isfunction(function) else functools.partialmethod(function)


def _init_as_python(self: Decision, seat: Any, kind: Any, prompt: Any,
                    options: Sequence[Option] = (), *, values: Iterable | None = None,
                    labeller: Callable[[Any], str] | None = None) -> None:
    """`Decision.__init__` as Python: the same checks and fields (kept alike: test_compiled_core's
    odd input), written past `_checked_set`, a Python call a field (3 us a decision, 10% of a
    random game's instructions as Python). Compiled, the class's own writes are native and
    `__init__` is its own."""
    if not isinstance(kind, str):
        raise TypeError(f"a decision's kind is a str, not {type(kind).__name__}: {kind!r}")
    if not isinstance(prompt, str):
        raise TypeError(f"a decision's prompt is a str, not {type(prompt).__name__}: "
                        f"{prompt!r}")
    if values is None:
        own, given = None, options if type(options) is tuple else tuple(options)
    else:
        own, given = values if type(values) is tuple else tuple(values), None
    put = object.__setattr__  # (a loop over the names costs as much as the check)
    put(self, "_seat", seat)
    put(self, "_kind", kind)
    put(self, "_prompt", prompt)
    put(self, "_options", given)
    put(self, "_values", own)
    put(self, "_public", None)
    put(self, "_labeller", labeller)
    put(self, "_picked", None)
    put(self, "_picked_at", -1)


# on the class once made (in its body, mypyc would send its own writes through them too)
setattr(Decision, "__setattr__", _as_method(_checked_set))  # noqa: B010
setattr(Decision, "__delattr__", _as_method(_no_delete))  # noqa: B010
if inspect.isfunction(Decision.__init__):  # as Python (compiled, a native method)
    setattr(Decision, "__init__", _init_as_python)  # noqa: B010


def _identity(decision: Decision) -> tuple:
    """What makes two decisions equal: seat, kind, prompt and options."""
    return (type(decision.seat), decision.seat, decision.kind, decision.prompt, decision.options)


__all__ = ["Decision", "Option", "frozen_copy", "same_as", "same_value", "value_hash"]
