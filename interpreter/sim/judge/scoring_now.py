"""Each seat's prestige "as if the game ended now": the ruleset's own final scoring run on a
copy, what the judge's worth of a position starts from (value.py) and what a held card's effect
is measured by (held_effects.py)."""
from __future__ import annotations

from ..mcts import FINAL


def as_if_ended(game, spend: bool = False) -> list[int]:
    """Each seat's prestige if the game ended now: a copy (the game itself, if it may be
    spent) runs the ruleset's final scoring from here, as mcts does at its horizon; a question
    final scoring asks takes its first option."""
    if game.is_over():
        return [p["prestige"] for p in game.state["players"]]
    copy = game if spend else game.clone()
    if copy.state["cursor"]["stage"] != "final":
        copy.jump(FINAL)
    while (d := copy.decision()) is not None:
        copy.apply(d.options[0])
    return [p["prestige"] for p in copy.state["players"]]
