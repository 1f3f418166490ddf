"""The exact odds of an attack: hit and critical, the damage dealt after reduction, the target's result.

The attack roll is set up and judged per natural as `roll_to_hit` does it (`aim`, `Aim.judged`); each way it
can land (miss, hit, critical) then rolls the weapon's `damage_formula`, whose totals come from
`total_ways`, and each total is judged against the target as a rolled hit would be: by `damage_dealt`, the
part of `apply_damage` that finds the damage dealt and the result. The naturals and the totals are read
by stretches read alike, each at its ends (`runs`).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered_ways
from service.systems.ncb.rules.attacks import Aim, Swing, aim
from service.systems.ncb.rules.damage import Vitals, damage_dealt, weapon_hit
from service.systems.ncb.rules.odds_d20 import NATURALS_APART, natural_sums
from service.systems.ncb.rules.odds_formula import total_ways
from service.systems.ncb.rules.odds_runs import amounts_alike, one_by_one, runs
from service.systems.ncb.rules.weapons import WeaponDice, damage_formula

ATTACK_OUTCOMES = ("miss", "hit", "critical-hit")
RESULTS = ("unharmed", "hurt", "last-breath", "dying", "flatlined", "annihilated")


def attack_odds(swing: Swing, target: Vitals, *, use_last_breath: bool, limits: Limits) -> Odds:
    """`outcome` of the roll; `damage` dealt after damage reduction (0 on a miss); the target's `result`."""
    landed_ways, _ = landing_ways(swing)
    outcome: dict[str, int] = {}
    # Each hit's damage totals as whole numbers over one common total.
    hits: dict[tuple[bool, bool, int, WeaponDice], tuple[dict[int, int], int]] = {}
    for key, n in landed_ways.items():
        hit, critical, ability_modifier, dice = key
        name = "critical-hit" if critical and hit else "hit" if hit else "miss"
        outcome[name] = outcome.get(name, 0) + n
        if hit:
            formula = damage_formula(
                dice, critical=critical, ability_modifier=ability_modifier, tech_bonus=swing.weapon.tech_bonus, rules=swing.rules
            )
            hits[key] = total_ways(formula, limits)
    common = 1
    for _, total_whole in hits.values():
        common = lcm(common, total_whole)
    dealt_ways: dict[int, int] = {}
    result_ways: dict[str, int] = {}
    dealt_get = dealt_ways.get
    stretches = runs if amounts_alike(target) else one_by_one
    for key, n in landed_ways.items():
        if key not in hits:  # a miss
            dealt_ways[0] = dealt_ways.get(0, 0) + n * common
            result_ways["unharmed"] = result_ways.get("unharmed", 0) + n * common
            continue
        critical = key[1]
        counts, total_whole = hits[key]
        scale = n * (common // total_whole)
        totals = sorted(counts)

        def applied(total: int, critical: bool = critical) -> tuple[int, str]:
            """What the rolled hit does to the target: the damage dealt less the total, and the result."""
            dealt, result = damage_dealt(target, weapon_hit(total, swing.weapon, critical, use_last_breath), swing.rules)
            return dealt - total, result

        # Dealt less the total only falls as the total grows, and the result turns over once per kind:
        # each stretch of totals applied alike is applied at its ends (`runs`).
        for first, last, (offset, result) in stretches(totals, applied):
            stretch = totals[first : last + 1]
            weights = [counts[total] * scale for total in stretch]
            for total, ways in zip(stretch, weights):
                dealt = total + offset
                dealt_ways[dealt] = dealt_get(dealt, 0) + ways
            result_ways[result] = result_ways.get(result, 0) + sum(weights)
    return Odds.of(
        Distribution.counted("outcome", ordered_ways(outcome, ATTACK_OUTCOMES)),
        Distribution.counted("damage", dealt_ways),
        Distribution.counted("result", ordered_ways(result_ways, RESULTS)),
    )


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_attack_odds = memoized(attack_odds)


def landings(swing: Swing) -> dict[tuple[bool, bool, int, WeaponDice], Fraction]:
    """Each way the attack roll lands (hit, critical, ability modifier, dice) and its chance: the attack set
    up once (`aim`, as `roll_to_hit` sets it up) and each natural of its mode judged once (`Aim.judged`)."""
    ways, whole = landing_ways(swing)
    return {key: Fraction(n, whole) for key, n in ways.items()}


def landing_ways(swing: Swing) -> tuple[dict[tuple[bool, bool, int, WeaponDice], int], int]:
    """The same as whole numbers of ways out of one total."""
    aimed = aim(swing)
    out: dict[tuple[bool, bool, int, WeaponDice], int] = {}
    for (hit, critical), n in aimed_ways(aimed).items():
        key = (hit, critical, aimed.ability_modifier, aimed.dice)
        out[key] = out.get(key, 0) + n
    return out, natural_sums(aimed.mode)[1][-1]


def aimed_ways(aimed: Aim) -> dict[tuple[bool, bool], int]:
    """Ways of each (hit, critical) of an aimed attack, out of the mode's total: a miss turns into a hit
    once as the natural grows, and a hit into a critical once, so each stretch of naturals judged alike
    is judged at its ends (`runs`, tested against judging every natural)."""
    faces, sums = natural_sums(aimed.mode)
    out: dict[tuple[bool, bool], int] = {}
    for first, last, landed in runs(faces, lambda natural: _landed(aimed, natural), apart=NATURALS_APART):
        out[landed] = out.get(landed, 0) + sums[last + 1] - sums[first]
    return out


def _landed(aimed: Aim, natural: int) -> tuple[bool, bool]:
    _, hit, _, critical = aimed.judged(natural)
    return hit, critical
