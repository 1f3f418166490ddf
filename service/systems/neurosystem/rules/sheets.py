"""Reading a sheet at the table: the stat die a character rolls, an NC's static stat, Resolve spent."""

from __future__ import annotations

from service.systems.neurosystem import errors
from service.systems.neurosystem.rules.ratings import parse_rating
from service.systems.neurosystem.wire.shared import StatCategory
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemNc


def stat_die(who: NeurosystemCharacter, category: StatCategory, name: str | None) -> tuple[int, str]:
    """(sides, stat name) of the character's stat of that category: the one named, or its only one."""
    stats = [s for s in who.stats if s.category == category]
    if name is not None:
        stats = [s for s in stats if s.name.lower() == name.strip().lower()]
        if not stats:
            raise errors.refuse(errors.UNKNOWN_STAT, f"{who.id} has no {category} stat named {name!r}")
    elif len(stats) > 1:
        names = ", ".join(s.name for s in stats)
        raise errors.refuse(errors.AMBIGUOUS_STAT, f"{who.id} has several {category} stats ({names}): name the one to roll")
    elif not stats:
        raise errors.refuse(errors.UNKNOWN_STAT, f"{who.id} has no {category} stat")
    return parse_rating(stats[0].rating, what=f"{who.id}'s {stats[0].name} rating"), stats[0].name


def nc_stat(npc: NeurosystemNc, name: str) -> int:
    """An NC's static stat value (the DN of checks made against it), by name, case aside."""
    for stat in npc.stats:
        if stat.name.lower() == name.strip().lower():
            return stat.value
    known = ", ".join(s.name for s in npc.stats) or "none"
    raise errors.refuse(errors.UNKNOWN_STAT, f"NC {npc.id} has no stat {name!r} (stats: {known})")


def spend_resolve(who: NeurosystemCharacter, why: str) -> NeurosystemCharacter:
    if (who.resolve or 0) < 1:
        raise errors.refuse(errors.NOT_ENOUGH_RESOLVE, f"{who.id} has no Resolve left to {why}")
    return who.model_copy(update={"resolve": (who.resolve or 0) - 1})
