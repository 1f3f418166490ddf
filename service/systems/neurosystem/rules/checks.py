"""STK and Flat Checks: rolling them, Luck, pushing, pushing through, and reading them.

Every function takes a check record and returns a new one (records are frozen); dice come
only from the stream passed in. A refusal is raised from the game's table of codes (`errors.refuse`).

Cool and bad shit are read from the dice as they stand, so a push can make bad shit go
away (or appear). A push-through is final: once paid for, the check's bad shit is cool shit
whatever later rerolls show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict, TypeVar, Unpack


from service.dice.stream import Stream
from service.frozen import quick_init
from service.systems.neurosystem import errors
from service.systems.neurosystem.options import ResolveLimit
from service.systems.neurosystem.rules.ratings import LUCK_SIDES, parse_rating, rating_name
from service.systems.neurosystem.rules.rule_of_cool import bad_dice, style_is_cool
from service.systems.neurosystem.wire.records import NeurosystemBonus, NeurosystemCheckRecord, NeurosystemCheckResult, NeurosystemDie
from service.systems.neurosystem.wire.shared import DieStat, Outcome, StatCategory
from service.written import written

FLAT_SUCCESS_FROM = 5  # a Flat Check succeeds on 5 or higher
MAX_LUCK_DICE = 100  # a service limit per check, to keep records bounded
MAX_PUSHED_DICE = 3  # one push rerolls one, two or three dice
STK_STATS: tuple[StatCategory, ...] = ("style", "training", "knowledge")


class Left(TypedDict, total=False):
    """What a check's action leaves of the group's Luck or the character's Resolve, when known."""

    luck_left: int | None
    resolve_left: int | None


@quick_init
@dataclass(frozen=True, slots=True)
class RolledDie:
    """A die of a check just rolled, before a model holds it: `NeurosystemDie`'s fields but the face
    it showed before a push, which a die just rolled never has."""

    id: str
    stat: DieStat
    rating: str
    face: int
    name: str | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Rolled:
    """A check just rolled, before a model holds it: `NeurosystemCheckRecord`'s fields.

    A stateless check is written to the wire straight from it (`written_result`, `service.written`),
    where building the models validated every value the rules had just made; a session keeps the
    model, made as the dice are rolled (`roll_stk`, `roll_flat`).
    """

    kind: Literal["stk", "flat"]
    dn: int | None
    bonuses: list[NeurosystemBonus]
    negative_states: int
    dice: list[RolledDie]
    pushed: ClassVar[bool] = False  # a check just rolled has had no Resolve spent on it
    pushed_through: ClassVar[bool] = False


Record = NeurosystemCheckRecord | Rolled
_Record = TypeVar("_Record", NeurosystemCheckRecord, Rolled)
MakeDie = Callable[..., NeurosystemDie | RolledDie]


class StkGiven(TypedDict):
    """What an STK Check is rolled with, beside its ratings."""

    dn: int | None
    bonuses: Sequence[NeurosystemBonus]
    negative_states: int
    luck: int
    stream: Stream


class FlatGiven(TypedDict):
    """What a Flat Check is rolled with, beside its stat and die."""

    name: str | None
    negative_states: int
    equipment_bonus: int
    stream: Stream


def roll_stk(ratings: Mapping[StatCategory, tuple[int, str | None]], **given: Unpack[StkGiven]) -> NeurosystemCheckRecord:
    """Roll Style, Training and Knowledge (`ratings[stat] = (sides, stat name)`), then any Luck dice."""
    return _stk(NeurosystemCheckRecord, NeurosystemDie, ratings, **given)


def rolled_stk(ratings: Mapping[StatCategory, tuple[int, str | None]], **given: Unpack[StkGiven]) -> Rolled:
    """`roll_stk`'s check as just rolled, for `written_result`."""
    return _stk(Rolled, RolledDie, ratings, **given)


def _stk(
    record: Callable[..., _Record], die: MakeDie, ratings: Mapping[StatCategory, tuple[int, str | None]], **given: Unpack[StkGiven]
) -> _Record:
    stream, luck = given["stream"], given["luck"]
    dice = []
    for stat in STK_STATS:
        sides, name = ratings[stat]
        dice.append(die(id=stat, stat=stat, name=name, rating=rating_name(sides), face=stream.roll(sides)))
    if luck:  # the Luck dice join the record as it is made, rather than in a copy of it
        _check_luck_dice("stk", 0, luck)
        dice.extend(_luck_dice(0, luck, stream, die))
    return record(kind="stk", dn=given["dn"], bonuses=list(given["bonuses"]), negative_states=given["negative_states"], dice=dice)


