"""What a held card's effect is worth, found by running it: a card whose bonus pays only when it
is played, rounds after it is hired (prestige per jewel owned, a blow to the opponents), is
worth what its effect would do for its holder now, on a copy, measured as final scoring and the
learned holdings measure everything else. The judge's feature `effect.held` adds that up over
the cards a seat holds; the regression (fit.py) learns what it is worth per share of the game
left (how often a held card is played again). Nothing here names a card: the effect run is the
one the seat would run (`seats.bonus_of`: a solo automaton's own reading of the card too)."""
from __future__ import annotations

from typing import Any

from rulesdsl import EffectAbort

from ...core.errors import IllegalDecisionError, RuleFaultError
from ...core.seats import UnansweredQuestion, bonus_of
from .features import seats_worths
from .scoring_now import as_if_ended

FIRST = 6   # at most this many answers to an effect's first question are tried (the best kept)
CHAIN = 8   # at most this many questions of one effect answered (by their first option)
KEEP = 2000  # measured gains kept (then measured anew)
# an effect that cannot be run here, or (an automaton's card) asks what its seat's policy
# does not answer: it gives nothing measured
_FAILED = (IllegalDecisionError, RuleFaultError, EffectAbort, UnansweredQuestion)


class HeldEffects:
    """Each held card's effect, measured once per card, seat and round of a game (a held
    card's worth changes slowly: measuring it at every trial would cost a copy and a final
    scoring per card). One per bot, or per fitting game; deterministic: the first position
    of a round where a card is seen is where it is measured (a bot's trials of one decision
    end in that round or the next)."""

    def __init__(self, weights) -> None:
        self.weights = weights
        self._gains: dict[tuple, float] = {}
        self._totals: dict[tuple, float] = {}  # (round, seat, *held cards): their gains' sum
        self._round = 0

    def held(self, game, seat: int, here: list | None = None) -> float:
        """The seat's `effect.held`: the sum of what its held cards' effects give it now.
        `here`: the position's seat values (`seat_values`), shared by the calls for every seat
        of one position ([] until a gain needs them: then worked out once for them all)."""
        rules, state = game.rules, game.state
        at = state["round"]
        if at < self._round - 1 or len(self._gains) > KEEP:  # a new game: measure anew
            self._gains, self._totals = {}, {}
        self._round = at
        cards = held_cards(rules, state["players"][seat])
        # the same cards, seat and round as a sum already made: the same gains, added in the
        # same order (both kept and dropped together)
        known = (at, seat, *cards)
        total = self._totals.get(known)
        if total is not None:
            return total
        if len(self._totals) > KEEP:
            self._totals.clear()
        total = 0.0
        if here is None:
            here = []
        for card in cards:
            key = (at, seat, card)
            gain = self._gains.get(key)
            if gain is None:
                gain = self._gains[key] = self.gain(game, seat, card, here)
            total += gain
        self._totals[known] = total
        return total

    def gain(self, game, seat: int, card: str, here: list | None = None) -> float:
        """What running the card's effect for the seat now does to its standing (its worth less
        the mean of the other seats'), the best over the first question's answers (a trade a
        good player declines is worth its better side); 0 if it has none or cannot run.
        `here`: the position's seat values, if known ([values]; filled in if empty)."""
        effect = bonus_of(game.rules, game.state, seat, card)
        if effect is None:
            return 0.0
        try:  # asking leaves the game as it was
            first = game.next_question(effect, seat, played=card)
        except _FAILED:
            return 0.0
        starts = [[]] if first is None else [[v] for v in first.values[:FIRST]]
        if here is None:
            here = []
        if not here:
            here.append(seat_values(game, self.weights))
        best = None
        for answers in starts:
            after = game.clone()
            try:
                while len(answers) < CHAIN and (
                        q := after.next_question(effect, seat, answers, played=card)) is not None:
                    answers.append(q.values[0])
                after.run_effect(effect, seat, answers, played=card)
            except _FAILED:
                continue
            value = lead_over_mean(seat_values(after, self.weights, spend=True), seat)
            best = value if best is None else max(best, value)
        return 0.0 if best is None else best - lead_over_mean(here[0], seat)


def uses_effects(weights) -> bool:
    """Whether the weights give `effect.held` any worth (else measuring it is skipped)."""
    return any(name.startswith("effect.") for name in weights.worths)


def seat_values(game, weights, spend: bool = False) -> list[float]:
    """Each seat's worth: prestige as if the game ended now plus the learned worth of its
    holdings (without `effect.held`: what an effect does, not what the cards it leaves are
    worth). `spend`: the game may be used up (a copy changed by a scripted effect cannot be
    copied again: its step would not replay)."""
    held = seats_worths(game, weights)  # first: final scoring may use the game up
    return [e + h for e, h in zip(as_if_ended(game, spend), held)]


def lead_over_mean(values: list[float], seat: int) -> float:
    """The seat's worth less the mean of the others' (its own worth alone with no other)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (sum(others) / len(others) if others else 0.0)


def held_cards(rules, player: dict) -> list[str]:
    """The employee cards among a player record's lists and zones (hand, supply, discard, a
    module's own piles), wherever the rules keep them."""
    employees = rules.employees
    known = employees.__contains__
    out: list[str] = []
    for value in player.values():
        if isinstance(value, list):
            lists: Any = (value,)
        elif isinstance(value, dict):
            lists = value.values()
        else:
            continue
        for items in lists:
            if isinstance(items, list) and items:
                try:  # the interpreter's own loop: ids are strings, and only strings are cards
                    found = list(filter(known, items))
                except TypeError:  # a list of records
                    found = [c for c in items if isinstance(c, str) and c in employees]
                out += found
    return out
