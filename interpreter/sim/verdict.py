"""How `balance` reads its own figures: each verdict weighs the change in win rate and in
prestige, counts every comparison it makes, and says how many games would settle an unclear one.

A balance table makes hundreds of comparisons at once (each component's win rate and prestige,
against zero and against the average of its group), so a 95% interval read alone would call
about one in twenty of the components that do nothing "stronger" or "weaker" by chance. Every
comparison's p-value is therefore adjusted by Benjamini-Hochberg over all the comparisons of the
report (the table's, then separately the paired runs'): a verdict names an effect only when its
adjusted p-value (q) is at most 5%, which keeps the expected share of false verdicts among those
that name an effect under 5% (docs/lab.md says why this correction rather than Holm's).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import stats

CORRECTION = "Benjamini-Hochberg"
FALSE_DISCOVERY_RATE = 0.05
# the smallest change worth the games to find, per measure: a settled "unclear" verdict is
# one whose interval shows an effect at least this large, or rules one out
SMALLEST_EFFECT = {"prestige": 1.0, "lead": 1.0, "win rate": 0.05}


@dataclass
class Comparison:
    """One estimate against one reference: a measure of a component (or a paired run) against
    zero or the average of its group."""

    measure: str       # "prestige" or "win rate"
    estimate: float    # the measured change
    se: float          # its standard error as the interval reads it (width over 2 x 1.96)
    reference: float = 0.0
    q: float = 1.0     # the adjusted p-value, set by `correct`
    spread: float | None = None  # the standard error itself, where the interval is Student's

    @property
    def planning_se(self) -> float:
        """The standard error that more games would shrink: a Student's interval is wider than
        1.96 of them only because its spread is guessed from few runs, which more runs fix."""
        return self.se if self.spread is None else self.spread

    @property
    def effect(self) -> float:
        return self.estimate - self.reference

    @property
    def p(self) -> float:
        return stats.p_value(self.effect, self.se)

    @property
    def clear(self) -> bool:
        return self.q <= FALSE_DISCOVERY_RATE


def comparison(measure: str, result, reference: float = 0.0,
               quantile: float = stats.Z95) -> Comparison | None:
    """A comparison from a `stats.difference` / `stats.paired` result (None stays None). An
    interval made with another `quantile` (Student's t for a card's few forks) is read as its
    width for the p-value and the interval shown, and as width over that quantile for the
    games more that would settle it."""
    if result is None:
        return None
    estimate, (low, high) = result
    spread = None if quantile == stats.Z95 else (high - low) / (2 * quantile)
    return Comparison(measure, estimate, (high - low) / (2 * stats.Z95), reference,
                      spread=spread)


def correct(comparisons: list[Comparison]) -> None:
    """Set every comparison's q, Benjamini-Hochberg over all of them."""
    for c, q in zip(comparisons, stats.benjamini_hochberg([c.p for c in comparisons])):
        c.q = q


def _unclear(c: Comparison, games: int, what: str) -> str:
    """'unclear at 100 games: about 818 games would show a 1.0-prestige WHAT'."""
    if c.planning_se <= 0:
        return f"unclear at {games} games: too few to measure the spread"
    needed, size = games_to_settle(c, games)
    return (f"unclear at {games} games: about {needed} games would show a "
            f"{_size(c.measure, size)} {what}")


def games_to_settle(c: Comparison, games: int) -> tuple[int, float]:
    """How many games in all would show this comparison's effect (the one observed, or the
    smallest worth finding when the observed one is smaller) at 95% confidence with 80% power,
    from the spread these `games` gave; and that effect size."""
    size = max(abs(c.effect), SMALLEST_EFFECT[c.measure])
    return stats.games_needed(games, c.planning_se, size), size


def _amount(c: Comparison) -> str:
    if c.measure == "win rate":
        return f"{100 * abs(c.effect):.1f} points"
    return f"{abs(c.effect):.1f}"


def _signed(c: Comparison, x: float) -> str:
    return f"{100 * x:+.1f}" if c.measure == "win rate" else f"{x:+.1f}"


def _interval(c: Comparison) -> str:
    half = stats.Z95 * c.se
    return f"95% CI {_signed(c, c.effect - half)} to {_signed(c, c.effect + half)}"


def _size(measure: str, size: float) -> str:
    return f"{100 * size:.0f}-point" if measure == "win rate" else f"{size:.1f}-prestige"


# -- a row of the table: holders against non-holders ---------------------------------------------
def row_verdict(against_group: list[Comparison], against_zero: list[Comparison], group: str,
                games: int) -> str:
    """A component's verdict from its comparisons with its group's average (empty when it is
    alone in its group) and with zero, each list prestige first, then win rate."""
    clear = [c for c in against_group if c.clear]
    if clear:
        up = {c.effect > 0 for c in clear}
        measures = " and ".join(c.measure for c in clear)
        if len(up) > 1:
            more = "; ".join(f"{'more' if c.effect > 0 else 'less'} {c.measure}" for c in clear)
            return f"mixed against the average {group}: {more}"
        return f"{'stronger' if up == {True} else 'weaker'} than the average {group} ({measures})"
    clear = [c for c in against_zero if c.clear]
    if clear:
        up = {c.effect > 0 for c in clear}
        measures = " and ".join(c.measure for c in clear)
        if len(up) > 1:
            return f"mixed for its holder: {measures} move apart"
        like = f", like the average {group}" if against_group else ""
        return f"{'helps' if up == {True} else 'hurts'} its holder{like} ({measures})"
    what = f"from the average {group}" if against_group else "for its holder"
    # sized by prestige, the steadier measure
    return _unclear((against_group or against_zero)[0], games, f"difference {what}")


# -- a paired run: the same seeds with and without ----------------------------------------------
def paired_verdict(comparisons: list[Comparison], whose: str, games: int, judge: str) -> str:
    """'raises its holder's prestige by 5.5 (95% CI +0.8 to +10.2); win rate: no clear change
    (...); judged by greedy in every seat', or 'unclear at N games: about M games would show
    ...'. `comparisons` against zero, the steadier measure first."""
    clear = [c for c in comparisons if c.clear]
    if not clear:
        first = comparisons[0]
        return f"{_unclear(first, games, f'change in {whose} {first.measure}')}; judged by {judge}"
    parts = []
    for c in clear:
        verb = "raises" if c.effect > 0 else "lowers"
        parts.append(f"{verb} {whose} {c.measure} by {_amount(c)} ({_interval(c)})")
    joiner = " and " if len({c.effect > 0 for c in clear}) == 1 else " but "
    text = joiner.join(parts)
    for c in comparisons:
        if not c.clear:
            text += (f"; {c.measure}: no clear change ({_signed(c, c.effect)}, "
                     f"{_interval(c)})")
    return f"{text}; judged by {judge}"


def judge_name(seats: list[str]) -> str:
    """The bots that played, as a verdict names them: 'greedy in every seat' or seat by seat."""
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    return ", ".join(f"{bot} (seat {i})" for i, bot in enumerate(seats, 1))
