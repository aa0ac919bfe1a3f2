"""The few statistics `balance` needs, in plain Python so that results are exact and repeatable.

Intervals are 95% normal approximations: mean ± 1.96 standard errors, for a difference of two
independent means (with the pooled variance of both groups, so that a card held only twice gets
a wide interval rather than none) or for the mean of paired differences. With the hundreds of
games `balance` plays they are close to bootstrap intervals, and need no random resampling, so
the same games always give the same figures. A card's forked runs, which may be a handful, get
Student's t in place of 1.96 (`paired_few`).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def mean(values: Sequence[float]) -> float | None:
    return average(values) if values else None


def average(values: Sequence[float]) -> float:
    """The mean of values known to be there (ZeroDivisionError when there are none)."""
    return sum(values) / len(values)


def variance(values: Sequence[float]) -> float:
    """Sample variance (n - 1); 0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = average(values)
    return sum((v - m) ** 2 for v in values) / (n - 1)


def difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, tuple[float, float]] | None:
    """mean(a) - mean(b) and its 95% interval (pooled variance); None when either side is
    empty."""
    if not a or not b:
        return None
    ma, mb = average(a), average(b)
    diff = ma - mb
    dof = len(a) + len(b) - 2
    pooled = (sum((v - ma) ** 2 for v in a) + sum((v - mb) ** 2 for v in b)) / dof if dof else 0.0
    se = math.sqrt(pooled * (1 / len(a) + 1 / len(b)))
    return diff, (diff - Z95 * se, diff + Z95 * se)


def paired(diffs: Sequence[float], quantile: float = Z95
           ) -> tuple[float, tuple[float, float]] | None:
    """The mean of paired differences and its 95% interval (mean ± `quantile` standard
    errors); None when there are none."""
    if not diffs:
        return None
    m = average(diffs)
    half = quantile * math.sqrt(variance(diffs) / len(diffs))
    return m, (m - half, m + half)


# Student's t, 97.5% quantile, for 1 to 30 degrees of freedom; past 30 the normal's 1.96 is
# within 4% and the Cornish-Fisher step below closes most of that
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(dof: int) -> float:
    """The two-sided 95% quantile of Student's t with `dof` degrees of freedom."""
    if dof <= len(_T975):
        return _T975[max(dof, 1) - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * dof) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * dof ** 2)


def paired_few(diffs: Sequence[float]) -> tuple[float, tuple[float, float]] | None:
    """As `paired`, with Student's t in place of the normal quantile: a card's forked runs may
    number a handful (held in 5 of 12 seeds), where mean ± 1.96 standard errors is far too
    narrow (a win-rate change of +60 points [+12, +108] from 5 forks). The interval is exact for
    normal differences; the verdict reads its width as the standard error, so its p-value is
    the normal's of that wider error, close to the t-test's."""
    return paired(diffs, t95(len(diffs) - 1)) if diffs else None


def wilson(rate: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `rate` seen in `n` trials: unlike the
    normal approximation it stays inside [0, 1] and is not empty at 0% or 100%."""
    if n <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


# -- reading many figures at once -------------------------------------------------------------
Z80 = 0.8416212335729143  # the one-sided normal quantile of 80% power


def p_value(estimate: float, se: float) -> float:
    """Two-sided p-value of `estimate` against zero for a normal estimate of standard error
    `se`; 1 when there is no spread to judge by (one game, or games that all came out alike)."""
    if se <= 0:
        return 1.0
    return math.erfc(abs(estimate) / se / math.sqrt(2))


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values), in the order given: a test whose q is at
    most 0.05 is a discovery with the expected share of false discoveries kept under 5%."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):  # step up from the largest p-value
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


def games_needed(games: int, se: float, effect: float, power_z: float = Z80) -> int:
    """How many games in all would make an effect of size `effect` show at 95% confidence with
    80% power, when `games` games gave an estimate of standard error `se` (which shrinks as one
    over the square root of the games)."""
    if effect == 0:
        raise ValueError("no games can show an effect of size 0")
    return math.ceil(games * (se * (Z95 + power_z) / abs(effect)) ** 2)


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties given the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation: the Pearson correlation of the ranks (ties averaged); 0
    when either side is all alike (no order to agree with)."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = average(ra), average(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    spread = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return cov / spread if spread else 0.0
