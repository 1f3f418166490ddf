"""Attacks, damage, dying and healing."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic.config import JsonDict

from service.dice.results import DiceRollResult
from service.model import Model
from service.systems.ncb.wire.checks import _ADVANTAGE, _DISADVANTAGE, _EXHAUSTION, _RULES
from service.systems.ncb.wire.rolls import NcbD20Roll, NcbDamageOutcome, NcbTargetSpec, NcbWeaponDamage
from service.systems.ncb.wire.sheet import CombatantId, NcbWeapon
from service.systems.ncb.options import NcbRules, default_rules

Cover = Literal["none", "half", "three-quarters", "total"]
DamageKind = Literal["physical", "program", "environmental"]
_COVER = "Target's cover: half +2 AC, three-quarters +5 AC (5e); total cover cannot be attacked."
_KIND = "`physical` weapon damage is softened by damage reduction; `program` and `environmental` damage never is."
_AMOUNT = "A fixed amount of damage. Give this or `dice`, not both."
_HEALING = "A fixed number of hit points restored, up to the maximum. Give this or `dice`, not both."
_USE_LAST_BREATH = (
    "The target's player takes Last Breath if this hit would drop it to 0 and Last Breath can save it. "
    "Default false: the answer offers it (`lastBreathOffered`) and spends nothing. Only a seat that runs the "
    "target (its player or the GM) may send true."
)
_DICE = (
    "Damage as a dice formula in platform notation, e.g. `3d6` or `2d4+2`, totalling at most 9999. "
    "Give this or `amount`, not both."
)
_HEALING_DICE = (
    "Hit points restored as a dice formula in platform notation, e.g. `2d4+2`, totalling at most 9999 "
    "(the maximum HP still caps them). Give this or `amount`, not both."
)


class NcbAttackerSpec(Model):
    strength: int = Field(10, ge=1, le=30)
    dexterity: int = Field(10, ge=1, le=30)
    level: int = Field(1, ge=1, le=20, description="Sets the proficiency bonus.")
    proficient: bool = Field(True, description="Proficient with the weapon: adds the proficiency bonus.")
    exhaustion: int = Field(0, ge=0, le=5, description=_EXHAUSTION)


class NcbAttackParams(Model):
    attacker: NcbAttackerSpec
    weapon: NcbWeapon
    target: NcbTargetSpec
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    cover: Cover = Field("none", description=_COVER)
    bonus: int = Field(0, ge=-10, le=10, description="Any other modifier to the attack roll.")
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


# Exactly one of `weaponName` or `weapon`, in JSON Schema; breaking it answers `ncb/weapon-choice` (422).
_ONE_WEAPON: JsonDict = {
    "oneOf": [
        {"required": ["weaponName"], "properties": {"weaponName": {"type": "string"}}},
        {"required": ["weapon"], "properties": {"weapon": {"type": "object"}}},
    ]
}


class NcbAttackAction(Model):
    model_config = {**Model.model_config, "json_schema_extra": _ONE_WEAPON}

    attacker: CombatantId
    target: CombatantId = Field(description="Another combatant: no one attacks itself (422 `ncb/self-attack`).")
    weapon_name: str | None = Field(
        None, max_length=60, description="One of the attacker's weapons, by name. Give this or `weapon`."
    )
    weapon: NcbWeapon | None = Field(None, description="Or a weapon described here. Give this or `weaponName`.")
    economy: Literal["action", "bonus-action", "reaction"] = Field(
        "action", description="In combat: an action or bonus action on the attacker's turn, or its reaction."
    )
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    cover: Cover = Field("none", description=_COVER)
    bonus: int = Field(0, ge=-10, le=10, description="Any other modifier to the attack roll.")
    use_last_breath: bool = Field(False, description=_USE_LAST_BREATH)


class NcbAttackResult(Model):
    attacker: str | None = None
    target: str | None = None
    weapon: str
    tags: list[str]
    overkill: bool
    attack: NcbD20Roll
    ability: Literal["strength", "dexterity"]
    ability_modifier: int
    proficiency_bonus: int
    tech_bonus: int
    armor_class: int = Field(description="The AC rolled against, cover included.")
    cover: Cover
    hit: bool
    critical: bool
    damage: NcbWeaponDamage | None = None
    outcome: NcbDamageOutcome | None = None
    economy: str | None = Field(None, description="What the attack spent in a running combat.")


# "Exactly one of `amount` or `dice`" in JSON Schema: a null counts as not given, as the server reads it.
_ONE_OF_AMOUNT_OR_DICE: JsonDict = {
    "oneOf": [
        {"required": ["amount"], "properties": {"amount": {"type": "integer"}}},
        {"required": ["dice"], "properties": {"dice": {"type": "string"}}},
    ]
}


class _AmountOrDice(Model):
    """Damage as a fixed amount or a formula; sending both or neither is a 422 `ncb/amount-or-dice`."""

    model_config = {**Model.model_config, "json_schema_extra": _ONE_OF_AMOUNT_OR_DICE}

    amount: int | None = Field(None, ge=0, le=9999, description=_AMOUNT)
    dice: str | None = Field(None, min_length=1, max_length=100, description=_DICE)


class _HealingAmountOrDice(_AmountOrDice):
    """Healing as a fixed amount or a formula; sending both or neither is a 422 `ncb/amount-or-dice`."""

    amount: int | None = Field(None, ge=0, le=9999, description=_HEALING)
    dice: str | None = Field(None, min_length=1, max_length=100, description=_HEALING_DICE)


class NcbDamageParams(_AmountOrDice):
    target: NcbTargetSpec
    kind: DamageKind = Field("physical", description=_KIND)
    critical: bool = Field(
        False, description="Critical-hit damage: no reduction; bringing the target to 0 flatlines it."
    )
    overkill: bool = Field(False, description="From an Overkill weapon: bringing the target to 0 annihilates it.")
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbDamageAction(_AmountOrDice):
    target: CombatantId
    kind: DamageKind = Field("physical", description=_KIND)
    critical: bool = Field(
        False, description="Critical-hit damage: no reduction; bringing the target to 0 flatlines it."
    )
    overkill: bool = Field(False, description="From an Overkill weapon: bringing the target to 0 annihilates it.")
    use_last_breath: bool = Field(False, description=_USE_LAST_BREATH)


class NcbDamageResult(Model):
    target: str | None = None
    roll: DiceRollResult | None = None
    outcome: NcbDamageOutcome


class NcbDeathSaveParams(Model):
    successes: int = Field(ge=0, le=2, description="Successes so far.")
    failures: int = Field(ge=0, le=2, description="Failures so far.")
    modifier: int = Field(0, ge=-10, le=10)
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    exhaustion: int = Field(0, ge=0, le=5, description=_EXHAUSTION)
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbDeathSaveAction(Model):
    combatant: CombatantId
    modifier: int = Field(0, ge=-10, le=10)
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)


class NcbDeathSaveResult(Model):
    combatant: str | None = None
    roll: NcbD20Roll
    successes: int
    failures: int
    result: Literal["success", "failure", "stabilized", "revived", "flatlined"] = Field(
        description="`stabilized` at three successes, `flatlined` at three failures, `revived` (1 HP) on a natural 20."
    )
    condition: Literal["up", "dying", "stable", "flatlined", "annihilated"]
    hp: int


class NcbLastBreathParams(Model):
    """A character a hit just dropped to 0 with Last Breath ready, as the caller keeps it."""

    exhaustion: int = Field(0, ge=0, le=5, description="Exhaustion before taking it; taking it adds a level.")
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbLastBreathAction(Model):
    combatant: CombatantId = Field(
        description="Who takes it: the last hit must have dropped it to 0 with Last Breath ready "
        "(`lastBreathOffered`), and nothing may have changed its HP or death saves since."
    )


class NcbLastBreathResult(Model):
    combatant: str | None = None
    hp: int = Field(description="1, or 0 when the added exhaustion level flatlines.")
    condition: Literal["up", "flatlined"]
    exhaustion: int
    result: Literal["last-breath", "flatlined"]
    cause: Literal["exhaustion"] | None = Field(description="`exhaustion` when the sixth level flatlines (5e-2024).")
    last_breath: bool = Field(description="Still available: false, until a long rest.")


Method = Literal["medicine", "med-patch", "help"]
_METHOD = (
    "`medicine`: a Medicine check against the table's stabilize DV (default 10); "
    "`med-patch` and `help` (a friend's hands) stop the bleeding without a roll."
)


class NcbStabilizeParams(Model):
    method: Method = Field(description=_METHOD)
    medicine_bonus: int = Field(0, ge=-10, le=20, description="The helper's Medicine modifier.")
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)
    rules: NcbRules = Field(default_factory=default_rules, description=_RULES)


class NcbStabilizeAction(Model):
    helper: CombatantId
    target: CombatantId
    method: Method = Field("medicine", description=_METHOD)
    proficient: bool = Field(False, description="The helper is proficient in Medicine (adds proficiency to Wisdom).")
    bonus: int = Field(0, ge=-10, le=10)
    advantage: bool = Field(False, description=_ADVANTAGE)
    disadvantage: bool = Field(False, description=_DISADVANTAGE)


class NcbStabilizeResult(Model):
    helper: str | None = None
    target: str | None = None
    method: Method
    roll: NcbD20Roll | None
    stabilized: bool
    condition: Literal["up", "dying", "stable", "flatlined", "annihilated"]
    economy: str | None = None


class NcbHealParams(_HealingAmountOrDice):
    target: NcbTargetSpec


class NcbHealAction(_HealingAmountOrDice):
    target: CombatantId
    healer: CombatantId | None = Field(None, description="Who heals; in combat it spends the healer's `economy`.")
    economy: Literal["none", "action", "bonus-action"] = Field(
        "action", description="What healing costs the healer in combat."
    )


class NcbHealResult(Model):
    healer: str | None = None
    target: str | None = None
    roll: DiceRollResult | None = None
    healed: int
    hp_before: int
    hp_after: int
    max_hp: int
    condition: Literal["up", "dying", "stable", "flatlined", "annihilated"]
