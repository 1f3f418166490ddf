"""The exact odds of an attack: hit and critical, the damage dealt after reduction, the target's result.

The attack roll is set up and judged per natural as `roll_to_hit` does it (`aim`, `Aim.judged`); each way it
can land (miss, hit, critical) then rolls the weapon's `damage_formula`, whose totals come from
`total_chances`, and each total is applied to the target by `apply_damage` as a rolled hit would be.
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.walk import ordered
from service.systems.ncb.rules.attacks import Swing, aim
from service.systems.ncb.rules.damage import Vitals, apply_damage, weapon_hit
from service.systems.ncb.rules.odds_d20 import natural_chances
from service.systems.ncb.rules.odds_formula import total_chances
from service.systems.ncb.rules.weapons import WeaponDice, damage_formula

ATTACK_OUTCOMES = ("miss", "hit", "critical-hit")
RESULTS = ("unharmed", "hurt", "last-breath", "dying", "flatlined", "annihilated")


@memoized
def attack_odds(swing: Swing, target: Vitals, *, use_last_breath: bool, limits: Limits) -> Odds:
    """`outcome` of the roll; `damage` dealt after damage reduction (0 on a miss); the target's `result`."""
    landed = landings(swing)
    outcome: dict[str, Fraction] = {}
    dealt: dict[Outcome, Fraction] = {}
    result: dict[str, Fraction] = {}
    for (hit, critical, ability_modifier, dice), p in landed.items():
        name = "critical-hit" if critical and hit else "hit" if hit else "miss"
        outcome[name] = outcome.get(name, Fraction(0)) + p
        if not hit:
            dealt[0] = dealt.get(0, Fraction(0)) + p
            result["unharmed"] = result.get("unharmed", Fraction(0)) + p
            continue
        formula = damage_formula(
            dice, critical=critical, ability_modifier=ability_modifier, tech_bonus=swing.weapon.tech_bonus, rules=swing.rules
        )
        for total, q in total_chances(formula, limits).items():
            _, done = apply_damage(target, weapon_hit(total, swing.weapon, critical, use_last_breath), swing.rules)
            dealt[done.dealt] = dealt.get(done.dealt, Fraction(0)) + p * q
            result[done.result] = result.get(done.result, Fraction(0)) + p * q
    return Odds.of(
        Distribution.of("outcome", ordered(outcome, ATTACK_OUTCOMES)),
        Distribution.of("damage", dealt),
        Distribution.of("result", ordered(result, RESULTS)),
    )


def landings(swing: Swing) -> dict[tuple[bool, bool, int, WeaponDice], Fraction]:
    """Each way the attack roll lands (hit, critical, ability modifier, dice) and its chance: the attack set
    up once (`aim`, as `roll_to_hit` sets it up) and each natural of its mode judged once (`Aim.judged`)."""
    aimed = aim(swing)
    out: dict[tuple[bool, bool, int, WeaponDice], Fraction] = {}
    for natural, p in natural_chances(aimed.mode).items():
        _, hit, _, critical = aimed.judged(natural)
        key = (hit, critical, aimed.ability_modifier, aimed.dice)
        out[key] = out.get(key, Fraction(0)) + p
    return out
