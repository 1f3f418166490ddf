"""Character mechanics, declared once each: measures, Apathy, Dissonance, AVI / VRI, Resolve, negative states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neurosystem import SYSTEM, checks, errors, scenes, states, table
from service.systems.neurosystem.measure import death_measure, stat_measure
from service.systems.neurosystem.models_counters import (
    NeurosystemApathyParams,
    NeurosystemCounterResult,
    NeurosystemDissonanceParams,
    NeurosystemEnterCyberspaceAction,
    NeurosystemEnterCyberspaceParams,
)
from service.systems.neurosystem.models_measure import (
    NeurosystemDeathMeasureAction,
    NeurosystemDeathMeasureParams,
    NeurosystemDeathMeasureResult,
    NeurosystemMeasureResult,
    NeurosystemStatMeasureAction,
    NeurosystemStatMeasureParams,
    NeurosystemValueRef,
)
from service.systems.neurosystem.models_table import (
    COUNTER_LIMIT,
    NeurosystemCharacter,
    NeurosystemCharacterRef,
    NeurosystemNegativeStateAction,
    NeurosystemSetResolve,
    NeurosystemTable,
)

_CHARACTER_VALUES = ("apathy", "dissonance", "resolve", "negative-states")
MAX_MEASURE_DICE = 100


# -- measures --------------------------------------------------------------------------------------


def resolve_stat_measure(params: NeurosystemStatMeasureParams, stream: Stream) -> NeurosystemMeasureResult:
    return stat_measure(params.dice, params.against, stream)


def _value(board: NeurosystemTable, ref: NeurosystemValueRef) -> int:
    if (ref.character is None) == (ref.nc is None):
        raise errors.refuse(errors.CONFLICTING_FIELDS, "a value reference names a `character` or an `nc`, one of them")
    if ref.nc is not None:
        return table.nc_stat(table.nc(board, ref.nc), ref.value)
    who = table.character(board, ref.character or "")
    if ref.value == "negative-states":
        return len(who.negative_states)
    if ref.value in _CHARACTER_VALUES:
        return int(getattr(who, ref.value) or 0)
    raise errors.refuse(
        errors.UNKNOWN_STAT, f"a character's measurable values are {', '.join(_CHARACTER_VALUES)}, not {ref.value!r}")


def _number(board: NeurosystemTable, given: int | None, ref: NeurosystemValueRef | None, name: str) -> int:
    if (given is None) == (ref is None):
        raise errors.refuse(errors.CONFLICTING_FIELDS, f"give `{name}` or `{name}From`, one of them")
    if given is not None:
        value = given
    else:
        assert ref is not None  # one of the two, checked above
        value = _value(board, ref)
    if name == "dice" and value > MAX_MEASURE_DICE:
        raise errors.refuse(errors.MEASURE_LIMIT, f"a measure rolls at most {MAX_MEASURE_DICE} dice, not {value}")
    return value


def apply_stat_measure(state: dict, params: NeurosystemStatMeasureAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemMeasureResult]:
    board = table.load(state)
    dice = _number(board, params.dice, params.dice_from, "dice")
    against = _number(board, params.against, params.against_from, "against")
    return state, stat_measure(dice, against, stream)


def resolve_death_measure(params: NeurosystemDeathMeasureParams, stream: Stream) -> NeurosystemDeathMeasureResult:
    resolve_left = params.resolve
    if params.spend_resolve and params.resolve is not None:
        resolve_left = checks.pay_resolve(params.resolve, "win the Death Measure")
    result = death_measure(
        params.scenes_dying, params.span_total, spend_resolve=params.spend_resolve, mechanical=params.mechanical, stream=stream
    )
    return result.model_copy(update={"resolve_left": resolve_left})


def apply_death_measure(state: dict, params: NeurosystemDeathMeasureAction, stream: Stream, actor: Actor) -> tuple[dict, NeurosystemDeathMeasureResult]:
    board = table.load(state)
    who = table.character(board, params.character)
    table.require_player_of(actor, who)
    who, result = scenes.measure_character(who, board.scene, spend=params.spend_resolve, stream=stream)
    return table.dump(table.with_character(board, who)), result


# -- Apathy, Dissonance, AVI and VRI ---------------------------------------------------------------


def resolve_gain_apathy(params: NeurosystemApathyParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="apathy", value=params.apathy + 1, gained=1)


def resolve_gain_dissonance(params: NeurosystemDissonanceParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="dissonance", value=params.dissonance + 1, gained=1)


def resolve_enter_cyberspace(params: NeurosystemEnterCyberspaceParams) -> NeurosystemCounterResult:
    return NeurosystemCounterResult(counter="dissonance", value=params.dissonance + 1, gained=1, cyberspace=params.space)


def _gain(board: NeurosystemTable, who: NeurosystemCharacter, counter: Literal["apathy", "dissonance"]) -> tuple[dict, NeurosystemCounterResult]:
    """One more point of Apathy or Dissonance: they only ever grow one at a time."""
    value = getattr(who, counter) + 1
    if value > COUNTER_LIMIT:
        raise errors.refuse(errors.TABLE_FULL, f"{who.id}'s {counter} is at the service limit {COUNTER_LIMIT}")
    who = who.model_copy(update={counter: value})
    result = NeurosystemCounterResult(character=who.id, counter=counter, value=value, gained=1, cyberspace=who.cyberspace)
    return table.dump(table.with_character(board, who)), result


def apply_gain_apathy(state: dict, params: NeurosystemCharacterRef, actor: Actor) -> tuple[dict, NeurosystemCounterResult]:
    table.require_gm(actor, "assign Apathy")
    board = table.load(state)
    return _gain(board, table.character(board, params.character), "apathy")


def apply_gain_dissonance(state: dict, params: NeurosystemCharacterRef, actor: Actor) -> tuple[dict, NeurosystemCounterResult]:
    table.require_gm(actor, "assign Dissonance")
    board = table.load(state)
    return _gain(board, table.character(board, params.character), "dissonance")


def apply_enter_cyberspace(state: dict, params: NeurosystemEnterCyberspaceAction, actor: Actor) -> tuple[dict, NeurosystemCounterResult]:
    board = table.load(state)
    who = table.character(board, params.character)
    table.require_player_of(actor, who)
    if who.cyberspace == params.space:
        raise errors.refuse(errors.ALREADY_IN_CYBERSPACE, f"{who.id} is already in {params.space.upper()}")
    return _gain(board, who.model_copy(update={"cyberspace": params.space}), "dissonance")


def apply_leave_cyberspace(state: dict, params: NeurosystemCharacterRef, actor: Actor) -> tuple[dict, NeurosystemCharacter]:
    board = table.load(state)
    who = table.character(board, params.character)
    table.require_player_of(actor, who)
    if who.cyberspace is None:
        raise errors.refuse(errors.NOT_IN_CYBERSPACE, f"{who.id} is not in AVI or VRI")
    who = who.model_copy(update={"cyberspace": None})
    return table.dump(table.with_character(board, who)), who


# -- Resolve and negative states -----------------------------------------------------------------


def apply_set_resolve(state: dict, params: NeurosystemSetResolve, actor: Actor) -> tuple[dict, NeurosystemCharacter]:
    table.require_gm(actor, "set Resolve")
    board = table.load(state)
    who = table.character(board, params.character)
    maximum = who.resolve_max if params.resolve_max is None else params.resolve_max
    resolve = min(who.resolve or 0, maximum) if params.resolve is None else params.resolve
    if resolve > maximum:
        raise errors.refuse(errors.RESOLVE_ABOVE_MAX, f"Resolve {resolve} is above the maximum {maximum}")
    who = who.model_copy(update={"resolve": resolve, "resolve_max": maximum})
    return table.dump(table.with_character(board, who)), who


def _states_action(
    state: dict, params: NeurosystemNegativeStateAction, actor: Actor, change: Callable[[NeurosystemCharacter, str], NeurosystemCharacter]
) -> tuple[dict, NeurosystemCharacter]:
    table.require_gm(actor, "change negative states")
    board = table.load(state)
    who = change(table.character(board, params.character), params.state)
    return table.dump(table.with_character(board, who)), who


def apply_add_negative_state(state: dict, params: NeurosystemNegativeStateAction, actor: Actor) -> tuple[dict, NeurosystemCharacter]:
    return _states_action(state, params, actor, states.add_state)


def apply_remove_negative_state(state: dict, params: NeurosystemNegativeStateAction, actor: Actor) -> tuple[dict, NeurosystemCharacter]:
    return _states_action(state, params, actor, states.remove_state)


# -- declarations --------------------------------------------------------------------------------

SYSTEM.mechanic(
    "stat-measure",
    "Measure a stat: one d8 per point, 5+ wins, wins against a value give a span",
    "More wins than the value: positive span; fewer: negative span; as many: even. In a session either number "
    "may come from the table (`diceFrom`, `againstFrom`: a character's apathy, dissonance, resolve or "
    "negative-states, or an NC's stat).",
    stateless=resolve_stat_measure,
    session=apply_stat_measure,
)

SYSTEM.mechanic(
    "death-measure",
    "Death Measure: 8 dice against the scenes spent dying; a negative span adds up, 10 or more and it is over",
    "Spending 1 Resolve before the measure wins it outright. In a session the character must be dying (or "
    "shutting down) and measures once per scene: the scene counts as one more spent dying; whoever has not "
    "measured when the scene ends measures then (see end-scene). Reaching 10 adds `dead` (or `shut-down`).",
    stateless=resolve_death_measure,
    session=apply_death_measure,
)

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
