"""d20 tests, ability scores, initiative and levels."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic.config import JsonDict

from service.model import Model
from service.systems.ncb.rules.abilities import Ability
from service.systems.ncb.wire.rolls import NcbD20Roll
from service.systems.ncb.wire.sheet import CombatantId, NcbAbilityScores, NcbAbilityValues
from service.systems.ncb.options import NcbRules, default_rules

Economy = Literal["none", "action", "bonus-action", "reaction"]
_ECONOMY = (
    "In a running combat, the action economy this spends: `none` (default for tests and saves), "
    "`action` and `bonus-action` only on the combatant's own turn, `reaction` once per round."
)
_ADVANTAGE = "Roll two d20s, keep the higher. Never stacks; cancels disadvantage."
_DISADVANTAGE = "Roll two d20s, keep the lower. Never stacks; cancels advantage."
_EXHAUSTION = "Exhaustion level; under the default 5e-2024 effects each level takes 2 off the roll."
_RULES = "Rule options; every field has a documented default."


class NcbD20TestParams(Model):
    modifier: int = Field(0, ge=-30, le=30, description="Everything added to the d20.")
    dv: int = Field(ge=1, le=40, description="Difficulty Value to beat: a tie fails unless `rules.dvTiesSucceed`.")
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    exhaustion: int = Field(0, ge=0, le=5, description=_EXHAUSTION)
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbD20TestAction(Model):
    combatant: CombatantId
    ability: Ability | None = Field(None, description="Adds this ability's modifier (chrome included).")
    proficient: bool = Field(False, description="Adds the proficiency bonus.")
    bonus: int = Field(0, ge=-30, le=30, description="Any other modifier.")
    dv: int = Field(ge=1, le=40)
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    economy: Economy = Field("none", description=_ECONOMY)


class NcbD20TestResult(Model):
    combatant: str | None = None
    roll: NcbD20Roll


class NcbAbilityScoresParams(Model):
    abilities: NcbAbilityScores
    level: int = Field(1, ge=1, le=20)
    program_ability: Ability = Field("intelligence", description="The class's program ability, for the save DC.")
    program_dc_bonus: int = Field(0, ge=0, le=10, description="Chrome bonuses to the program save DC.")


class NcbCombatantRef(Model):
    combatant: CombatantId


class NcbAbilityScoresResult(Model):
    combatant: str | None = None
    level: int
    scores: NcbAbilityValues = Field(description="Effective scores, chrome included.")
    modifiers: NcbAbilityValues = Field(description="(score - 10) / 2, rounded down.")
    proficiency_bonus: int
    subclass_available: bool = Field(description="Subclasses unlock at level 3.")
    program_save_dc: int = Field(description="8 + proficiency + program ability modifier + chrome bonuses.")
    armor_class: int | None = Field(None, description="Session only: AC with chrome.")
    damage_reduction: int | None = Field(None, description="Session only: armor + plating + chrome, capped.")
    speed: int | None = Field(None, description="Session only: feet per turn after chrome and exhaustion.")
    initiative_bonus: int | None = Field(None, description="Session only: Dexterity modifier + bonuses - exhaustion.")


class NcbInitiativeParticipant(Model):
    id: CombatantId
    bonus: int = Field(0, ge=-20, le=30, description="Initiative bonus (Dexterity modifier and the rest).")
    dexterity: int = Field(10, ge=1, le=30, description="Breaks ties after the bonus.")
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)


class NcbInitiativeParams(Model):
    participants: list[NcbInitiativeParticipant] = Field(
        min_length=1, max_length=50, description="Each with its own `id`: an id listed twice is refused (422)."
    )

    @field_validator("participants")
    @classmethod
    def _distinct(cls, participants: list[NcbInitiativeParticipant]) -> list[NcbInitiativeParticipant]:
        require_distinct([p.id for p in participants])
        return participants


def require_distinct(ids: list[str]) -> None:
    """A combatant takes one place in an initiative order (a ValueError is a 422 naming the field)."""
    seen: set[str] = set()
    for cid in ids:
        if cid in seen:
            raise ValueError(f"{cid!r} is listed twice; each combatant rolls initiative once")
        seen.add(cid)


class NcbInitiativeRoll(Model):
    id: str
    faces: list[int]
    natural: int
    mode: Literal["normal", "advantage", "disadvantage"]
    bonus: int
    total: int
    dexterity: int


class NcbInitiativeResult(Model):
    order: list[NcbInitiativeRoll] = Field(
        description="Highest first; ties go to the higher bonus, then Dexterity, then listing order."
    )


# A subclass chosen now makes level 3 or more; breaking it answers `ncb/subclass-too-early` (422).
_SUBCLASS_FROM_LEVEL_3: JsonDict = {
    "if": {"required": ["subclass"], "properties": {"subclass": {"type": "string"}}},
    "then": {"properties": {"level": {"minimum": 2}}},
}


class NcbLevelUpParams(Model):
    model_config = {**Model.model_config, "json_schema_extra": _SUBCLASS_FROM_LEVEL_3}

    level: int = Field(ge=1, le=20, description="The current level; level 20 cannot go higher.")
    hp: int = Field(ge=1, le=999, description="At most `maxHp`.")
    max_hp: int = Field(ge=1, le=999)
    hit_die: Literal[6, 8, 10, 12] = 8
    constitution: int = Field(10, ge=1, le=30)
    method: Literal["average", "roll"] = Field("average", description="Hit points: the die's 5e average, or a roll.")
    subclass: str | None = Field(
        None, min_length=1, max_length=60, description="Chosen now; only when this level-up reaches level 3 or more."
    )

    @model_validator(mode="after")
    def _consistent(self) -> NcbLevelUpParams:
        if self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above maxHp {self.max_hp}")
        return self


class NcbLevelUpAction(Model):
    combatant: CombatantId
    method: Literal["average", "roll"] = Field("average", description="Hit points: the die's 5e average, or a roll.")
    subclass: str | None = Field(None, min_length=1, max_length=60, description="Chosen now; only from level 3.")


class NcbLevelUpResult(Model):
    combatant: str | None = None
    level: int
    proficiency_bonus: int
    subclass_available: bool
    subclass: str | None
    hp_face: int | None = Field(description="The hit die rolled, or null for the average.")
    constitution_modifier: int
    hp_gain: int
    max_hp: int
    hp: int
