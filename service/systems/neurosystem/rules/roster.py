"""Who sits at the table: checking characters and NCs as they join.

A character joins with canonical die ratings (`D8` becomes `d8`), its negative states
normalized, and Resolve at its maximum unless given; an NC with its static stats.
"""

from __future__ import annotations

from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import negative_states
from service.systems.neurosystem.rules.ratings import normalize_rating
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.shared import MAX_CHARACTERS, MAX_NCS
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemNc


def prepared_character(spec: NeurosystemCharacter) -> NeurosystemCharacter:
    seen: set[tuple[str, str]] = set()
    stats = []
    for stat in spec.stats:
        key = (stat.category, stat.name.strip().lower())
        if key in seen:
            raise errors.refuse(errors.DUPLICATE_STAT, f"{spec.id} lists {stat.category} {stat.name!r} twice")
        seen.add(key)
        stats.append(stat.model_copy(update={"rating": normalize_rating(stat.rating, what=f"{spec.id}'s {stat.name}")}))
    resolve = spec.resolve_max if spec.resolve is None else spec.resolve
    if resolve > spec.resolve_max:
        raise errors.refuse(
            errors.RESOLVE_ABOVE_MAX, f"{spec.id}: Resolve {resolve} is above its maximum {spec.resolve_max}",
        )
    return spec.model_copy(
        update={"stats": stats, "resolve": resolve, "negative_states": negative_states.normalized(spec.negative_states)}
    )


def prepared_nc(spec: NeurosystemNc) -> NeurosystemNc:
    names = [stat.name.strip().lower() for stat in spec.stats]
    if len(set(names)) != len(names):
        raise errors.refuse(errors.DUPLICATE_STAT, f"NC {spec.id} lists a stat twice")
    return spec


def _taken(table: NeurosystemTable, new_id: str) -> None:
    if any(c.id == new_id for c in table.characters) or any(n.id == new_id for n in table.ncs):
        raise errors.refuse(errors.DUPLICATE_ID, f"{new_id!r} is already at the table")


def with_new_character(table: NeurosystemTable, spec: NeurosystemCharacter) -> NeurosystemTable:
    _taken(table, spec.id)
    if len(table.characters) >= MAX_CHARACTERS:
        raise errors.refuse(errors.TABLE_FULL, f"a table seats at most {MAX_CHARACTERS} characters")
    return table.model_copy(update={"characters": [*table.characters, prepared_character(spec)]})


def with_new_nc(table: NeurosystemTable, spec: NeurosystemNc) -> NeurosystemTable:
    _taken(table, spec.id)
    if len(table.ncs) >= MAX_NCS:
        raise errors.refuse(errors.TABLE_FULL, f"a table holds at most {MAX_NCS} NCs")
    return table.model_copy(update={"ncs": [*table.ncs, prepared_nc(spec)]})
