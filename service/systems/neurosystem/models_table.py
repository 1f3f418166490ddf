"""The session's table: characters, NCs, the Luck pool, open checks, the scene; and how it is set up.

These models are the session state itself (dumped camelCase into the session document),
the setup of session creation, and the bodies of the table-management actions.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.models import (
    CATEGORY_DESCRIPTION,
    RATING_DESCRIPTION,
    RESOLVE_LIMIT_DESCRIPTION,
    Category,
    NeurosystemCheckRecord,
    ResolveLimit,
    StatCategory,
)
from service.systems.neurosystem.models_combat import PROTECTION_MATCH_DESCRIPTION, NeurosystemProtection, StateName
from service.systems.neurosystem.reductions import ProtectionMatch
from service.systems.neurosystem.models_measure import NeurosystemDeathMeasureResult

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$", description="Lower-case letters, digits, `-`, `_`.")]
COUNTER_LIMIT = 1_000_000  # counters grow one an action; the bound keeps them JSON-safe

MAX_CHARACTERS = 20
MAX_NCS = 50
MAX_OPEN_CHECKS = 50


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


class NeurosystemRules(Model):
    """Table rules the text leaves open."""

    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)
    protection_match: ProtectionMatch = Field(default="either-includes", description=PROTECTION_MATCH_DESCRIPTION)


class NeurosystemOpenCheck(Model):
    id: str
    character: str
    check: NeurosystemCheckRecord


class NeurosystemTable(Model):
    """The whole session state."""

    scene: int = Field(default=1, ge=1, le=COUNTER_LIMIT)
    luck: int = Field(default=0, ge=0, le=100, description="The group's shared Luck pool.")
    rules: NeurosystemRules = Field(default_factory=NeurosystemRules)
    characters: list[NeurosystemCharacter] = Field(default_factory=list, max_length=MAX_CHARACTERS)
    ncs: list[NeurosystemNc] = Field(default_factory=list, max_length=MAX_NCS)
    open_checks: list[NeurosystemOpenCheck] = Field(default_factory=list, max_length=MAX_OPEN_CHECKS)
    checks_made: int = Field(default=0, ge=0, le=COUNTER_LIMIT, description="Checks made so far; ids are `check-N`.")


class NeurosystemSetup(Model):
    """`setup` of `POST /v1/sessions` for a `neurosystem` session."""

    luck: int = Field(default=0, ge=0, le=100, description="The group's Luck pool at the start.")
    scene: int = Field(default=1, ge=1, le=COUNTER_LIMIT, description="The scene the session starts in.")
    rules: NeurosystemRules = Field(default_factory=NeurosystemRules)
    characters: list[NeurosystemCharacter] = Field(default_factory=list, max_length=MAX_CHARACTERS)
    ncs: list[NeurosystemNc] = Field(default_factory=list, max_length=MAX_NCS)


# -- table actions ---------------------------------------------------------------------------


class NeurosystemCharacterRef(Model):
    character: str = Field(min_length=1, max_length=40)


class NeurosystemNcRef(Model):
    nc: str = Field(min_length=1, max_length=40)


class NeurosystemSetLuck(Model):
    luck: int = Field(ge=0, le=100, description="The group's Luck pool from now on.")


class NeurosystemLuckPool(Model):
    luck: int


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

