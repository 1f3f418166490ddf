"""Wire models of combat: defending, attacking, taking damage, and what reduces it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema

from service.model import Model
from service.systems.neurosystem.options import PROTECTION_MATCH_DESCRIPTION, ProtectionMatch
from service.systems.neurosystem.wire.records import NeurosystemCheckResult
from service.systems.neurosystem.wire.shared import CATEGORY_DESCRIPTION, Category, StateName, exactly_one

AttackType = Annotated[str, Field(min_length=1, max_length=40)]
_TYPE_SCHEMA = {"type": "string", "minLength": 1, "maxLength": 40}


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


# One string is read as a list of one: its words are tags all the same, and GraphQL coerces it too.
AttackTags = Annotated[
    list[AttackType],
    BeforeValidator(_as_list),
    Field(min_length=1, max_length=10),
    WithJsonSchema({"anyOf": [_TYPE_SCHEMA, {"type": "array", "items": _TYPE_SCHEMA, "minItems": 1, "maxItems": 10}]}),
]
ATTACK_TYPE_DESCRIPTION = (
    "The attack's type as a set of tags: a list (`[\"kinetic\", \"ranged\"]`), or one string whose words are "
    "the tags (`\"kinetic ranged\"`); case and spacing do not matter. Needed when the target has protection, "
    "which counts when a type it lists matches these tags under `protectionMatch`."
)

_MECHANICAL = (
    "Use the mechanical names (badly-damaged, wrecked, shutting-down…) for what lands. When omitted: "
    "{default}."
)


class NeurosystemRange(Model):
    """Where the target stands against the weapon's ideal range, in tactical range increments."""

    ideal: int = Field(ge=0, le=20, description="The weapon's ideal range (e.g. 3 for a Medium kinetic rifle).")
    distance: int = Field(ge=0, le=20, description="Range increments between attacker and target.")


class NeurosystemProtection(Model):
    """Protection gear: a rating in categories, counted only against the attack types it lists."""

    name: str = Field(min_length=1, max_length=80)
    rating: int = Field(ge=0, le=10)
    against: list[AttackType] = Field(
        min_length=1,
        max_length=10,
        description="Attack types it protects against, each one or more words read as tags (case and spacing do "
        "not matter), e.g. `kinetic ranged` for a resonance shield or `kinetic` for a vest.",
    )


class NeurosystemSituation(Model):
    """What about this attack reduces damage; the target's protection comes from the session."""

    mitigation: list[Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=list, max_length=10, description="Every mitigation rating that applies; only the highest counts."
    )
    range: NeurosystemRange | None = Field(default=None, description="Omit when range does not matter.")
    attack_type: AttackTags | None = Field(default=None, description=ATTACK_TYPE_DESCRIPTION)


class NeurosystemReductions(Model):
    """Everything that reduces damage: mitigation, range, and the target's protection."""

    mitigation: list[Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=list, max_length=10, description="Every mitigation rating that applies; only the highest counts."
    )
    range: NeurosystemRange | None = Field(default=None, description="Omit when range does not matter.")
    attack_type: AttackTags | None = Field(default=None, description=ATTACK_TYPE_DESCRIPTION)
    protection: list[NeurosystemProtection] = Field(
        default_factory=list, max_length=10, description="The target's protection; the highest matching one counts."
    )
    protection_match: ProtectionMatch = Field(default="either-includes", description=PROTECTION_MATCH_DESCRIPTION)


class NeurosystemReductionResult(Model):
    mitigation: int = Field(description="The highest mitigation.")
    range: int = Field(description="Range increments away from the weapon's ideal range.")
    protection: int = Field(description="The highest protection one of whose listed types matches the attack's tags.")
    protection_used: str | None
    total: int = Field(description="Categories taken off: mitigation + range + protection.")


class NeurosystemDefendParams(Model):
    stk_total: int = Field(ge=-1000, le=2000, description="The defender's final STK total (after Luck and pushes).")
    incoming: Category = Field(description="The attack's standard damage category. " + CATEGORY_DESCRIPTION)
    reductions: NeurosystemReductions = Field(default_factory=NeurosystemReductions)
    negative_states: list[StateName] = Field(
        default_factory=list, max_length=40, description="Negative states the defender carries (damage ones matter)."
    )
    mechanical: bool | None = Field(default=None, description=_MECHANICAL.format(default="the family of `incoming`"))


