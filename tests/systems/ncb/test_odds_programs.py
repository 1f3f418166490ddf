"""Exact odds of a program's save and damage, from RULES.CORE's numbers, and a seeded run of the real program agreeing.

Save DC = 8 + proficiency + the program ability's modifier; the target's d20 save must beat it (a tie
fails by default); a save halves the damage (rounded down) or, for some programs, negates it.
"""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.systems.ncb.moves.programs import run_program, run_program_odds
from service.systems.ncb.wire.programs import NcbRunProgramParams

SHORT_CIRCUIT = {"name": "Short circuit", "save": "dexterity", "damageDice": "2d6"}


def _params(**program: object) -> NcbRunProgramParams:
    return NcbRunProgramParams.model_validate(
        {
            "caster": {"level": 1, "programAbilityScore": 16},
            "program": {**SHORT_CIRCUIT, **program},
            "saveModifier": 2,
            "target": {"hp": 30, "maxHp": 30},
        }
    )


def test_a_save_against_dc_13_halves_2d6() -> None:
    # DC 8 + 2 + 3 = 13; +2 beats it from a natural 12: saved 9/20. Damage 1 only on a save with 2d6 of
    # 2 or 3: 9/20 · 3/36 = 3/80; damage 12 only unsaved with double 6: 11/20 · 1/36 = 11/720.
    # Mean: unsaved 7 · 11/20 = 77/20; saved, half of 2d6 rounded down averages 117/36, · 9/20 = 117/80;
    # together 85/16.
    odds = run_program_odds(_params())
    save = odds["save"]
    assert save.probability("success") + save.probability("critical-success") == Fraction(9, 20)
    damage = odds["damage"]
    assert damage.probability(1) == Fraction(3, 80) and damage.probability(12) == Fraction(11, 720)
    assert damage.mean() == Fraction(85, 16)


def test_a_save_that_negates_leaves_nothing() -> None:
    odds = run_program_odds(_params(onSave="none"))
    assert odds["damage"].probability(0) == Fraction(9, 20)


def test_the_odds_agree_with_the_program_as_run() -> None:
    params = _params()
    odds = run_program_odds(params)
    assert_agrees(odds["damage"], sampled(lambda stream: run_program(params, stream)["damage"], runs=2000))
    assert_agrees(odds["result"], sampled(lambda stream: run_program(params, stream)["outcome"]["result"], runs=1000))
