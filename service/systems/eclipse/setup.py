"""The table's setup (rules, characters, intrusions under way) and the first state of a session."""

from __future__ import annotations

from pydantic import Field, model_validator

from service.model import Model
from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.character import build
from service.systems.eclipse.rules.hacking import terms
from service.systems.eclipse.state import Character, EclipseState, Intrusion
from service.systems.eclipse.wire.characters import EclipseCharacterSpec, MAX_CHARACTERS
from service.systems.eclipse.wire.hacking import EclipseIntrusionSpec, MAX_INTRUSIONS


class EclipseSetup(Model):
    rules: EclipseRules = Field(default_factory=EclipseRules)
    characters: list[EclipseCharacterSpec] = Field(default_factory=list, max_length=MAX_CHARACTERS)
    intrusions: list[EclipseIntrusionSpec] = Field(
        default_factory=list,
        max_length=MAX_INTRUSIONS,
        description=(
            "Intrusions already under way, as a won hacking test leaves them (a story picked up mid-run); "
            "their ids are `i1`, `i2`… in this order, and a later hack numbers on from there."
        ),
    )

    @model_validator(mode="after")
    def _hackers_are_characters(self) -> EclipseSetup:
        ids = {c.id for c in self.characters}
        for intrusion in self.intrusions:
            if intrusion.hacker not in ids:
                raise ValueError(f"intrusion hacker {intrusion.hacker!r} is not one of the setup's characters")
        return self


def first_state(setup: EclipseSetup | None) -> EclipseState:
    setup = setup or EclipseSetup()
    characters: dict[str, Character] = {}
    for spec in setup.characters:
        if spec.id in characters:
            raise errors.refuse(errors.DUPLICATE_ENTRY, f"character id {spec.id!r} is used twice")
        characters[spec.id] = build(spec)
    intrusions = {}
    for number, under_way in enumerate(setup.intrusions, start=1):
        iid = f"i{number}"
        intrusions[iid] = Intrusion(
            id=iid,
            hacker=under_way.hacker,
            system=under_way.system,
            firewall=under_way.firewall,
            method=under_way.method,
            privileges=under_way.privileges,
            status=under_way.status or terms(under_way.method).status,
        )
    return EclipseState(rules=setup.rules, characters=characters, intrusions=intrusions, next_intrusion=len(intrusions) + 1)
