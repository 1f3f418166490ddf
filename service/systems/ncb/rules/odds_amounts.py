"""The exact odds of damage, healing, rests, level-ups and stabilizing: each amount's chance, read by
the same rule that applies it.

An amount is a fixed number or a formula (`total_ways`); each possible amount then goes through
`damage_dealt` (the part of `apply_damage` that judges a hit) or `healed_to` (the part of `heal` that
finds the HP and condition after it) as a rolled one would, each stretch of amounts they read alike
read at its ends (`runs`). Damage and healing are remembered by the amount or the formula's text. Hit
dice on a short rest are convolved die by die (`hit_die_healing` read for every face); a level-up's hit
die is read face by face through `read_level_up` and a Medicine check's naturals as `read_stabilize`
reads them (`condition_after_attempt`): the parts of `level_up` and `stabilize` after their rolls.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

from service.dice import sums
from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.walk import ordered_ways
from service.systems.ncb.errors import AMOUNT_OR_DICE, refuse
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.abilities import modifier
from service.systems.ncb.rules.damage import Hit, Vitals, damage_dealt, hit_like
from service.systems.ncb.rules.dying import Attempt, condition_after_attempt, read_stabilize, require_dying
from service.systems.ncb.rules.odds_attack import RESULTS
from service.systems.ncb.rules.odds_d20 import NATURALS_APART, natural_sums
from service.systems.ncb.rules.odds_formula import total_ways
from service.systems.ncb.rules.odds_runs import amounts_alike, one_by_one, runs
from service.systems.ncb.rules.recovery import LevelUp, healed_to, hit_die_healing

CONDITIONS_AFTER_HEALING = ("dying", "stable", "up")
STABILIZING = ("dying", "stable")


def amount_ways(amount: int | None, dice: str | None, limits: Limits) -> sums.Counts:
    """A fixed amount (certain) or a formula's totals, never below 0, as `amount_or_dice` takes them: whole
    numbers of ways out of one total (a formula's are kept by its text: only read them)."""
    if (amount is None) == (dice is None):
        raise refuse(AMOUNT_OR_DICE, "give exactly one of `amount` or `dice`")
    if dice is None:
        return {amount or 0: 1}, 1
    return total_ways(dice, limits)


def damage_odds(target: Vitals, amount: int | None, dice: str | None, hit: Hit, rules: NcbRules, limits: Limits) -> Odds:
    """`damage` dealt (after reduction) and the target's `result`: each amount `amount_ways` gives dealt as
    `hit` with that amount. Remembered by the amount or formula's text, not by its table of totals."""
    ways, whole = amount_ways(amount, dice, limits)
    assert sum(ways.values()) == whole, "the amounts' chances sum to 1"
    dealt: dict[Outcome, int] = {}
    result: dict[str, int] = {}

    def applied(amount: int) -> tuple[int, str]:
        """What the amount does to the target: the damage dealt less the amount, and the result."""
        dealt, result = damage_dealt(target, hit_like(amount, hit), rules)
        return dealt - amount, result

    # Each stretch of amounts applied alike applied at its ends (`runs`), or each amount once.
    values = sorted(ways)
    stretches = runs if amounts_alike(target) else one_by_one
    for first, last, (offset, name) in stretches(values, applied):
        summed = 0
        for each in values[first : last + 1]:
            dealt[each + offset] = dealt.get(each + offset, 0) + ways[each]
            summed += ways[each]
        result[name] = result.get(name, 0) + summed
    return Odds.of(Distribution.counted("damage", dealt), Distribution.counted("result", ordered_ways(result, RESULTS)))


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_damage_odds = memoized(damage_odds)


def healing_odds(target: Vitals, amount: int | None, dice: str | None, limits: Limits) -> Odds:
    """HP `healed` (up to the maximum), `hp` after, and the `condition` healing leaves, for each amount
    `amount_ways` gives."""
    return healed_odds(target, amount_ways(amount, dice, limits))


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_healing_odds = memoized(healing_odds)


@memoized
def hit_dice_odds(target: Vitals, spend: int, hit_die: int, constitution: int) -> Odds:
    """The same for `spend` hit dice spent on a short rest (`hit_dice_ways`)."""
    return healed_odds(target, hit_dice_ways(spend, hit_die, constitution))


def healed_odds(target: Vitals, amounts: sums.Counts) -> Odds:
    """The same from the amounts' whole numbers of ways out of one total."""
    ways, whole = amounts
    assert sum(ways.values()) == whole, "the amounts' chances sum to 1"
    healed: dict[Outcome, int] = {}
    hp: dict[Outcome, int] = {}
    condition: dict[str, int] = {}
    # Healed and HP after, less the amount, only fall as the amount grows, and the condition turns over
    # once: each stretch of amounts healed alike is healed at its ends (`runs`).
    values = sorted(ways)
    for first, last, (healed_less, hp_less, name) in runs(values, partial(_healed, target)):
        summed = 0
        for amount in values[first : last + 1]:
            n = ways[amount]
            healed[amount + healed_less] = healed.get(amount + healed_less, 0) + n
            hp[amount + hp_less] = hp.get(amount + hp_less, 0) + n
            summed += n
        condition[name] = condition.get(name, 0) + summed
    return Odds.of(
        Distribution.counted("healed", healed),
        Distribution.counted("hp", hp),
        Distribution.counted("condition", ordered_ways(condition, CONDITIONS_AFTER_HEALING)),
    )


def _healed(target: Vitals, amount: int) -> tuple[int, int, str]:
    """What `heal` makes of the amount (`healed_to`): HP healed and HP after, each less the amount, and the
    condition."""
    hp, condition = healed_to(target, amount)
    return hp - target.hp - amount, hp - amount, str(condition)


def hit_dice_healing(spend: int, hit_die: int, constitution: int) -> dict[int, Fraction]:
    """What `spend` hit dice heal together, each read by `hit_die_healing`."""
    return sums.chances(hit_dice_ways(spend, hit_die, constitution))


def hit_dice_ways(spend: int, hit_die: int, constitution: int) -> sums.Counts:
    """The same as whole numbers of ways out of one total."""
    con = modifier(constitution)
    one: sums.Counts = ({}, hit_die)
    for face in range(1, hit_die + 1):
        healed = hit_die_healing(face, con)
        one[0][healed] = one[0].get(healed, 0) + 1
    return sums.repeat(one, spend)


@memoized
def level_up_odds(gained: Callable[[int | None], LevelUp], rolled: int | None) -> Odds:
    """The hit points a level brings (certain for the average), and the maximum after: `gained` (the
    level-up read from its hit die's face, `read_level_up`) read for each face of the `rolled` die, once
    with no face when nothing is rolled. The gain less the face only falls as the face grows (the
    least gain of 1 gives way to face + CON): each stretch of faces read alike is read at its ends (`runs`)."""
    if rolled is None:
        up = gained(None)
        return Odds.of(Distribution.counted("hpGain", {up.hp_gain: 1}), Distribution.counted("maxHp", {up.max_hp: 1}))
    faces = range(1, rolled + 1)
    hp_gain: dict[Outcome, int] = {}
    max_hp: dict[Outcome, int] = {}
    for first, last, (gain_less, max_less) in runs(faces, partial(_gained_less, gained)):
        for face in faces[first : last + 1]:
            hp_gain[face + gain_less] = hp_gain.get(face + gain_less, 0) + 1
            max_hp[face + max_less] = max_hp.get(face + max_less, 0) + 1
    return Odds.of(Distribution.counted("hpGain", hp_gain), Distribution.counted("maxHp", max_hp))


def _gained_less(gained: Callable[[int | None], LevelUp], face: int) -> tuple[int, int]:
    """What a face brings: the hit points gained and the maximum after, each less the face."""
    up = gained(face)
    return up.hp_gain - face, up.max_hp - face


@memoized
def stabilize_odds(v: Vitals, tried: Attempt) -> Odds:
    """The dying character's `condition` after the attempt: certain with no roll, else the Medicine check's
    naturals read as `read_stabilize` reads them (`condition_after_attempt`), each stretch of naturals
    read alike at its ends (`runs`: between a 1 and a 20 a failed check turns into a success once as the
    natural grows)."""
    require_dying(v, "stabilizing")
    if tried.check is None:
        _, done = read_stabilize(v, tried, None)
        return Odds.of(Distribution.counted("condition", ordered_ways({str(done.condition): 1}, STABILIZING)))
    faces, sums = natural_sums(tried.check.mode)
    ways: dict[str, int] = {}
    for first, last, condition in runs(faces, partial(_stabilized, v, tried), apart=NATURALS_APART):
        ways[condition] = ways.get(condition, 0) + sums[last + 1] - sums[first]
    return Odds.of(Distribution.counted("condition", ordered_ways(ways, STABILIZING)))


def _stabilized(v: Vitals, tried: Attempt, natural: int) -> str:
    return str(condition_after_attempt(v, tried, natural))
