"""Issue 30: the value judge's fit holds a rare feature's worth back."""
from __future__ import annotations

import random

import pytest

from interpreter.sim.judge import fit


def test_a_rare_feature_is_held_back_and_a_common_one_is_not():
    """A feature seen in 4 samples of 2000, each with a large noisy target, is not given the
    worth its 4 samples fit (as on standardised features alone); a common one keeps its own."""
    rng = random.Random(1)
    samples = []
    for i in range(2000):
        common, rare = rng.randint(0, 10), int(i % 500 == 0)
        samples.append(({"common": common, "rare": rare},
                        common + rng.gauss(0, 10) + 40 * rare))
    held, loose = fit.ridge(samples), fit.ridge(samples, scale=1e9)
    assert loose["rare"] > 25 and held["rare"] < loose["rare"] / 3
    assert held["common"] == pytest.approx(loose["common"], rel=0.02)
    assert held["common"] == pytest.approx(1.0, abs=0.15)
