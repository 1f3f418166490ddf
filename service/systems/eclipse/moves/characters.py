"""Adding a character to the table."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.rules.character import build
from service.systems.eclipse.state import EclipseState
from service.systems.eclipse.wire.characters import EclipseAddCharacter, EclipseCharacterAdded, MAX_CHARACTERS


def add_character(state: EclipseState, params: EclipseAddCharacter, actor: Actor) -> tuple[EclipseState, EclipseCharacterAdded]:
    spec = params.character
    if actor.role != "gm":
        spec = spec.model_copy(update={"player": actor.name})  # a player's character is theirs
    if spec.id in state.characters:
        raise errors.refuse(errors.DUPLICATE_CHARACTER, f"character id {spec.id!r} is already at the table")
    if len(state.characters) >= MAX_CHARACTERS:
        raise errors.refuse(errors.TABLE_FULL, f"a table holds at most {MAX_CHARACTERS} characters")
    return state.with_character(build(spec)), EclipseCharacterAdded(id=spec.id, name=spec.name, player=spec.player)


SYSTEM.mechanic(
    "add-character",
    "Add a character to the table",
    "Aptitudes, skills (rating, linked aptitude, category, specialization), pools, rep per network, armor, "
    "Durability, wound threshold and Death Rating (second-edition defaults), Initiative. A player's character is theirs.",
    session=add_character,
)
