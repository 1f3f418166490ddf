"""Exact odds of an attack's hit and harm and of a damage value, from the Eclipse Phase numbers, and seeded
runs of the real rules agreeing.

An attack is an opposed test: the attacker must succeed and beat the defender (a critical beats a plain
success; a tie misses). Ranged attacks are defended with half Fray. A hit deals the weapon's damage, +1d6
per superior success, doubled on a critical (which stands in for its superior successes by default);
armor of the weapon's kind soaks it; each full wound threshold of what gets through is a wound; damage
reaching Durability incapacitates, reaching the Death Rating kills.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.registry import Actor
from service.systems.eclipse.moves import attacks
from service.systems.eclipse.wire.attacks import EclipseAttackInSession, EclipseAttackInput, EclipseDamageInput

from .tables import table, typed

GM = Actor("seat-1", "gm", "gm")
TARGET = {"armorKinetic": 3, "woundThreshold": 5, "durability": 30, "deathRating": 45, "damage": 20}


def _attack(**body: object) -> EclipseAttackInput:
    return EclipseAttackInput.model_validate(
        {"attack": "ranged", "attacker": {"target": 50}, "defender": {"fray": 1}, "weapon": {"bonus": 12}, "target": TARGET, **body}
    )


def test_a_ranged_attack_at_50_against_a_defender_who_succeeds_only_on_00() -> None:
    # Half of Fray 1 is 0: the defender succeeds only on 00, a critical. The attacker fails on 51..99 (49).
    # Its 46 plain successes hit unless the defender rolls 00 (99/100); its critical 00 hits unless the
    # defender's 00 ties it (99/100); its criticals 11, 22, 33, 44 always hit (higher than 00).
    # Hit: (46·99 + 99 + 400) / 10000 = 5053/10000, of which critical (99 + 400)/10000 = 499/10000.
    odds = attacks.attack_odds_of(_attack())
    assert dict(odds["outcome"].chances) == {
        "miss": Fraction(4947, 10000),
        "hit": Fraction(4554, 10000),
        "critical-hit": Fraction(499, 10000),
    }


def test_wounds_and_condition_against_armor_and_the_wound_threshold() -> None:
    # A fixed damage value of 12 less 3 armor: 9, one wound (threshold 5). Plain successes at 33+ (33..50
    # less the doubles 33 and 44: 16 readings) add 1d6: 10..15 through, two wounds on 10..14, three on 15.
    # A critical doubles: 24 - 3 = 21, four wounds. Weights out of 10000: miss 4947; plain hits without a
    # superior success 30·99 = 2970; with one 16·99 = 1584 (5/6 two wounds: 1320, 1/6 three: 264); critical 499.
    odds = attacks.attack_odds_of(_attack())
    assert dict(odds["wounds"].chances) == {
        0: Fraction(4947, 10000),
        1: Fraction(2970, 10000),
        2: Fraction(1320, 10000),
        3: Fraction(264, 10000),
        4: Fraction(499, 10000),
    }
    # 20 damage before: 9 more stays under Durability 30; 10 or more incapacitates; nothing reaches 45.
    assert dict(odds["condition"].chances) == {
        "active": Fraction(7917, 10000),
        "incapacitated": Fraction(2083, 10000),
        "dead": 0,
    }
    assert odds["damage"].probability(21) == Fraction(499, 10000)


def test_a_damage_value_against_armor() -> None:
    # 2d10 + 2 kinetic against 4 armor: 2d10 - 2 gets through; no wound (threshold 5) when 2d10 ≤ 6:
    # 1 + 2 + 3 + 4 + 5 ways of 2..6 = 15/100.
    params = EclipseDamageInput.model_validate(
        {"weapon": {"dice": 2, "sides": 10, "bonus": 2}, "target": {**TARGET, "armorKinetic": 4, "damage": 0}}
    )
    odds = attacks.damage_odds(params)
    assert odds["wounds"].probability(0) == Fraction(15, 100)
    assert odds["damage"].mean() == 11 - 2  # 2d10 averages 11
    assert_agrees(odds["wounds"], sampled(lambda stream: attacks.damage(params, stream).harm.wounds, runs=2000))


def _split(joint: Counter[Hashable], at: int) -> Counter[Hashable]:
    part: Counter[Hashable] = Counter()
    for key, n in joint.items():
        part[key[at]] += n
    return part


def _rolled(out) -> tuple[str, int, str]:
    name = "miss" if not out.hit else "critical-hit" if out.attacker.critical else "hit"
    return name, out.harm.wounds if out.harm else 0, out.harm.condition if out.harm else "active"


def test_the_odds_agree_with_the_attack_as_rolled() -> None:
    params = _attack(attacker={"target": 60}, defender={"fray": 50}, weapon={"dice": 2, "sides": 10, "bonus": 1})
    odds = attacks.attack_odds_of(params)
    joint = sampled(lambda stream: _rolled(attacks.attack(params, stream)), runs=2500)
    for at, name in enumerate(("outcome", "wounds", "condition")):
        assert_agrees(odds[name], _split(joint, at))


def test_at_the_table_the_odds_use_both_sheets_and_agree_with_the_attack() -> None:
    # Ana's Guns 55 against the guard's half Fray (50 // 2 = 25), kinetic armor 8, wound threshold 8.
    state = typed(table())
    action = EclipseAttackInSession.model_validate(
        {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 2, "sides": 10, "bonus": 4}}
    )
    odds = attacks.attack_session_odds(state, action, GM)
    joint = sampled(lambda stream: _rolled(attacks.attack_in_session(state, action, stream, GM)[1]), runs=1500)
    assert_agrees(odds["outcome"], _split(joint, 0))
    assert_agrees(odds["wounds"], _split(joint, 1))


def test_damage_marked_at_the_table_uses_the_characters_armor_and_agrees() -> None:
    from service.systems.eclipse.wire.attacks import EclipseDamageInSession

    # The guard: kinetic armor 8, wound threshold 8. 3d10 gets 8 or more through (a wound) when 3d10 ≥ 16.
    state = typed(table())
    params = EclipseDamageInSession.model_validate({"character": "guard", "weapon": {"dice": 3, "sides": 10}})
    odds = attacks.damage_session_odds(state, params, GM)
    # 3d10 ≤ 15 in 1000 ways: C(15, 3) - 3·C(5, 3) = 455 - 30 = 425 (stars and bars, faces capped at 10).
    assert odds["wounds"].probability(0) == Fraction(425, 1000)
    counts = sampled(lambda stream: attacks.damage_in_session(state, params, stream, GM)[1].harm.wounds, runs=2000)
    assert_agrees(odds["wounds"], counts)


def test_damage_dice_kept_by_their_shape_answer_as_worked_afresh() -> None:
    from service.dice import memo

    target = {"woundThreshold": 7, "durability": 35, "deathRating": 53}
    weapon = {"dice": 2, "sides": 10, "bonus": 2}
    bodies = [_attack(weapon=weapon, target={**target, "armorKinetic": armor}) for armor in (0, 6)]
    memo.set_enabled(False)
    try:
        memo.forget_shapes()
        fresh = [attacks.attack_odds_of(body) for body in bodies]
        kept = [attacks.attack_odds_of(body) for body in bodies]
        memo.forget_shapes()
        assert kept == fresh == [attacks.attack_odds_of(body) for body in bodies[::-1]][::-1]
    finally:
        memo.set_enabled(True)
