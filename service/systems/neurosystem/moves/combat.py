"""Combat mechanics, declared once each: defend, attack, take damage.

A defence or an attack reads an STK total: stateless, the caller gives it; in a session it
comes from an open check, which the defence or attack then applies.
"""

from __future__ import annotations

from service.registry import Actor
from service.systems.neurosystem import SYSTEM, errors
from service.systems.neurosystem.moves.checks import session_result
from service.systems.neurosystem.rules import checks, damage, narrator, negative_states
from service.systems.neurosystem.rules.combat import attack, defend, reduction_for
from service.systems.neurosystem.state import NeurosystemOpenCheck, NeurosystemTable
from service.systems.neurosystem.wire.combat import (
    NeurosystemAttackAction,
    NeurosystemAttackParams,
    NeurosystemAttackResult,
    NeurosystemDefendAction,
    NeurosystemDefendParams,
    NeurosystemDefendResult,
    NeurosystemTakeDamageAction,
    NeurosystemTakeDamageParams,
    NeurosystemTakeDamageResult,
)
from service.systems.neurosystem.wire.table import NeurosystemCharacter


# -- stateless -----------------------------------------------------------------------------------


def resolve_defend(params: NeurosystemDefendParams) -> NeurosystemDefendResult:
    r = params.reductions
    found = reduction_for(r.mitigation, r.range, r.protection, r.attack_type, r.protection_match)
    mechanical = damage.is_mechanical(params.incoming) if params.mechanical is None else params.mechanical
    result, _ = defend(params.stk_total, params.incoming, found, negative_states.normalized(params.negative_states), mechanical)
    return result


def resolve_attack(params: NeurosystemAttackParams) -> NeurosystemAttackResult:
    r = params.reductions
    found = reduction_for(r.mitigation, r.range, r.protection, r.attack_type, r.protection_match)
    current = damage.severity(params.current) if params.current else damage.NONE
    return attack(params.stk_total, current or damage.NONE, found, params.mechanical)


def resolve_take_damage(params: NeurosystemTakeDamageParams) -> NeurosystemTakeDamageResult:
    mechanical = damage.is_mechanical(params.category) if params.mechanical is None else params.mechanical
    level = damage.severity(params.category) or damage.NONE
    after, gained = negative_states.gain_damage(negative_states.normalized(params.negative_states), level, mechanical=mechanical)
    return NeurosystemTakeDamageResult(category=params.category, suffered=gained, negative_states=after)


# -- in a session --------------------------------------------------------------------------------


def _stk_entry(board: NeurosystemTable, check_id: str, actor: Actor) -> tuple[NeurosystemOpenCheck, NeurosystemCharacter]:
    """The open STK Check an attack or a defence reads, and its owner, when this seat may act for it."""
    entry = board.open_check(check_id)
    if entry.check.kind != "stk":
        raise errors.refuse(errors.STK_CHECK_NEEDED, f"{check_id} is a Flat Check: attacks and defences read STK Checks")
    who = board.character(entry.character)
    narrator.require_player_of(actor, who)
    return entry, who


def apply_defend(board: NeurosystemTable, params: NeurosystemDefendAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemDefendResult]:
    entry, who = _stk_entry(board, params.check, actor)
    if params.incoming is not None and params.attacker is not None:
        raise errors.refuse(errors.CONFLICTING_FIELDS, "give `incoming` or `attacker`, not both")
    incoming = params.incoming
    if params.attacker is not None:
        incoming = board.nc(params.attacker).standard_damage
    if incoming is None:
        raise errors.refuse(
            errors.NO_INCOMING_DAMAGE, "name the incoming damage category, or an attacker NC that has a standard damage",
        )
    s = params.situation
    found = reduction_for(s.mitigation, s.range, who.protection, s.attack_type, board.rules.protection_match)
    mechanical = who.body == "mechanical" if params.mechanical is None else params.mechanical
    total = checks.read(entry.check, board.rules.resolve_limit).total
    result, _ = defend(total, incoming, found, who.negative_states, mechanical)
    hurt, _ = negative_states.take_damage(who, result.landed_severity, mechanical=mechanical)
    board = board.with_character(hurt).without_check(entry.id)
    check = session_result(board, entry, "applied")
    return board, result.model_copy(update={"character": who.id, "check": check})


