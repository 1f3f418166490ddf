"""Exact odds of a Stat Measure and of a Death Measure before the d8s are rolled.

Each d8 of a measure wins or not on its own, so the number of wins is binomial: the faces that
win are counted through `is_win`, the same test the roll makes, and every span, result and
running total is read through `span_result`, `death_added` and `DEATH_TOTAL` as the roll reads them.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.systems.neurosystem.rules.measures import DEATH_DICE, DEATH_TOTAL, death_added, is_win, span_result
from service.systems.neurosystem.rules.ratings import MEASURE_SIDES

SURVIVES = "survives"


def _win_ways(dice: int) -> Counter[Outcome]:
    """Ways of each number of wins among `dice` d8s (out of 8 ** dice)."""
    winning = sum(1 for face in range(1, MEASURE_SIDES + 1) if is_win(face))
    losing = MEASURE_SIDES - winning
    return Counter({wins: comb(dice, wins) * winning**wins * losing ** (dice - wins) for wins in range(dice + 1)})


@memoized
def stat_measure_odds(dice: int, against: int) -> Odds:
    """The result (positive span, negative span, even), the span and the wins."""
    wins = _win_ways(dice)
    results: Counter[Outcome] = Counter({"negative-span": 0, "even": 0, "positive-span": 0})
    spans: Counter[Outcome] = Counter()
    for count, ways in wins.items():
        results[span_result(int(count) - against)] += ways
        spans[int(count) - against] += ways
    return Odds.of(
        Distribution.counted("result", results),
        Distribution.counted("span", spans),
        Distribution.counted("wins", wins),
    )


@memoized
def death_measure_odds(scenes_dying: int, span_total: int, *, spend_resolve: bool, mechanical: bool) -> Odds:
    """Whether the character dies (or shuts down) now, the negative span added and the new total.

    Spending Resolve wins the measure without dice: only a total already at 10 is then the end.
    """
    wins: Counter[Outcome] = Counter({DEATH_DICE: 1}) if spend_resolve else _win_ways(DEATH_DICE)
    against = 0 if spend_resolve else scenes_dying
    end = "shut-down" if mechanical else "dead"
    added: Counter[Outcome] = Counter()
    totals: Counter[Outcome] = Counter()
    for count, ways in wins.items():
        negative = death_added(int(count) - against)
        added[negative] += ways
        totals[span_total + negative] += ways
    died = sum(ways for total, ways in totals.items() if int(total) >= DEATH_TOTAL)
    return Odds.of(
        Distribution.counted("result", {end: died, SURVIVES: sum(totals.values()) - died}),
        Distribution.counted("negativeSpan", added),
        Distribution.counted("spanTotal", totals, target=DEATH_TOTAL),
    )


@memoized
def scene_end_odds(measures: list[tuple[str, Odds]]) -> Odds:
    """How many of those measuring at the scene's end die of it, then each one's own Death Measure.

    Each character rolls its own dice, so the count of deaths is the sum of independent chances.
    """
    deaths: dict[Outcome, int] = {0: 1}  # ways of each count, out of every measure's total multiplied
    for _, odds in measures:
        result = odds["result"]
        survives = sum(n for outcome, n in zip(result.outcomes, result.ways) if outcome == SURVIVES)
        dies = result.total - survives
        step: dict[Outcome, int] = {}
        for count, n in deaths.items():
            step[count] = step.get(count, 0) + n * survives
            step[int(count) + 1] = step.get(int(count) + 1, 0) + n * dies
        deaths = step
    each = [odds["result"].renamed(f"deathMeasure:{who}") for who, odds in measures]
    return Odds.of(Distribution.counted("deaths", deaths), each)
