"""The environments' code around the engine at every step, compiled with mypyc
(interpreter/_core.py's COMPILED_MODULES): the legal actions of a decision and its mask
(`Legal`, an ActionSpace's), what a seat observes and the one-seat environment's step (`Look`, a
SeatCoder's). As Python it was five frames a step and their attribute look-ups; here the state
they read is the classes' own fields.

The environments stay Python classes (gymnasium's Env, PettingZoo's AECEnv): they read what a
learner may set (`env.bots`, `illegal_penalty`) and hand it in at each call. The encoder's
tables and kept vectors are read natively (`Observation.native_parts`); an `observe_game` set on
the encoder (a wrapper) is called instead, so it runs. numpy is imported at run
time, not for the build (its arrays are made here and read by nothing compiled).
"""
from __future__ import annotations

import importlib
from typing import Any

from ..core.decisions import Decision
from ..core.engine import Game
from ..core.table import whole_number
from .encoding import Answers, Entries, Kept, marked

_np: Any = importlib.import_module("numpy")
_INT8: Any = _np.dtype(_np.int8)
_frombuffer: Any = _np.frombuffer
_zeros: Any = _np.zeros


def win_shares(game: Game) -> list[float]:
    """Each seat's share of the win of a finished game."""
    winners = game.winners()
    return [1 / len(winners) if seat in winners else 0.0
            for seat in range(len(game.state["players"]))]


class Legal:
    """The legal actions of the last decision asked about, by an Answers' tables (`n`
    actions): asking twice for the same decision costs nothing."""

    def __init__(self, answers: Answers, n: int):
        self.answers, self.n = answers, n
        self.decision: Any = None
        self.legal: dict[int, int] = {}

    def of(self, decision: Any) -> dict[int, int]:
        """Each legal action of `decision` and the index of the option it answers with."""
        if decision is self.decision:
            return self.legal
        legal = self.answers.of(decision)
        self.decision, self.legal = decision, legal
        return legal

    def mask(self, decision: Decision | None) -> Any:
        """1 for the legal actions of `decision` (all 0 without one), as int8: a fresh array
        (its own zeroed bytes, wrapped without a copy), safe to keep."""
        if decision is None:
            return _zeros(self.n, dtype=_INT8)
        return _frombuffer(marked(self.of(decision), self.n), _INT8)

    def __deepcopy__(self, memo: dict) -> Legal:
        """A cache of its own (empty), the tables shared (made once, never changed)."""
        return Legal(self.answers, self.n)

    def __reduce__(self) -> tuple:
        """Pickled as its tables (compiled, the class is made through its `__init__`)."""
        return Legal, (self.answers, self.n)


class Look:
    """What a seat observes (the encoder's vector and the mask of `legal`) and the one-seat
    environment's step."""

    def __init__(self, encoder: Any, legal: Legal, dict_form: bool):
        self.encoder, self.legal, self.dict_form = encoder, legal, dict_form
        # the encoder's tables, each observer's kept vector and its attributes
        # (Observation.native_parts; none: every observation through its `observe_game`)
        native = getattr(encoder, "native_parts", None)
        parts = native() if native is not None else None
        self.entries: Entries | None = None if parts is None else parts[0]
        self.vectors: dict[int, tuple[Any, Kept]] = {} if parts is None else parts[1]
        self.attrs: dict = {} if parts is None else parts[2]

    def observe(self, game: Game, seat: int, decision: Decision | None) -> dict:
        """What `seat` observes, given the game's pending decision: fresh arrays. Its vector
        is filled here, as `observe_game` fills it, without that method's Python frames; a
        seat's first observation, or an `observe_game` set on the encoder, goes through it."""
        encoder, entries = self.encoder, self.entries
        mine = decision is not None and decision.seat == seat
        own = self.vectors.get(seat)
        if own is None or entries is None or "observe_game" in self.attrs:
            vector = encoder.observe_game(game, seat)
        else:
            entries.fill_state(game.state, game.rules, seat, own[1],
                               decision.kind if mine and decision is not None else None)
            vector = own[0].copy()
        return {"observation": encoder.parts(vector) if self.dict_form else vector,
                "action_mask": self.legal.mask(decision if mine else None)}

    def step(self, game: Game, bots: Any, seat: int, action: Any, penalty: float) -> tuple:
        """`RococoSeatEnv.step` (single.py): `seat` answers with `action` (`penalty` and no
        change if it is not legal), the bots after it inside the engine's running step; then
        what the seat observes, its reward, whether the game is done, False, the info."""
        decision = game.decision()
        if decision is None:
            raise RuntimeError("the episode is over: call reset() to play another game")
        legal = self.legal.of(decision)  # most often those kept since the last observation
        number = whole_number(action)
        if number is None or number not in legal:  # not legal, or no whole number
            return self.observe(game, seat, decision), penalty, False, False, {"illegal": True}
        game.apply_index_then(legal[number], bots)  # the bots answer inside the step
        decision = game.decision()
        if decision is None and game.is_over():
            done, reward = True, win_shares(game)[seat]
        else:
            done, reward = False, 0.0
        return self.observe(game, seat, decision), reward, done, False, {}

    def __deepcopy__(self, memo: dict) -> Look:
        """The copy's encoder and Legal (the ones its coder and action space hold: `memo`)."""
        from copy import deepcopy
        return Look(deepcopy(self.encoder, memo), deepcopy(self.legal, memo), self.dict_form)

    def __reduce__(self) -> tuple:
        """Pickled as what it is made of (compiled, the class is made through its
        `__init__`)."""
        return Look, (self.encoder, self.legal, self.dict_form)
