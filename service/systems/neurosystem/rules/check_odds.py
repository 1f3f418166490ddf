"""Exact odds of an STK or Flat Check before its dice are rolled: a fresh check, Luck, a push.

A check's dice are either known (already on the record) or still to roll. The outcome reads the
total alone, cool shit the Style die alone and bad shit whether any stat die is bad, so each is
counted over every combination of the dice without walking the combinations: the totals are the
dice's sums convolved (the Luck d8s still to roll among them), and each face and each total is read
through the same rules the roll's `checks.read` uses (`outcome_of`, `is_cool`, `is_bad`), so the
odds and the roll cannot tell a check differently.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from service.dice import memo
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


def _ways_of_sums(sides: Sequence[int], luck: int) -> list[int]:
    """Ways of each sum of dice still to roll: one die of each of `sides`, then `luck` Luck d8s (index = sum).

    Each die's generating polynomial (x + x² + … + x^sides) is one integer whose digits, in a base wide
    enough for any count of ways, are the coefficients; their product (the Luck d8s' raised to a power)
    is the convolution, done by Python's big integers: 100 Luck d8s take a few ms of CPU, some ten times
    less than adding the dice one at a time."""
    whole, top = LUCK_SIDES**luck, LUCK_SIDES * luck
    for n in sides:
        whole *= n
        top += n
    # Bytes per digit: no sum has more ways than all of them; eight when that fits, to read the digits in one call.
    width = 8 if whole.bit_length() <= 64 else whole.bit_length() // 8 + 1
    step = 8 * width
    product = 1
    for n in sides:
        product *= _die(step, n)
    if luck:
        product *= _die(step, LUCK_SIDES) ** luck
    raw = product.to_bytes(width * (top + 1), "little")
    if width == 8:
        return list(struct.unpack(f"<{top + 1}Q", raw))
    return [int.from_bytes(raw[width * total : width * (total + 1)], "little") for total in range(top + 1)]


def _die(step: int, sides: int) -> int:
    """x + x² + … + x^sides at x = 2^step: a geometric series, summed in one division."""
    return ((1 << step * (sides + 1)) - (1 << step)) // ((1 << step) - 1)


def check_odds(
    kind: str,
    dice: Sequence[CheckDie],
    *,
    dn: int | None,
    bonus_total: int,
    negative_states: int,
    pushed_through: bool = False,
) -> Odds:
    """Outcome (when there is a DN, or on a Flat Check), total, cool shit and bad shit.

    Remembered by its inputs written out as plain numbers and strings (each die as stat, sides, face):
    a key cheaper to build than a fingerprint of the dice."""
    return memo.remember(
        lambda: ("neurosystem check", kind, tuple([(d.stat, d.sides, d.face) for d in dice]), dn, bonus_total, negative_states, pushed_through),
        lambda: _check_odds(kind, dice, dn, bonus_total, negative_states, pushed_through),
    )


def _check_odds(kind: str, dice: Sequence[CheckDie], dn: int | None, bonus_total: int, negative_states: int, pushed_through: bool) -> Odds:
    known = bonus_total  # the dice already showing, with the bonuses
    rolling: list[int] = []  # the sizes of the stat dice still to roll
    luck = 0  # Luck d8s still to roll
    # The outcome and total depend on the sum alone, cool shit on the Style dice alone, bad shit on
    # whether any stat die is bad: three counts over the same combinations, each face read once.
    combinations = not_cool = not_bad = 1
    for die in dice:
        if die.face is not None:
            known += die.face
            if die.stat != "luck":
                not_cool *= 0 if die.stat == "style" and is_cool(die.sides, die.face) else 1
                not_bad *= 0 if is_bad(die.face, negative_states) else 1
        elif die.stat == "luck":
            luck += 1
        else:
            faces = range(1, die.sides + 1)
            rolling.append(die.sides)
            combinations *= die.sides
            not_cool *= sum(1 for face in faces if not is_cool(die.sides, face)) if die.stat == "style" else die.sides
            not_bad *= sum(1 for face in faces if not is_bad(face, negative_states))
    if pushed_through:
        cool, uncool, bad, unbad = combinations, 0, 0, combinations
    else:
        cool, uncool, bad, unbad = combinations - not_cool, not_cool, combinations - not_bad, not_bad
    totals: dict[Outcome, int] = {known + total: n for total, n in enumerate(_ways_of_sums(rolling, luck)) if n}
    outcomes: dict[str, int] = {}
    for total, n in totals.items():
        outcome = outcome_of(kind, int(total), dn)
        if outcome is not None:
            outcomes[outcome] = outcomes.get(outcome, 0) + n
    target = FLAT_SUCCESS_FROM if kind == "flat" else dn
    found = []
    if outcomes:
        found.append(Distribution.counted("outcome", {o: outcomes.get(o, 0) for o in _OUTCOMES if kind == "stk" or o != "success-at-cost"}))
    found.append(Distribution.counted("total", totals, target=target))
    found.append(Distribution.counted("coolShit", {NOT_COOL: uncool, COOL: cool}))
    found.append(Distribution.counted("badShit", {BAD: bad, NOT_BAD: unbad}))
    return Odds.of(found)
