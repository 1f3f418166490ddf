"""The GM's sheet actions: healing, and editing the sheet.

The rules text gives no healing rates, so `heal` removes what the GM says (never more than
the character has). `edit-character` changes any sheet field within the same bounds a new
sheet has, and keeps what the table has recorded (pools spent, favors used, tests kept)."""

from __future__ import annotations

from typing import Any

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.rules.character import derived, skill_entry
from service.systems.eclipse.rules.combat import condition
from service.systems.eclipse.rules.skills import key
from service.systems.eclipse.rules.pools import POOLS, PoolLevel
from service.systems.eclipse.state import Character, EclipseState, Skill, Standing, gm_only
from service.systems.eclipse.wire.sheet import (
    EclipseCharacterEdited,
    EclipsePoolMaximaEdit,
    EclipseEditCharacter,
    EclipseHealInSession,
    EclipseHealResult,
)


# Plain fields copied as given.
_PLAIN = ("name", "flat", "initiative", "damage", "wounds", "traumas")
_KEPT = frozenset({"tests", "last_test"})  # what the table recorded, not the sheet


def heal(state: EclipseState, params: EclipseHealInSession, actor: Actor) -> tuple[EclipseState, EclipseHealResult]:
    gm_only(actor, "heal a character")
    if params.damage == 0 and params.wounds == 0:
        raise errors.refuse(errors.HEAL, "heal some `damage` or `wounds`")
    char = state.character(params.character)
    if char.condition == "dead":
        raise errors.refuse(errors.DEAD_CANNOT_BE_HEALED, f"{char.id} is dead: its morph cannot be healed (edit the sheet for a new morph)")
    removed_damage = min(params.damage, char.damage)
    removed_wounds = min(params.wounds, char.wounds)
    char = _with_harm(char, damage=char.damage - removed_damage, wounds=char.wounds - removed_wounds)
    return state.with_character(char), EclipseHealResult(
        character=char.id,
        damage_removed=removed_damage,
        wounds_removed=removed_wounds,
        damage=char.damage,
        wounds=char.wounds,
        condition=char.condition,
    )


def _with_harm(char: Character, *, damage: int, wounds: int) -> Character:
    return char.model_copy(
        update={
            "damage": damage,
            "wounds": wounds,
            "ignored_wounds": min(char.ignored_wounds, wounds),  # an ignored wound that healed is gone
            "condition": condition(damage, char.durability, char.death_rating),
        }
    )


def edit_character(state: EclipseState, params: EclipseEditCharacter, actor: Actor) -> tuple[EclipseState, EclipseCharacterEdited]:
    gm_only(actor, "edit a character's sheet")
    before = state.character(params.character)
    # A field left out is None (the log keeps every field, so "given" cannot be told apart otherwise).
    update: dict[str, Any] = {name: getattr(params, name) for name in _PLAIN if getattr(params, name) is not None}
    if params.player is not None:
        update["player"] = params.player or None  # "" makes it a GM character
    if params.aptitudes is not None:
        update["aptitudes"] = before.aptitudes | {k: v for k, v in params.aptitudes.model_dump(by_alias=True).items() if v is not None}
    update["skills"] = _edited_skills(before, params)
    if params.pools is not None:
        update["pools"] = _edited_pools(before, params.pools)
    if params.rep:
        rep = dict(before.rep)
        for entry in params.rep:
            rep[entry.network] = rep.get(entry.network, Standing(score=entry.score)).model_copy(update={"score": entry.score})
        update["rep"] = rep
    if params.armor is not None:
        update["armor"] = before.armor.model_copy(update={k: v for k, v in params.armor.model_dump().items() if v is not None})
    char = _edited_body(before.model_copy(update=update), params)
    char = char.model_copy(update={"ignored_traumas": min(char.ignored_traumas, char.traumas)})
    char = _with_harm(char, damage=char.damage, wounds=char.wounds)
    fields = Character.model_fields
    changed = sorted(fields[f].alias or f for f in fields if f not in _KEPT and getattr(char, f) != getattr(before, f))
    if not changed:
        raise errors.refuse(errors.EDIT_NOTHING, f"the edit leaves {char.id}'s sheet as it was")
    return state.with_character(char), EclipseCharacterEdited(id=char.id, changed=changed, condition=char.condition)


def _edited_skills(char: Character, params: EclipseEditCharacter) -> dict[str, Skill]:
    names = [key(s.name) for s in params.skills] + [key(n) for n in params.remove_skills]
    if len(set(names)) != len(names):
        raise errors.refuse(errors.DUPLICATE_ENTRY, "a skill is named twice in the edit")
    skills = dict(char.skills)
    for name in params.remove_skills:
        if skills.pop(key(name), None) is None:
            raise errors.refuse(errors.UNKNOWN_SKILL, f"{char.id} has no skill {name!r} to remove")
    for skill in params.skills:
        skills[key(skill.name)] = skill_entry(char.id, skill)
    return skills


def _edited_pools(char: Character, maxima: EclipsePoolMaximaEdit) -> dict[str, PoolLevel]:
    pools = dict(char.pools)
    for pool in POOLS:
        maximum = getattr(maxima, pool)
        if maximum is not None:
            pools[pool] = PoolLevel(current=min(pools[pool].current, maximum), max=maximum)
    return pools


def _edited_body(char: Character, params: EclipseEditCharacter) -> Character:
    """Durability and what follows from it: given values win, else the defaults are worked out again."""
    rederive = params.durability is not None or params.synthetic is not None
    durability = params.durability if params.durability is not None else char.durability
    synthetic = params.synthetic if params.synthetic is not None else char.synthetic
    char = char.model_copy(update={"durability": durability, "synthetic": synthetic})
    if not rederive and params.wound_threshold is None and params.death_rating is None:
        return char
    threshold, death = derived(
        char.id,
        durability,
        synthetic=synthetic,
        wound_threshold=params.wound_threshold or (None if rederive else char.wound_threshold),
        death_rating=params.death_rating or (None if rederive else char.death_rating),
    )
    return char.model_copy(update={"wound_threshold": threshold, "death_rating": death})


SYSTEM.mechanic(
    "heal",
    "Remove damage and wounds from a character (GM)",
    "The rules text gives no healing rates, so the GM sets how much damage and how many wounds go (never more than "
    "the character has). Condition follows: below Durability the character is active again. The dead are not healed.",
    session=heal,
)
SYSTEM.mechanic(
    "edit-character",
    "Change fields of a character's sheet (GM)",
    "Only the fields given change, within the bounds of a new sheet: name, player, aptitudes, skills (add or replace "
    "by name, remove), pool maxima (current points are cut to a lower maximum), rep scores, armor, Durability (wound "
    "threshold and Death Rating are worked out again unless given), Initiative, damage, wounds and traumas. What the "
    "table recorded (pools spent, favors used, kept tests) stays. An edit that changes nothing is refused.",
    session=edit_character,
)
