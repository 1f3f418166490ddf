"""Short and long rests."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.ncb.wire.checks import _RULES
from service.systems.ncb.wire.rolls import HP_RULE, UP_EXACTLY_ABOVE_0
from service.systems.ncb.wire.sheet import CombatantId, Condition, NcbProgramSlotState
from service.systems.ncb.options import NcbRules, default_rules


def check_vitals(hp: int, max_hp: int, condition: str) -> None:
    """hp within the maximum, and `up` exactly when above 0 (a ValueError is a 422 naming the field)."""
    if hp > max_hp:
        raise ValueError(f"hp {hp} is above maxHp {max_hp}")
    if (condition == "up") != (hp > 0):
        raise ValueError("a character is `up` exactly when its hp is above 0")


class NcbShortRestParams(Model):
    model_config = {**Model.model_config, "json_schema_extra": UP_EXACTLY_ABOVE_0}

    hp: int = Field(ge=0, le=999, description=HP_RULE)
    max_hp: int = Field(ge=1, le=999)
    condition: Literal["up", "dying", "stable"] = Field("up", description="A dying character cannot rest.")
    hit_dice: int = Field(ge=0, le=20, description="Hit dice left.")
    hit_die: Literal[6, 8, 10, 12] = 8
    constitution: int = Field(10, ge=1, le=30)
    spend: int = Field(0, ge=0, le=20, description="Hit dice to spend; each heals its roll + CON modifier, at least 1.")
    ram_max: int = Field(0, ge=0, le=50, description="RAM comes back in full.")

    @model_validator(mode="after")
    def _consistent(self) -> NcbShortRestParams:
        check_vitals(self.hp, self.max_hp, self.condition)
        return self


class NcbShortRestAction(Model):
    combatant: CombatantId
    spend: int = Field(0, ge=0, le=20, description="Hit dice to spend; each heals its roll + CON modifier, at least 1.")


class NcbHitDieRoll(Model):
    face: int
    constitution_modifier: int
    healed: int


class NcbShortRestResult(Model):
    combatant: str | None = None
    rolls: list[NcbHitDieRoll]
    healed: int
    hp: int
    max_hp: int
    condition: Condition
    hit_dice_left: int
    ram: int


class NcbLongRestParams(Model):
    model_config = {**Model.model_config, "json_schema_extra": UP_EXACTLY_ABOVE_0}

    hp: int = Field(ge=0, le=999, description=HP_RULE)
    max_hp: int = Field(ge=1, le=999)
    condition: Literal["up", "dying", "stable"] = "up"
    level: int = Field(1, ge=1, le=20, description="Also the maximum number of hit dice.")
    hit_dice: int = Field(0, ge=0, le=20, description="Hit dice left before the rest; at most `level`.")
    exhaustion: int = Field(0, ge=0, le=5)
    ram_max: int = Field(0, ge=0, le=50)
    program_slots: list[Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=list, max_length=9, description="Slots per tier, tier 1 first."
    )
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)

    @model_validator(mode="after")
    def _consistent(self) -> NcbLongRestParams:
        check_vitals(self.hp, self.max_hp, self.condition)
        if self.hit_dice > self.level:
            raise ValueError("hitDice cannot be above the level")
        return self


class NcbLongRestResult(Model):
    combatant: str | None = None
    healed: int
    hp: int
    max_hp: int
    condition: Condition
    hit_dice: int
    hit_dice_regained: int = Field(description="Half the maximum, at least one.")
    exhaustion: int
    ram: int
    program_slots: list[NcbProgramSlotState]
    last_breath: bool
