"""Whose turn it is within a running action turn.

Characters act in initiative order (highest count first), except that those who took the
initiative with a pool point act before everyone else. A character keeps the turn until
its actions fill the action turn or it finishes (`finish-actions`); an extra action granted
afterwards gives it the turn back before those who have not acted yet; characters who lost
this turn to a critical failure, or who cannot act, are passed over. With no initiative
rolled there is no order, and nothing here applies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.errors import RuleViolation
from service.systems.eclipse import errors
from service.systems.eclipse.actions import fits

NATURES = ("physical", "mental", "mesh")


def acting_order(combat: Mapping) -> list[str]:
    """Everyone in the order, those who took the initiative first (each group by count)."""
    names = [slot["name"] for slot in combat["order"]]
    first = [n for n in names if n in combat["first"]]
    return first + [n for n in names if n not in combat["first"]]


def whose_turn(combat: Mapping, characters: Mapping[str, Mapping]) -> str | None:
    """The character acting now, or None when everyone has acted this action turn."""
    for name in acting_order(combat):
        char = characters.get(name)
        if has_finished(combat, name) or name in combat["lost"] or char is None or char["condition"] != "active":
            continue
        return name
    return None


def has_finished(combat: Mapping, name: str) -> bool:
    """Whether a character's actions this action turn are over: it said so, or nothing more fits.

    Worked out from the recorded actions rather than stored, so an extra action granted
    later (a pool point, a critical) reopens the character's turn.
    """
    if name in combat.get("finished", []):
        return True
    taken = [(a["kind"], a["nature"]) for a in combat["actions"].get(name, [])]
    return bool(taken) and turn_filled(taken, combat["extras"].get(name, []))


def check_turn(combat: Mapping, characters: Mapping[str, Mapping], cid: str, *, gm: bool) -> None:
    """Refuse a character acting out of its turn; the GM's seat may act for anyone at any time."""
    if gm:
        return
    acting = whose_turn(combat, characters)
    if acting == cid:
        return
    now = f"it is {acting}'s turn" if acting else "everyone has acted; start the next action turn"
    raise RuleViolation(
        errors.OUT_OF_TURN,
        f"{cid} cannot act now: in action turn {combat['turn']} characters act in initiative order and {now}",
        status=409,
        character=cid,
    )


def turn_filled(actions: Sequence[tuple[str, str]], extras: Sequence[str]) -> bool:
    """No further quick action of any nature fits: the character's actions are over."""
    return all(fits([*actions, ("quick", nature)], extras) is None for nature in NATURES)
