"""What a move changed, in words: snapshots of the open state and the difference of two.

The terminal log uses it after every decision (what each effect gained, what happened without
a choice) and before a human's decision (what changed since that player last decided). It reads
only `game.state`, so it works for any ruleset.
"""
from __future__ import annotations

from .render import seat_text

COUNTED = ("livre", "prestige", "thread", "lace")


def snapshot(game) -> dict:
    """The parts of the state a player can follow, copied."""
    state = game.state
    players = []
    for p in state["players"]:
        row = {key: p[key] for key in COUNTED}
        row["tiles"] = len(p["tiles"])
        row["staff"] = len(p["supply"]) + len(p["hand"]) + len(p["discard"]) + bool(p["played"])
        row["hand"], row["supply"] = list(p["hand"]), list(p["supply"])
        players.append(row)
    return {"round": state["round"], "players": players, "guests": dict(state["guests"]),
            "decorations": dict(state["decorations"])}


def _signed(n: int, word: str, plural: str | None = None) -> str:
    name = word if abs(n) == 1 or plural is None else plural
    return f"{'+' if n > 0 else '−'}{abs(n)} {name}"


def gains(game, before: dict, after: dict, seat: int) -> list[str]:
    """'+2 Livre', '−1 Thread', '+1 tile', ... for one seat, in a fixed order."""
    b, a = before["players"][seat], after["players"][seat]
    out = []
    for key in COUNTED:
        if a[key] != b[key]:
            out.append(_signed(a[key] - b[key], game.rules.word(key)))
    if a["tiles"] != b["tiles"]:
        out.append(_signed(a["tiles"] - b["tiles"], "tile", "tiles"))
    if a["staff"] != b["staff"]:
        out.append(_signed(a["staff"] - b["staff"], "employee", "employees"))
    return out


def describe(game, before: dict, after: dict, decider: int | None = None,
             chosen_for_hand: set | None = None, humans: frozenset = frozenset()) -> list[str]:
    """Lines saying what changed between two snapshots.

    Changes to a seat other than `decider` (if given) happened without that player's choice
    (income, forced moves), said with the round they closed when the move ended one; cards that
    entered a hand without being chosen (`chosen_for_hand`: the cards picked in hand decisions
    not yet seen in a hand, consumed here) were the only ones left. Other players' hand cards
    stay hidden: only their number is said.
    """
    chosen = chosen_for_hand if chosen_for_hand is not None else set()
    lines = []
    for space, guest in after["guests"].items():
        if before["guests"].get(space) != guest:
            lines.append(f"{seat_text(game, guest['owner'])} rents "
                         f"{game.label(guest['garment'])} at {game.label(space)}")
    for space, owner in after["decorations"].items():
        if before["decorations"].get(space) != owner:
            lines.append(f"{seat_text(game, owner)} funds {game.label(space)}")
    for seat in range(len(after["players"])):
        was = before["players"][seat]
        entered = [c for c in after["players"][seat]["hand"]
                   if c not in was["hand"] and c in was["supply"]]  # not hired ones
        new = [c for c in entered if c not in chosen]
        chosen.difference_update(entered)
        if new:
            what = ", ".join(game.label(c).split(":")[0] for c in new) if seat in humans \
                else f"{len(new)} card{'s' if len(new) != 1 else ''}"
            lines.append(f"{seat_text(game, seat)} takes {what} into the hand "
                         f"(forced: no other card left to choose)")
        delta = gains(game, before, after, seat)
        if delta:
            how = "" if decider is None or seat == decider else \
                f" (end of round {before['round']}, without a choice)" \
                if after["round"] != before["round"] else " (without a choice)"
            lines.append(f"{seat_text(game, seat)}{how}: {', '.join(delta)}")
    return lines
