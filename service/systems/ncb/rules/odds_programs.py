"""The exact odds of running a program: the target's save, the damage after it, the target's result.

The save is the test `roll_save` rolls (`save_test`), its naturals read as the roll reads them
(`D20Test.read`), each stretch of naturals read alike at its ends (`runs`); each way it can go is read by
`rolls_damage` and `damage_after_save` over the damage formula's totals (`total_ways`), and the
damage is judged against the target (program damage: no armor reduction) by `damage_dealt`, the part
of `apply_damage` that finds the damage dealt and the result, each stretch of damage values judged alike
at its ends.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from service.dice.memo import memoized
from service.dice.notation import Limits
from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered_ways
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import D20Test
from service.systems.ncb.rules.damage import Hit, Vitals, damage_dealt
from service.systems.ncb.rules.odds_attack import RESULTS
from service.systems.ncb.rules.odds_d20 import D20_OUTCOMES, NATURALS_APART, natural_sums
from service.systems.ncb.rules.odds_formula import total_ways as total_ways_of
from service.systems.ncb.rules.odds_runs import amounts_alike, one_by_one, runs
from service.systems.ncb.rules.programs import Program, damage_after_save, rolls_damage



def program_odds(
    program: Program, save: D20Test | None, rules: NcbRules, *, target: Vitals | None, use_last_breath: bool, limits: Limits
) -> Odds:
    """`save` (the target's d20 outcome, when it has one), `damage` after it, and the target's `result`."""
    saves, save_whole = save_ways(save)
    by_saved: dict[bool | None, int] = {}  # the damage reads only whether it was saved
    for (_, saved), n in saves.items():
        by_saved[saved] = by_saved.get(saved, 0) + n
    total_ways, total_whole = total_ways_of(program.damage_dice, limits) if program.damage_dice is not None else ({0: 1}, 1)
    dealt_ways: dict[int, int] = {}
    for saved, n in by_saved.items():
        rolled = rolls_damage(program, saved)
        for total, m in total_ways.items() if rolled else ((0, total_whole),):
            dealt = damage_after_save(total, saved) if rolled else 0
            dealt_ways[dealt] = dealt_ways.get(dealt, 0) + n * m
    whole = save_whole * total_whole
    assert sum(dealt_ways.values()) == whole, "every save and total deals some damage"
    result_ways: dict[str, int] = {}
    if target is not None and program.damage_dice is not None:
        hurt = target  # bound for the reading below, as a target that is not None

        def applied(dealt: int) -> tuple[int, str]:
            """What the program's damage does to the target: the damage dealt less the amount, and the result."""
            done, result = damage_dealt(hurt, Hit(dealt, "program", use_last_breath=use_last_breath), rules)
            return done - dealt, result

        # Each damage value applied once, or each stretch of values applied alike at its ends (`runs`).
        amounts = sorted(dealt_ways)
        stretches = runs if amounts_alike(target) else one_by_one
        for first, last, (_, result) in stretches(amounts, applied):
            summed = sum(dealt_ways[dealt] for dealt in amounts[first : last + 1])
            result_ways[result] = result_ways.get(result, 0) + summed
    out = [Distribution.counted("damage", dealt_ways)]
    if any(outcome is not None for outcome, _ in saves):
        named: dict[str, int] = {}
        for (o, _), n in saves.items():
            if o is not None:
                named[str(o)] = named.get(str(o), 0) + n
        assert sum(named.values()) == save_whole, "a save has an outcome on every natural"
        out.insert(0, Distribution.counted("save", ordered_ways(named, D20_OUTCOMES)))
    if result_ways:
        out.append(Distribution.counted("result", ordered_ways(result_ways, RESULTS)))
    return Odds.of(out)


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_program_odds = memoized(program_odds)


def save_chances(save: D20Test | None) -> dict[tuple[str | None, bool | None], Fraction]:
    """Each (outcome, saved) of the save and its chance, each natural of its mode read once (`D20Test.read`);
    (None, None) for certain when the program allows no save."""
    ways, whole = save_ways(save)
    return {key: Fraction(n, whole) for key, n in ways.items()}


def save_ways(save: D20Test | None) -> tuple[dict[tuple[str | None, bool | None], int], int]:
    """The same as whole numbers of ways out of one total."""
    if save is None:
        return {(None, None): 1}, 1
    faces, sums = natural_sums(save.mode)
    out: dict[tuple[str | None, bool | None], int] = {}
    for first, last, key in runs(faces, partial(_saved, save), apart=NATURALS_APART):
        out[key] = out.get(key, 0) + sums[last + 1] - sums[first]
    return out, sums[-1]


def _saved(save: D20Test, natural: int) -> tuple[str | None, bool | None]:
    """The outcome and pass of the save's natural (`D20Test.read`): between a 1 and a 20 a failure turns
    into a success once as the natural grows, so `save_ways` reads each stretch alike at its ends (`runs`,
    tested against every natural)."""
    _, saved, outcome = save.read(natural)
    return outcome, saved
