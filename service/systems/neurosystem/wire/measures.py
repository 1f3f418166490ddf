"""Wire models of the Stat Measure and the Death Measure."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from service.model import Model
from service.systems.neurosystem.wire.shared import exactly_one

MeasureResult = Literal["positive-span", "negative-span", "even"]


class NeurosystemValueRef(Model):
    """A number held in the session: a character's counter, or an NC's static stat."""

    model_config = ConfigDict(json_schema_extra=exactly_one("character", "nc"))

    character: str | None = Field(default=None, max_length=40, description="A character id (give this or `nc`).")
    nc: str | None = Field(default=None, max_length=40, description="An NC id (give this or `character`).")
    value: str = Field(
        min_length=1,
        max_length=80,
        description="For a character: `apathy`, `dissonance`, `resolve` or `negative-states`. For an NC: a stat name.",
    )


class NeurosystemStatMeasureParams(Model):
    dice: int = Field(ge=0, le=100, description="Points in the stat measured: one d8 per point.")
    against: int = Field(ge=0, le=100, description="The value the wins are compared with.")


class NeurosystemStatMeasureAction(Model):
    """Each number given, or taken from the session: `dice` or `diceFrom`, `against` or `againstFrom`."""

    model_config = ConfigDict(json_schema_extra={"allOf": [exactly_one("dice", "diceFrom"), exactly_one("against", "againstFrom")]})

    dice: int | None = Field(default=None, ge=0, le=100, description="Points measured (or give `diceFrom`).")
    dice_from: NeurosystemValueRef | None = Field(default=None, description="Take the points from the session (or give `dice`).")
    against: int | None = Field(default=None, ge=0, le=100, description="Comparison value (or give `againstFrom`).")
    against_from: NeurosystemValueRef | None = Field(
        default=None, description="Take the comparison from the session (or give `against`)."
    )


class NeurosystemMeasureResult(Model):
    dice: list[int] = Field(description="Every d8 rolled; 5 or higher is a win.")
    wins: int
    losses: int
    against: int
    span: int = Field(description="Wins minus the comparison: positive, negative or zero.")
    result: MeasureResult


class NeurosystemDeathMeasureParams(Model):
    scenes_dying: int = Field(
        ge=1, le=1000, description="Scenes spent dying / shutting down, counting the one now ending: the comparison."
    )
    span_total: int = Field(default=0, ge=0, le=1000, description="Negative span gathered by earlier Death Measures.")
    spend_resolve: bool = Field(default=False, description="Spend 1 Resolve before the measure to win it outright.")
    resolve: int | None = Field(
        default=None, ge=0, le=100, description="The character's Resolve; when given, a spend it cannot cover is refused."
    )
    mechanical: bool = Field(default=False, description="Name the end `shut-down` rather than `dead`.")


class NeurosystemDeathMeasureAction(Model):
    character: str = Field(min_length=1, max_length=40)
    spend_resolve: bool = Field(default=False, description="Spend 1 Resolve before the measure to win it outright.")


class NeurosystemDeathMeasureResult(Model):
    character: str | None = Field(default=None, description="In a session: whose measure.")
    scenes_dying: int
    auto_won: bool = Field(description="1 Resolve was spent: no dice, the measure is won.")
    measure: NeurosystemMeasureResult | None = Field(description="The 8 dice, unless Resolve won it.")
    negative_span: int = Field(description="Added to the running total (0 unless the measure failed).")
    span_total: int
    died: bool = Field(description="The running total reached 10: the character dies or shuts down.")
    became: str | None = Field(description="`dead` or `shut-down` when the character died.")
    resolve_left: int | None = None
