"""Check mechanics, declared once each: STK and Flat Checks, Luck, push, push-through, apply.

Stateless forms take every number (including the check record to act on); session forms
act on the table's characters and the open check named by its id, and spend from the
group's Luck pool and the character's Resolve.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import UNDECLARED, Actor, Mechanic
from service.systems.neurosystem import checks, errors, table
from service.systems.neurosystem.models import NeurosystemCheckResult
from service.systems.neurosystem.models_checks import (
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
from service.systems.neurosystem.models_table import NeurosystemCharacter, NeurosystemOpenCheck, NeurosystemTable
from service.systems.neurosystem.ratings import parse_rating
from service.systems.neurosystem.records import validate_record

SYSTEM = "neurosystem"


# -- stateless -----------------------------------------------------------------------------------


def resolve_stk_check(params: NeurosystemStkCheckParams, stream: Stream) -> NeurosystemCheckResult:
    ratings = {
        stat: (parse_rating(getattr(params, stat), what=f"{stat} die"), None)
        for stat in checks.STK_STATS
    }
    luck_left = checks.pay_luck(params.luck_pool, params.luck) if params.luck_pool is not None else None
    record = checks.roll_stk(
        ratings,
        dn=params.dn,
        bonuses=params.bonuses,
        negative_states=params.negative_states,
        luck=params.luck,
        stream=stream,
    )
    return checks.read(record, params.resolve_limit).model_copy(update={"luck_left": luck_left})


def resolve_flat_check(params: NeurosystemFlatCheckParams, stream: Stream) -> NeurosystemCheckResult:
    sides = parse_rating(params.rating)
    record = checks.roll_flat(
        params.category,
        sides,
        name=None,
        negative_states=params.negative_states,
        equipment_bonus=params.equipment_bonus,
        stream=stream,
    )
    return checks.read(record, "one-per-check")


def resolve_spend_luck(params: NeurosystemSpendLuckParams, stream: Stream) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_luck(params.check, params.points)
    luck_left = checks.pay_luck(params.luck_pool, params.points) if params.luck_pool is not None else None
    record = checks.add_luck(params.check, params.points, stream)
    return checks.read(record, params.resolve_limit).model_copy(update={"luck_left": luck_left})


def resolve_push(params: NeurosystemPushParams, stream: Stream) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_push(params.check, params.dice, params.resolve_limit)
    resolve_left = checks.pay_resolve(params.resolve, "push") if params.resolve is not None else None
    record = checks.push(params.check, params.dice, params.resolve_limit, stream)
    return checks.read(record, params.resolve_limit).model_copy(update={"resolve_left": resolve_left})


def resolve_push_through(params: NeurosystemPushThroughParams, stream: Stream) -> NeurosystemCheckResult:
    validate_record(params.check)
    checks.check_push_through(params.check, params.resolve_limit)
    resolve_left = checks.pay_resolve(params.resolve, "push through") if params.resolve is not None else None
    record = checks.push_through(params.check, params.resolve_limit)
    return checks.read(record, params.resolve_limit).model_copy(update={"resolve_left": resolve_left})


# -- in a session --------------------------------------------------------------------------------


def session_result(board: NeurosystemTable, entry: NeurosystemOpenCheck, status: str) -> NeurosystemCheckResult:
    """A session check as its owner sees it, with the pool and Resolve left."""
    who = table.character(board, entry.character)
    return checks.read(entry.check, board.rules.resolve_limit).model_copy(
        update={
            "id": entry.id,
            "character": entry.character,
            "status": status,
            "luck_left": board.luck,
            "resolve_left": who.resolve,
        }
    )


def _dn(board: NeurosystemTable, params: NeurosystemStkCheckAction) -> int | None:
    if params.against is None:
        return params.dn
    if params.dn is not None:
        raise RuleViolation(errors.CONFLICTING_FIELDS, "give `dn` or `against`, not both", status=422)
    return table.nc_stat(table.nc(board, params.against.nc), params.against.stat)


def apply_stk_check(state: dict, params: NeurosystemStkCheckAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board = table.load(state)
    who = table.character(board, params.character)
    table.require_player_of(actor, who)
    table.require_alive(who)
    ratings = {stat: table.stat_die(who, stat, getattr(params, stat)) for stat in checks.STK_STATS}
    dn = _dn(board, params)
    luck = checks.pay_luck(board.luck, params.luck)
    record = checks.roll_stk(
        ratings,
        dn=dn,
        bonuses=params.bonuses,
        negative_states=len(who.negative_states),
        luck=params.luck,
        stream=stream,
    )
    board, entry = table.opened(board.model_copy(update={"luck": luck}), who.id, record)
    return table.dump(board), session_result(board, entry, "open")


def apply_flat_check(state: dict, params: NeurosystemFlatCheckAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board = table.load(state)
    who = table.character(board, params.character)
    table.require_player_of(actor, who)
    table.require_alive(who)
    sides, name = table.stat_die(who, params.category, params.stat)
    record = checks.roll_flat(
        params.category,
        sides,
        name=name,
        negative_states=len(who.negative_states),
        equipment_bonus=params.equipment_bonus,
        stream=stream,
    )
    board, entry = table.opened(board, who.id, record)
    return table.dump(board), session_result(board, entry, "open")


def _acting_on(state: dict, check_id: str, actor: Actor) -> tuple[NeurosystemTable, NeurosystemOpenCheck, NeurosystemCharacter]:
    board = table.load(state)
    entry = table.open_check(board, check_id)
    who = table.character(board, entry.character)
    table.require_player_of(actor, who)
    return board, entry, who


def apply_spend_luck(state: dict, params: NeurosystemSpendLuckAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board, entry, _ = _acting_on(state, params.check, actor)
    checks.check_luck(entry.check, params.points)
    luck = checks.pay_luck(board.luck, params.points)
    entry = entry.model_copy(update={"check": checks.add_luck(entry.check, params.points, stream)})
    board = table.with_check(board.model_copy(update={"luck": luck}), entry)
    return table.dump(board), session_result(board, entry, "open")


def apply_push(state: dict, params: NeurosystemPushAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board, entry, who = _acting_on(state, params.check, actor)
    limit = board.rules.resolve_limit
    checks.check_push(entry.check, params.dice, limit)
    board = table.with_character(board, table.spend_resolve(who, "push this check"))
    entry = entry.model_copy(update={"check": checks.push(entry.check, params.dice, limit, stream)})
    board = table.with_check(board, entry)
    return table.dump(board), session_result(board, entry, "open")


def apply_push_through(state: dict, params: NeurosystemCheckRef, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board, entry, who = _acting_on(state, params.check, actor)
    limit = board.rules.resolve_limit
    checks.check_push_through(entry.check, limit)
    board = table.with_character(board, table.spend_resolve(who, "push through bad shit"))
    entry = entry.model_copy(update={"check": checks.push_through(entry.check, limit)})
    board = table.with_check(board, entry)
    return table.dump(board), session_result(board, entry, "open")


def apply_apply_check(state: dict, params: NeurosystemCheckRef, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemCheckResult]:
    board, entry, _ = _acting_on(state, params.check, actor)
    board = table.without_check(board, entry.id)
    return table.dump(board), session_result(board, entry, "applied")


# -- declarations --------------------------------------------------------------------------------

UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="stk-check",
        summary="Make an STK Check: Style, Training and Knowledge dice plus named bonuses against a DN",
        description=(
            "Rolls one die per stat, adds the bonuses and any Luck d8s, and compares the total with the DN: "
            "above succeeds, equal succeeds at a cost, below fails. Reports cool shit (Style die at its size's "
            "threshold: d6 on 6, d8 on 7+, d10 on 8+, d12 on 9+, never on a d4) and bad shit (any stat die at or "
            "below the negative states carried). In a session the dice come from the character's stats, the DN "
            "may be an NC's static stat (`against`), Luck comes from the group pool, and the check opens with an "
            "id (`check-N`) for Luck, push, push-through, attack, defend or apply."
        ),
        input=NeurosystemStkCheckParams,
        output=NeurosystemCheckResult,
        resolve=resolve_stk_check,
        session_input=NeurosystemStkCheckAction,
        apply=apply_stk_check,
    )
)
UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="flat-check",
        summary="Make a Flat Check: one Style, Training or Knowledge die, 5 or higher succeeds",
        description=(
            "No bonuses and no Luck (save rare equipment: `equipmentBonus`, default 0). Cool shit on a Style die "
            "and bad shit from negative states are read as for STK Checks. In a session the check stays open "
            "for a push-through until applied."
        ),
        input=NeurosystemFlatCheckParams,
        output=NeurosystemCheckResult,
        resolve=resolve_flat_check,
        session_input=NeurosystemFlatCheckAction,
        apply=apply_flat_check,
    )
)
UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="spend-luck",
        summary="Spend Luck on an STK Check: one d8 per point, until the check is applied",
        description=(
            "Stateless: pass the check record; give `luckPool` to have an overspend refused. In a session the "
            "Luck comes from the group pool, which never goes below zero (409 `neurosystem/not-enough-luck`)."
        ),
        input=NeurosystemSpendLuckParams,
        output=NeurosystemCheckResult,
        resolve=resolve_spend_luck,
        session_input=NeurosystemSpendLuckAction,
        apply=apply_spend_luck,
    )
)
UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="push",
        summary="Push an STK Check: 1 Resolve rerolls one, two or three of its dice (Luck dice included)",
        description=(
            "Once per check (409 `neurosystem/already-pushed`). Cool and bad shit are read again from the dice "
            "as they now stand. How the 1-Resolve-per-STK-Check limit meets pushing through is the "
            "`resolveLimit` rule (session `setup.rules.resolveLimit`, or the stateless field; default "
            "`one-per-check`)."
        ),
        input=NeurosystemPushParams,
        output=NeurosystemCheckResult,
        resolve=resolve_push,
        session_input=NeurosystemPushAction,
        apply=apply_push,
    )
)
UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="push-through",
        summary="Push through bad shit: 1 Resolve turns a check's bad shit into cool shit",
        description=(
            "Needs bad shit on the check (a stat die at or below the negative states carried). Works on STK and "
            "Flat Checks; on STK Checks the `resolveLimit` rule decides whether a pushed check may still be "
            "pushed through (default `one-per-check`: it may not). A push-through stays paid: a later push of "
            "the same check cannot bring its bad shit back."
        ),
        input=NeurosystemPushThroughParams,
        output=NeurosystemCheckResult,
        resolve=resolve_push_through,
        session_input=NeurosystemCheckRef,
        apply=apply_push_through,
    )
)
UNDECLARED.add(
    Mechanic(
        system=SYSTEM,
        name="apply-check",
        summary="Apply a session check: its result stands, no more Luck, pushes or push-throughs",
        description="Attack and defend also apply the check they read; a scene end closes any check left open.",
        input=NeurosystemCheckRef,
        output=NeurosystemCheckResult,
        apply=apply_apply_check,
    )
)
