"""The end of a game, told in order: the last move, then each final-scoring step, then the table.

The move that ends the last round also runs the whole final scoring (it asks nothing). To say
what the move itself did, the game is replayed from before the move on a copy whose ruleset has
final-scoring steps that do nothing: its state is the state as final scoring begins.
"""
from __future__ import annotations

from dataclasses import replace

from ..core.wording import snapshot


class _Nothing:
    """A compiled effect that changes nothing."""

    @staticmethod
    def run(ctx, env=None) -> None:
        return None


_NOTHING = _Nothing()


def may_end(game) -> bool:
    """Whether the next move may end the game: it is the last round (a copy is kept then)."""
    return game.state["round"] >= game.rules.rounds


def before_scoring(before, option) -> dict:
    """The snapshot as final scoring begins, `before` being a copy of the game before the
    move that ended it."""
    probe = before.clone()
    probe.rules = replace(probe.rules, final_phases=tuple(
        replace(phase, steps=tuple(replace(step, effect=replace(step.effect, compiled=_NOTHING))
                                   for step in phase.steps))
        for phase in probe.rules.final_phases))
    probe.apply(option.value if hasattr(option, "value") else option)
    return snapshot(probe)
