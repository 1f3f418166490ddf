"""Check mechanics, declared once each: STK and Flat Checks, Luck, push, push-through, apply.

Stateless forms take every number (including the check record to act on); session forms
act on the table's characters and the open check named by its id, and spend from the
group's Luck pool and the character's Resolve.
"""

from __future__ import annotations

from typing import Any

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neurosystem import SYSTEM
from service.systems.neurosystem.rules import checks, narrator, negative_states, sheets
from service.systems.neurosystem.rules.check_records import validate_record
from service.systems.neurosystem.rules.ratings import parse_rating
from service.systems.neurosystem.moves.check_odds import (
    flat_check_odds,
    flat_check_odds_at_table,
    push_odds,
    push_odds_at_table,
    spend_luck_odds,
    spend_luck_odds_at_table,
    stk_at_table,
    stk_check_odds,
    stk_check_odds_at_table,
)
from service.systems.neurosystem.state import NeurosystemOpenCheck, NeurosystemTable
from service.systems.neurosystem.wire.checks import (
    NeurosystemCheckRef,
    NeurosystemFlatCheckAction,
    NeurosystemFlatCheckParams,
    NeurosystemPushAction,
    NeurosystemPushParams,
    NeurosystemPushThroughParams,
    NeurosystemSpendLuckAction,
    NeurosystemSpendLuckParams,
    NeurosystemStkCheckAction,
    NeurosystemStkCheckParams,
)
from service.systems.neurosystem.wire.records import NeurosystemCheckResult
from service.systems.neurosystem.wire.table import NeurosystemCharacter

# -- stateless -----------------------------------------------------------------------------------


def resolve_stk_check(params: NeurosystemStkCheckParams, stream: Stream) -> dict[str, Any]:
    dice = {"style": params.style, "training": params.training, "knowledge": params.knowledge}
    ratings = {stat: (parse_rating(dice[stat], what=f"{stat} die"), None) for stat in checks.STK_STATS}
    luck_left = checks.pay_luck(params.luck_pool, params.luck) if params.luck_pool is not None else None
    record = checks.rolled_stk(
        ratings,
        dn=params.dn,
        bonuses=params.bonuses,
        negative_states=params.negative_states,
        luck=params.luck,
        stream=stream,
    )
    return checks.written_result(record, params.resolve_limit, luck_left=luck_left)


def resolve_flat_check(params: NeurosystemFlatCheckParams, stream: Stream) -> dict[str, Any]:
    sides = parse_rating(params.rating)
    record = checks.rolled_flat(
        params.category,
        sides,
        name=None,
        negative_states=params.negative_states,
        equipment_bonus=params.equipment_bonus,
        stream=stream,
    )
    return checks.written_result(record, "one-per-check")


def resolve_spend_luck(params: NeurosystemSpendLuckParams, stream: Stream) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_luck(params.check, params.points)
    luck_left = checks.pay_luck(params.luck_pool, params.points) if params.luck_pool is not None else None
    record = checks.add_luck(params.check, params.points, stream)
    return checks.read(record, params.resolve_limit, luck_left=luck_left)


def resolve_push(params: NeurosystemPushParams, stream: Stream) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_push(params.check, params.dice, params.resolve_limit)
    resolve_left = checks.pay_resolve(params.resolve, "push") if params.resolve is not None else None
    record = checks.push(params.check, params.dice, params.resolve_limit, stream)
    return checks.read(record, params.resolve_limit, resolve_left=resolve_left)


def resolve_push_through(params: NeurosystemPushThroughParams) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_push_through(params.check, params.resolve_limit)
    resolve_left = checks.pay_resolve(params.resolve, "push through") if params.resolve is not None else None
    record = checks.push_through(params.check, params.resolve_limit)
    return checks.read(record, params.resolve_limit, resolve_left=resolve_left)


# -- in a session --------------------------------------------------------------------------------


def session_result(board: NeurosystemTable, entry: NeurosystemOpenCheck, status: str) -> NeurosystemCheckResult:
    """A session check as its owner sees it, with the pool and Resolve left."""
    who = board.character(entry.character)
    return checks.read(entry.check, board.rules.resolve_limit).model_copy(
        update={
            "id": entry.id,
            "character": entry.character,
            "status": status,
            "luck_left": board.luck,
            "resolve_left": who.resolve,
        }
    )


