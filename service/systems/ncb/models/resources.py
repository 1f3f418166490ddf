"""Rests, programs, chrome and eddies."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic.config import JsonDict

from service.dice.results import DiceRollResult
from service.model import Model
from service.systems.ncb.abilities import Ability
from service.systems.ncb.models.checks import _ADVANTAGE, _DISADVANTAGE, _RULES, Economy
from service.systems.ncb.models.rolls import HP_RULE, UP_EXACTLY_ABOVE_0, NcbD20Roll, NcbDamageOutcome, NcbTargetSpec
from service.systems.ncb.models.sheet import (
    MAX_EDDIES,
    CombatantId,
    NcbChromeTotals,
    NcbDebt,
    NcbImplant,
    NcbImplantView,
    NcbProgramSlotState,
)
from service.systems.ncb.options import NcbRules

Condition = Literal["up", "dying", "stable", "flatlined", "annihilated"]


# -- rests ---------------------------------------------------------------------------------


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
    rules: NcbRules = Field(default_factory=NcbRules, description=_RULES)

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


# -- programs ------------------------------------------------------------------------------


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
    rules: NcbRules = Field(default_factory=NcbRules, description=_RULES)


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


# -- chrome --------------------------------------------------------------------------------


class NcbBody(Model):
    chrome_slots: int = Field(6, ge=0, le=12)
    chrome_capacity: int = Field(10, ge=0, le=100)
    installed: list[NcbImplantView] = Field(default_factory=list, max_length=12)


class NcbInstallChromeParams(Model):
    body: NcbBody = Field(default_factory=NcbBody)
    implant: NcbImplant
    price: int = Field(0, ge=0, le=MAX_EDDIES, description="Paid from eddies; what they cannot cover becomes debt.")
    eddies: int = Field(0, ge=0, le=MAX_EDDIES)
    clinic: str = Field("ripperdoc", min_length=1, max_length=80, description="Who is owed any debt.")


class NcbInstallChromeAction(Model):
    combatant: CombatantId
    implant: NcbImplant
    price: int = Field(0, ge=0, le=MAX_EDDIES, description="Paid from eddies; what they cannot cover becomes debt.")
    clinic: str = Field("ripperdoc", min_length=1, max_length=80, description="Who is owed any debt.")


class NcbUninstallChromeParams(Model):
    body: NcbBody
    name: str = Field(min_length=1, max_length=60)


class NcbUninstallChromeAction(Model):
    combatant: CombatantId
    name: str = Field(min_length=1, max_length=60)


class NcbLedgerResult(Model):
    combatant: str | None = None
    eddies: int
    debts: list[NcbDebt]
    total_debt: int
    paid: int
    debt_added: int
    debt_repaid: int


class NcbChromeResult(Model):
    combatant: str | None = None
    implant: str
    installed: list[NcbImplantView]
    slots_used: int
    slots: int
    capacity_used: int
    capacity: int
    bonuses: NcbChromeTotals
    payment: NcbLedgerResult | None = None


class NcbActivateChromeParams(Model):
    implant: NcbImplantView


class NcbActivateChromeAction(Model):
    combatant: CombatantId
    name: str = Field(min_length=1, max_length=60)
    economy: Economy = Field("action", description="What activating it spends in combat (the implant's text decides).")


class NcbActivateChromeResult(Model):
    combatant: str | None = None
    implant: NcbImplantView = Field(description="The implant after activation, its cooldown running.")
    economy: str | None = None


# -- eddies --------------------------------------------------------------------------------

Transaction = Literal["earn", "spend", "service", "repay"]
_TRANSACTION = (
    "`earn` and `spend` move eddies; a `service` (chrome, treatment, rescue) is paid from eddies "
    "and the rest becomes debt to `creditor`; `repay` pays a creditor back."
)


# A service or a repayment names its creditor, in JSON Schema as in the validator below.
_CREDITOR_NAMED: JsonDict = {
    "if": {"properties": {"kind": {"enum": ["service", "repay"]}}},
    "then": {"required": ["creditor"], "properties": {"creditor": {"type": "string"}}},
}


class _Transaction(Model):
    model_config = {**Model.model_config, "json_schema_extra": _CREDITOR_NAMED}

    kind: Transaction = Field(description=_TRANSACTION)
    amount: int = Field(ge=1, le=MAX_EDDIES)
    creditor: str | None = Field(
        None, min_length=1, max_length=80, description="Required for `service` and `repay`; ignored otherwise."
    )
    reason: Literal["chrome", "treatment", "rescue", "other"] = "other"

    @model_validator(mode="after")
    def _creditor(self) -> _Transaction:
        if self.kind in ("service", "repay") and self.creditor is None:
            raise ValueError(f"a {self.kind} needs a creditor")
        return self


class NcbEddiesParams(_Transaction):
    eddies: int = Field(0, ge=0, le=MAX_EDDIES)
    debts: list[NcbDebt] = Field(default_factory=list, max_length=20)


class NcbEddiesAction(_Transaction):
    combatant: CombatantId
