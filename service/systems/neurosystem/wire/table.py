"""The table's people and the table actions: characters and NCs as they sit at it, and who joins or leaves.

A character or NC is the body of `add-character` / `add-nc`, what they answer, and the way it is
kept in the session state (`state.NeurosystemTable`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.wire.combat import NeurosystemProtection
from service.systems.neurosystem.wire.measures import NeurosystemDeathMeasureResult
from service.systems.neurosystem.wire.shared import (
    CATEGORY_DESCRIPTION,
    COUNTER_LIMIT,
    MAX_CHARACTERS,
    RATING_DESCRIPTION,
    Category,
    Id,
    StateName,
    StatCategory,
)


class NeurosystemStat(Model):
    """One Style, Training or Knowledge stat and its die rating."""

    category: StatCategory
    name: str = Field(min_length=1, max_length=40, description="The stat's own name, e.g. `Cool` or `Firearms`.")
    rating: str = Field(max_length=8, description=RATING_DESCRIPTION)


class NeurosystemNcStat(Model):
    """A narrator character's static stat value: the DN of checks made against it."""

    name: str = Field(min_length=1, max_length=40)
    value: int = Field(ge=0, le=100)


class NeurosystemCharacter(Model):
    """A player character at the table."""

    id: Id
    name: str = Field(min_length=1, max_length=80)
    controller: str | None = Field(
        default=None, max_length=80, description="Seat name that plays this character; when unset any player may."
    )
    body: Literal["organic", "mechanical"] = Field(default="organic", description="Which damage names it takes.")
    stats: list[NeurosystemStat] = Field(min_length=1, max_length=30)
    resolve: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="Current Resolve, at most `resolveMax` (above it: `neurosystem/resolve-above-max`); defaults to the maximum.",
    )
    resolve_max: int = Field(ge=0, le=100)
    negative_states: list[StateName] = Field(
        default_factory=list, max_length=47, description="Up to 40 negative states, plus damage categories."
    )
    apathy: int = Field(default=0, ge=0, le=COUNTER_LIMIT)
    dissonance: int = Field(default=0, ge=0, le=COUNTER_LIMIT)
    cyberspace: Literal["avi", "vri"] | None = Field(default=None, description="AVI or VRI when the character is in one.")
    scenes_dying: int = Field(default=0, ge=0, le=COUNTER_LIMIT, description="Scenes spent dying, counted at each Death Measure.")
    death_span: int = Field(default=0, ge=0, le=COUNTER_LIMIT, description="Running negative span of Death Measures.")
    death_measured_scene: int | None = Field(default=None, ge=0, le=COUNTER_LIMIT, description="Scene of the last Death Measure.")
    protection: list[NeurosystemProtection] = Field(default_factory=list, max_length=10)


class NeurosystemNc(Model):
    """A narrator character: static stat values, a damage track, maybe protection."""

    id: Id
    name: str = Field(min_length=1, max_length=80)
    mechanical: bool = Field(default=False, description="Takes the mechanical damage names.")
    stats: list[NeurosystemNcStat] = Field(default_factory=list, max_length=30)
    standard_damage: Category | None = Field(
        default=None, description="What its attacks deal when a character does not defend. " + CATEGORY_DESCRIPTION
    )
    protection: list[NeurosystemProtection] = Field(default_factory=list, max_length=10)
    damage: Category | None = Field(default=None, description="Its damage track; none while unharmed.")


# -- table actions ---------------------------------------------------------------------------


class NeurosystemCharacterRef(Model):
    character: str = Field(min_length=1, max_length=40)


class NeurosystemNcRef(Model):
    nc: str = Field(min_length=1, max_length=40)


class NeurosystemSetLuck(Model):
    luck: int = Field(ge=0, le=100, description="The group's Luck pool from now on.")


class NeurosystemLuckPool(Model):
    luck: int


class NeurosystemRemoved(Model):
    removed: str
    closed_checks: list[str] = Field(default_factory=list, description="Open checks of a removed character, closed.")


class NeurosystemEndScene(Model):
    resist_death: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list,
        max_length=MAX_CHARACTERS,
        description="Dying characters not yet measured this scene who spend 1 Resolve to win their Death Measure.",
    )


class NeurosystemResolveRegained(Model):
    character: str
    resolve: int


class NeurosystemSceneEnded(Model):
    ended: int = Field(description="The scene that ended.")
    scene: int = Field(description="The scene now beginning.")
    death_measures: list[NeurosystemDeathMeasureResult] = Field(description="Measures made by the scene end.")
    resolve: list[NeurosystemResolveRegained] = Field(
        description="Every character's Resolve afterwards: 1 regained, up to the maximum; none for a character "
        "who is dead, shut down or destroyed."
    )
    closed_checks: list[str] = Field(description="Checks still open at the scene end, now closed.")
