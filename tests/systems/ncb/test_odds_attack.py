"""Exact odds of an attack (hit, critical, damage after reduction, the target's result), from RULES.CORE's
numbers, and seeded runs of the real attack agreeing.

The text: an attack beats the AC (a tie misses by default), a natural 20 is a critical hit and a natural 1
misses; a hit rolls the weapon's dice + ability modifier + tech bonus, dice doubled on a critical; damage
reduction (light 1, medium 2, heavy 3) softens each hit to no less than 1 but never a critical; a hit of
the maximum HP or more flatlines; a critical that brings a target to 0 kills (finishing blow); an NC at 0
HP is flatlined (the table default).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest
from support.odds import assert_agrees, sampled

from service.declare import dump_state, load_state
from service.dice.odds import OddsTooCostly
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.ncb.moves.fights import attack, attack_in_session, attack_odds_of, attack_session_odds
from service.systems.ncb.rules.odds_formula import total_chances
from service.dice.notation import DEFAULT_LIMITS
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.fights import NcbAttackAction, NcbAttackParams, NcbAttackResult

from .sheets import GOON, V

GM = Actor("seat-1", "gm", "gm")
PISTOL = {"name": "Pistol", "damageDice": "1d6"}


def _params(target: dict, **body: object) -> NcbAttackParams:
    return NcbAttackParams.model_validate({"attacker": {"dexterity": 16}, "weapon": PISTOL, "target": target, **body})


def test_a_pistol_against_medium_armor() -> None:
    # Dexterity 16 (+3) and level 1 (+2): +5 against AC 14 hits from a natural 10. Miss 1..9 (9/20), hit
    # 10..19 (10/20), critical 20 (1/20). A hit: 1d6 + 3 = 4..9, less 2 for medium armor: 2..7, each
    # 1/2 · 1/6 = 1/12. A critical: 2d6 + 3 = 5..15, not reduced. Dealt 5: a hit's 7 (1/12) or a critical's
    # 2d6 of 2 (1/20 · 1/36 = 1/720): 61/720. Mean: 1/2 · 4.5 + 1/20 · 10 = 11/4. At 20 HP all of it hurts.
    odds = attack_odds_of(_params({"armorClass": 14, "armor": "medium", "hp": 20, "maxHp": 20}))
    assert dict(odds["outcome"].chances) == {"miss": Fraction(9, 20), "hit": Fraction(1, 2), "critical-hit": Fraction(1, 20)}
    damage = odds["damage"]
    assert damage.probability(0) == Fraction(9, 20)
    assert damage.probability(2) == Fraction(1, 12) and damage.probability(5) == Fraction(61, 720)
    assert damage.probability(15) == Fraction(1, 720) and damage.mean() == Fraction(11, 4)
    assert {k: v for k, v in odds["result"].chances if v} == {"unharmed": Fraction(9, 20), "hurt": Fraction(11, 20)}


NC = {"armorClass": 10, "hp": 5, "maxHp": 11, "kind": "nc"}


def test_an_nc_at_5_hp_dies_to_a_5_a_finishing_blow_or_massive_damage() -> None:
    # Dexterity 10, level 1: +2 against AC 10 hits from a natural 9: 9..19 (11/20), 20 the critical.
    # A hit's 1d6: 1..4 hurt, 5 and 6 drop the NC to 0, flatlined. A critical's 2d6: 2..4 hurt (6/36),
    # 5..10 a finishing blow (27/36), 11..12 massive (3/36). Hurt: 11/20 · 4/6 + 1/20 · 6/36 = 3/8;
    # flatlined: 11/20 · 2/6 + 1/20 · 30/36 = 9/40; unharmed 1..8: 2/5.
    odds = attack_odds_of(_params(NC, attacker={"dexterity": 10}))
    result = dict(odds["result"].chances)
    assert (result["unharmed"], result["hurt"], result["flatlined"]) == (Fraction(2, 5), Fraction(3, 8), Fraction(9, 40))


def test_a_character_dropped_to_0_is_dying_unless_it_takes_last_breath() -> None:
    # The same numbers for a character: a hit's 5 or 6 leaves it dying (11/20 · 2/6 = 11/60), or standing
    # at 1 HP on Last Breath when the player takes it; the critical's finishing blow still kills.
    target = {**NC, "kind": "character"}
    result = dict(attack_odds_of(_params(target, attacker={"dexterity": 10}))["result"].chances)
    assert result["dying"] == Fraction(11, 60) and result["last-breath"] == 0
    taking = dict(attack_odds_of(_params({**target, "useLastBreath": True}, attacker={"dexterity": 10}))["result"].chances)
    assert taking["last-breath"] == Fraction(11, 60) and taking["dying"] == 0


def test_total_cover_is_refused_before_any_odds() -> None:
    with pytest.raises(RuleViolation):
        attack_odds_of(_params(NC, cover="total"))


def test_a_summed_formula_is_exact_and_a_huge_one_too_costly() -> None:
    assert sum(p for t, p in total_chances("3d6", DEFAULT_LIMITS).items() if t >= 11) == Fraction(1, 2)
    assert total_chances("1d4 - 3", DEFAULT_LIMITS) == {0: Fraction(3, 4), 1: Fraction(1, 4)}  # below 0 deals 0
    mean = sum(t * p for t, p in total_chances("4d6kh3", DEFAULT_LIMITS).items())
    assert mean == Fraction(15869, 1296)  # walked through the roller
    with pytest.raises(OddsTooCostly):
        total_chances("90d100", DEFAULT_LIMITS)


def _rolled(result: NcbAttackResult | dict[str, Any]) -> tuple[str, int, str]:
    """The attack's outcome, damage dealt and result, from the model (a session's) or its wire form (the stateless one's)."""
    wire = result if isinstance(result, dict) else result.model_dump(mode="json", by_alias=True)
    name = "critical-hit" if wire["critical"] else "hit" if wire["hit"] else "miss"
    if wire["outcome"] is None:
        return name, 0, "unharmed"
    return name, wire["outcome"]["dealt"], wire["outcome"]["result"]


def test_the_odds_agree_with_the_attack_as_rolled() -> None:
    params = _params({"armorClass": 13, "armor": "light", "hp": 9, "maxHp": 12}, advantage=True)
    odds = attack_odds_of(params)
    joint = sampled(lambda stream: _rolled(attack(params, stream)), runs=1500)
    for at, name in enumerate(("outcome", "damage", "result")):
        part: Counter[Hashable] = Counter()
        for rolled, n in joint.items():
            part[rolled[at]] += n
        assert_agrees(odds[name], part)


def test_in_a_session_the_odds_use_both_sheets_and_agree_with_the_attack() -> None:
    # V's Unity (2d6, tech +1) on the goon (AC 12, medium armor, 11 HP, an NC).
    state = load_state(NcbState, dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": [V, GOON]}))))
    action = NcbAttackAction(attacker="v", target="goon", weapon_name="Unity")
    odds = attack_session_odds(state, action, GM)
    # +3 Dexterity, +3 proficiency (level 5), +1 tech = +7 against AC 12: a natural 6 or more hits (15/20).
    assert odds["outcome"].probability("miss") == Fraction(5, 20)
    counts = sampled(lambda stream: _rolled(attack_in_session(state, action, stream, GM)[1])[2], runs=1000)
    assert_agrees(odds["result"], counts)


def test_a_weapon_formula_kept_by_its_text_answers_as_worked_afresh() -> None:
    from service.dice import memo

    heavy = _params({"armorClass": 12, "armor": "heavy", "hp": 9, "maxHp": 12})
    light = _params({"armorClass": 16, "armor": "light", "hp": 30, "maxHp": 30})
    memo.set_enabled(False)
    try:
        memo.forget_shapes()
        fresh = [attack_odds_of(heavy), attack_odds_of(light)]
        kept = [attack_odds_of(light), attack_odds_of(heavy)][::-1]  # the second target finds the first's formula
        memo.forget_shapes()
        assert kept == fresh == [attack_odds_of(heavy), attack_odds_of(light)]
    finally:
        memo.set_enabled(True)
