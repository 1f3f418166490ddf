"""The exact odds of running a program: the target's save, the damage after it, the target's result.

The save is walked through `roll_save`, the roll the program makes; each way it can go is read by
`rolls_damage` and `damage_after_save` over the damage formula's totals (`total_chances`), and the
damage is applied to the target (program damage: no armor reduction) by `apply_damage`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.stream import Stream
from service.dice.walk import ordered, walk
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import D20Roll
from service.systems.ncb.rules.damage import Hit, Vitals, apply_damage
from service.systems.ncb.rules.odds_attack import RESULTS
from service.systems.ncb.rules.odds_d20 import D20_OUTCOMES
from service.systems.ncb.rules.odds_formula import total_chances
from service.systems.ncb.rules.programs import Program, damage_after_save, rolls_damage

SaveRoll = Callable[[Stream], D20Roll | None]


@memoized
def program_odds(
    program: Program, save: SaveRoll, rules: NcbRules, *, target: Vitals | None, use_last_breath: bool, limits: Limits
) -> Odds:
    """`save` (the target's d20 outcome, when it has one), `damage` after it, and the target's `result`."""
    saves = walk(lambda stream: _outcome(save(stream)))
    damage: dict[Outcome, Fraction] = {}
    result: dict[str, Fraction] = {}
    totals = total_chances(program.damage_dice, limits) if program.damage_dice is not None else {0: Fraction(1)}
    for (outcome, saved), p in saves.items():
        for total, q in totals.items() if rolls_damage(program, saved) else ((0, Fraction(1)),):
            dealt = damage_after_save(total, saved) if rolls_damage(program, saved) else 0
            damage[dealt] = damage.get(dealt, Fraction(0)) + p * q
            if target is not None and program.damage_dice is not None:
                _, done = apply_damage(target, Hit(dealt, "program", use_last_breath=use_last_breath), rules)
                result[done.result] = result.get(done.result, Fraction(0)) + p * q
    out = [Distribution.of("damage", damage)]
    if any(outcome is not None for outcome, _ in saves):
        chances = {str(o): p for (o, _), p in saves.items() if o is not None}
        out.insert(0, Distribution.of("save", ordered(chances, D20_OUTCOMES)))
    if result:
        out.append(Distribution.of("result", ordered(result, RESULTS)))
    return Odds.of(out)


def _outcome(rolled: D20Roll | None) -> tuple[str | None, bool | None]:
    return (None, None) if rolled is None else (rolled.outcome, rolled.success)
