"""Option values as handed out: a dict or a list that refuses to change (issue 35 2.9).

A decision keeps its own values and hands out these; they are a `dict` and a `list` to every
reader (equal to plain ones, printed and saved as JSON the same way), but `o.value["price"] =
-50` raises at once instead of leaving an option that no longer names what it offers. A copy
(`copy.copy`, `copy.deepcopy`, `dict(v)`, `list(v)`, pickling) is plain data the caller owns.
"""
from __future__ import annotations

import copy
from typing import Any, NoReturn

REFUSAL = ("an option's value cannot be changed: copy it (copy.deepcopy(option.value)) to "
           "build another answer")


def _refuse(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(REFUSAL)


class FrozenDict(dict):
    """A dict whose items cannot be set, removed or updated."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}

    def __reduce__(self) -> tuple:
        return (dict, (thawed(self),))


class FrozenList(list):
    """A list whose items cannot be set, removed, added or reordered."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self) -> tuple:
        return (list, (thawed(self),))


# each frozen type and the plain one it stands for
FROZEN: dict[type, type] = {FrozenDict: dict, FrozenList: list}


def frozen(value: Any) -> Any:
    """`value` with every dict and list in it frozen (a new one; the original is untouched)."""
    kind = type(value)
    if kind is dict or kind is FrozenDict:
        return FrozenDict({k: frozen(v) for k, v in value.items()})
    if kind is list or kind is FrozenList:
        return FrozenList([frozen(v) for v in value])
    return value


def thawed(value: Any) -> Any:
    """`value` as plain data: every frozen dict and list in it a plain one."""
    kind = type(value)
    if kind is FrozenDict or kind is dict:
        return {k: thawed(v) for k, v in value.items()}
    if kind is FrozenList or kind is list:
        return [thawed(v) for v in value]
    return value
