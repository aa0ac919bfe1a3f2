"""Checks: whether a verb call can be done now, found without a trial run.

A verb may declare a `can(ctx, args)` check beside its `run(ctx, args)` (VerbDef.can). It reads
the position and the call's options exactly as the verb does up to its first question, changes
nothing, and answers what a trial run of the call (core/trial.py) would find: False when the verb
would abort before or at that question (nothing to offer), True when the trial would complete
(two options or more, each exact: the verb built them so, or a single option whose rest cannot
abort), None when it cannot tell cheaply (a single option whose rest runs other rules that may
abort: a trigger, a hook), and the caller runs the trial instead.

A `can` reads its args and never changes them: a call whose options are the same for every
check (flags, functions of the verb's bindings) gives every check the same dict.

A check is given the call's options as objects of this module (`Lazy`, `Named`, `Memo`: the
load-time checks make them), which a verb's `can` reads natively through `called` and `bound`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesdsl.memo import typed

from ..core.context import Context
from ..core.events import heard


def from_count(found: int, event: str, ctx: Context) -> bool | None:
    """A check's answer from how many options the verb's first, exact question would have,
    counted as far as two. A single option answers itself and the trial goes on past it: for a
    verb whose rest cannot abort but for the triggers of the `event` it announces, it is known
    to complete while nothing listens to that event."""
    if found == 0:
        return False
    if found > 1:
        return True
    return None if heard(ctx, event) else True


def called(option: Any) -> Any:
    """`option()`: a verb option's value (natively for a check's own `Lazy` and `Named`;
    compiled, a call of an untyped object is Python's call, with its keyword dict)."""
    if type(option) is Named:
        return option.value()
    if type(option) is Lazy:
        return option.value()
    return option()


def bound(option: Any, name: str, value: Any) -> Any:
    """`option.bound(name, value)`: a verb option's value with the binding `name` (natively for
    a check's own `Memo` and `Lazy`; compiled, a method of an untyped object is looked up by
    name and called as Python's)."""
    # The three branches make the same call on purpose: compiled, the first two are direct C
    # calls of the narrowed class's method, the last a method looked up by name and called
    # through its Python wrapper. One call for all cost 1.28 M more instructions over the 20
    # random games of docs/speed-history.md (5,022 `Memo` reads, about 250 each); a `Lazy`'s
    # (an option that reads the position, given a binding) is read so in a pack's check.
    if type(option) is Memo:
        return option.bound(name, value)
    if type(option) is Lazy:
        return option.bound(name, value)
    if type(option) is Named:
        return option.value()
    return option.bound(name, value)


class Lazy:
    """A verb option in a check (loading/static_checks.py), evaluated only when the verb reads
    it: the shape of `rulesdsl.Thunk` (the running call's option), as a class of this compiled
    module. Two classes on purpose: a check makes one for each option at every check of a verb
    call and `called` / `bound` read it by direct C calls, where a Thunk (rulesdsl is not
    compiled, and imports nothing of the interpreter's) is made and called as Python: the
    checks making Thunks instead played the 20 random games of docs/speed-history.md with
    5.8 M more instructions (2.5%; 2,047 made, 1,673 read). Neither can derive from the other
    (a compiled class has compiled bases; rulesdsl is below this layer)."""

    __slots__ = ("ctx", "env", "fn", "text")

    def __init__(self, fn: Callable[[Any, dict], Any], ctx: Context, env: dict, text: str):
        self.fn, self.ctx, self.env, self.text = fn, ctx, env, text

    def __call__(self, **bindings: Any) -> Any:
        if not bindings:  # expressions never assign, so the statement's env can be shared
            return self.fn(self.ctx, self.env)
        env = dict(self.env)
        env.update(bindings)
        return self.fn(self.ctx, env)

    def value(self) -> Any:
        """`lazy()`, without the keyword dict (`called`)."""
        return self.fn(self.ctx, self.env)

    def bound(self, name: str, value: Any) -> Any:
        """`lazy(**{name: value})` without the keyword dicts, as Thunk.bound."""
        env = dict(self.env)
        env[name] = value
        return self.fn(self.ctx, env)

    def __repr__(self) -> str:
        return f"<Thunk {self.text}>"


