"""Measure mechanics, declared once each: the Stat Measure and the Death Measure.

Stateless, the caller gives every number; in a session either number of a Stat Measure may be
read from the table, and a Death Measure is the dying character's own, once per scene.
"""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neurosystem import SYSTEM, errors
from service.systems.neurosystem.rules import checks, narrator, scenes, sheets
from service.systems.neurosystem.rules.measure_odds import death_measure_odds, stat_measure_odds
from service.systems.neurosystem.rules.measures import death_measure, stat_measure
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.measures import (
    NeurosystemDeathMeasureAction,
    NeurosystemDeathMeasureParams,
    NeurosystemDeathMeasureResult,
    NeurosystemMeasureResult,
    NeurosystemStatMeasureAction,
    NeurosystemStatMeasureParams,
    NeurosystemValueRef,
)

_CHARACTER_VALUES = ("apathy", "dissonance", "resolve", "negative-states")
MAX_MEASURE_DICE = 100


def resolve_stat_measure(params: NeurosystemStatMeasureParams, stream: Stream) -> NeurosystemMeasureResult:
    return stat_measure(params.dice, params.against, stream)


def _value(board: NeurosystemTable, ref: NeurosystemValueRef) -> int:
    if (ref.character is None) == (ref.nc is None):
        raise errors.refuse(errors.CONFLICTING_FIELDS, "a value reference names a `character` or an `nc`, one of them")
    if ref.nc is not None:
        return sheets.nc_stat(board.nc(ref.nc), ref.value)
    who = board.character(ref.character or "")
    values = {"apathy": who.apathy, "dissonance": who.dissonance, "resolve": who.resolve or 0, "negative-states": len(who.negative_states)}
    if ref.value in values:
        return values[ref.value]
    raise errors.refuse(
        errors.UNKNOWN_STAT, f"a character's measurable values are {', '.join(_CHARACTER_VALUES)}, not {ref.value!r}",
    )


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


def apply_stat_measure(board: NeurosystemTable, params: NeurosystemStatMeasureAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemMeasureResult]:
    dice = _number(board, params.dice, params.dice_from, "dice")
    against = _number(board, params.against, params.against_from, "against")
    return board, stat_measure(dice, against, stream)


def resolve_death_measure(params: NeurosystemDeathMeasureParams, stream: Stream) -> NeurosystemDeathMeasureResult:
    resolve_left = params.resolve
    if params.spend_resolve and params.resolve is not None:
        resolve_left = checks.pay_resolve(params.resolve, "win the Death Measure")
    result = death_measure(
        params.scenes_dying, params.span_total, spend_resolve=params.spend_resolve, mechanical=params.mechanical, stream=stream
    )
    return result.model_copy(update={"resolve_left": resolve_left})


def apply_death_measure(board: NeurosystemTable, params: NeurosystemDeathMeasureAction, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemDeathMeasureResult]:
    who = board.character(params.character)
    narrator.require_player_of(actor, who)
    who, result = scenes.measure_character(who, board.scene, spend=params.spend_resolve, stream=stream)
    return board.with_character(who), result


# -- odds: the same inputs, nothing rolled (refused where the roll would be, save who may act) ---


def stat_measure_odds_of(params: NeurosystemStatMeasureParams) -> Odds:
    return stat_measure_odds(params.dice, params.against)


def stat_measure_odds_at_table(board: NeurosystemTable, params: NeurosystemStatMeasureAction, actor: Actor) -> Odds:
    dice = _number(board, params.dice, params.dice_from, "dice")
    return stat_measure_odds(dice, _number(board, params.against, params.against_from, "against"))


def death_measure_odds_of(params: NeurosystemDeathMeasureParams) -> Odds:
    if params.spend_resolve and params.resolve is not None:
        checks.pay_resolve(params.resolve, "win the Death Measure")
    return death_measure_odds(
        params.scenes_dying, params.span_total, spend_resolve=params.spend_resolve, mechanical=params.mechanical
    )


def death_measure_odds_at_table(board: NeurosystemTable, params: NeurosystemDeathMeasureAction, actor: Actor) -> Odds:
    who, dying, mechanical = scenes.measure_due(board.character(params.character), board.scene, spend=params.spend_resolve)
    return death_measure_odds(dying, who.death_span, spend_resolve=params.spend_resolve, mechanical=mechanical)


# -- declarations --------------------------------------------------------------------------------

SYSTEM.mechanic(
    "stat-measure",
    "Measure a stat: one d8 per point, 5+ wins, wins against a value give a span",
    "More wins than the value: positive span; fewer: negative span; as many: even. In a session either number "
    "may come from the table (`diceFrom`, `againstFrom`: a character's apathy, dissonance, resolve or "
    "negative-states, or an NC's stat).",
    stateless=resolve_stat_measure,
    session=apply_stat_measure,
    odds=stat_measure_odds_of,
    session_odds=stat_measure_odds_at_table,
)

SYSTEM.mechanic(
    "death-measure",
    "Death Measure: 8 dice against the scenes spent dying; a negative span adds up, 10 or more and it is over",
    "Spending 1 Resolve before the measure wins it outright. In a session the character must be dying (or "
    "shutting down) and measures once per scene: the scene counts as one more spent dying; whoever has not "
    "measured when the scene ends measures then (see end-scene). Reaching 10 adds `dead` (or `shut-down`).",
    stateless=resolve_death_measure,
    session=apply_death_measure,
    odds=death_measure_odds_of,
    session_odds=death_measure_odds_at_table,
)