class NeurosystemDefendAction(Model):
    model_config = ConfigDict(json_schema_extra=exactly_one("incoming", "attacker"))

    check: str = Field(min_length=1, max_length=20, description="The open check made to defend; this applies it.")
    incoming: Category | None = Field(
        default=None, description="The standard damage category (or give `attacker`). " + CATEGORY_DESCRIPTION
    )
    attacker: str | None = Field(
        default=None,
        max_length=40,
        description="An NC whose standard damage is the incoming damage (or give `incoming`); an NC without one "
        "is refused as `neurosystem/no-incoming-damage`.",
    )
    situation: NeurosystemSituation = Field(default_factory=NeurosystemSituation)
    mechanical: bool | None = Field(default=None, description=_MECHANICAL.format(default="the character's body"))


class NeurosystemDefendResult(Model):
    character: str | None = Field(default=None, description="In a session: the defender.")
    check: NeurosystemCheckResult | None = Field(default=None, description="In a session: the check, now applied.")
    stk_total: int
    incoming: str
    shift: int = Field(description="Categories the check added (+) or took off (-), from the defend table.")
    after_check: str | None = Field(
        description="Damage after the check. It never goes past destroyed, and that cap comes first: mitigation, "
        "range and protection then act on what the check let through (dead with a check below 4 caps at destroyed, "
        "and 2 mitigation lands dying, not destroyed). The text orders the reductions after the check; where the "
        "cap falls it leaves open."
    )
    reductions: NeurosystemReductionResult
    landed: str | None = Field(description="Damage after reductions; none when reduced below lightly injured.")
    landed_severity: int = Field(description="0 none, 1 lightly injured … 7 destroyed.")
    suffered: str | None = Field(description="The category gained: the one landed, or the next worse not yet held.")
    negative_states: list[str] = Field(description="The defender's negative states afterwards.")


class NeurosystemAttackParams(Model):
    stk_total: int = Field(ge=-1000, le=2000, description="The attacker's final STK total (after Luck and pushes).")
    current: Category | None = Field(default=None, description="The NC's damage track now; none when unharmed.")
    mechanical: bool = Field(default=False, description="The target is mechanical: name results wrecked, shut-down…")
    reductions: NeurosystemReductions = Field(default_factory=NeurosystemReductions)


class NeurosystemAttackAction(Model):
    check: str = Field(min_length=1, max_length=20, description="The open check made to attack; this applies it.")
    target: str = Field(min_length=1, max_length=40, description="The NC attacked.")
    situation: NeurosystemSituation = Field(default_factory=NeurosystemSituation)


class NeurosystemAttackResult(Model):
    nc: str | None = Field(default=None, description="In a session: the NC attacked.")
    check: NeurosystemCheckResult | None = Field(default=None, description="In a session: the check, now applied.")
    stk_total: int
    table_result: str | None = Field(
        description="What the attack table gives for the total; none for uninjured. It is dealt whether or not the "
        "check met a DN (an NC's stat as DN included): the text reads an attack's effect off this table, lowered "
        "only by mitigation, range and protection, and its lowest row is the miss. The check's own outcome is "
        "reported with it, for a cost or a narrated near miss."
    )
    reductions: NeurosystemReductionResult
    hit: str | None = Field(
        description="The result after reductions; none for no harm: an uninjured table result, or one the "
        "reductions took below lightly injured."
    )
    hit_severity: int
    track_before: str | None
    track_after: str | None
    track_severity: int
    movement: Literal["none", "escalated", "jumped", "capped"] = Field(
        description="`escalated`: no worse than the track, one worse; `jumped`: straight to a worse result; "
        "`none`: no harm, so the track stays, even on an injured NC (an uninjured result, or a hit reduced to "
        "nothing: the text's one exception to escalating is the uninjured result, and a hit reduced below lightly "
        "injured is treated as one); `capped`: already destroyed."
    )


class NeurosystemTakeDamageParams(Model):
    category: Category = Field(description=CATEGORY_DESCRIPTION)
    negative_states: list[StateName] = Field(default_factory=list, max_length=40)
    mechanical: bool | None = Field(default=None, description=_MECHANICAL.format(default="the family of `category`"))


class NeurosystemTakeDamageAction(Model):
    character: str = Field(min_length=1, max_length=40)
    category: Category = Field(description=CATEGORY_DESCRIPTION)
    mechanical: bool | None = Field(default=None, description=_MECHANICAL.format(default="the character's body"))


class NeurosystemTakeDamageResult(Model):
    character: str | None = None
    category: str
    suffered: str | None = Field(description="The category gained: this one, or the next worse not yet held.")
    negative_states: list[str]
