"""Exact odds of the check mechanics, before anything is rolled: STK and Flat Checks, Luck, push.

Each takes the input its mechanic's roll takes, minus the seed; the dice go through
`rules.check_odds`, which reads them with the roll's own face-level rules.
"""

from __future__ import annotations

from service.dice.odds import Odds
from service.registry import Actor
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import checks, negative_states, sheets
from service.systems.neurosystem.rules.check_odds import CheckDie, check_odds, fresh_stk, record_dice
from service.systems.neurosystem.rules.check_records import validate_record
from service.systems.neurosystem.rules.ratings import parse_rating
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.checks import (
    NeurosystemFlatCheckAction,
    NeurosystemFlatCheckParams,
    NeurosystemPushAction,
    NeurosystemPushParams,
    NeurosystemSpendLuckAction,
    NeurosystemSpendLuckParams,
    NeurosystemStkCheckAction,
    NeurosystemStkCheckParams,
)
from service.systems.neurosystem.wire.records import NeurosystemBonus, NeurosystemCheckRecord
from service.systems.neurosystem.wire.shared import StatCategory
from service.systems.neurosystem.wire.table import NeurosystemCharacter


def _dn(board: NeurosystemTable, params: NeurosystemStkCheckAction) -> int | None:
    if params.against is None:
        return params.dn
    if params.dn is not None:
        raise errors.refuse(errors.CONFLICTING_FIELDS, "give `dn` or `against`, not both")
    return sheets.nc_stat(board.nc(params.against.nc), params.against.stat)


def stk_at_table(board: NeurosystemTable, params: NeurosystemStkCheckAction) -> tuple[NeurosystemCharacter, dict[StatCategory, tuple[int, str]], int | None, int]:
    """The character, its dice, the DN and the Luck pool left: what an STK Check at the table rolls with."""
    who = board.character(params.character)
    negative_states.require_alive(who)
    named = {"style": params.style, "training": params.training, "knowledge": params.knowledge}
    ratings = {stat: sheets.stat_die(who, stat, named[stat]) for stat in checks.STK_STATS}
    return who, ratings, _dn(board, params), checks.pay_luck(board.luck, params.luck)


# -- odds: the same inputs, nothing rolled --------------------------------------------------------
# The session forms read the table as every seat sees it (NeuroSystem keeps no secrets) and refuse
# what the write would refuse, save who may act: asking the odds commits nobody to the roll.


def _bonus(bonuses: list[NeurosystemBonus]) -> int:
    return sum(bonus.value for bonus in bonuses)


def _record_odds(record: NeurosystemCheckRecord, *, reroll: list[str] | None = None, luck: int = 0) -> Odds:
    return check_odds(
        record.kind,
        record_dice(record, reroll or (), luck),
        dn=record.dn,
        bonus_total=_bonus(record.bonuses),
        negative_states=record.negative_states,
        pushed_through=record.pushed_through,
    )


def stk_check_odds(params: NeurosystemStkCheckParams) -> Odds:
    sides = {stat: parse_rating(getattr(params, stat), what=f"{stat} die") for stat in checks.STK_STATS}
    if params.luck_pool is not None:
        checks.pay_luck(params.luck_pool, params.luck)
    return check_odds(
        "stk", fresh_stk(sides, params.luck), dn=params.dn, bonus_total=_bonus(params.bonuses), negative_states=params.negative_states
    )


def stk_check_odds_at_table(board: NeurosystemTable, params: NeurosystemStkCheckAction, actor: Actor) -> Odds:
    who, ratings, dn, _ = stk_at_table(board, params)
    sides = {stat: ratings[stat][0] for stat in checks.STK_STATS}
    return check_odds(
        "stk", fresh_stk(sides, params.luck), dn=dn, bonus_total=_bonus(params.bonuses), negative_states=len(who.negative_states)
    )


def flat_check_odds(params: NeurosystemFlatCheckParams) -> Odds:
    die = [CheckDie(params.category, parse_rating(params.rating))]
    return check_odds("flat", die, dn=None, bonus_total=params.equipment_bonus, negative_states=params.negative_states)


def flat_check_odds_at_table(board: NeurosystemTable, params: NeurosystemFlatCheckAction, actor: Actor) -> Odds:
    who = board.character(params.character)
    negative_states.require_alive(who)
    sides, _ = sheets.stat_die(who, params.category, params.stat)
    die = [CheckDie(params.category, sides)]
    return check_odds("flat", die, dn=None, bonus_total=params.equipment_bonus, negative_states=len(who.negative_states))


def spend_luck_odds(params: NeurosystemSpendLuckParams) -> Odds:
    validate_record(params.check)
    checks.check_luck(params.check, params.points)
    if params.luck_pool is not None:
        checks.pay_luck(params.luck_pool, params.points)
    return _record_odds(params.check, luck=params.points)


def spend_luck_odds_at_table(board: NeurosystemTable, params: NeurosystemSpendLuckAction, actor: Actor) -> Odds:
    entry = board.open_check(params.check)
    checks.check_luck(entry.check, params.points)
    checks.pay_luck(board.luck, params.points)
    return _record_odds(entry.check, luck=params.points)


def push_odds(params: NeurosystemPushParams) -> Odds:
    validate_record(params.check)
    checks.check_push(params.check, params.dice, params.resolve_limit)
    if params.resolve is not None:
        checks.pay_resolve(params.resolve, "push")
    return _record_odds(params.check, reroll=params.dice)


def push_odds_at_table(board: NeurosystemTable, params: NeurosystemPushAction, actor: Actor) -> Odds:
    entry = board.open_check(params.check)
    checks.check_push(entry.check, params.dice, board.rules.resolve_limit)
    sheets.spend_resolve(board.character(entry.character), "push this check")
    return _record_odds(entry.check, reroll=params.dice)
