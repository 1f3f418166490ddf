"""Character mechanics, declared once each: Apathy, Dissonance, AVI / VRI, Resolve, negative states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from service.registry import Actor
from service.systems.neurosystem import SYSTEM, errors
from service.systems.neurosystem.rules import narrator, negative_states
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.character import (
    NeurosystemApathyParams,
    NeurosystemCounterResult,
    NeurosystemDissonanceParams,
    NeurosystemEnterCyberspaceAction,
    NeurosystemEnterCyberspaceParams,
    NeurosystemNegativeStateAction,
    NeurosystemSetResolve,
)
from service.systems.neurosystem.wire.shared import COUNTER_LIMIT
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemCharacterRef


# -- Apathy, Dissonance, AVI and VRI ---------------------------------------------------------------


def resolve_gain_apathy(params: NeurosystemApathyParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="apathy", value=params.apathy + 1, gained=1)


def resolve_gain_dissonance(params: NeurosystemDissonanceParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="dissonance", value=params.dissonance + 1, gained=1)


def resolve_enter_cyberspace(params: NeurosystemEnterCyberspaceParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="dissonance", value=params.dissonance + 1, gained=1, cyberspace=params.space)


def _gain(board: NeurosystemTable, who: NeurosystemCharacter, counter: Literal["apathy", "dissonance"]) -> tuple[NeurosystemTable, NeurosystemCounterResult]:
    """One more point of Apathy or Dissonance: they only ever grow one at a time."""
    value = (who.apathy if counter == "apathy" else who.dissonance) + 1
    if value > COUNTER_LIMIT:
        raise errors.refuse(errors.TABLE_FULL, f"{who.id}'s {counter} is at the service limit {COUNTER_LIMIT}")
    who = who.model_copy(update={counter: value})
    result = NeurosystemCounterResult(character=who.id, counter=counter, value=value, gained=1, cyberspace=who.cyberspace)
    return board.with_character(who), result


def apply_gain_apathy(board: NeurosystemTable, params: NeurosystemCharacterRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCounterResult]:
    narrator.require_gm(actor, "assign Apathy")
    return _gain(board, board.character(params.character), "apathy")


def apply_gain_dissonance(board: NeurosystemTable, params: NeurosystemCharacterRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCounterResult]:
    narrator.require_gm(actor, "assign Dissonance")
    return _gain(board, board.character(params.character), "dissonance")


def apply_enter_cyberspace(board: NeurosystemTable, params: NeurosystemEnterCyberspaceAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCounterResult]:
    who = board.character(params.character)
    narrator.require_player_of(actor, who)
    if who.cyberspace == params.space:
        raise errors.refuse(errors.ALREADY_IN_CYBERSPACE, f"{who.id} is already in {params.space.upper()}")
    return _gain(board, who.model_copy(update={"cyberspace": params.space}), "dissonance")


def apply_leave_cyberspace(board: NeurosystemTable, params: NeurosystemCharacterRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    who = board.character(params.character)
    narrator.require_player_of(actor, who)
    if who.cyberspace is None:
        raise errors.refuse(errors.NOT_IN_CYBERSPACE, f"{who.id} is not in AVI or VRI")
    who = who.model_copy(update={"cyberspace": None})
    return board.with_character(who), who


# -- Resolve and negative states -----------------------------------------------------------------


def apply_set_resolve(board: NeurosystemTable, params: NeurosystemSetResolve, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    narrator.require_gm(actor, "set Resolve")
    who = board.character(params.character)
    maximum = who.resolve_max if params.resolve_max is None else params.resolve_max
    resolve = min(who.resolve or 0, maximum) if params.resolve is None else params.resolve
    if resolve > maximum:
        raise errors.refuse(errors.RESOLVE_ABOVE_MAX, f"Resolve {resolve} is above the maximum {maximum}")
    who = who.model_copy(update={"resolve": resolve, "resolve_max": maximum})
    return board.with_character(who), who


def _states_action(
    board: NeurosystemTable, params: NeurosystemNegativeStateAction, actor: Actor, change: Callable[[NeurosystemCharacter, str], NeurosystemCharacter]
) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    narrator.require_gm(actor, "change negative states")
    who = change(board.character(params.character), params.state)
    return board.with_character(who), who


def apply_add_negative_state(board: NeurosystemTable, params: NeurosystemNegativeStateAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    return _states_action(board, params, actor, negative_states.add_state)


def apply_remove_negative_state(board: NeurosystemTable, params: NeurosystemNegativeStateAction, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    return _states_action(board, params, actor, negative_states.remove_state)


# -- declarations --------------------------------------------------------------------------------

SYSTEM.mechanic(
    "gain-apathy",
    "Gain 1 Apathy",
    "Apathy comes 1 at a time. In a session only the Narrator assigns it.",
    stateless=resolve_gain_apathy,
    session=apply_gain_apathy,
)

SYSTEM.mechanic(
    "gain-dissonance",
    "Gain 1 Dissonance",
    "For what happens online or realspace projections that shock; entering AVI or VRI has its own mechanic. "
    "In a session only the Narrator assigns it.",
    stateless=resolve_gain_dissonance,
    session=apply_gain_dissonance,
)

SYSTEM.mechanic(
    "enter-cyberspace",
    "Enter AVI or VRI: gain 1 Dissonance",
    "Every entry grants 1 Dissonance. In a session the character is then in that space until it leaves; "
    "entering the space it is already in is refused.",
    stateless=resolve_enter_cyberspace,
    session=apply_enter_cyberspace,
)

SYSTEM.mechanic(
    "leave-cyberspace",
    "Leave AVI or VRI for realspace",
    session=apply_leave_cyberspace,
)

SYSTEM.mechanic(
    "set-resolve",
    "Set a character's Resolve and/or its maximum (Narrator)",
    "Resolve never exceeds its maximum; lowering the maximum lowers Resolve with it.",
    session=apply_set_resolve,
)

SYSTEM.mechanic(
    "add-negative-state",
    "Give a character a negative state (Narrator)",
    "Each negative state is carried once. Damage categories come through take-damage or defend.",
    session=apply_add_negative_state,
)

SYSTEM.mechanic(
    "remove-negative-state",
    "Cure a character's negative state (Narrator)",
    "Curing dying / shutting down also clears the Death Measure count.",
    session=apply_remove_negative_state,
)
