"""Stat Measures and the Death Measure.

A measure rolls one d8 per point of a stat; each 5 or more is a win. The wins against a
comparison value give a span: positive, negative, or even. A Death Measure is 8 dice against
the scenes spent dying; only a negative span counts, and it adds up across scenes until the
running total reaches 10.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neurosystem.rules.ratings import MEASURE_SIDES
from service.systems.neurosystem.wire.measures import MeasureResult, NeurosystemDeathMeasureResult, NeurosystemMeasureResult

WIN_FROM = 5
DEATH_DICE = 8
DEATH_TOTAL = 10  # running negative span at which the character dies


def is_win(face: int) -> bool:
    return face >= WIN_FROM


def span_result(span: int) -> MeasureResult:
    return "positive-span" if span > 0 else "negative-span" if span < 0 else "even"


def death_added(span: int) -> int:
    """What a Death Measure's span adds to the running total: only a negative span counts."""
    return -span if span < 0 else 0


def stat_measure(dice: int, against: int, stream: Stream) -> NeurosystemMeasureResult:
    faces = stream.roll_many(dice, MEASURE_SIDES)
    wins = sum(1 for face in faces if is_win(face))
    span = wins - against
    result = span_result(span)
    return NeurosystemMeasureResult(dice=faces, wins=wins, losses=dice - wins, against=against, span=span, result=result)


def death_measure(
    scenes_dying: int, span_total: int, *, spend_resolve: bool, mechanical: bool, stream: Stream
) -> NeurosystemDeathMeasureResult:
    """One Death Measure; spending Resolve (decided before rolling) wins it without dice."""
    measure = None if spend_resolve else stat_measure(DEATH_DICE, scenes_dying, stream)
    negative = death_added(measure.span) if measure is not None else 0
    total = span_total + negative
    died = total >= DEATH_TOTAL
    return NeurosystemDeathMeasureResult(
        scenes_dying=scenes_dying,
        auto_won=spend_resolve,
        measure=measure,
        negative_span=negative,
        span_total=total,
        died=died,
        became=("shut-down" if mechanical else "dead") if died else None,
    )
