"""The GM's sheet actions: healing, and editing the sheet.

The rules text gives no healing rates, so `heal` removes what the GM says (never more than
the character has). `edit-character` changes any sheet field within the same bounds a new
sheet has, and keeps what the table has recorded (pools spent, favors used, tests kept)."""

from __future__ import annotations

import copy

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.rules.character import derived, skill_entry
from service.systems.eclipse.rules.combat import condition
from service.systems.eclipse.rules.skills import key
from service.systems.eclipse.state import character, editable, gm_only
from service.systems.eclipse.wire.sheet import (
    EclipseCharacterEdited,
    EclipseEditCharacter,
    EclipseHealInSession,
    EclipseHealResult,
)


# Plain fields copied as given: request field → state key.
_PLAIN = {
    "name": "name",
    "flat": "flat",
    "initiative": "initiative",
    "damage": "damage",
    "wounds": "wounds",
    "traumas": "traumas",
}


def heal(state: dict, params: EclipseHealInSession, actor: Actor) -> tuple[dict, EclipseHealResult]:
    gm_only(state, actor, "heal a character")
    if params.damage == 0 and params.wounds == 0:
        raise errors.refuse(errors.HEAL, "heal some `damage` or `wounds`")
    new = editable(state)
    char = character(new, params.character)
    if char["condition"] == "dead":
        raise errors.refuse(errors.DEAD_CANNOT_BE_HEALED, f"{char['id']} is dead: its morph cannot be healed (edit the sheet for a new morph)")
    removed_damage = min(params.damage, char["damage"])
    removed_wounds = min(params.wounds, char["wounds"])
    _set_harm(char, damage=char["damage"] - removed_damage, wounds=char["wounds"] - removed_wounds)
    return new, EclipseHealResult(
        character=char["id"],
        damage_removed=removed_damage,
        wounds_removed=removed_wounds,
        damage=char["damage"],
        wounds=char["wounds"],
        condition=char["condition"],
    )


def _set_harm(char: dict, *, damage: int, wounds: int) -> None:
    char["damage"], char["wounds"] = damage, wounds
    char["ignoredWounds"] = min(char["ignoredWounds"], wounds)  # an ignored wound that healed is gone
    char["condition"] = condition(damage, char["durability"], char["deathRating"])


def edit_character(state: dict, params: EclipseEditCharacter, actor: Actor) -> tuple[dict, EclipseCharacterEdited]:
    gm_only(state, actor, "edit a character's sheet")
    new = editable(state)
    char = character(new, params.character)
    before = copy.deepcopy({k: v for k, v in char.items() if k not in ("tests", "lastTest")})
    # A field left out is None (the log keeps every field, so "given" cannot be told apart otherwise).
    for field, name in _PLAIN.items():
        if getattr(params, field) is not None:
            char[name] = getattr(params, field)
    if params.player is not None:
        char["player"] = params.player or None  # "" makes it a GM character
    if params.aptitudes is not None:
        char["aptitudes"] |= {k: v for k, v in params.aptitudes.model_dump(by_alias=True).items() if v is not None}
    _edit_skills(char, params)
    _edit_pools(char, params)
    for entry in params.rep:
        counters = char["rep"].get(entry.network, {"minorThisWeek": 0, "moderateThisWeek": 0, "majorThisArc": 0})
        char["rep"][entry.network] = counters | {"score": entry.score}
    if params.armor is not None:
        char["armor"] |= {k: v for k, v in params.armor.model_dump().items() if v is not None}
    _edit_body(char, params)
    char["ignoredTraumas"] = min(char["ignoredTraumas"], char["traumas"])
    _set_harm(char, damage=char["damage"], wounds=char["wounds"])
    changed = sorted(k for k in char if k in before and char[k] != before[k])  # stable whatever the stored key order
    if not changed:
        raise errors.refuse(errors.EDIT_NOTHING, f"the edit leaves {char['id']}'s sheet as it was")
    return new, EclipseCharacterEdited(id=char["id"], changed=changed, condition=char["condition"])


def _edit_skills(char: dict, params: EclipseEditCharacter) -> None:
    names = [key(s.name) for s in params.skills] + [key(n) for n in params.remove_skills]
    if len(set(names)) != len(names):
        raise errors.refuse(errors.DUPLICATE_ENTRY, "a skill is named twice in the edit")
    for name in params.remove_skills:
        if char["skills"].pop(key(name), None) is None:
            raise errors.refuse(errors.UNKNOWN_SKILL, f"{char['id']} has no skill {name!r} to remove")
    for skill in params.skills:
        char["skills"][key(skill.name)] = skill_entry(char["id"], skill)


def _edit_pools(char: dict, params: EclipseEditCharacter) -> None:
    if params.pools is None:
        return
    for pool, maximum in params.pools.model_dump().items():
        if maximum is not None:
            current = min(char["pools"][pool]["current"], maximum)
            char["pools"][pool] = {"current": current, "max": maximum}


def _edit_body(char: dict, params: EclipseEditCharacter) -> None:
    """Durability and what follows from it: given values win, else the defaults are worked out again."""
    rederive = params.durability is not None or params.synthetic is not None
    if params.durability is not None:
        char["durability"] = params.durability
    if params.synthetic is not None:
        char["synthetic"] = params.synthetic
    if not rederive and params.wound_threshold is None and params.death_rating is None:
        return
    threshold, death = derived(
        char["id"],
        char["durability"],
        synthetic=char["synthetic"],
        wound_threshold=params.wound_threshold or (None if rederive else char["woundThreshold"]),
        death_rating=params.death_rating or (None if rederive else char["deathRating"]),
    )
    char["woundThreshold"], char["deathRating"] = threshold, death


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
