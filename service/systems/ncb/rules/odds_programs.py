"""The exact odds of running a program: the target's save, the damage after it, the target's result.

The save is the test `roll_save` rolls (`save_test`), each natural of its mode read once as the roll
reads it (`D20Test.read`); each way it can go is read by
`rolls_damage` and `damage_after_save` over the damage formula's totals (`total_chances`), and the
damage is applied to the target (program damage: no armor reduction) by `apply_damage`.
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.walk import as_ways, marginal, ordered
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import D20Test
from service.systems.ncb.rules.damage import Hit, Vitals, apply_damage
from service.systems.ncb.rules.odds_attack import RESULTS
from service.systems.ncb.rules.odds_d20 import D20_OUTCOMES, natural_chances
from service.systems.ncb.rules.odds_formula import total_chances
from service.systems.ncb.rules.programs import Program, damage_after_save, rolls_damage



@memoized
def program_odds(
    program: Program, save: D20Test | None, rules: NcbRules, *, target: Vitals | None, use_last_breath: bool, limits: Limits
) -> Odds:
    """`save` (the target's d20 outcome, when it has one), `damage` after it, and the target's `result`."""
    saves = save_chances(save)
    by_saved, save_whole = as_ways(marginal(saves, lambda o: o[1]))  # the damage reads only whether it was saved
    totals = total_chances(program.damage_dice, limits) if program.damage_dice is not None else {0: Fraction(1)}
    total_ways, total_whole = as_ways(totals)
    dealt_ways: dict[int, int] = {}
    for saved, n in by_saved.items():
        rolled = rolls_damage(program, saved)
        for total, m in total_ways.items() if rolled else ((0, total_whole),):
            dealt = damage_after_save(total, saved) if rolled else 0
            dealt_ways[dealt] = dealt_ways.get(dealt, 0) + n * m
    whole = save_whole * total_whole
    damage: dict[Outcome, Fraction] = {dealt: Fraction(n, whole) for dealt, n in dealt_ways.items()}
    result: dict[str, Fraction] = {}
    if target is not None and program.damage_dice is not None:
        result_ways: dict[str, int] = {}
        for dealt, n in dealt_ways.items():  # each damage value applied once
            _, done = apply_damage(target, Hit(dealt, "program", use_last_breath=use_last_breath), rules)
            result_ways[done.result] = result_ways.get(done.result, 0) + n
        result = {name: Fraction(n, whole) for name, n in result_ways.items()}
    out = [Distribution.of("damage", damage)]
    if any(outcome is not None for outcome, _ in saves):
        chances = {str(o): p for (o, _), p in saves.items() if o is not None}
        out.insert(0, Distribution.of("save", ordered(chances, D20_OUTCOMES)))
    if result:
        out.append(Distribution.of("result", ordered(result, RESULTS)))
    return Odds.of(out)


def save_chances(save: D20Test | None) -> dict[tuple[str | None, bool | None], Fraction]:
    """Each (outcome, saved) of the save and its chance, each natural of its mode read once (`D20Test.read`);
    (None, None) for certain when the program allows no save."""
    if save is None:
        return {(None, None): Fraction(1)}
    out: dict[tuple[str | None, bool | None], Fraction] = {}
    for natural, p in natural_chances(save.mode).items():
        _, saved, outcome = save.read(natural)
        out[(outcome, saved)] = out.get((outcome, saved), Fraction(0)) + p
    return out
