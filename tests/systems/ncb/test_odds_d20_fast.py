"""The d20 test's, a program save's, initiative's and an attack roll's odds read per natural equal the full walk of `roll_test` over every face exactly.

`test_odds` reads each natural once (`D20Test.read`) weighted by the mode's naturals; walking the whole
roll (`D20Test.roll`, both dice under advantage or disadvantage) must give the same outcome classes and
totals, over modifiers, DVs, modes and the tie rule.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.dice.walk import marginal, walk
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.attacks import Attacker, Cover, Swing, ToHit, roll_to_hit
from service.systems.ncb.rules.d20 import D20Roll, D20Test, RollMode
from service.systems.ncb.rules.odds_attack import landings
from service.systems.ncb.rules.odds_d20 import natural_chances
from service.systems.ncb.rules.odds_d20 import test_odds as odds_of
from service.systems.ncb.rules.odds_initiative import totals
from service.systems.ncb.rules.odds_programs import save_chances
from service.systems.ncb.rules.programs import roll_save, save_test
from service.systems.ncb.rules.turns import InitiativeEntry, roll_initiative
from service.systems.ncb.rules.weapons import Weapon, WeaponDice


def test_naturals_under_advantage_follow_the_two_dice() -> None:
    # The higher of two d20s is k in 2k - 1 of the 400 pairs: 1/400 for 1, 39/400 for 20.
    chances = natural_chances("advantage")
    assert chances[1] == Fraction(1, 400) and chances[20] == Fraction(39, 400)
    assert natural_chances("disadvantage")[1] == Fraction(39, 400)
    assert natural_chances("normal") == {k: Fraction(1, 20) for k in range(1, 21)}


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("modifier", [-5, 0, 3, 12, 25])
@pytest.mark.parametrize("dv", [1, 10, 15, 21, 30])
@pytest.mark.parametrize("ties", [False, True])
def test_read_per_natural_equals_the_full_walk(mode: RollMode, modifier: int, dv: int, ties: bool) -> None:
    test = D20Test(modifier, dv, mode, ties)
    walked = walk(lambda stream: _outcome_and_total(test.roll(stream)))
    odds = odds_of(test)
    assert {k: v for k, v in dict(odds["outcome"].chances).items() if v} == marginal(walked, lambda o: o[0])
    assert dict(odds["total"].chances) == marginal(walked, lambda o: o[1])


def _outcome_and_total(rolled: D20Roll) -> tuple[str, int]:
    return rolled.outcome, rolled.total


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("save_modifier", [None, -2, 4])
@pytest.mark.parametrize("exhaustion", [0, 3])
@pytest.mark.parametrize("dc", [8, 14, 25])
def test_program_save_read_per_natural_equals_the_full_walk(mode: RollMode, save_modifier: int | None, exhaustion: int, dc: int) -> None:
    rules = NcbRules()
    walked = walk(lambda stream: _saved(roll_save(stream, rules, dc=dc, save_modifier=save_modifier, save_exhaustion=exhaustion, mode=mode)))
    test = save_test(rules, dc=dc, save_modifier=save_modifier, save_exhaustion=exhaustion, mode=mode)
    assert save_chances(test) == walked


def _saved(rolled: D20Roll | None) -> tuple[str | None, bool | None]:
    return (None, None) if rolled is None else (rolled.outcome, rolled.success)


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("bonus", [-3, 0, 7])
def test_initiative_totals_read_per_natural_equal_the_full_walk(mode: RollMode, bonus: int) -> None:
    entry = InitiativeEntry("a", bonus, 14, mode)
    assert totals(entry) == walk(lambda stream: roll_initiative(stream, [entry])[0].total)


PISTOL = Weapon("Unity", "2d6", style="ranged", tech_bonus=1)
BLADES = Weapon("Mantis blades", "1d8", style="melee", finesse=True)


@pytest.mark.parametrize("weapon", [PISTOL, BLADES])
@pytest.mark.parametrize("ac", [10, 16, 24])
@pytest.mark.parametrize(("advantage", "disadvantage"), [(False, False), (True, False), (False, True)])
@pytest.mark.parametrize("helpless", [False, True])
@pytest.mark.parametrize("cover", ["none", "three-quarters"])
def test_attack_landings_read_per_natural_equal_the_full_walk(
    weapon: Weapon, ac: int, advantage: bool, disadvantage: bool, helpless: bool, cover: Cover
) -> None:
    for rules in (NcbRules(), NcbRules(ac_ties_hit=True, melee_crits_helpless=False, helpless_target_advantage=False)):
        attacker = Attacker(strength=14, dexterity=16, level=5, exhaustion=2)
        swing = Swing(attacker, weapon, ac, rules, cover, helpless, advantage, disadvantage, situational=1)
        walked = walk(lambda stream: _landed(roll_to_hit(stream, swing)))
        assert landings(swing) == walked


def _landed(aimed: ToHit) -> tuple[bool, bool, int, WeaponDice]:
    return aimed.hit, aimed.critical, aimed.ability_modifier, aimed.dice
