"""Shared pieces of results: a d20 roll, a damage outcome, a target described by numbers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic.config import JsonDict

from service.dice.results import DiceRollResult
from service.model import Model
from service.systems.ncb.wire.sheet import Armor


class NcbD20Roll(Model):
    """One d20 test, every die shown."""

    faces: list[int] = Field(description="Both dice under advantage or disadvantage, in roll order.")
    natural: int = Field(description="The die that counts.")
    mode: Literal["normal", "advantage", "disadvantage"]
    modifier: int = Field(description="Everything added to the die, exhaustion taken off.")
    total: int
    dv: int = Field(description="The DV, AC or save DC it was rolled against.")
    success: bool
    outcome: Literal["critical-success", "success", "failure", "critical-failure"] = Field(
        description="A natural 20 always succeeds (a critical hit in combat); a natural 1 always fails."
    )


class NcbDamageOutcome(Model):
    """What one instance of damage did, in the text's words."""

    kind: Literal["physical", "program", "environmental"]
    raw: int = Field(description="Damage as rolled, before reduction.")
    damage_reduction: int = Field(description="The target's damage reduction.")
    reduction_applied: bool = Field(description="False for crits, programs and environmental damage.")
    dealt: int = Field(description="Damage after reduction: never below 1 when reduction applied.")
    massive: bool = Field(description="The hit was at least the target's maximum HP (after reduction).")
    hp_before: int
    hp_after: int
    max_hp: int
    condition: Literal["up", "dying", "stable", "flatlined", "annihilated"]
    result: Literal["unharmed", "hurt", "last-breath", "dying", "flatlined", "annihilated"]
    cause: (
        Literal[
            "massive-damage",
            "finishing-blow",
            "overkill-weapon",
            "death-saves",
            "bleeding-out",
            "exhaustion",
            "nc-at-zero-hp",
        ]
        | None
    ) = Field(description="Why the target flatlined or was annihilated.")
    last_breath_used: bool = Field(description="Last Breath was taken (at this hit's `useLastBreath`).")
    last_breath_offered: bool = Field(
        description="The hit dropped the target to 0 and its Last Breath could stand it up at 1 HP instead. "
        "Nothing spends it unasked: the player takes it with `last-breath` (in a session, before anything "
        "else changes the target's HP or death saves) or by sending the hit with `useLastBreath`."
    )
    exhaustion: int
    death_successes: int
    death_failures: int


class NcbWeaponDamage(Model):
    formula: str = Field(description="What was rolled, modifiers included.")
    roll: DiceRollResult
    ability_modifier: int
    tech_bonus: int
    critical: bool
    total: int


# `up` exactly when hp is above 0, in JSON Schema: the rule the validators check, for generated clients.
UP_EXACTLY_ABOVE_0: JsonDict = {
    "if": {"properties": {"condition": {"const": "up"}}},
    "then": {"properties": {"hp": {"minimum": 1}}},
    "else": {"properties": {"hp": {"const": 0}}},
}
HP_RULE = "At most `maxHp` (checked on arrival); above 0 exactly when `condition` is `up`."


class NcbTargetSpec(Model):
    """A target described by its numbers (stateless calls)."""

    model_config = {**Model.model_config, "json_schema_extra": UP_EXACTLY_ABOVE_0}

    armor_class: int = Field(10, ge=0, le=40)
    armor: Armor = "none"
    plating: int = Field(0, ge=0, le=5)
    hp: int = Field(ge=0, le=999, description=HP_RULE)
    max_hp: int = Field(ge=1, le=999)
    condition: Literal["up", "dying", "stable"] = Field("up", description="`dying` and `stable` need hp 0.")
    death_successes: int = Field(0, ge=0, le=2)
    death_failures: int = Field(0, ge=0, le=2)
    kind: Literal["character", "nc"] = "character"
    last_breath: bool | None = Field(
        None,
        description="Last Breath is still available. Default: true for a character, false for an NC (the "
        "text gives it to the characters it speaks to, as a session does).",
    )
    use_last_breath: bool = Field(
        False,
        description="The player takes Last Breath if this hit would drop the target to 0 and Last Breath can "
        "save it (massive damage, finishing blows and Overkill cannot be saved). Default false: the answer "
        "offers it (`lastBreathOffered`) and spends nothing.",
    )
    exhaustion: int = Field(0, ge=0, le=5)
    helpless: bool = Field(False, description="Paralyzed or otherwise helpless (dying and stable targets always are).")

    @model_validator(mode="after")
    def _consistent(self) -> NcbTargetSpec:
        if self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above maxHp {self.max_hp}")
        if (self.condition == "up") != (self.hp > 0):
            raise ValueError("a target is `up` exactly when its hp is above 0")
        return self
