"""The end of a game at the terminal: the snapshot as final scoring begins (core/wording.py
tells the end in order for the terminal and the browser alike)."""
from __future__ import annotations

from ..core.wording import may_end, scoring_start, snapshot

__all__ = ["before_scoring", "may_end"]


def before_scoring(before, option) -> dict:
    """The snapshot as final scoring begins, `before` being a copy of the game before the
    move that ended it."""
    return snapshot(scoring_start(before, option))