def apply_stk_check(board: NeurosystemTable, params: NeurosystemStkCheckAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    narrator.require_player_of(actor, board.character(params.character))
    who, ratings, dn, luck = stk_at_table(board, params)
    record = checks.roll_stk(
        ratings,
        dn=dn,
        bonuses=params.bonuses,
        negative_states=len(who.negative_states),
        luck=params.luck,
        stream=stream,
    )
    board, entry = board.model_copy(update={"luck": luck}).opened(who.id, record)
    return board, session_result(board, entry, "open")


def apply_flat_check(board: NeurosystemTable, params: NeurosystemFlatCheckAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    who = board.character(params.character)
    narrator.require_player_of(actor, who)
    negative_states.require_alive(who)
    sides, name = sheets.stat_die(who, params.category, params.stat)
    record = checks.roll_flat(
        params.category,
        sides,
        name=name,
        negative_states=len(who.negative_states),
        equipment_bonus=params.equipment_bonus,
        stream=stream,
    )
    board, entry = board.opened(who.id, record)
    return board, session_result(board, entry, "open")


def _acting_on(board: NeurosystemTable, check_id: str, actor: Actor) -> tuple[NeurosystemOpenCheck, NeurosystemCharacter]:
    """The open check and its owner, when this seat may act for the owner."""
    entry = board.open_check(check_id)
    who = board.character(entry.character)
    narrator.require_player_of(actor, who)
    return entry, who


def apply_spend_luck(board: NeurosystemTable, params: NeurosystemSpendLuckAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    entry, _ = _acting_on(board, params.check, actor)
    checks.check_luck(entry.check, params.points)
    luck = checks.pay_luck(board.luck, params.points)
    entry = entry.model_copy(update={"check": checks.add_luck(entry.check, params.points, stream)})
    board = board.model_copy(update={"luck": luck}).with_check(entry)
    return board, session_result(board, entry, "open")


def apply_push(board: NeurosystemTable, params: NeurosystemPushAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    entry, who = _acting_on(board, params.check, actor)
    limit = board.rules.resolve_limit
    checks.check_push(entry.check, params.dice, limit)
    board = board.with_character(sheets.spend_resolve(who, "push this check"))
    entry = entry.model_copy(update={"check": checks.push(entry.check, params.dice, limit, stream)})
    board = board.with_check(entry)
    return board, session_result(board, entry, "open")


def apply_push_through(board: NeurosystemTable, params: NeurosystemCheckRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    entry, who = _acting_on(board, params.check, actor)
    limit = board.rules.resolve_limit
    checks.check_push_through(entry.check, limit)
    board = board.with_character(sheets.spend_resolve(who, "push through bad shit"))
    entry = entry.model_copy(update={"check": checks.push_through(entry.check, limit)})
    board = board.with_check(entry)
    return board, session_result(board, entry, "open")


def apply_apply_check(board: NeurosystemTable, params: NeurosystemCheckRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCheckResult]:
    entry, _ = _acting_on(board, params.check, actor)
    board = board.without_check(entry.id)
    return board, session_result(board, entry, "applied")


# -- declarations --------------------------------------------------------------------------------

SYSTEM.mechanic(
    "stk-check",
    "Make an STK Check: Style, Training and Knowledge dice plus named bonuses against a DN",
    (
        "Rolls one die per stat, adds the bonuses and any Luck d8s, and compares the total with the DN: "
        "above succeeds, equal succeeds at a cost, below fails. Reports cool shit (Style die at its size's "
        "threshold: d6 on 6, d8 on 7+, d10 on 8+, d12 on 9+, never on a d4) and bad shit (any stat die at or "
        "below the negative states carried). In a session the dice come from the character's stats, the DN "
        "may be an NC's static stat (`against`), Luck comes from the group pool, and the check opens with an "
        "id (`check-N`) for Luck, push, push-through, attack, defend or apply."
    ),
    stateless=resolve_stk_check,
    session=apply_stk_check,
    odds=stk_check_odds,
    session_odds=stk_check_odds_at_table,
    output=NeurosystemCheckResult,  # the stateless form returns it written (service/written.py)
)

SYSTEM.mechanic(
    "flat-check",
    "Make a Flat Check: one Style, Training or Knowledge die, 5 or higher succeeds",
    (
        "No bonuses and no Luck (save rare equipment: `equipmentBonus`, default 0). Cool shit on a Style die "
        "and bad shit from negative states are read as for STK Checks. In a session the check stays open "
        "for a push-through until applied."
    ),
    stateless=resolve_flat_check,
    session=apply_flat_check,
    odds=flat_check_odds,
    session_odds=flat_check_odds_at_table,
    output=NeurosystemCheckResult,  # the stateless form returns it written (service/written.py)
)

SYSTEM.mechanic(
    "spend-luck",
    "Spend Luck on an STK Check: one d8 per point, until the check is applied",
    (
        "Stateless: pass the check record; give `luckPool` to have an overspend refused. In a session the "
        "Luck comes from the group pool, which never goes below zero (409 `neurosystem/not-enough-luck`)."
    ),
    stateless=resolve_spend_luck,
    session=apply_spend_luck,
    odds=spend_luck_odds,
    session_odds=spend_luck_odds_at_table,
)

SYSTEM.mechanic(
    "push",
    "Push an STK Check: 1 Resolve rerolls one, two or three of its dice (Luck dice included)",
    (
        "Once per check (409 `neurosystem/already-pushed`). Cool and bad shit are read again from the dice "
        "as they now stand. How the 1-Resolve-per-STK-Check limit meets pushing through is the "
        "`resolveLimit` rule (session `setup.rules.resolveLimit`, or the stateless field; default "
        "`one-per-check`)."
    ),
    stateless=resolve_push,
    session=apply_push,
    odds=push_odds,
    session_odds=push_odds_at_table,
)

SYSTEM.mechanic(
    "push-through",
    "Push through bad shit: 1 Resolve turns a check's bad shit into cool shit",
    (
        "Needs bad shit on the check (a stat die at or below the negative states carried). Works on STK and "
        "Flat Checks; on STK Checks the `resolveLimit` rule decides whether a pushed check may still be "
        "pushed through (default `one-per-check`: it may not). A push-through stays paid: a later push of "
        "the same check cannot bring its bad shit back."
    ),
    stateless=resolve_push_through,
    session=apply_push_through,
)

SYSTEM.mechanic(
    "apply-check",
    "Apply a session check: its result stands, no more Luck, pushes or push-throughs",
    "Attack and defend also apply the check they read; a scene end closes any check left open.",
    session=apply_apply_check,
)
