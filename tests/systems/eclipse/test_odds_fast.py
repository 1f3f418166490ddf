"""The per-face odds path equals the full walk of the test exactly.

`settled_results` judges each d100 face once (`settle`); `results_of` walks the whole test (`read`, a
stream per path, the test's record built). Over a spread of targets, modifiers, defaulting, pool uses
and table options the two give the same results with the same chances, and pairing standings gives the
same winners, hits and intrusions as pairing every reading of both sides.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from service.systems.eclipse.moves.procedures import PlannedTest
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.hacking import intrusion
from service.systems.eclipse.rules.modifiers import Modifier
from service.systems.eclipse.rules.odds_attacks import hit_chances
from service.systems.eclipse.rules.odds_hacking import intrusion_odds
from service.systems.eclipse.rules.odds_tests import Results, results_of, settled_results, winner_chances
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.rules.pools import Spend

SPENDS: tuple[tuple[Spend, ...], ...] = (
    (),
    (Spend("moxie", "flip-flop"),),
    (Spend("vigor", "upgrade"),),
    (Spend("moxie", "downgrade-critical-failure"),),
    (Spend("insight", "plus-twenty"),),
    (Spend("moxie", "ignore-modifiers"), Spend("vigor", "flip-flop")),
    (Spend("moxie", "flip-flop"), Spend("vigor", "upgrade")),
)
RULES = [EclipseRules(critical_replaces_superior=crs, critical_beats_success=cbs) for crs, cbs in product((True, False), repeat=2)]


def _plan(base: int, modifier: int, spends: tuple[Spend, ...], defaulting: bool, rules: EclipseRules) -> PlannedTest:
    modifiers = [Modifier("situational", modifier)] if modifier else []
    return PlannedTest(base, tuple(modifiers), spends, defaulting, rules, None, None, None, None)


def _both(plan: PlannedTest) -> tuple[Results, Results]:
    return settled_results(plan.settler()), results_of(plan.reader())


@pytest.mark.parametrize("base", [0, 1, 30, 50, 65, 98, 99, 120])
@pytest.mark.parametrize("modifier", [0, -30, 20, -60])
@pytest.mark.parametrize("defaulting", [False, True])
def test_per_face_results_equal_the_full_walk(base: int, modifier: int, defaulting: bool) -> None:
    for spends, rules in product(SPENDS, RULES):
        fast, full = _both(_plan(base, modifier, spends, defaulting, rules))
        assert fast == full, (base, modifier, defaulting, spends, rules)
        assert sum(fast.values()) == 1


def _pairs(a: Results, b: Results) -> list[tuple[object, object, Fraction]]:
    return [(ra, rb, pa * pb) for ra, pa in a.items() for rb, pb in b.items()]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(("a", "b"), [((50, 0, ()), (50, 0, ())), ((70, -10, SPENDS[1]), (40, 20, ())), ((30, 0, ()), (80, 0, SPENDS[2]))])
@pytest.mark.parametrize("tie", ["deadlock", "higher-target"])
def test_pairing_standings_equals_pairing_every_reading(rules: EclipseRules, a: tuple, b: tuple, tie: str) -> None:
    ra = results_of(_plan(a[0], a[1], a[2], False, rules).reader())
    rb = results_of(_plan(b[0], b[1], b[2], True, rules).reader())
    cbs = rules.critical_beats_success
    wins: dict[str, Fraction] = {}
    hits: dict[object, Fraction] = {}
    for x, y, p in _pairs(ra, rb):
        won, _ = winner(x, y, critical_beats_success=cbs, tie=tie)
        wins[won] = wins.get(won, Fraction(0)) + p
        won, _ = winner(x, y, critical_beats_success=cbs, tie="deadlock")
        key = (x.critical, x.effective_successes) if won == "a" else None
        hits[key] = hits.get(key, Fraction(0)) + p
    assert winner_chances(ra, rb, critical_beats_success=cbs, tie=tie) == wins
    assert hit_chances(ra, rb, critical_beats_success=cbs) == hits


@pytest.mark.parametrize("method", ["brute-force", "subtle"])
@pytest.mark.parametrize("current", [None, ("user", "covert"), ("admin", "hidden")])
def test_hack_pairing_equals_pairing_every_reading(method: str, current: tuple | None) -> None:
    rules = EclipseRules()
    rh = results_of(_plan(60, 10, SPENDS[2], False, rules).reader())
    rf = results_of(_plan(45, 0, (), False, rules).reader())
    outcome: dict[str, Fraction] = {}
    privileges: dict[str, Fraction] = {}
    kept = current if current is not None else ("none", "none")
    for x, y, p in _pairs(rh, rf):
        won, _ = winner(x, y, critical_beats_success=rules.critical_beats_success, tie="deadlock")
        end = ("success", *intrusion(x, method, current)) if won == "a" else ("failure", *kept)
        outcome[end[0]] = outcome.get(end[0], Fraction(0)) + p
        privileges[end[1]] = privileges.get(end[1], Fraction(0)) + p
    odds = intrusion_odds(rh, rf, method, current, rules)
    assert {k: v for k, v in dict(odds["outcome"].chances).items() if v} == outcome
    assert {k: v for k, v in dict(odds["privileges"].chances).items() if v} == privileges
