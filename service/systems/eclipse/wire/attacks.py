"""Wire models of attacks and damage, stateless and in a session."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.combat import AttackKind, DefenseSkill
from service.systems.eclipse.wire.combat import EclipseTakeActionResult
from service.systems.eclipse.wire.common import (
    Aptitude,
    CharacterId,
    EclipseModifier,
    EclipsePoolSpend,
    EclipseWeapon,
    MAX_MODIFIERS,
    MAX_SPENDS,
)
from service.systems.eclipse.wire.results import EclipseDamageValue, EclipseTestResult


class EclipseAttacker(Model):
    target: int = Field(ge=0, le=200, description="The attack skill (Guns, Melee, …).")
    aptitude: Aptitude | None = Field("ref", description="Linked aptitude for pool use (Guns: REF, Melee: SOM).")
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseDefender(Model):
    fray: int = Field(ge=0, le=200)
    melee: int | None = Field(None, ge=0, le=200)
    defense: DefenseSkill | None = Field(None, description="Against melee: `fray` or `melee` (default: the higher).")
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseTargetStats(Model):
    armor_energy: int = Field(0, ge=0, le=200)
    armor_kinetic: int = Field(0, ge=0, le=200)
    wound_threshold: int = Field(ge=1, le=200)
    durability: int = Field(ge=1, le=1000)
    death_rating: int = Field(ge=1, le=2000)
    damage: int = Field(0, ge=0, le=5000, description="Damage already taken.")
    wounds: int = Field(0, ge=0, le=1000, description="Wounds already taken.")


class EclipseAttackInput(Model):
    attack: AttackKind
    attacker: EclipseAttacker
    defender: EclipseDefender
    weapon: EclipseWeapon
    target: EclipseTargetStats
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseDamageInput(Model):
    weapon: EclipseWeapon = Field(description="Dice to roll (or `dice: 0` and a fixed `bonus`).")
    target: EclipseTargetStats


class EclipseHarm(Model):
    damage_value: int
    armor: int
    taken: int = Field(description="Damage after armor.")
    wounds: int = Field(description="Wounds from this hit: one per full wound threshold taken.")
    damage_total: int
    wounds_total: int
    condition: Literal["active", "incapacitated", "dead"]


class EclipseAttackResult(Model):
    attack: Literal["melee", "ranged"]
    defense_skill: str
    attacker: EclipseTestResult
    defender: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    reason: str
    hit: bool
    damage: EclipseDamageValue | None = None
    harm: EclipseHarm | None = None


class EclipseDamageResult(Model):
    damage: EclipseDamageValue
    harm: EclipseHarm


class EclipseSessionAttacker(Model):
    character: str = CharacterId
    skill: str | None = Field(None, max_length=60, description="Default: `Guns` at range, `Melee` in melee.")
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseSessionDefender(Model):
    character: str = CharacterId
    defense: DefenseSkill | None = Field(None, description="Against melee: `fray` or `melee` (default: the higher).")
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseAttackInSession(Model):
    attack: AttackKind
    attacker: EclipseSessionAttacker
    defender: EclipseSessionDefender
    weapon: EclipseWeapon


class EclipseAttackInSessionResult(EclipseAttackResult):
    attacker_character: str
    defender_character: str
    action_turn: EclipseTakeActionResult | None = Field(
        description=(
            "The attacker's action turn with the attack counted in it (a `rules.attackAction` action, complex by "
            "default, of physical nature); null when no initiative order runs or the attacker is not in it."
        )
    )


class EclipseDamageInSession(Model):
    character: str = CharacterId
    weapon: EclipseWeapon


class EclipseDamageInSessionResult(EclipseDamageResult):
    character: str
