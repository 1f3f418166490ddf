"""Programs and quickhacks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.dice.results import DiceRollResult
from service.model import Model
from service.systems.ncb.rules.abilities import Ability
from service.systems.ncb.wire.checks import _ADVANTAGE, _DISADVANTAGE, _RULES, Economy
from service.systems.ncb.wire.rolls import NcbD20Roll, NcbDamageOutcome, NcbTargetSpec
from service.systems.ncb.wire.sheet import CombatantId, NcbProgramSlotState
from service.systems.ncb.options import NcbRules, default_rules


class NcbProgram(Model):
    name: str = Field(min_length=1, max_length=60)
    tier: int = Field(0, ge=0, le=9, description="0 is a quickhack: at-will, free.")
    ram_cost: int = Field(0, ge=0, le=20)
    uses_slot: bool = Field(True, description="A tier 1+ program also spends a program slot.")
    save: Ability | None = Field(None, description="The ability the target saves with, if it gets a save.")
    damage_dice: str | None = Field(
        None, min_length=1, max_length=100, description="Program damage, in dice notation (totals at most 9999)."
    )
    on_save: Literal["half", "none"] = Field("half", description="Damage on a successful save.")


class NcbCasterSpec(Model):
    level: int = Field(1, ge=1, le=20)
    program_ability_score: int = Field(10, ge=1, le=30)
    program_dc_bonus: int = Field(0, ge=0, le=10, description="Chrome bonuses to the DC.")
    ram: int = Field(0, ge=0, le=50)
    program_slots: list[NcbProgramSlotState] = Field(default_factory=list, max_length=9)


class NcbRunProgramParams(Model):
    caster: NcbCasterSpec
    program: NcbProgram
    save_modifier: int = Field(0, ge=-10, le=20, description="The target's modifier on its save.")
    target: NcbTargetSpec | None = Field(None, description="Give it to apply the program's damage.")
    slot_tier: int | None = Field(None, ge=1, le=9, description="Spend a slot of this tier (default: the lowest free).")
    advantage: bool = Field(False, description="On the target's save. " + _ADVANTAGE)
    disadvantage: bool = Field(False, description="On the target's save. " + _DISADVANTAGE)
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbRunProgramAction(Model):
    caster: CombatantId
    target: CombatantId | None = None
    program: NcbProgram
    slot_tier: int | None = Field(None, ge=1, le=9, description="Spend a slot of this tier (default: the lowest free).")
    economy: Economy = Field("action", description="What running it spends in combat.")
    advantage: bool = Field(False, description="On the target's save. " + _ADVANTAGE)
    disadvantage: bool = Field(False, description="On the target's save. " + _DISADVANTAGE)


class NcbRunProgramResult(Model):
    caster: str | None = None
    target: str | None = None
    program: str
    tier: int
    save_dc: int
    ram_spent: int
    ram_left: int
    slot_tier: int | None
    program_slots: list[NcbProgramSlotState]
    save: NcbD20Roll | None
    saved: bool | None
    damage_roll: DiceRollResult | None = None
    damage: int
    outcome: NcbDamageOutcome | None = None
    economy: str | None = None
