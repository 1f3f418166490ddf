"""The exact odds of success tests and opposed tests, walked through the test's own roll.

A test's roll is `run_test` with its target, modifiers, pool points and defaulting bound (see
`PlannedTest.run`): walking it over the 100 faces of the d100 gives each judged `Result` (after
any after-roll pool point) its chance. Outcome classes and superior results are read off those
results; an opposed test pairs both sides' results through `winner`, as the roll does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm
from typing import TypeVar

from service.dice.memo import memoized
from service.dice.odds import Distribution, Outcome
from service.dice.stream import Stream
from service.dice.walk import as_ways, faces, marginal, ordered, walk
from service.systems.eclipse.rules.d100 import FACES, Result
from service.systems.eclipse.rules.odds_damage import value_ways
from service.systems.eclipse.rules.opposed import standing, winner
from service.systems.eclipse.rules.success_test import TestRun
from service.systems.eclipse.rules.superior import chosen, critical_effect

OUTCOMES = ("critical-failure", "failure", "success", "critical-success")
WINNERS = ("a", "b", "tie", "none")

Results = dict[Result, Fraction]
_Part = TypeVar("_Part")


def results_of(run: Callable[[Stream], TestRun]) -> Results:
    """Each result the test can end with (after-roll pool points applied) and its chance."""
    return walk(lambda stream: run(stream).result)


def settled_results(settle: Callable[[int], Result]) -> Results:
    """The same chances as `results_of`, from each face's judgement alone (`PlannedTest.settler`): one
    `settle` per face of the d100, no stream and no record of the test built per path."""
    return faces(settle, FACES)


def standings(results: Results, part: Callable[[Result], _Part]) -> tuple[list[tuple[Result, _Part, int]], int]:
    """The results grouped by what `winner` reads of them (`standing`) and by the `part` the caller keeps of
    them: one result standing for each group, the part, and the group's ways out of the common total."""
    ways, total = as_ways(results)
    groups: dict[tuple[tuple[bool, bool, int, int], _Part], tuple[Result, _Part, int]] = {}
    for result, n in ways.items():
        kept = part(result)
        key = (standing(result), kept)
        found = groups.get(key)
        groups[key] = (result, kept, n) if found is None else (found[0], kept, found[2] + n)
    return list(groups.values()), total


@memoized
def test_distributions(results: Results, *, prefix: str = "") -> tuple[Distribution, ...]:
    """`outcome` against the modified target; superior successes and superior failures (0–2) as measured."""
    target = next(iter(results)).target
    successes: dict[Outcome, Fraction] = dict(marginal(results, lambda r: r.superior_successes))
    failures: dict[Outcome, Fraction] = dict(marginal(results, lambda r: r.superior_failures))
    return (
        Distribution.of(f"{prefix}outcome", ordered(marginal(results, lambda r: r.outcome), OUTCOMES), target=target),
        Distribution.of(f"{prefix}superiorSuccesses", successes),
        Distribution.of(f"{prefix}superiorFailures", failures),
    )


@memoized
def winner_chances(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> dict[str, Fraction]:
    """Who wins an opposed test: every pair of the two sides' standings, judged as the roll judges them."""
    a_groups, a_total = standings(a, lambda r: None)
    b_groups, b_total = standings(b, lambda r: None)
    out: dict[str, int] = {}
    for ra, _, pa in a_groups:
        for rb, _, pb in b_groups:
            won, _ = winner(ra, rb, critical_beats_success=critical_beats_success, tie=tie)
            out[won] = out.get(won, 0) + pa * pb
    return {won: Fraction(n, a_total * b_total) for won, n in out.items()}


@memoized
def opposed_distribution(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> Distribution:
    chances = winner_chances(a, b, critical_beats_success=critical_beats_success, tie=tie)
    return Distribution.of("winner", ordered(chances, WINNERS))


@memoized
def damage_distribution(
    results: Results,
    *,
    dice: int,
    sides: int,
    bonus: int,
    on_success: Sequence[str],
    on_failure: Sequence[str],
    on_critical_success: str | None,
    on_critical_failure: str | None,
) -> Distribution:
    """A test's own `damage` (0 when it fails): the weapon's dice, a d6 per superior `damage` choice it buys,
    doubled by a `double-damage` critical, read by `value_of` as the test reads it."""
    # The ways of each (superior d6, doubled) the results buy, then each such damage value's chances once,
    # all summed as whole numbers over one common total.
    ways, whole = as_ways(results)
    bought: dict[tuple[int, bool], int] = {}
    missed = 0
    for result, n in ways.items():
        if not result.success:
            missed += n
            continue
        extra = chosen(result, on_success, on_failure).count("damage")
        effect, _ = critical_effect(result, on_critical_success, on_critical_failure)
        key = (extra, effect == "double-damage")
        bought[key] = bought.get(key, 0) + n
    values = {
        key: value_ways(dice=dice, sides=sides, bonus=bonus, superior=key[0], critical=key[1]) for key in bought
    }
    common = 1
    for _, total in values.values():
        common = lcm(common, total)
    out: dict[int, int] = {0: missed * common} if missed else {}
    for key, n in bought.items():
        counts, total = values[key]
        for value, m in counts.items():
            out[value] = out.get(value, 0) + n * m * (common // total)
    return Distribution.of("damage", {value: Fraction(n, whole * common) for value, n in out.items()})
