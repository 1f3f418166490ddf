"""The table's setup (rules and characters) and the first state of a session."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.character import build
from service.systems.eclipse.state import Character, EclipseState
from service.systems.eclipse.wire.characters import EclipseCharacterSpec, MAX_CHARACTERS


class EclipseSetup(Model):
    rules: EclipseRules = Field(default_factory=EclipseRules)
    characters: list[EclipseCharacterSpec] = Field(default_factory=list, max_length=MAX_CHARACTERS)


def first_state(setup: EclipseSetup | None) -> EclipseState:
    setup = setup or EclipseSetup()
    characters: dict[str, Character] = {}
    for spec in setup.characters:
        if spec.id in characters:
            raise errors.refuse(errors.DUPLICATE_ENTRY, f"character id {spec.id!r} is used twice")
        characters[spec.id] = build(spec)
    return EclipseState(rules=setup.rules, characters=characters)
