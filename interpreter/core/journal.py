"""An undo log over plain dicts and lists: a step can be rolled back, and the state at its start
rebuilt for a save or a clone, without copying the state while the game runs."""
from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any, Final

from .._core import mypyc_attr

_MISSING: Final = object()  # Final: compiled, a C static, not a look-up of the module's dict
MISSING = _MISSING  # the old value `set` records for a key that was absent
_SET: Final[object] = 0  # the kind of record `set` makes, boxed once (compiled: a C static)
# A dict or a list inside the state. The state's parts are TypedDicts (core/state.py), which
# mypy counts as no dict, so what the journal changes is typed as any container.
Node = Any


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; explain.py's journal builds on it
class Journal:
    """Records the inverse of every mutation made through it; `rollback(mark)` undoes them.

    The engine keeps the record from the start of the step that holds the pending decision:
    `attempt` and trial runs roll back to a mark inside it, a fault rolls the whole step back,
    and `original` rebuilds the step's starting state for saves and clones.
    """

    __slots__ = ("_base", "_undo", "plain", "record")

    def __init__(self, plain: bool = True) -> None:
        # Only undo records, nothing else (a subclass that also notes why passes False): then
        # the hottest callers (Context.gain / pay) append the record `set` would, without the
        # call. An attribute of the instance, not of the class: the compiled Journal reads its
        # own field, which a subclass's class attribute would not change.
        self.plain = plain
        self._undo: list[tuple] = []
        self._base = 0  # records kept for good are dropped; marks count from the beginning
        # The fast write, for a `set` the caller makes itself right after: its undo record,
        # `(0, obj, key, old)` (`old` MISSING for a key that was absent). The record list's
        # own append, bound once (the list is never replaced): the hottest write of the engine
        # (Context.gain / pay) runs no Python call of the journal's.
        self.record: Callable[[tuple], None] = self._undo.append

    def mark(self) -> int:
        return self._base + len(self._undo)

    def rollback(self, mark: int | None = None) -> None:
        """Undo every change made after `mark` (all the recorded ones by default)."""
        undo = self._undo
        keep = 0 if mark is None else mark - self._base
        while len(undo) > keep:
            _undo(*undo.pop())

    def forget(self, mark: int | None = None) -> None:
        """Keep the changes made before `mark` (all of them by default) for good."""
        drop = len(self._undo) if mark is None else mark - self._base
        del self._undo[:drop]
        self._base += drop

    def detach(self, mark: int) -> list[tuple]:
        """Undo every change made after `mark`, returning them so that `reattach` can make them
        again exactly (the same objects back in the same places): the position at `mark` can
        be looked at, or tried from, in the middle of a step."""
        undo, keep = self._undo, mark - self._base
        redo = []
        while len(undo) > keep:
            record = undo.pop()
            redo.append((record, _current(*record)))
            _undo(*record)
        return redo

    def reattach(self, redo: list[tuple]) -> None:
        """Make again the changes `detach` took back, and record them as before."""
        for at in range(len(redo) - 1, -1, -1):  # an index: mypyc cannot compile reversed()
            record, current = redo[at]               # over tuples of unknown shape
            _redo(record, current)
            self._undo.append(record)

    def keep(self, mark: int) -> None:
        """Keep the changes made after `mark` for good, as if made before the record began
        (a scripted change to a position, not a step's own)."""
        del self._undo[mark - self._base:]

    def original(self, root: Any, copy: Callable[[Any], Any] | None = None) -> Any:
        """A copy of `root` as it was before every recorded change; `root` is left as it is.

        The recorded changes are taken back in place (`detach`), `root` is copied by `copy`,
        and the changes are made again: the same objects back in the same places. By default
        the copy is one pickle round trip (in C, keeping what containers share shared); the
        engine gives the state's own copier (statecopy.py), quicker still.
        """
        redo = self.detach(self._base)
        try:
            if copy is None:
                return pickle.loads(pickle.dumps(root, pickle.HIGHEST_PROTOCOL))
            return copy(root)
        finally:
            self.reattach(redo)

    def set(self, obj: Node, key: Any, value: Any) -> None:
        if type(obj) is dict:  # the state's parts: compiled, the dict's own get and set
            held: dict = obj
            self._undo.append((_SET, held, key, held.get(key, _MISSING)))
            held[key] = value
            return
        old = obj.get(key, _MISSING) if isinstance(obj, dict) else obj[key]
        self._undo.append((_SET, obj, key, old))
        obj[key] = value

    def delete(self, obj: Node, key: Any) -> None:
        self._undo.append((_SET, obj, key, obj.pop(key)))

    def add(self, obj: Node, key: Any, amount: int) -> None:
        old = obj[key]
        self._undo.append((_SET, obj, key, old))
        obj[key] = old + amount

    def append(self, lst: list, value: Any) -> None:
        self._undo.append((1, lst, None, None))
        lst.append(value)

    def pop(self, lst: list, index: int = -1) -> Any:
        if index < 0:
            index += len(lst)
        value = lst.pop(index)
        self._undo.append((2, lst, index, value))
        return value

    def remove(self, lst: list, value: Any) -> None:
        index = lst.index(value)  # as pop(lst, index), without the call: a hot change
        self._undo.append((2, lst, index, lst.pop(index)))

    def insert(self, lst: list, index: int, value: Any) -> None:
        lst.insert(index, value)
        self._undo.append((3, lst, index, None))


def _undo(op: int, obj: Any, key: Any, old: Any) -> None:
    """Undo one recorded change: 0 set (or add a key), 1 append, 2 pop, 3 insert."""
    if op == 0:
        if old is _MISSING:
            del obj[key]
        else:
            obj[key] = old
    elif op == 1:
        obj.pop()
    elif op == 2:
        obj.insert(key, old)
    elif op == 3:
        del obj[key]


def _current(op: int, obj: Any, key: Any, old: Any) -> Any:
    """What a recorded change put in place, read before it is undone."""
    if op == 0:
        return obj.get(key, _MISSING) if isinstance(obj, dict) else obj[key]
    if op == 1:
        return obj[-1]
    if op == 3:
        return obj[key]
    return None


def _redo(record: tuple, current: Any) -> None:
    """Make an undone change again: the inverse of `_undo`."""
    op, obj, key, _old = record
    if op == 0:
        if current is _MISSING:
            del obj[key]
        else:
            obj[key] = current
    elif op == 1:
        obj.append(current)
    elif op == 2:
        del obj[key]
    elif op == 3:
        obj.insert(key, current)


def copy_json(obj: Any) -> Any:
    """A fast deep copy of plain JSON data (dicts, lists, scalars), sharing nothing."""
    if isinstance(obj, dict):
        return {k: copy_json(v) if isinstance(v, (dict, list)) else v for k, v in obj.items()}
    if isinstance(obj, list):
        return [copy_json(v) if isinstance(v, (dict, list)) else v for v in obj]
    return obj
