"""Wire models of a character's counters and Resolve: Apathy, Dissonance, AVI or VRI, Resolve, negative states."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.wire.shared import COUNTER_LIMIT, StateName

Space = Literal["avi", "vri"]


class NeurosystemApathyParams(Model):
    apathy: int = Field(ge=0, le=COUNTER_LIMIT, description="Apathy now; it grows 1 at a time.")


class NeurosystemDissonanceParams(Model):
    dissonance: int = Field(ge=0, le=COUNTER_LIMIT, description="Dissonance now; it grows 1 at a time.")


class NeurosystemEnterCyberspaceParams(Model):
    dissonance: int = Field(ge=0, le=COUNTER_LIMIT, description="Dissonance now; entering grants 1.")
    space: Space = Field(description="`avi` or `vri`.")


class NeurosystemEnterCyberspaceAction(Model):
    character: str = Field(min_length=1, max_length=40)
    space: Space = Field(description="`avi` or `vri`.")


class NeurosystemCounterResult(Model):
    character: str | None = Field(default=None, description="In a session: whose counter.")
    counter: Literal["apathy", "dissonance"]
    value: int = Field(description="The counter after the gain.")
    gained: int
    cyberspace: Space | None = Field(default=None, description="Where the character is (AVI, VRI, or realspace).")


class NeurosystemSetResolve(Model):
    character: str = Field(min_length=1, max_length=40)
    resolve: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="Current Resolve, at most the maximum (above it: `neurosystem/resolve-above-max`); when omitted it "
        "stays, lowered to a new maximum.",
    )
    resolve_max: int | None = Field(default=None, ge=0, le=100, description="Maximum (unchanged when omitted).")


class NeurosystemNegativeStateAction(Model):
    character: str = Field(min_length=1, max_length=40)
    state: StateName = Field(description="A negative state such as `radiation sickness` (damage: use take-damage).")
