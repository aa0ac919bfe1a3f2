"""The `--explain` trace as the people at the terminal may read it: what none of them may see
(bots' hands, face-down piles) is left out, and the set-up (everything before the first
decision: dealing the displays, the first round's preparation) is one line."""
from __future__ import annotations

from collections import Counter

from ..core.explain import seen_by


def explained_lines(game, changes, humans) -> list[str]:
    """Lines for `changes`; with no human seat (bots watched) everything is shown."""
    seats = set(humans) if humans else set(range(len(game.state["players"])))
    finished = bool(game.state.get("finished"))
    shown = [c for c in changes if seen_by(c, seats, game.rules, finished)]
    setup = [c for c in shown if c.decision == 0]
    lines = []
    if setup:
        parts = Counter(_part(game, c.paths[0]) for c in setup if c.paths)
        counted = ", ".join(f"{name} {n}" for name, n in parts.items())
        lines.append(f"[0] set-up and the first preparation: {len(setup)} changes to what you "
                     f"may see ({counted}); the board shows the result")
    lines += [str(c) for c in shown if c.decision != 0]
    return lines


def _part(game, path: str) -> str:
    """'players.1.supply' -> 'black.supply'; 'zones.x.3' -> 'x'; 'garment_display.2' ->
    'garment_display'."""
    parts = path.split(".")
    if parts[0] == "players" and len(parts) >= 3:
        return f"{game.state['players'][int(parts[1])]['color']}.{parts[2]}"
    if parts[0] == "zones" and len(parts) >= 2:
        return parts[1]
    return "round" if parts[0] == "state" else parts[0]
