"""Wire models of the stateless requests: every number the rule needs is in the body."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field
from pydantic.config import JsonDict

from service.model import Model
from service.systems.eclipse.actions import ActionKind, Extra, Nature
from service.systems.eclipse.combat import AttackKind, DefenseSkill
from service.systems.eclipse.hacking import Method
from service.systems.eclipse.models import (
    Aptitude,
    EclipseIntrusionState,
    EclipseModifier,
    EclipsePoolSpend,
    EclipseResultOptions,
    EclipseTask,
    EclipseWeapon,
    SkillCategory,
)
from service.systems.eclipse.pools import Pool, SpecialUse, TestKind
from service.systems.eclipse.rep import Favor, Network
from service.systems.eclipse.rules import EclipseRules

MAX_MODIFIERS = 20
MAX_SPENDS = 4  # the rule (1 per test by default) is checked by the rule, with its own code
MAX_HELPERS = 10  # a list bound only: the rules cap the teamwork bonus at +30, not the number of helpers


class EclipseHelper(Model):
    rating: int | None = Field(None, ge=0, le=200, description="The helper's rating in the skill; omit if it lacks the skill.")


class EclipseSide(EclipseResultOptions):
    """One test's own numbers: the target and everything that modifies it."""

    target: int = Field(ge=0, le=200, description="Skill rating, aptitude check (aptitude ×3) or rep score.")
    aptitude: Aptitude | None = Field(None, description="The aptitude the test is linked to (decides which pools may help).")
    kind: TestKind = Field("skill", description="`skill`, `aptitude-check`, `rep` or `infection` (Moxie serves the last two).")
    skill_category: SkillCategory | None = Field(None, description="Know, Technical and Vehicle tests only count helpers at 40+.")
    specialization: bool = Field(False, description="The skill's specialization applies: +10.")
    defaulting: bool = Field(False, description="Rolling against the linked aptitude for a missing skill: no critical successes.")
    retries: int = Field(0, ge=0, le=10, description="Earlier failed attempts at this action: −10 each.")
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    helpers: list[EclipseHelper] = Field(
        default_factory=list,
        max_length=MAX_HELPERS,
        description=(
            "Teamwork: +10 for each helper who counts (on Know, Technical and Vehicle tests only those rated 40+), "
            f"capped at +30; more than three may be listed. At most {MAX_HELPERS} entries."
        ),
    )
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseTestInput(EclipseSide):
    task: EclipseTask | None = Field(None, description="Make it a task action with this timeframe.")
    damage: EclipseWeapon | None = Field(None, description="Damage rolled on a success (with superior `damage` dice and `double-damage`).")
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseOpposedTestInput(Model):
    a: EclipseSide
    b: EclipseSide
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseAfterRollInput(Model):
    roll: int = Field(ge=0, le=99, description="The 00–99 reading the test got.")
    target: int = Field(ge=-200, le=400, description="The modified target number it was judged against.")
    defaulting: bool = False
    aptitude: Aptitude | None = None
    kind: TestKind = "skill"
    pool: Pool
    use: Literal["flip-flop", "upgrade", "downgrade-critical-failure"]
    points_already_spent: int = Field(0, ge=0, le=4, description="Pool points the test already took.")
    rules: EclipseRules = Field(default_factory=EclipseRules)


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
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseDamageInput(Model):
    weapon: EclipseWeapon = Field(description="Dice to roll (or `dice: 0` and a fixed `bonus`).")
    target: EclipseTargetStats


class EclipseHackInput(Model):
    method: Method
    infosec: int = Field(ge=0, le=200)
    firewall: int = Field(ge=0, le=200)
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    firewall_modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS, description="Infosec is COG-linked: Insight or Flex.")
    current: EclipseIntrusionState | None = Field(None, description="An intrusion already under way, to escalate.")
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseRepTestInput(Model):
    network: Network
    score: int = Field(ge=0, le=99)
    favor: Favor
    used: int = Field(0, ge=0, le=50, description="Favors of this size already used in this network this week (story arc for Major).")
    secrecy: int = Field(0, ge=0, le=60, description="Penalty taken to keep the request secret.")
    burn_for_bonus: int = Field(0, ge=0, le=99, description="Rep burnt for a bonus of twice the points.")
    burn_for_extra_favor: bool = Field(False, description="Burn rep (5 / 10 / 20) if the favor is beyond the limit.")
    retries: int = Field(0, ge=0, le=10)
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS, description="Moxie or Flex.")
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseCombatant(Model):
    name: str = Field(min_length=1, max_length=80)
    initiative: int = Field(ge=0, le=50)
    ref: int = Field(0, ge=0, le=60)


class EclipseInitiativeInput(Model):
    combatants: list[EclipseCombatant] = Field(min_length=1, max_length=32)
    rules: EclipseRules = Field(default_factory=EclipseRules)


class EclipseActionSpec(Model):
    kind: ActionKind
    nature: Nature = "physical"


class EclipseActionTurnInput(Model):
    actions: list[EclipseActionSpec] = Field(max_length=12)
    extras: list[Extra] = Field(
        default_factory=list, max_length=4, description="Extra actions: `mental` (Insight), `physical` (Vigor), `any` (a critical)."
    )


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
    rules: EclipseRules = Field(default_factory=EclipseRules)
