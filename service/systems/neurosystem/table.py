"""The session table: loading it, finding who is at it, and who may act for whom.

Session state is a plain dict in the session document; these helpers read it into the
typed `NeurosystemTable`, and write a new one back. Nothing here mutates its argument.
"""

from __future__ import annotations

import re

from service.errors import Problem
from service.registry import Actor
from service.systems.neurosystem import damage, errors
from service.systems.neurosystem.models import NeurosystemCheckRecord, StatCategory
from service.systems.neurosystem.models_table import (
    MAX_OPEN_CHECKS,
    NeurosystemCharacter,
    NeurosystemNc,
    NeurosystemOpenCheck,
    NeurosystemTable,
)
from service.systems.neurosystem.ratings import parse_rating

_CHECK_ID = re.compile(r"check-(\d{1,9})")


def load(state: dict) -> NeurosystemTable:
    return NeurosystemTable.model_validate(state)


def dump(table: NeurosystemTable) -> dict:
    return table.model_dump(mode="json", by_alias=True)


# -- who may act -------------------------------------------------------------------------------


def require_gm(actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise Problem("forbidden", f"only the Narrator (a gm seat) may {what}")


def require_player_of(actor: Actor, character: NeurosystemCharacter) -> None:
    """The Narrator acts for anyone; a player for characters it controls, or that nobody controls."""
    if actor.role == "gm" or character.controller in (None, actor.name):
        return
    raise Problem("forbidden", f"{character.id} is played from seat {character.controller!r}, not {actor.name!r}")


# -- characters ----------------------------------------------------------------------------------


def character(table: NeurosystemTable, character_id: str) -> NeurosystemCharacter:
    for candidate in table.characters:
        if candidate.id == character_id:
            return candidate
    known = ", ".join(c.id for c in table.characters) or "none yet"
    raise errors.refuse(errors.UNKNOWN_CHARACTER, f"no character {character_id!r} (characters: {known})")


def with_character(table: NeurosystemTable, updated: NeurosystemCharacter) -> NeurosystemTable:
    characters = [updated if c.id == updated.id else c for c in table.characters]
    return table.model_copy(update={"characters": characters})


def stat_die(who: NeurosystemCharacter, category: StatCategory, name: str | None) -> tuple[int, str]:
    """(sides, stat name) of the character's stat of that category: the one named, or its only one."""
    stats = [s for s in who.stats if s.category == category]
    if name is not None:
        stats = [s for s in stats if s.name.lower() == name.strip().lower()]
        if not stats:
            raise errors.refuse(errors.UNKNOWN_STAT, f"{who.id} has no {category} stat named {name!r}")
    elif len(stats) > 1:
        names = ", ".join(s.name for s in stats)
        raise errors.refuse(
            errors.AMBIGUOUS_STAT, f"{who.id} has several {category} stats ({names}): name the one to roll"
        )
    elif not stats:
        raise errors.refuse(errors.UNKNOWN_STAT, f"{who.id} has no {category} stat")
    return parse_rating(stats[0].rating, what=f"{who.id}'s {stats[0].name} rating"), stats[0].name


def require_alive(who: NeurosystemCharacter) -> None:
    if damage.held_levels(who.negative_states) & {damage.DEAD, damage.DESTROYED}:
        raise errors.refuse(errors.CHARACTER_DEAD, f"{who.id} is dead or destroyed and makes no more checks")


def spend_resolve(who: NeurosystemCharacter, why: str) -> NeurosystemCharacter:
    if (who.resolve or 0) < 1:
        raise errors.refuse(errors.NOT_ENOUGH_RESOLVE, f"{who.id} has no Resolve left to {why}")
    return who.model_copy(update={"resolve": (who.resolve or 0) - 1})


# -- NCs -------------------------------------------------------------------------------------------


def nc(table: NeurosystemTable, nc_id: str) -> NeurosystemNc:
    for candidate in table.ncs:
        if candidate.id == nc_id:
            return candidate
    known = ", ".join(n.id for n in table.ncs) or "none yet"
    raise errors.refuse(errors.UNKNOWN_NC, f"no NC {nc_id!r} (NCs: {known})")


def with_nc(table: NeurosystemTable, updated: NeurosystemNc) -> NeurosystemTable:
    return table.model_copy(update={"ncs": [updated if n.id == updated.id else n for n in table.ncs]})


def nc_stat(npc: NeurosystemNc, name: str) -> int:
    for stat in npc.stats:
        if stat.name.lower() == name.strip().lower():
            return stat.value
    known = ", ".join(s.name for s in npc.stats) or "none"
    raise errors.refuse(errors.UNKNOWN_STAT, f"NC {npc.id} has no stat {name!r} (stats: {known})")


# -- open checks -----------------------------------------------------------------------------------


def open_check(table: NeurosystemTable, check_id: str) -> NeurosystemOpenCheck:
    """The open check with that id; a past one is a 409, one never made a 404."""
    for candidate in table.open_checks:
        if candidate.id == check_id:
            return candidate
    match = _CHECK_ID.fullmatch(check_id)
    if match and 1 <= int(match.group(1)) <= table.checks_made:
        raise errors.refuse(
            errors.CHECK_ALREADY_APPLIED,
            f"{check_id} was already applied (or closed by a scene end); it takes no more Luck, pushes or applies"
        )
    raise errors.refuse(errors.UNKNOWN_CHECK, f"no check {check_id!r} was made in this session")


def opened(table: NeurosystemTable, character_id: str, record: NeurosystemCheckRecord) -> tuple[NeurosystemTable, NeurosystemOpenCheck]:
    if len(table.open_checks) >= MAX_OPEN_CHECKS:
        raise errors.refuse(
            errors.TABLE_FULL, f"{MAX_OPEN_CHECKS} checks are open: apply some before making more"
        )
    number = table.checks_made + 1
    entry = NeurosystemOpenCheck(id=f"check-{number}", character=character_id, check=record)
    return table.model_copy(update={"checks_made": number, "open_checks": [*table.open_checks, entry]}), entry


def with_check(table: NeurosystemTable, entry: NeurosystemOpenCheck) -> NeurosystemTable:
    return table.model_copy(update={"open_checks": [entry if c.id == entry.id else c for c in table.open_checks]})


def without_check(table: NeurosystemTable, check_id: str) -> NeurosystemTable:
    return table.model_copy(update={"open_checks": [c for c in table.open_checks if c.id != check_id]})
