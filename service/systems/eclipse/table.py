"""The session's state: the table's rules, clock, characters, combat and intrusions, and the
small helpers every session action uses to read and change it."""

from __future__ import annotations

import copy

from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import build
from service.systems.eclipse.models import EclipsePools
from service.systems.eclipse.rules import EclipseRules
from service.systems.eclipse.session_models import EclipseSetup


def initial_state(setup: EclipseSetup | None) -> dict:
    setup = setup or EclipseSetup()
    characters: dict[str, dict] = {}
    for spec in setup.characters:
        if spec.id in characters:
            raise errors.refuse(errors.DUPLICATE_ENTRY, f"character id {spec.id!r} is used twice")
        characters[spec.id] = build(spec)
    return {
        "rules": setup.rules.model_dump(mode="json", by_alias=True),
        "clock": {"day": 0, "minute": 0, "week": 0, "arc": 0},
        "characters": characters,
        "combat": None,
        "intrusions": {},
        "nextIntrusion": 1,
        "nextTest": 1,
    }


def view(state: dict, actor: Actor | None) -> dict:
    """Nothing at an Eclipse Phase table is secret from its seats here: every roll is open."""
    return state


def editable(state: dict) -> dict:
    """A private copy to build the new state in; the state we were given is never touched."""
    return copy.deepcopy(state)


def rules_of(state: dict) -> EclipseRules:
    return EclipseRules.model_validate(state["rules"])


def character(state: dict, cid: str) -> dict:
    found = state["characters"].get(cid)
    if found is None:
        raise errors.refuse(errors.UNKNOWN_CHARACTER, f"no character {cid!r} at this table", character=cid)
    return found


def control(actor: Actor, char: dict) -> None:
    """The GM runs every character; a player runs only the characters marked as theirs."""
    if actor.role == "gm":
        return
    if char.get("player") != actor.name:
        raise errors.refuse(
            errors.NOT_YOUR_CHARACTER, f"{char['id']} is not run by seat {actor.name!r}", character=char["id"]
        )


def gm_only(state: dict, actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise errors.refuse(errors.GM_ONLY, f"only the GM may {what}")


def pools_wire(char: dict) -> EclipsePools:
    return EclipsePools.model_validate(char["pools"])