def roll_flat(stat: StatCategory, sides: int, **given: Unpack[FlatGiven]) -> NeurosystemCheckRecord:
    return _flat(NeurosystemCheckRecord, NeurosystemDie, stat, sides, **given)


def rolled_flat(stat: StatCategory, sides: int, **given: Unpack[FlatGiven]) -> Rolled:
    """`roll_flat`'s check as just rolled, for `written_result`."""
    return _flat(Rolled, RolledDie, stat, sides, **given)


def _flat(record: Callable[..., _Record], die: MakeDie, stat: StatCategory, sides: int, **given: Unpack[FlatGiven]) -> _Record:
    rolled = die(id=stat, stat=stat, name=given["name"], rating=rating_name(sides), face=given["stream"].roll(sides))
    bonus = given["equipment_bonus"]
    bonuses = [NeurosystemBonus(name="equipment", value=bonus)] if bonus else []
    return record(kind="flat", dn=None, bonuses=bonuses, negative_states=given["negative_states"], dice=[rolled])


def luck_dice(record: Record) -> int:
    return sum(1 for die in record.dice if die.stat == "luck")


def check_luck(record: NeurosystemCheckRecord, points: int) -> None:
    """Refuse Luck the rules forbid, before any pool is touched."""
    _check_luck_dice(record.kind, luck_dice(record), points)


def _check_luck_dice(kind: str, have: int, points: int) -> None:
    if kind == "flat":
        raise errors.refuse(errors.FLAT_CHECK_NO_LUCK, "Luck cannot be spent on a Flat Check")
    if have + points > MAX_LUCK_DICE:
        raise errors.refuse(
            errors.LUCK_DICE_LIMIT,
            f"one check carries at most {MAX_LUCK_DICE} Luck dice; it has {have}, {points} more asked",
        )


def add_luck(record: NeurosystemCheckRecord, points: int, stream: Stream) -> NeurosystemCheckRecord:
    """Each point of Luck adds one d8 to an STK Check; Flat Checks take none."""
    check_luck(record, points)
    return record.model_copy(update={"dice": [*record.dice, *_luck_dice(luck_dice(record), points, stream, NeurosystemDie)]})


def _luck_dice(have: int, points: int, stream: Stream, die: MakeDie) -> list[NeurosystemDie | RolledDie]:
    """`points` new Luck d8s, numbered on from the `have` a check already carries."""
    rating = rating_name(LUCK_SIDES)
    return [die(id=f"luck-{have + i}", stat="luck", rating=rating, face=stream.roll(LUCK_SIDES)) for i in range(1, points + 1)]


def resolve_spent(record: NeurosystemCheckRecord) -> int:
    return int(record.pushed) + int(record.pushed_through)


def check_push(record: NeurosystemCheckRecord, die_ids: Sequence[str], limit: ResolveLimit) -> None:
    """Refuse a push the rules forbid, before any Resolve is touched."""
    if record.kind == "flat":
        raise errors.refuse(errors.FLAT_CHECK_NO_PUSH, "Flat Checks cannot be pushed")
    if record.pushed:
        raise errors.refuse(errors.ALREADY_PUSHED, "this check was already pushed; a check is pushed only once")
    if limit == "one-per-check" and record.pushed_through:
        raise errors.refuse(
            errors.RESOLVE_LIMIT,
            "1 Resolve already went into pushing through this check's bad shit, and only 1 Resolve may be "
            "spent per STK Check (rule resolveLimit = one-per-check)",
        )
    if not 1 <= len(die_ids) <= MAX_PUSHED_DICE:
        raise errors.refuse(errors.UNKNOWN_DIE, "a push rerolls one, two or three dice")
    if len(set(die_ids)) != len(die_ids):
        raise errors.refuse(errors.DUPLICATE_DIE, f"a die is named twice in {list(die_ids)}")
    known = [die.id for die in record.dice]
    missing = [die_id for die_id in die_ids if die_id not in known]
    if missing:
        raise errors.refuse(
            errors.UNKNOWN_DIE, f"the check has no die {missing[0]!r}; its dice are {', '.join(known)}",
        )


