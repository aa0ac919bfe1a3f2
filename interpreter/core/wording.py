"""How a game's moves read to a person, for the terminal and the browser alike: players' names,
options that read the same merged into one, what a move changed in sentences, the final scoring
step by step. Plain strings only (no terminal or page markup), read from the state or from a
seat's view of it, so each front end says the same thing in the same words."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from .model import EffectContext

COUNTED = ("livre", "prestige", "thread", "lace")


def unstopped(text: str) -> str:
    """A text that ends a sentence ('...or 1 Thread.') without its full stop, to be followed by
    ': ' or '; ' (not to read '.:' or '.;'); an ellipsis stays."""
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def listed(labels: Iterable[str]) -> str:
    """Labels in a row, separated by '; ', each but the last `unstopped`."""
    items = list(labels)
    return "; ".join([*map(unstopped, items[:-1]), *items[-1:]])


def letter(seat: int) -> str:
    """Players are A, B, C... in seat order, so owners read without relying on colour."""
    return chr(ord("A") + seat)


def seat_text(game: Any, seat: int) -> str:
    """'purple (A)'; a seat that plays itself says its kind's name after its letter."""
    player = game.state["players"][seat]
    kind = next((k.name for k in game.rules.seat_kinds if k.id == player.get("kind")), None)
    return f"{player['color']} ({letter(seat)}{', ' + kind if kind else ''})"


# -- options -----------------------------------------------------------------------------------
def grouped(game: Any, options: Sequence[Any]) -> list[list[Any]]:
    """Options that read the same, once each, in first-seen order: same label, and the ids in
    their values (cards, tiles...) read the same too, so two identical start Masters are one
    option but two Apprentices with different bonuses are not."""
    groups: dict[tuple, list] = {}
    for option in options:
        key = (option.label, tuple(game.label(v) for v in strings_of(option.value)))
        groups.setdefault(key, []).append(option)
    return list(groups.values())


def option_label(game: Any, group: Sequence[Any], shown: dict[str, int]) -> str:
    """A merged option's words: its label, and when another option reads the same (`shown`
    counts the labels), which cards it is about."""
    label: str = group[0].label
    if shown.get(label, 0) > 1:
        rules = game.rules
        things = [v for v in strings_of(group[0].value)
                  if v in rules.employees or v in rules.garments or v in rules.tiles]
        label += f" [{'; '.join(game.label(v) for v in things)}]"
    return label


def strings_of(value: Any) -> list[str]:
    """The strings inside an option's value, in a fixed order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k in sorted(value) for s in strings_of(value[k])]
    if isinstance(value, list):
        return [s for v in value for s in strings_of(v)]
    return []


# -- what a move changed -----------------------------------------------------------------------
def _size(value: Any) -> int:
    """A pile's size: a list, or (a pile a seat may not see) its count."""
    return value if isinstance(value, int) else len(value or [])


def snapshot(game: Any) -> dict:
    """The parts of the state a player can follow, copied."""
    return snapshot_of(game.state)


def snapshot_of(position: Any) -> dict:
    """`snapshot` of a state or of one seat's view of it (another player's hand, tiles and
    supply are counts there, a face-down counter None: nothing is said about them)."""
    players = []
    for p in position["players"]:
        row = {key: p[key] for key in COUNTED}
        row["tiles"] = _size(p["tiles"])
        row["staff"] = _size(p["supply"]) + _size(p["hand"]) + _size(p["discard"]) + \
            bool(p["played"])
        row["hand"] = list(p["hand"]) if isinstance(p["hand"], list) else []
        row["supply"] = list(p["supply"]) if isinstance(p["supply"], list) else []
        players.append(row)
    return {"round": position["round"], "players": players, "guests": dict(position["guests"]),
            "decorations": dict(position["decorations"])}


def _signed(n: int, word: str, plural: str | None = None) -> str:
    name = word if abs(n) == 1 or plural is None else plural
    return f"{'+' if n > 0 else '−'}{abs(n)} {name}"


def gains(game: Any, before: dict, after: dict, seat: int) -> list[str]:
    """'+2 Livre', '−1 Thread', '+1 tile', ... for one seat, in a fixed order."""
    b, a = before["players"][seat], after["players"][seat]
    out = []
    for key in COUNTED:
        if a[key] != b[key] and a[key] is not None and b[key] is not None:
            out.append(_signed(a[key] - b[key], game.rules.word(key)))
    if a["tiles"] != b["tiles"]:
        out.append(_signed(a["tiles"] - b["tiles"], "tile", "tiles"))
    if a["staff"] != b["staff"]:
        out.append(_signed(a["staff"] - b["staff"], "employee", "employees"))
    return out


def describe(game: Any, before: dict, after: dict, decider: int | None = None,
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


# -- the end, told in order: the last move, then each final-scoring step --------------------------
# The move that ends the last round also runs the whole final scoring (it asks nothing). To say
# what the move itself did, the game is replayed from before the move on a copy whose ruleset has
# final-scoring steps that do nothing: its state is the state as final scoring begins.
class _Nothing:
    """A compiled effect that changes nothing."""

    @staticmethod
    def run(ctx: EffectContext, env: Any = None) -> None:
        return None


_NOTHING = _Nothing()


def may_end(game: Any) -> bool:
    """Whether the next move may end the game: it is the last round (a copy is kept then)."""
    return bool(game.state["round"] >= game.rules.rounds)


def scoring_start(before: Any, option: Any) -> Any:
    """The game as final scoring begins, `before` being a copy of the game before the move
    that ended it."""
    probe = before.clone()
    probe.rules = replace(probe.rules, final_phases=tuple(
        replace(phase, steps=tuple(replace(step, effect=replace(step.effect, compiled=_NOTHING))
                                   for step in phase.steps))
        for phase in probe.rules.final_phases))
    probe.apply(option.value if hasattr(option, "value") else option)
    return probe


def scoring_lines(game: Any, start: dict | None = None) -> list[str]:
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
