"""Checking exact odds against the real roller: a seeded Monte Carlo and a chi-square bound.

`sampled(outcome_of, runs)` runs a mechanic's real rule `runs` times, each on its own seeded
`Stream` (seed fixed, nonce = run), and counts the outcomes; `assert_agrees(distribution, counts)`
fails when the counts are further from the exact distribution than a chi-square test at
p = 1e-9 allows. The seeds are fixed, so a test either always passes or always fails: the bound
is there to tell a wrong distribution (which misses by far more) from sampling noise, not luck.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable

from service.dice.odds import Distribution
from service.dice.stream import Stream

SEED = "odds-agree"


def sampled(outcome_of: Callable[[Stream], Hashable], runs: int = 4000, seed: str = SEED) -> Counter[Hashable]:
    """How often each outcome came up in `runs` seeded runs of the real rule."""
    return Counter(outcome_of(Stream(seed=seed, scope="odds-check", nonce=run)) for run in range(runs))


def _critical(df: int) -> float:
    """The chi-square value a true distribution passes with probability 1 - 1e-9 (Wilson–Hilferty)."""
    z = 6.0  # one-sided normal quantile for p = 1e-9
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(distribution: Distribution, counts: Counter[Hashable]) -> tuple[float, int]:
    """The statistic and its degrees of freedom, outcomes under 5 expected pooled into one bin."""
    runs = sum(counts.values())
    unknown = set(counts) - {outcome for outcome, _ in distribution.chances}
    assert not unknown, f"the roller gave outcomes the odds do not have: {sorted(map(str, unknown))}"
    bins: list[tuple[float, int]] = []
    pooled_expected, pooled_seen = 0.0, 0
    for outcome, p in distribution.chances:
        expected = float(p) * runs
        if expected < 5:
            pooled_expected += expected
            pooled_seen += counts.get(outcome, 0)
        else:
            bins.append((expected, counts.get(outcome, 0)))
    if pooled_expected > 0:
        bins.append((pooled_expected, pooled_seen))
    statistic = sum((seen - expected) ** 2 / expected for expected, seen in bins if expected > 0)
    return statistic, max(len(bins) - 1, 1)


def assert_agrees(distribution: Distribution, counts: Counter[Hashable]) -> None:
    statistic, df = chi_square(distribution, counts)
    bound = _critical(df)
    assert statistic <= bound, f"{distribution.name}: chi-square {statistic:.1f} over {df} df passes the bound {bound:.1f}"