def push(
    record: NeurosystemCheckRecord, die_ids: Sequence[str], limit: ResolveLimit, stream: Stream
) -> NeurosystemCheckRecord:
    """Reroll the chosen dice (Luck dice included), in the check's own die order."""
    check_push(record, die_ids, limit)
    chosen = set(die_ids)
    dice = [
        die.model_copy(update={"face": stream.roll(parse_rating(die.rating)), "rerolled_from": die.face})
        if die.id in chosen
        else die
        for die in record.dice
    ]
    return record.model_copy(update={"dice": dice, "pushed": True})


def check_push_through(record: NeurosystemCheckRecord, limit: ResolveLimit) -> None:
    if record.pushed_through:
        raise errors.refuse(errors.ALREADY_PUSHED_THROUGH, "this check's bad shit was already pushed through")
    if record.kind == "stk" and limit == "one-per-check" and record.pushed:
        raise errors.refuse(
            errors.RESOLVE_LIMIT,
            "1 Resolve already went into pushing this check, and only 1 Resolve may be spent per STK Check "
            "(rule resolveLimit = one-per-check; `push-and-push-through` allows both)",
        )
    if not bad_dice(record.dice, record.negative_states):
        raise errors.refuse(
            errors.NO_BAD_SHIT,
            f"no stat die is at or below the {record.negative_states} negative states carried: there is no bad "
            "shit to push through",
        )


def push_through(record: NeurosystemCheckRecord, limit: ResolveLimit) -> NeurosystemCheckRecord:
    check_push_through(record, limit)
    return record.model_copy(update={"pushed_through": True})


def outcome_of(kind: str, total: int, dn: int | None) -> Outcome | None:
    """A Flat Check succeeds from 5; an STK total above the DN succeeds, equal to it at a cost.

    The odds (`rules.check_odds`) read every total they count through this one function.
    """
    if kind == "flat":
        return "success" if total >= FLAT_SUCCESS_FROM else "failure"
    if dn is None:
        return None
    margin = total - dn
    return "success" if margin > 0 else "success-at-cost" if margin == 0 else "failure"


def read(record: NeurosystemCheckRecord, limit: ResolveLimit, **left: Unpack[Left]) -> NeurosystemCheckResult:
    """Total, outcome, cool and bad shit, and what Resolve may still do on this check.

    `left` (`luck_left`, `resolve_left`) goes into the result as it is made: a copy made
    afterwards to add it costs as much again as the rest of the reading.
    """
    return NeurosystemCheckResult(check=record, **reading(record, limit), **left)


def written_result(rolled: Rolled, limit: ResolveLimit, **left: Unpack[Left]) -> dict[str, Any]:
    """What `read` answers for a check just rolled, in wire form, without building the models."""
    return written(NeurosystemCheckResult, {"check": rolled, **reading(rolled, limit), **left})


def reading(record: Record, limit: ResolveLimit) -> dict[str, Any]:
    """The fields of `read`'s result but the check itself and what is left."""
    dice_total = sum(die.face for die in record.dice)
    bonus_total = sum(bonus.value for bonus in record.bonuses)
    total = dice_total + bonus_total
    outcome = outcome_of(record.kind, total, record.dn)
    margin = total - record.dn if record.kind == "stk" and record.dn is not None else None
    bad = bad_dice(record.dice, record.negative_states)
    from_style = style_is_cool(record.dice)
    one_resolve = limit == "one-per-check"
    return {
        "dice_total": dice_total,
        "bonus_total": bonus_total,
        "total": total,
        "outcome": outcome,
        "margin": margin,
        "cool_shit": from_style or record.pushed_through,
        "cool_from_style": from_style,
        "bad_shit": bool(bad) and not record.pushed_through,
        "bad_dice": bad,
        "can_push": record.kind == "stk" and not record.pushed and not (one_resolve and record.pushed_through),
        "can_push_through": bool(bad)
        and not record.pushed_through
        and (record.kind == "flat" or not one_resolve or not record.pushed),
        "resolve_limit": limit,
        "luck_dice": luck_dice(record),
    }


def pay_luck(pool: int, points: int) -> int:
    """The pool after spending; it never goes below zero."""
    if points > pool:
        raise errors.refuse(
            errors.NOT_ENOUGH_LUCK,
            f"the group's Luck pool holds {pool}: {points} Luck cannot be spent (the pool never goes below zero)",
        )
    return pool - points


def pay_resolve(resolve: int, why: str) -> int:
    if resolve < 1:
        raise errors.refuse(errors.NOT_ENOUGH_RESOLVE, f"no Resolve left to {why}")
    return resolve - 1
