"""Wire models of the pools' own uses and of recharges, stateless and in a session."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field
from pydantic.config import JsonDict

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.pools import Pool, SpecialUse
from service.systems.eclipse.rules.rep import Favor, Network
from service.systems.eclipse.wire.clock import EclipseClock
from service.systems.eclipse.wire.common import CharacterId, EclipsePools


class EclipsePoolUseInput(Model):
    pool: Pool
    use: SpecialUse
    available: int = Field(ge=0, le=40, description="Points the pool holds now.")
    favor: Literal["minor", "moderate", "major"] | None = Field(None, description="For `refresh-rep`.")


class EclipsePoolLevel(Model):
    current: int = Field(ge=0, le=40)
    max: int = Field(ge=0, le=40)


class EclipsePoolLevels(Model):
    insight: EclipsePoolLevel
    moxie: EclipsePoolLevel
    vigor: EclipsePoolLevel
    flex: EclipsePoolLevel


class EclipseAllocation(Model):
    pool: Pool
    up_to: int = Field(6, ge=1, le=6, description="At most this many of the recovered points.")


MAX_ALLOCATION = 8


ALLOCATION_DESCRIPTION = (
    "Short recharge: where the 1d6 points go, in order, each entry taking up to its `upTo` and never past the "
    "pool's maximum; points nobody takes are lost. Required, with at least one entry, for a short recharge (the "
    "player places the points, so none are placed for them): without it the call is refused with "
    "`eclipse/recharge-allocation` before anything is rolled or counted. A long recharge fills every pool and ignores it."
)


# The same cross-field rule for the published schema: a short recharge lists at least one allocation entry.
SHORT_NEEDS_ALLOCATION: JsonDict = {
    "if": {"properties": {"kind": {"const": "short"}}, "required": ["kind"]},
    "then": {"required": ["allocation"], "properties": {"allocation": {"minItems": 1}}},
}


class EclipseRechargeInput(Model):
    model_config = ConfigDict(json_schema_extra=SHORT_NEEDS_ALLOCATION)

    kind: Literal["short", "long"]
    pools: EclipsePoolLevels
    allocation: list[EclipseAllocation] = Field(default_factory=list, max_length=MAX_ALLOCATION, description=ALLOCATION_DESCRIPTION)
    short_used_today: int = Field(0, ge=0, le=20)
    long_used_today: int = Field(0, ge=0, le=20)
    flat: bool = Field(False, description="A flat or biomorph without biomods: a long recharge takes 8 hours, not 4.")
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipsePoolUseResult(Model):
    pool: str
    use: str
    cost: int
    remaining: int
    effect: str


class EclipseRestored(Model):
    insight: int
    moxie: int
    vigor: int
    flex: int


class EclipseRechargeResult(Model):
    kind: Literal["short", "long"]
    rolled: int | None = Field(None, description="The 1d6 of a short recharge.")
    restored: EclipseRestored
    lost: int = Field(description="Recovered points no pool had room for.")
    pools: EclipsePools
    timeframe: str
    timeframe_minutes: int = Field(description="The same in minutes: 10 (short), 240 or 480 (long).")


class EclipsePoolUseInSession(Model):
    character: str = CharacterId
    pool: Pool
    use: SpecialUse
    network: Network | None = Field(None, description="For `refresh-rep`.")
    favor: Favor | None = Field(None, description="For `refresh-rep`: `minor` or `moderate`.")


class EclipsePoolUseInSessionResult(EclipsePoolUseResult):
    character: str
    pools: EclipsePools


AdvanceClock = Field(
    False, description="GM only: the time this takes passes on the table's clock (rolling the day and week counters as `advance-time` does)."
)


class EclipseRechargeInSession(Model):
    model_config = ConfigDict(json_schema_extra=SHORT_NEEDS_ALLOCATION)

    character: str = CharacterId
    kind: Literal["short", "long"]
    allocation: list[EclipseAllocation] = Field(default_factory=list, max_length=MAX_ALLOCATION, description=ALLOCATION_DESCRIPTION)
    advance_clock: bool = AdvanceClock


class EclipseRechargeInSessionResult(EclipseRechargeResult):
    character: str
    at: str = Field(description="When the recharge started on the table's clock; it counts against the limits for 24 hours.")
    used_last_24_hours: int = Field(description="Recharges of this kind in the 24 hours up to now, this one included.")
    clock: EclipseClock | None = Field(None, description="The clock after the recharge, when `advanceClock` was asked.")
