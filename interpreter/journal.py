"""An undo log over plain dicts and lists, so a step can be rolled back without copying state."""
from __future__ import annotations

from typing import Any

_MISSING = object()


class Journal:
    """Records the inverse of every mutation made through it; `rollback(mark)` undoes them.

    The engine runs each game step optimistically and, when the step stops at a
    decision, rolls it back; this is far cheaper than deep-copying the state.
    """

    __slots__ = ("_undo",)

    def __init__(self) -> None:
        self._undo: list[tuple] = []

    def mark(self) -> int:
        return len(self._undo)

    def rollback(self, mark: int = 0) -> None:
        undo = self._undo
        while len(undo) > mark:
            op, obj, key, old = undo.pop()
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

    def forget(self) -> None:
        """Keep every change made so far (the step is complete)."""
        self._undo.clear()

    def set(self, obj: dict | list, key: Any, value: Any) -> None:
        old = obj.get(key, _MISSING) if isinstance(obj, dict) else obj[key]
        self._undo.append((0, obj, key, old))
        obj[key] = value

    def delete(self, obj: dict, key: Any) -> None:
        self._undo.append((0, obj, key, obj.pop(key)))

    def add(self, obj: dict, key: Any, amount: int) -> None:
        self.set(obj, key, obj[key] + amount)

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
        self.pop(lst, lst.index(value))

    def insert(self, lst: list, index: int, value: Any) -> None:
        lst.insert(index, value)
        self._undo.append((3, lst, index, None))
