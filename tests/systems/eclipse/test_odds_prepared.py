"""The tables built at startup and the grouped pairing equal the full walk exactly.

`odds_faces.build` keeps one table of `settle` per (target, after-roll uses, defaulting, critical
option) for the default options, grouped for the odds (`odds_grades.prepare`); `duel` pairs two
sides by sorted contests, from those groups when both tables have them, else as it reads them.
Both must give what walking the whole test (`results_of`) and pairing every reading by `winner` give.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from itertools import product

import pytest

from service.dice import memo
from service.systems.eclipse.moves.procedures import PlannedTest
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules import odds_faces
from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.rules.odds_attacks import hit_chances
from service.systems.eclipse.rules.odds_grades import GRADED, UNGRADED, duel, grade, grades
from service.systems.eclipse.rules import odds_tests
from service.systems.eclipse.rules.odds_tests import Results, results_of, winner_chances
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.rules.pools import Spend

USES = ((), (Spend("flex", "flip-flop"),), (Spend("flex", "upgrade"),), (Spend("flex", "downgrade-critical-failure"),))
TARGETS = (-100, -1, 0, 1, 30, 50, 66, 97, 98, 99, 100, 160, 380)


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    odds_faces.build()


def _plan(target: int, spends: tuple[Spend, ...], rules: EclipseRules, defaulting: bool = False) -> PlannedTest:
    return PlannedTest(target, (), spends, defaulting, rules, None, None, None, None)  # any base: a plan is not checked


def _walked(plan: PlannedTest) -> Results:
    memo.set_enabled(False)
    try:
        return results_of(plan.reader())
    finally:
        memo.set_enabled(True)


def test_a_grade_is_every_field_of_a_result_but_its_roll_and_target() -> None:
    assert set(GRADED) | set(UNGRADED) == {f.name for f in fields(Result)}
    r = Result(47, 50, True, False, 1, False, False, 0)
    assert grade(r) == tuple(getattr(r, name) for name in GRADED)


@pytest.mark.parametrize("target", TARGETS)
def test_every_startup_table_equals_the_full_walk(target: int) -> None:
    rules = EclipseRules()
    for spends, defaulting in [*((spends, False) for spends in USES), ((), True), (USES[1], True)]:
        plan = _plan(target, spends, rules, defaulting)
        kept = plan.results()
        built = target in odds_faces.TYPICAL if (spends or defaulting) else True
        if spends and defaulting:
            built = False  # walked on first use
        assert (getattr(kept, "derived", None) is not None) == built, (target, spends, defaulting)  # the startup table
        walked = _walked(plan)
        assert kept == walked, (target, spends)
        assert grades(kept) == _grades(walked)
        for prefix in odds_tests.PREFIXES:  # kept with a startup table, worked out for a walked one
            assert odds_tests.test_distributions(kept, prefix=prefix) == odds_tests.test_distributions(walked, prefix=prefix)


def _grades(results: Results) -> tuple[list[tuple[Result, int]], int]:
    """By hand: the results' ways summed per grade, in the order each grade is first met."""
    total = 100
    out: dict[tuple, list] = {}
    for r, p in results.items():
        out.setdefault(grade(r), [r, 0])[1] += int(p * total)
    return [(r, n) for r, n in out.values()], total


def _every_pair(a: Results, b: Results, *, beats: bool, tie: str) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            won, _ = winner(x, y, critical_beats_success=beats, tie=tie)
            out[won] = out.get(won, Fraction(0)) + p * q
    return out


@pytest.mark.parametrize(("a", "b"), [(50, 50), (70, 40), (0, 99), (98, 120), (-5, 30), (33, 66), (150, 200)])
@pytest.mark.parametrize(("beats", "tie"), [(True, "deadlock"), (False, "deadlock"), (True, "higher-target")])
def test_pairing_prepared_tables_equals_pairing_every_reading(a: int, b: int, beats: bool, tie: str) -> None:
    rules = EclipseRules(critical_beats_success=beats)
    for sa, sb in product(USES, USES[:2]):
        pa, pb = _plan(a, sa, rules), _plan(b, sb, rules)
        kept_a, kept_b = pa.results(), pb.results()
        walked_a, walked_b = _walked(pa), _walked(pb)
        expected = _every_pair(walked_a, walked_b, beats=beats, tie=tie)
        assert {k: v for k, v in winner_chances(kept_a, kept_b, critical_beats_success=beats, tie=tie).items() if v} == expected
        assert winner_chances(walked_a, walked_b, critical_beats_success=beats, tie=tie) == winner_chances(
            kept_a, kept_b, critical_beats_success=beats, tie=tie
        )
        assert hit_chances(kept_a, kept_b, critical_beats_success=beats) == hit_chances(walked_a, walked_b, critical_beats_success=beats)


def test_a_duel_sums_to_both_totals_and_splits_by_grade() -> None:
    a, b = _plan(60, (), EclipseRules()).results(), _plan(45, (), EclipseRules()).results()
    ends, total = duel(a, b, critical_beats_success=True, tie="deadlock")
    assert total == 100 * 100 and sum(n for _, _, n in ends) == total
    assert {won for _, won, _ in ends} == {"a", "b", "tie", "none"}
