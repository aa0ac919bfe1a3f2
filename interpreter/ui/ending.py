"""The end of a game, told in order: the last move, then each final-scoring step, then the table.

The move that ends the last round also runs the whole final scoring (it asks nothing). To say
what the move itself did, the game is replayed from before the move on a copy whose ruleset has
final-scoring steps that do nothing: its state is the state as final scoring begins.
"""
from __future__ import annotations

from dataclasses import replace

from .changes import snapshot
from .render import seat_text


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


def scoring_lines(game, start: dict | None = None) -> list[str]:
    """One line per final-scoring step, in the printed order: its name and who scored what."""
    lines = []
    for phase in game.rules.final_phases:
        got = [(p["seat"], p["score"].get(phase.id, 0)) for p in game.state["players"]]
        scored = ", ".join(f"{seat_text(game, seat)} +{n}" for seat, n in got if n)
        lines.append(f"{phase.name}: {scored or 'no one scores'}")
    if start is not None:
        paid = [(i, p["livre"] - game.state["players"][i]["livre"])
                for i, p in enumerate(start["players"])]
        spent = ", ".join(f"{seat_text(game, i)} {n}" for i, n in paid if n > 0)
        if spent:
            lines.append(f"{game.rules.word('livre')} given up for prestige: {spent}")
    return lines
