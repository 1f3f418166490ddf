"""The session's state: the small lookups and changes every session action uses."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.pools import Spend, spend
from service.systems.eclipse.rules.success_test import SpendOutcome
from service.systems.eclipse.wire.common import EclipsePools


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


def pay(char: dict, spends: Sequence[SpendOutcome]) -> None:
    """Take the points of the pool spends that were used out of the character's pools."""
    for s in spends:
        if s.spent:
            char["pools"] = spend(char["pools"], s.pool, 1)


def check_affordable(char: dict, spends: Sequence[Spend]) -> None:
    """Refuse before rolling if the pools cannot pay for every point that might be spent."""
    needed: dict[str, int] = {}
    for s in spends:
        needed[s.pool] = needed.get(s.pool, 0) + 1
    for pool, points in needed.items():
        spend(char["pools"], pool, points)


def running_combat(state: dict) -> dict:
    combat = state.get("combat")
    if not combat:
        raise errors.refuse(errors.NOT_IN_COMBAT, "no combat is running: roll initiative first")
    return combat


def in_order(combat: dict, cid: str) -> None:
    if not any(slot["name"] == cid for slot in combat["order"]):
        raise errors.refuse(errors.NOT_IN_COMBAT, f"{cid} is not in the initiative order")