def apply_attack(board: NeurosystemTable, params: NeurosystemAttackAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemAttackResult]:
    entry, _ = _stk_entry(board, params.check, actor)
    target = board.nc(params.target)
    s = params.situation
    found = reduction_for(s.mitigation, s.range, target.protection, s.attack_type, board.rules.protection_match)
    total = checks.read(entry.check, board.rules.resolve_limit).total
    current = damage.severity(target.damage) if target.damage else damage.NONE
    result = attack(total, current or damage.NONE, found, target.mechanical)
    board = board.with_nc(target.model_copy(update={"damage": result.track_after}))
    board = board.without_check(entry.id)
    check = session_result(board, entry, "applied")
    return board, result.model_copy(update={"nc": target.id, "check": check})


def apply_take_damage(board: NeurosystemTable, params: NeurosystemTakeDamageAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemTakeDamageResult]:
    narrator.require_gm(actor, "deal damage directly")
    who = board.character(params.character)
    mechanical = who.body == "mechanical" if params.mechanical is None else params.mechanical
    hurt, gained = negative_states.take_damage(who, damage.severity(params.category) or damage.NONE, mechanical=mechanical)
    board = board.with_character(hurt)
    result = NeurosystemTakeDamageResult(
        character=who.id, category=params.category, suffered=gained, negative_states=hurt.negative_states
    )
    return board, result


# -- declarations --------------------------------------------------------------------------------

_REDUCTIONS = (
    "Then mitigation (the highest one), range (one category per increment from the weapon's ideal range) and "
    "protection (the highest one listing a type that matches the attack's tags, see `protectionMatch`) add up and "
    "take categories off."
)

SYSTEM.mechanic(
    "defend",
    "A player character defends: the STK total shifts the incoming damage, reductions lower it",
    (
        "Defend table: below 4 adds four categories, 4-6 three, 7-9 two, 10-12 one, 13-15 leaves the standard "
        "damage, 16-18 takes one off, 19-21 two, above 21 three; never past destroyed (that cap comes before "
        "reductions, which act on the damage the check let through). "
        + _REDUCTIONS
        + " Below lightly injured nothing lands. What lands follows the holding rule: a category already held "
        "becomes the next worse one not held. In a session the total comes from an open check (now applied) "
        "and the defender's protection from the table."
    ),
    stateless=resolve_defend,
    session=apply_defend,
)

SYSTEM.mechanic(
    "attack",
    "A player character attacks an NC: the STK total gives a category, reductions lower it",
    (
        "Attack table: below 9 uninjured, 9-14 lightly injured, 15-20 badly injured, 21-26 wounded, 27-32 "
        "severely wounded, 33-38 dying, 39-44 dead, above 44 destroyed. "
        + _REDUCTIONS
        + " The NC's damage track then moves: a result no worse than the track moves it one worse, a worse "
        "result jumps to it; uninjured, or a hit reduced to nothing, changes nothing (even on an injured NC). "
        "The table alone decides the damage: a check that missed its DN (an NC's stat, say) still deals its "
        "table result, since the text reads an attack's effect off the table and lowers it only by mitigation, "
        "range and protection. In a session the total comes from an open check (now applied), the NC's "
        "protection from the table."
    ),
    stateless=resolve_attack,
    session=apply_attack,
)

SYSTEM.mechanic(
    "take-damage",
    "A character suffers a damage category: held ones give the next worse one not held",
    (
        "The standard damage of an attack or effect the character does not defend against. In a session "
        "only the Narrator deals it."
    ),
    stateless=resolve_take_damage,
    session=apply_take_damage,
)
