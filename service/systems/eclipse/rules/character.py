"""A character at the table: built from its sheet, and what its state adds to a test."""

from __future__ import annotations

import math
from dataclasses import dataclass

from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.combat import condition
from service.systems.eclipse.rules.modifiers import Modifier
from service.systems.eclipse.rules.pools import POOLS, PoolLevel
from service.systems.eclipse.rules.skills import key, known
from service.systems.eclipse.state import Armor, Character, Skill, Standing
from service.systems.eclipse.wire.characters import EclipseCharacterSpec, EclipseSkillSpec

APTITUDES = ("cog", "int", "ref", "sav", "som", "wil")
DEATH_RATING_BIO = 1.5
DEATH_RATING_SYNTH = 2
WOUND_THRESHOLD_DIVISOR = 5


def build(spec: EclipseCharacterSpec) -> Character:
    """The character at the table, from its sheet: pools start full, nothing used or kept yet."""
    skills: dict[str, Skill] = {}
    for skill in spec.skills:
        k = key(skill.name)
        if k in skills:
            raise errors.refuse(errors.DUPLICATE_ENTRY, f"{spec.id}: skill {skill.name!r} is listed twice")
        skills[k] = skill_entry(spec.id, skill)
    rep: dict[str, Standing] = {}
    for entry in spec.rep:
        if entry.network in rep:
            raise errors.refuse(errors.DUPLICATE_ENTRY, f"{spec.id}: rep network {entry.network} is listed twice")
        rep[entry.network] = Standing(score=entry.score)
    durability = spec.durability
    threshold, death = derived(spec.id, durability, synthetic=spec.synthetic, wound_threshold=spec.wound_threshold, death_rating=spec.death_rating)
    return Character(
        id=spec.id,
        name=spec.name,
        player=spec.player,
        aptitudes=spec.aptitudes.model_dump(by_alias=True),
        skills=skills,
        pools={name: PoolLevel(current=getattr(spec.pools, name), max=getattr(spec.pools, name)) for name in POOLS},
        rep=rep,
        armor=Armor(energy=spec.armor.energy, kinetic=spec.armor.kinetic),
        durability=durability,
        wound_threshold=threshold,
        death_rating=death,
        synthetic=spec.synthetic,
        flat=spec.flat,
        initiative=spec.initiative,
        damage=spec.damage,
        wounds=spec.wounds,
        traumas=spec.traumas,
        condition=condition(spec.damage, durability, death),
    )


def skill_entry(cid: str, skill: EclipseSkillSpec) -> Skill:
    """A skill as the character keeps it, its linked aptitude and category filled from the skill list."""
    aptitude, category = skill.aptitude, skill.category
    listed = known(skill.name)
    if aptitude is None:
        if listed is None:
            raise errors.refuse(errors.SKILL_NEEDS_APTITUDE, f"{cid}: {skill.name!r} is not on the skill list; give its linked aptitude")
        aptitude = listed[0]
    if category is None and listed is not None:
        category = listed[1]
    return Skill(name=skill.name, rating=skill.rating, aptitude=aptitude, category=category, specialization=skill.specialization)


def derived(cid: str, durability: int, *, synthetic: bool, wound_threshold: int | None, death_rating: int | None) -> tuple[int, int]:
    """Wound threshold and Death Rating: as given, or the second-edition defaults from Durability."""
    threshold = wound_threshold or math.ceil(durability / WOUND_THRESHOLD_DIVISOR)
    death = death_rating or math.ceil(durability * (DEATH_RATING_SYNTH if synthetic else DEATH_RATING_BIO))
    if death < durability:
        raise errors.refuse(errors.INVALID_SHEET, f"{cid}: death rating {death} is below durability {durability}")
    return threshold, death


@dataclass(frozen=True, slots=True)
class Subject:
    """What a test rolls against."""

    label: str
    base: int
    aptitude: str | None
    category: str | None
    kind: str  # "skill" or "aptitude-check"
    defaulting: bool
    specialization: str | None


def subject(
    char: Character, *, skill: str | None, aptitude_check: str | None, default_aptitude: str | None, rules: EclipseRules
) -> Subject:
    if (skill is None) == (aptitude_check is None):
        raise errors.refuse(errors.TEST_SUBJECT, "name either a `skill` or an `aptitudeCheck` to test")
    if aptitude_check is not None:
        base = char.aptitudes[aptitude_check] * rules.aptitude_check_multiplier
        return Subject(f"{aptitude_check.upper()} check", base, aptitude_check, None, "aptitude-check", False, None)
    assert skill is not None
    owned = char.skills.get(key(skill))
    if owned is not None:
        return Subject(owned.name, owned.rating, owned.aptitude, owned.category, "skill", False, owned.specialization)
    listed = known(skill)
    linked = default_aptitude or (listed[0] if listed else None)
    if linked is None:
        raise errors.refuse(
            errors.UNKNOWN_SKILL,
            f"{char.id} lacks {skill!r}, which is not on the skill list: give `defaultAptitude` to default on its linked aptitude",
        )
    base = char.aptitudes[linked] * rules.defaulting_multiplier
    return Subject(f"{skill} (defaulting to {linked.upper()})", base, linked, listed[1] if listed else None, "skill", True, None)


def skill_rating(char: Character, skill: str) -> int | None:
    owned = char.skills.get(key(skill))
    return owned.rating if owned else None


def state_modifiers(char: Character, subj: Subject | None, rules: EclipseRules) -> list[Modifier]:
    """What the character's state adds to any test: wounds and traumas, an ongoing pool bonus,
    and a critical's ±20 carried over to this test."""
    out = []
    wounds = max(0, char.wounds - char.ignored_wounds)
    if wounds and rules.wound_penalty:
        out.append(Modifier("wounds", -rules.wound_penalty * wounds, f"{wounds} wound(s)"))
    traumas = max(0, char.traumas - char.ignored_traumas)
    if traumas and rules.wound_penalty:
        out.append(Modifier("traumas", -rules.wound_penalty * traumas, f"{traumas} trauma(s)"))
    if subj is not None and subj.kind == "skill":
        for ongoing in char.ongoing:
            if ongoing.aptitude == subj.aptitude:
                out.append(Modifier("ongoing", ongoing.bonus, f"{ongoing.pool} on {ongoing.aptitude.upper()}"))
    if char.next_test_modifier:
        out.append(Modifier("critical", char.next_test_modifier, "carried from a critical"))
    return out


def require_able(char: Character) -> None:
    if char.condition != "active":
        raise errors.refuse(errors.CANNOT_ACT, f"{char.id} is {char.condition} and cannot act")
