"""Wire models of Apathy, Dissonance, and entering AVI or VRI."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model

Space = Literal["avi", "vri"]


class NeurosystemApathyParams(Model):
    apathy: int = Field(ge=0, le=1_000_000, description="Apathy now; it grows 1 at a time.")


class NeurosystemDissonanceParams(Model):
    dissonance: int = Field(ge=0, le=1_000_000, description="Dissonance now; it grows 1 at a time.")


class NeurosystemEnterCyberspaceParams(Model):
    dissonance: int = Field(ge=0, le=1_000_000, description="Dissonance now; entering grants 1.")
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
