"""Explain traces: every change to the state, with the rule that made it and the decision that
led there.

An `ExplainingJournal` is a Journal that, beside each undo record, notes what changed and why:
the innermost running effect (its owner and position) and the statement inside it, found from
the call stack, and the decision being answered. Changes that are rolled back (trial runs,
effects that could not be done) are dropped with their records, so the trace holds only what
really happened. It is off unless asked for (`Game.new(..., explain=True)`): walking the stack
costs time a simulation should not pay.
"""
from __future__ import annotations

import inspect
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from types import FrameType
from typing import Any, Protocol

from rulesdsl import Span
from rulesdsl.codegen import frame_span

from .journal import MISSING, Journal, Node
from .model import Effect, Ruleset, running_effect
from .state import State


class Traced(Protocol):
    """What the journal reads of the game it explains (`Game`, core/engine.py)."""

    state: State
    history: list

    @property
    def step_name(self) -> str: ...

_QUIET = ("rng", "cursor", "score", "finished")  # bookkeeping a reader does not need


@dataclass(frozen=True)
class Change:
    """One change to the state: what, caused by which rule at which position, after which
    decision (the number of answers given so far)."""

    decision: int
    step: str
    owner: str
    where: Span | None
    source: str
    text: str
    # the state paths it touched ('players.1.hand', 'garment_bag'): who may see it (`seen_by`)
    paths: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"{self.where}" if self.where is not None else "<engine>"
        src = f" `{self.source}`" if self.source else ""
        return f"[{self.decision}] {self.step}: {where}{src} ({self.owner}): {self.text}"


class ExplainingJournal(Journal):
    """A journal that also records why each change was made."""

    __slots__ = ("_parked", "_paths", "game", "log", "notes")

    def __init__(self, game: Traced) -> None:
        super().__init__(plain=False)  # every change goes through `set` and the others, noted
        # weakly: the journal is the game's, held by its steps, which must not hold the game
        self.game: Traced = weakref.proxy(game)
        self.notes: list[Any] = []  # one per undo record: (cause, raw change) or None
        self.log: list[Change] = []  # changes kept for good
        self._paths: dict[int, str] = {}
        self._parked: list[list] = []  # the notes of changes taken back by `detach`

    # -- keeping the notes in step with the records ------------------------------------------
    def rollback(self, mark: int | None = None) -> None:
        super().rollback(mark)
        del self.notes[len(self._undo):]

    def forget(self, mark: int | None = None) -> None:
        drop = len(self._undo) if mark is None else mark - self._base
        self.log.extend(_changes(self.notes[:drop]))
        del self.notes[:drop]
        super().forget(mark)

    def keep(self, mark: int) -> None:
        cut = mark - self._base
        self.log.extend(_changes(self.notes[cut:]))
        del self.notes[cut:]
        super().keep(mark)

    def detach(self, mark: int) -> list[tuple]:
        cut = mark - self._base
        self._parked.append(self.notes[cut:])
        del self.notes[cut:]
        return super().detach(mark)

    def reattach(self, redo: list[tuple]) -> None:
        super().reattach(redo)
        self.notes.extend(self._parked.pop())

    def changes(self) -> list[Change]:
        """Every change so far, the waiting step's included."""
        return self.log + _changes(self.notes)

    # -- recording ----------------------------------------------------------------------------
    def set(self, obj: Node, key: Any, value: Any) -> None:
        old = obj.get(key, MISSING) if isinstance(obj, dict) else obj[key]
        super().set(obj, key, value)
        self._note("set", obj, key, None if old is MISSING else old, value)

    def delete(self, obj: Node, key: Any) -> None:
        old = obj[key]
        super().delete(obj, key)
        self._note("delete", obj, key, old, None)

    def append(self, lst: list, value: Any) -> None:
        super().append(lst, value)
        self._note("add", lst, None, None, value)

    def pop(self, lst: list, index: int = -1) -> Any:
        value = super().pop(lst, index)
        self._note("take", lst, None, value, None)
        return value

    def insert(self, lst: list, index: int, value: Any) -> None:
        super().insert(lst, index, value)
        self._note("add", lst, None, None, value)

    # the plain journal makes these records itself; here they go through `set` and `pop`
    def add(self, obj: Node, key: Any, amount: int) -> None:
        self.set(obj, key, obj[key] + amount)

    def remove(self, lst: list, value: Any) -> None:
        self.pop(lst, lst.index(value))

    def _note(self, op: str, obj: Node, key: Any, old: Any, new: Any) -> None:
        path = self._path(obj)
        if path is None or any(q in path.split(".")[0:3] for q in _QUIET) or key in _QUIET:
            self.notes.append(None)
            return
        self.notes.append((self._cause(), op, self._readable(path), key, old, new, path))

    def _readable(self, path: str) -> str:
        """'players.1.tiles' as 'black.tiles': players by colour, like the board shows them."""
        parts = path.split(".")
        if len(parts) >= 2 and parts[0] == "players":
            color = self.game.state["players"][int(parts[1])]["color"]
            return ".".join([color] + parts[2:])
        return path

    def _cause(self) -> tuple:
        effect, span = None, None
        here = inspect.currentframe()  # this call's frame: the search starts at its caller's
        frame: FrameType | None = None if here is None else here.f_back
        while frame is not None:
            if span is None:  # the innermost statement's, the effect's own frame's included
                span = frame_span(frame)
            effect = running_effect(frame)
            if effect is not None:
                break
            frame = frame.f_back
        game = self.game
        step = game.step_name or "set-up"
        if effect is None:
            return (len(game.history), step, "the flow of the game" if step == "flow"
                    else "the engine", None, "")
        span = span or effect.where
        return (len(game.history), step, effect.owner or "an effect", span,
                _source_line(effect, span))

    def _path(self, obj: Node) -> str | None:
        """A readable path to `obj` in the state, e.g. 'players.1(black).tiles'."""
        path = self._paths.get(id(obj))
        if path is None or _resolve(self.game.state, path) is not obj:
            self._paths = _index(self.game.state)
            path = self._paths.get(id(obj))
        return path


