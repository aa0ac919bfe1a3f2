"""The few statistics `balance` needs, in plain Python so that results are exact and repeatable.

Intervals are 95% normal approximations: mean ± 1.96 standard errors, for a difference of two
independent means (with the pooled variance of both groups, so that a card held only twice gets
a wide interval rather than none) or for the mean of paired differences. With the hundreds of
games `balance` plays they are close to bootstrap intervals, and need no random resampling, so
the same games always give the same figures.
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


def paired(diffs: Sequence[float]) -> tuple[float, tuple[float, float]] | None:
    """The mean of paired differences and its 95% interval; None when there are none."""
    if not diffs:
        return None
    m = average(diffs)
    se = math.sqrt(variance(diffs) / len(diffs))
    return m, (m - Z95 * se, m + Z95 * se)


def wilson(rate: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `rate` seen in `n` trials: unlike the
    normal approximation it stays inside [0, 1] and is not empty at 0% or 100%."""
    if n <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def excludes_zero(ci: tuple[float, float] | None) -> bool:
    return ci is not None and (ci[0] > 0 or ci[1] < 0)
