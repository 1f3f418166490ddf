"""The table: seating, removing and adjusting combatants."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.ncb.wire.checks import NcbInitiativeRoll
from service.systems.ncb.wire.combat import NcbCombatView
from service.systems.ncb.wire.sheet import CombatantId, Condition, NcbCombatantSpec


class NcbAddCombatantAction(Model):
    combatant: NcbCombatantSpec
    join_combat: bool = Field(
        False, description="When a combat is running, roll its initiative and add it to the order."
    )


class NcbCombatantSummary(Model):
    id: str
    name: str
    kind: Literal["character", "nc"]
    owner: str | None
    level: int
    hp: int
    max_hp: int
    condition: Condition
    armor_class: int = Field(description="With chrome.")
    damage_reduction: int = Field(description="Armor + plating + chrome, capped.")
    exhaustion: int
    death_successes: int
    death_failures: int
    last_breath: bool
    last_breath_offered: bool = Field(
        description="The last hit dropped it to 0 with Last Breath ready; `last-breath` may still take it."
    )
    helpless: bool
    ram: int
    ram_max: int
    eddies: int


class NcbGmAdjustAction(Model):
    """A GM override for what the fiction changed; omitted fields stay as they are."""

    combatant: CombatantId
    hp: int | None = Field(None, ge=0, le=999, description="0 leaves the combatant dying; above 0 brings it up.")
    helpless: bool | None = Field(None, description="Paralyzed or otherwise helpless.")
    exhaustion: int | None = Field(None, ge=0, le=5)
    ram: int | None = Field(None, ge=0, le=50)
    last_breath: bool | None = None


class NcbCombatantResult(Model):
    combatant: NcbCombatantSummary
    initiative: NcbInitiativeRoll | None = None
    combat: NcbCombatView | None = None


class NcbRemoveCombatantResult(Model):
    removed: str
    combat: NcbCombatView | None


# At least one, each once: JSON Schema's minItems and uniqueItems, checked again below.