def _index(state: State) -> dict[int, str]:
    out: dict[int, str] = {id(state): "state"}

    def walk(node: Any, path: str) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if isinstance(v, (dict, list)):
                sub = f"{path}.{k}" if path else str(k)
                out[id(v)] = sub
                walk(v, sub)
    walk(state, "")
    return out


def _resolve(state: State, path: str) -> Any:
    if path == "state":
        return state
    node: Any = state
    for part in path.split("."):
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, ValueError, TypeError):
            return None
    return node


def _source_line(effect: Effect, span: Span | None) -> str:
    """The line of the effect's text the statement at `span` stands on."""
    lines = effect.source.strip("\n").split("\n")
    if span is None or effect.where is None or span.file != effect.where.file:
        return lines[0].strip() if len(lines) == 1 else ""
    offset = span.line - effect.where.line
    return lines[offset].strip() if 0 <= offset < len(lines) else ""


def _changes(notes: list) -> list[Change]:
    """Raw notes as readable changes; a take followed by an add of the same thing is a move
    (emptying a positioned slot, a drawer space or a display's, takes what lay there)."""
    out: list[Change] = []
    pending_take = None
    for note in notes:
        if note is None:
            continue
        _cause, op, path, key, old, new, _raw = note
        if op == "set" and new is None and isinstance(old, str) and isinstance(key, int):
            note = (_cause, "take", f"{path}.{key}", None, old, None, _raw)
            op = "take"
        if op == "take":
            if pending_take is not None:
                out.append(_change(pending_take, f"{pending_take[4]} left {pending_take[2]}"))
            pending_take = note
            continue
        if op in ("add", "set") and pending_take is not None and pending_take[4] == new:
            to = path if op == "add" else f"{path}.{key}"
            out.append(_change(note, f"{new}: {pending_take[2]} -> {to}", pending_take[6]))
            pending_take = None
            continue
        if pending_take is not None:
            out.append(_change(pending_take, f"{pending_take[4]} left {pending_take[2]}"))
            pending_take = None
        if op == "add":
            out.append(_change(note, f"{new} added to {path}"))
        elif op == "delete":
            out.append(_change(note, f"{path}.{key} removed (was {old})"))
        elif isinstance(old, int) and isinstance(new, int) and not isinstance(old, bool):
            out.append(_change(note, f"{path}.{key} {old} -> {new} ({new - old:+d})"))
        else:
            out.append(_change(note, f"{path}.{key} = {new}" + ("" if old is None
                                                                else f" (was {old})")))
    if pending_take is not None:
        out.append(_change(pending_take, f"{pending_take[4]} left {pending_take[2]}"))
    return out


def _change(note: tuple, text: str, *more_paths: str) -> Change:
    (decision, step, owner, where, source) = note[0]
    return Change(decision, step, owner, where, source, text, (note[6], *more_paths))


def seen_by(change: Change, seats: Iterable[int], rules: Ruleset, finished: bool = False) -> bool:
    """Whether any of `seats` may see the change, as `view()` shows the state to them: a change
    only to others' hands, supplies, tiles or face-down counters, or inside a face-down pile,
    is hidden; a move with one open end (a tile taken from the display) is seen."""
    seats = set(seats)
    hidden_zones = {z.id for z in rules.board_zones if not z.visible} | \
        {f"zones.{z.id}" for z in rules.zones if not z.visible}
    secret = {"tiles", "hand", "supply"} | (set() if finished else set(rules.private))

    def hidden(path: str) -> bool:
        parts = path.split(".")
        if parts[0] == "players" and len(parts) >= 3:
            return int(parts[1]) not in seats and parts[2] in secret
        return parts[0] in hidden_zones or ".".join(parts[:2]) in hidden_zones
    return not change.paths or not all(hidden(p) for p in change.paths)
