"""Exact odds of an STK or Flat Check before its dice are rolled: a fresh check, Luck, a push.

A check's dice are either known (already on the record) or still to roll. The outcome reads the
total alone, cool shit the Style die alone and bad shit whether any stat die is bad, so each is
counted over every combination of the dice without walking the combinations: the totals are the
dice's sums convolved (the Luck d8s still to roll among them), and each face and each total is read
through the same rules the roll's `checks.read` uses (`outcome_of`, `is_cool`, `is_bad`), so the
odds and the roll cannot tell a check differently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.systems.neurosystem.rules.checks import FLAT_SUCCESS_FROM, STK_STATS, outcome_of
from service.systems.neurosystem.rules.ratings import LUCK_SIDES, parse_rating
from service.systems.neurosystem.rules.rule_of_cool import is_bad, is_cool
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord
from service.systems.neurosystem.wire.shared import StatCategory

COOL, NOT_COOL = "cool-shit", "no-cool-shit"
BAD, NOT_BAD = "bad-shit", "no-bad-shit"
_OUTCOMES = ("failure", "success-at-cost", "success")  # worst to best, as the chart reads them


@dataclass(frozen=True, slots=True)
class CheckDie:
    """One die of a check: its stat, its size, and its face (None: still to roll)."""

    stat: str
    sides: int
    face: int | None = None


def fresh_stk(sides: Mapping[StatCategory, int], luck: int) -> list[CheckDie]:
    """The dice of an STK Check about to be rolled: Style, Training, Knowledge, then Luck d8s."""
    return [CheckDie(stat, sides[stat]) for stat in STK_STATS] + [CheckDie("luck", LUCK_SIDES)] * luck


def record_dice(record: NeurosystemCheckRecord, reroll: Iterable[str] = (), luck: int = 0) -> list[CheckDie]:
    """A record's dice, those named in `reroll` still to roll, and `luck` new Luck d8s after them."""
    again = set(reroll)
    dice = [CheckDie(die.stat, parse_rating(die.rating), None if die.id in again else die.face) for die in record.dice]
    return dice + [CheckDie("luck", LUCK_SIDES)] * luck


def _sum_ways(count: int, sides: int) -> list[int]:
    """Ways of each sum of `count` dice of `sides` faces (index = sum, out of sides ** count).

    The sum's generating polynomial (x + x² + … + x^sides) ** count is raised as one integer whose
    digits, in a base wide enough for any count of ways, are the coefficients: Python's big-integer
    power does the convolution: 100 Luck d8s take about 4 ms of CPU, some ten times less than adding
    the dice one at a time.
    """
    width = (count * sides.bit_length()) // 8 + 1  # bytes per digit: sides ** count always fits
    die = sum(1 << (8 * width * face) for face in range(1, sides + 1))
    raw = (die**count).to_bytes(width * (count * sides + 1), "little")
    return [int.from_bytes(raw[width * total : width * (total + 1)], "little") for total in range(count * sides + 1)]


def _ways_of_sums(dice: list[dict[int, int]]) -> list[int]:
    """Ways of each sum of independent dice, each given as ways per value it adds (0 or more; index = sum).

    The product of their generating polynomials, as in `_sum_ways`: one big-integer product per die
    instead of a Python step per pair of values."""
    whole, top = 1, 0
    for ways in dice:
        whole *= sum(ways.values())
        top += max(ways)
    width = whole.bit_length() // 8 + 1  # bytes per digit: no sum has more ways than all of them
    product = 1
    for ways in dice:
        product *= sum(n << (8 * width * value) for value, n in ways.items())
    raw = product.to_bytes(width * (top + 1), "little")
    return [int.from_bytes(raw[width * total : width * (total + 1)], "little") for total in range(top + 1)]


@memoized
def check_odds(
    kind: str,
    dice: Sequence[CheckDie],
    *,
    dn: int | None,
    bonus_total: int,
    negative_states: int,
    pushed_through: bool = False,
) -> Odds:
    """Outcome (when there is a DN, or on a Flat Check), total, cool shit and bad shit."""
    stat_dice = [die for die in dice if die.stat != "luck"]
    luck_to_roll = [die.sides for die in dice if die.stat == "luck" and die.face is None]
    known = bonus_total + sum(die.face for die in dice if die.face is not None)
    # The outcome and total depend on the sum alone, cool shit on the Style dice alone, bad shit on
    # whether any die is bad: three counts over the same combinations, each face read once.
    sums: list[dict[int, int]] = []  # each die: the ways of what it adds to the total
    combinations = not_cool = not_bad = 1
    for die in stat_dice:
        faces = [die.face] if die.face is not None else range(1, die.sides + 1)
        sums.append({0: 1} if die.face is not None else dict.fromkeys(faces, 1))
        combinations *= len(faces)
        not_cool *= sum(1 for face in faces if not (die.stat == "style" and is_cool(die.sides, face)))
        not_bad *= sum(1 for face in faces if not is_bad(face, negative_states))
    cool_ways = Counter({COOL: combinations} if pushed_through else {COOL: combinations - not_cool, NOT_COOL: not_cool})
    bad_ways = Counter({NOT_BAD: combinations} if pushed_through else {BAD: combinations - not_bad, NOT_BAD: not_bad})
    luck_ways = _sum_ways(len(luck_to_roll), LUCK_SIDES)
    sums.append({luck_sum: m for luck_sum, m in enumerate(luck_ways) if m})
    totals: dict[Outcome, int] = {known + total: n for total, n in enumerate(_ways_of_sums(sums)) if n}
    outcomes: Counter[str] = Counter()
    for total, n in totals.items():
        outcome = outcome_of(kind, int(total), dn)
        if outcome is not None:
            outcomes[outcome] += n
    target = FLAT_SUCCESS_FROM if kind == "flat" else dn
    found = []
    if outcomes:
        found.append(Distribution.counted("outcome", {o: outcomes[o] for o in _OUTCOMES if kind == "stk" or o != "success-at-cost"}))
    found.append(Distribution.counted("total", totals, target=target))
    found.append(Distribution.counted("coolShit", {NOT_COOL: cool_ways[NOT_COOL], COOL: cool_ways[COOL]}))
    found.append(Distribution.counted("badShit", {BAD: bad_ways[BAD], NOT_BAD: bad_ways[NOT_BAD]}))
    return Odds.of(found)
