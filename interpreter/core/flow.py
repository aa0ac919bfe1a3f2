"""The flow of a game as data: rounds of phases, then final scoring; a cursor says where we are.

The cursor moves through the journal like every other change, so a fault in a later step can
roll the game back to its last decision across step boundaries."""
from __future__ import annotations

from . import seats
from .journal import Journal
from .model import Phase, Ruleset, Step
from .modifiers import expire
from .plan import EACH_PLAYER, STEPS, TURNS, PhasePlan, Plan, plan_of
from .state import State


def phases_of(rules: Ruleset, state: State) -> tuple[Phase, ...]:
    cur = state["cursor"]
    assert cur is not None, "a game that is not over has a cursor"
    stage = cur["stage"]
    if stage == "setup":
        return rules.setup_phases
    return rules.final_phases if stage == "final" else rules.round_phases


def order_from_start(state: State) -> list[int]:
    n, start = len(state["players"]), state["start_player"]
    return [(start + i) % n for i in range(n)]


def current(rules: Ruleset, state: State) -> tuple[Phase, Step, int] | None:
    """The step to run next and the seat it runs for, or None when the game is over."""
    at = step_at(plan_of(rules), state)
    return None if at is None else (at[0].phase, at[0].steps[at[1]], at[2])


def step_at(plan: Plan, state: State) -> tuple[PhasePlan, int, int] | None:
    """`current` as the engine's flow reads it, from the rules' plan (plan.py): the phase, the
    place of the step among its steps (and `runs`), the seat."""
    cur = state["cursor"]
    if cur is None:
        return None
    phase = plan.stage(cur["stage"])[cur["phase"]]
    kind = phase.kind
    index: int = cur["index"]
    if kind == STEPS:
        return phase, index, state["start_player"]
    if kind == EACH_PLAYER:  # the index-th seat of order_from_start(state)
        return phase, 0, (state["start_player"] + index) % len(state["players"])
    return phase, 0, index


def start(rules: Ruleset, state: State, tx: Journal) -> None:
    """Round 1 begins: with the setup stage first, if the modules have one."""
    tx.set(state, "round", 1)
    stage = "setup" if rules.setup_phases else "round"
    tx.set(state, "cursor", {"stage": stage, "phase": 0, "index": 0})
    _settle(plan_of(rules), state, tx)


def advance(rules: Ruleset, state: State, tx: Journal) -> tuple[Phase, Step, int] | None:
    """Move the cursor past the step that just completed, and give the step to run next as
    `current` gives it."""
    at = step_after(plan_of(rules), state, tx)
    return None if at is None else (at[0].phase, at[0].steps[at[1]], at[2])


def step_after(plan: Plan, state: State, tx: Journal) -> tuple[PhasePlan, int, int] | None:
    """`advance` as the engine's flow calls it, reading the rules' plan (plan.py), the next step
    given as `step_at` gives it: read from the phase at hand while the phase goes on (the
    flow's loop reads no cursor and no phase twice a step)."""
    cur = state["cursor"]
    assert cur is not None
    stage = cur["stage"]
    phase = (plan.round if stage == "round" else plan.stage(stage))[cur["phase"]]
    kind = phase.kind
    was = cur["index"]
    if kind == TURNS:
        nxt = _next_turn(plan, state, was)
        if nxt is not None:
            tx.set(cur, "index", nxt)
            return phase, 0, nxt
        tx.set(cur, "index", len(state["players"]))
    else:
        index: int = was + 1
        tx.set(cur, "index", index)
        if kind == STEPS:
            if index < phase.count:  # the phase goes on: nothing for `_settle` to do
                return phase, index, state["start_player"]
        else:
            n = len(state["players"])
            if index < n:
                seat = (state["start_player"] + index) % n if kind == EACH_PLAYER else index
                return phase, 0, seat
    _settle(plan, state, tx)
    return step_at(plan, state)


def _length(phase: PhasePlan, state: State) -> int:
    return phase.count if phase.kind == STEPS else len(state["players"])


def _next_turn(plan: Plan, state: State, after: int | None) -> int | None:
    """The next seat clockwise (after `after`, or from the start player) still holding cards
    (in its kind's turn zone: an automaton may take its turns from a deck of its own)."""
    players = state["players"]
    n = len(players)
    first = state["start_player"] if after is None else (after + 1) % n
    kinds = plan.kinds
    for i in range(n):
        seat = (first + i) % n
        kind = seats.kind_of(plan.rules, state, seat) if kinds else None
        player = players[seat]
        if (kind.pile(player, 1) if kind is not None else player["hand"]):
            return seat
    return None


def _settle(plan: Plan, state: State, tx: Journal) -> None:
    """Step over finished phases and rounds until the cursor points at a step to run."""
    while True:
        cur = state["cursor"]
        assert cur is not None
        phases = plan.stage(cur["stage"])
        at: int = cur["phase"]
        if at < len(phases):
            phase = phases[at]
            index: int = cur["index"]
            if phase.kind == TURNS and index == -1:
                seat = _next_turn(plan, state, None)
                tx.set(cur, "index", seat if seat is not None else len(state["players"]))
                if seat is not None:
                    return
            elif index < _length(phase, state) and not (
                    phase.kind == TURNS and index >= len(state["players"])):
                return
            tx.set(cur, "phase", at + 1)
            nxt = phases[at + 1] if at + 1 < len(phases) else None
            tx.set(cur, "index", -1 if nxt is not None and nxt.kind == TURNS else 0)
            continue
        if cur["stage"] == "setup":  # set up: round 1 begins
            opening = plan.round[0] if plan.round else None
            tx.set(state, "cursor", {"stage": "round", "phase": 0,
                                     "index": -1 if opening and opening.kind == TURNS else 0})
            continue
        expire(state, tx, "round_end")
        if cur["stage"] == "round" and state["round"] < plan.rounds:
            tx.set(state, "round", state["round"] + 1)
            tx.set(state, "cursor", {"stage": "round", "phase": 0, "index": 0})
        elif cur["stage"] == "round":
            tx.set(state, "cursor", {"stage": "final", "phase": 0, "index": 0})
        else:
            tx.set(state, "cursor", None)
            tx.set(state, "finished", True)
            return
        cursor = state["cursor"]
        stage = plan.stage(cursor["stage"]) if cursor is not None else ()
        first = stage[0] if stage else None  # a module may remove every final-scoring phase
        if first is not None and first.kind == TURNS:
            tx.set(cursor, "index", -1)
