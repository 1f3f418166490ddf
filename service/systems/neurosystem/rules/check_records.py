"""Checking a check record that a client sends back to a stateless follow-up call.

A stateless caller keeps its own sheets and passes the record it got earlier; before Luck,
a push or a push-through acts on it, the record must be one the rules could have produced.
A record that could not is a 422 saying what is wrong, never a 500.
"""

from __future__ import annotations

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules.checks import MAX_PUSHED_DICE, STK_STATS
from service.systems.neurosystem.rules.ratings import LUCK_SIDES, parse_rating
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord


def _invalid(detail: str) -> RuleViolation:
    return errors.refuse(errors.INVALID_CHECK, f"the check record is not valid: {detail}")


def validate_record(record: NeurosystemCheckRecord) -> None:
    for die in record.dice:
        sides = parse_rating(die.rating, what=f"die {die.id!r} rating")
        if die.face > sides:
            raise _invalid(f"die {die.id!r} shows {die.face} on a d{sides}")
        if die.rerolled_from is not None and (die.rerolled_from > sides or not record.pushed):
            raise _invalid(f"die {die.id!r} has an earlier face but the check was not pushed with it")
    ids = [die.id for die in record.dice]
    if len(set(ids)) != len(ids):
        raise _invalid("two dice share an id")
    rerolled = sum(1 for die in record.dice if die.rerolled_from is not None)
    if rerolled > MAX_PUSHED_DICE:
        raise _invalid(f"{rerolled} dice were rerolled; a push rerolls at most {MAX_PUSHED_DICE}")
    if record.kind == "flat":
        _validate_flat(record)
    else:
        _validate_stk(record)


def _validate_flat(record: NeurosystemCheckRecord) -> None:
    if len(record.dice) != 1 or record.dice[0].stat == "luck" or record.dice[0].id != record.dice[0].stat:
        raise _invalid("a Flat Check has exactly one Style, Training or Knowledge die, its id being its stat")
    if record.dn is not None:
        raise _invalid("a Flat Check has no DN (5 or higher succeeds)")
    if record.pushed:
        raise _invalid("a Flat Check cannot have been pushed")


def _validate_stk(record: NeurosystemCheckRecord) -> None:
    stat_dice = [die for die in record.dice if die.stat != "luck"]
    if sorted(die.id for die in stat_dice) != sorted(STK_STATS) or any(die.id != die.stat for die in stat_dice):
        raise _invalid("an STK Check has one die each with ids `style`, `training` and `knowledge`")
    luck = [die for die in record.dice if die.stat == "luck"]
    for number, die in enumerate(luck, start=1):
        if die.id != f"luck-{number}":
            raise _invalid(f"Luck dice are numbered luck-1, luck-2… in order; found {die.id!r} at {number}")
        if parse_rating(die.rating) != LUCK_SIDES:
            raise _invalid(f"Luck die {die.id!r} must be a d8")