class Named:
    """A verb option in a check whose value is a name of the vocabulary (`played`:
    rulesdsl.verb_option_getters), read by the name's getter in the check's position: one
    call, where a `Lazy` calls the option's closure, which calls the getter, and needs an env.
    A name takes no bindings. One a check keeps between calls reads no position between them
    (`ctx` None)."""

    __slots__ = ("ctx", "get", "text")

    def __init__(self, get: Callable[[Any], Any], ctx: Context, text: str):
        self.get, self.text = get, text
        self.ctx: Context | None = ctx

    def __call__(self, **bindings: Any) -> Any:
        return self.get(self.ctx)

    def value(self) -> Any:
        """`named()`, without the keyword dict (`called`)."""
        return self.get(self.ctx)

    def bound(self, name: str, value: Any) -> Any:
        """`named(**{name: value})`: the name's value (it reads no binding)."""
        return self.get(self.ctx)

    def __repr__(self) -> str:
        return f"<Thunk {self.text}>"


class Printed:
    """What an option that is a function of the verb's bindings is evaluated in: the ruleset
    alone, whose printed data it may read (no position: it reads none)."""

    __slots__ = ("rules",)

    def __init__(self, rules: Any):
        self.rules = rules


def _typed(value: Any) -> Any:
    """`typed(value)`, called only for a tuple or a frozenset: any other value is its own key
    (read natively, without a call of rulesdsl's Python)."""
    if isinstance(value, tuple) or isinstance(value, frozenset):  # noqa: SIM101 - each a C test
        return typed(value)
    return value


class Memo:
    """An option that is a function of the verb's bindings (and the ruleset's printed data),
    its values kept by them: the same in every position and game of the ruleset, so one is
    shared by all the calls of a check. A binding is keyed by its type and value
    (`rulesdsl.memo.typed`: 1, True, 1.0 and Fraction(1) are equal and hash alike, and so are
    (1,) and (True,); an option of a binding that may be a flag or a number differs between
    them). The twin of the running call's `rulesdsl.memo.BoundMemo`, on purpose: this one
    keeps every value (a check never changes what it reads, where a verb may change a list it
    is given), its function reads the ruleset's printed data, and as a class of this compiled
    module `bound` calls it directly in C (rulesdsl is below this layer: neither can derive from
    the other)."""

    __slots__ = ("by_one", "fn", "known", "printed", "wholes")

    def __init__(self, fn: Callable[[Any, dict], Any], printed: Printed):
        self.fn = fn  # reads the env and the ruleset's printed data alone
        self.printed = printed
        # its whole-number values by the one binding's value, as a verb reads a price or a
        # payout (actions._bound_whole: one look-up, where the tables key them by memo too)
        self.wholes: dict[Any, int] = {}
        # the values of keyword calls, by their bindings' (name, type, value)s
        self.known: dict[tuple, Any] = {}
        # the values of `bound` calls, by the binding's name, then its value: (its type, the
        # value) for the first type met (a price asked for each drawer of every check, read
        # without making a key); an equal binding of another type is kept in `known`
        self.by_one: dict[str, dict[Any, tuple[type, Any]]] = {}

    def __call__(self, **bindings: Any) -> Any:
        return self._value(tuple([(name, type(value), _typed(value))
                                  for name, value in bindings.items()]), bindings)

    def bound(self, name: str, value: Any) -> Any:
        """`memo(**{name: value})`, as Thunk.bound."""
        values = self.by_one.get(name)
        if values is None:
            values = self.by_one[name] = {}
        try:
            known = values.get(value)
        except TypeError:  # a binding that is a list: worked out every time
            return self.fn(self.printed, {name: value})
        kind = type(value)
        if known is not None:
            if known[0] is kind:
                return known[1]
            return self._value(((name, kind, value),), {name: value})  # 1 after True
        if _typed(value) is not value:  # a tuple: kept by its items' types too (`known`)
            return self._value(((name, kind, typed(value)),), {name: value})
        # worked out, unless it raises (then again at every call)
        found = self.fn(self.printed, {name: value})
        values[value] = (kind, found)
        return found

    def _value(self, key: tuple, bindings: dict) -> Any:
        try:
            value = self.known.get(key, self)
        except TypeError:  # a binding that is a list: worked out every time
            return self.fn(self.printed, bindings)
        if value is self:  # worked out, unless it raises (then again at every call)
            value = self.known[key] = self.fn(self.printed, bindings)
        return value
