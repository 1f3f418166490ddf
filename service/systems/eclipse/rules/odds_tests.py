"""The exact odds of success tests and opposed tests, walked through the test's own roll.

A test's roll is `run_test` with its target, modifiers, pool points and defaulting bound (see
`PlannedTest.run`): walking it over the 100 faces of the d100 gives each judged `Result` (after
any after-roll pool point) its chance. Outcome classes and superior results are read off those
results by grade; an opposed test pairs both sides' results through `winner`'s `contest`, as the
roll does (`service.systems.eclipse.rules.odds_grades`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from service.dice import sums
from service.dice.odds import Distribution, Outcome
from service.dice.stream import Stream
from service.dice.walk import faces, ordered_ways, walk
from service.systems.eclipse.rules.d100 import FACES, Result
from service.systems.eclipse.rules.odds_damage import mixed, value_ways_by
from service.systems.eclipse.rules.odds_grades import Results, by_tables, duel, grades, keep, kept_reading
from service.systems.eclipse.rules.success_test import TestRun
from service.systems.eclipse.rules.superior import chosen, critical_effect

OUTCOMES = ("critical-failure", "failure", "success", "critical-success")
WINNERS = ("a", "b", "tie", "none")

_K = TypeVar("_K")


def results_of(run: Callable[[Stream], TestRun]) -> Results:
    """Each result the test can end with (after-roll pool points applied) and its chance."""
    return walk(lambda stream: run(stream).result)


def settled_results(settle: Callable[[int], Result]) -> Results:
    """The same chances as `results_of`, from each face's judgement alone (`PlannedTest.settler`): one
    `settle` per face of the d100, no stream and no record of the test built per path."""
    return faces(settle, FACES)


PREFIXES = ("", "a:", "b:")  # a test's own, and each side's of an opposed test


def test_distributions(results: Results, *, prefix: str = "") -> tuple[Distribution, ...]:
    """`outcome` against the modified target; superior successes and superior failures (0–2) as measured."""
    kept: dict[str, tuple[Distribution, ...]] | None = kept_reading(results, "test")
    if kept is not None:
        found = kept.get(prefix)
        return found if found is not None else tuple(d.renamed(prefix + d.name) for d in kept[""])
    return by_tables("test", (results,), prefix, lambda: _test_distributions(results, prefix))


def keep_test_distributions(results: Results) -> None:
    """Keep a prepared table's `test_distributions` with it, under each of `PREFIXES` (see `odds_faces.build`)."""
    own = _test_distributions(results, "")
    keep(results, "test", {prefix: tuple(d.renamed(prefix + d.name) for d in own) if prefix else own for prefix in PREFIXES})


def _test_distributions(results: Results, prefix: str) -> tuple[Distribution, ...]:
    target = next(iter(results)).target
    graded, total = grades(results)
    outcome: dict[str, int] = {}
    successes: dict[Outcome, int] = {}
    failures: dict[Outcome, int] = {}
    for r, n in graded:
        outcome[r.outcome] = outcome.get(r.outcome, 0) + n
        successes[r.superior_successes] = successes.get(r.superior_successes, 0) + n
        failures[r.superior_failures] = failures.get(r.superior_failures, 0) + n
    assert sum(outcome.values()) == total, "every result has an outcome"
    return (
        Distribution.counted(f"{prefix}outcome", ordered_ways(outcome, OUTCOMES), target=target),
        Distribution.counted(f"{prefix}superiorSuccesses", successes),
        Distribution.counted(f"{prefix}superiorFailures", failures),
    )


def _over(ways: dict[_K, int], total: int) -> dict[_K, Fraction]:
    return {k: Fraction(n, total) for k, n in ways.items()}


def winner_chances(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> dict[str, Fraction]:
    """Who wins an opposed test: every pair of the two sides' contests, judged as the roll judges them."""
    return _over(*_winner_ways(a, b, critical_beats_success=critical_beats_success, tie=tie))


def _winner_ways(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> tuple[dict[str, int], int]:
    ends, total = duel(a, b, critical_beats_success=critical_beats_success, tie=tie)
    out: dict[str, int] = {}
    for _, won, n in ends:
        out[won] = out.get(won, 0) + n
    return out, total


def opposed_distribution(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> Distribution:
    """`winner_chances` as a distribution, counted from its ways."""

    def count() -> Distribution:
        ways, total = _winner_ways(a, b, critical_beats_success=critical_beats_success, tie=tie)
        assert sum(ways.values()) == total, "every pair of results ends one way"
        return Distribution.counted("winner", ordered_ways(ways, WINNERS))

    return by_tables("winner", (a, b), (critical_beats_success, tie), count)


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

    def count() -> Distribution:
        # The ways of each (superior d6, doubled) the results buy, then each such damage value's chances once,
        # all summed as whole numbers over one common total.
        graded, whole = grades(results)
        bought: dict[tuple[int, bool], int] = {}
        missed = 0
        for result, n in graded:
            if not result.success:
                missed += n
                continue
            extra = chosen(result, on_success, on_failure).count("damage")
            effect, _ = critical_effect(result, on_critical_success, on_critical_failure)
            key = (extra, effect == "double-damage")
            bought[key] = bought.get(key, 0) + n
        values = value_ways_by(bought, dice=dice, sides=sides, bonus=bonus)
        cases = [(n, values[key]) for key, n in bought.items()]
        if missed:
            cases.append((missed, sums.constant(0)))
        ways, total = mixed(cases, whole)
        assert sum(ways.values()) == total, "every result is a hit or a miss"
        return Distribution.counted("damage", ways)

    choices = (dice, sides, bonus, tuple(on_success), tuple(on_failure), on_critical_success, on_critical_failure)
    return by_tables("damage", (results,), choices, count)
