"""Whose turn it is within a running action turn.

Characters act in initiative order (highest count first), except that those who took the
initiative with a pool point act before everyone else. A character keeps the turn until
its actions fill the action turn or it finishes (`finish-actions`); an extra action granted
afterwards gives it the turn back before those who have not acted yet; characters who lost
this turn to a critical failure, or who cannot act, are passed over. With no initiative
rolled there is no order, and nothing here applies.

Every action a character takes in the turn is counted by `count_action`: `take-action`
itself, a session `attack` (a complex action by default) and a `hack` (brute force complex,
subtle intrusion a task), so none of them can go past the turn's budget.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.systems.eclipse import errors
from service.systems.eclipse.rules.actions import fits
from service.systems.eclipse.state import Character, Combat
from service.systems.eclipse.wire.combat import EclipseActionRecord

NATURES = ("physical", "mental", "mesh")
MAX_RECORDED_ACTIONS = 12  # automatic actions are unlimited by the rules; the record is not


def acting_order(combat: Combat) -> list[str]:
    """Everyone in the order, those who took the initiative first (each group by count)."""
    names = [slot.name for slot in combat.order]
    first = [n for n in names if n in combat.first]
    return first + [n for n in names if n not in combat.first]


def whose_turn(combat: Combat, characters: Mapping[str, Character]) -> str | None:
    """The character acting now, or None when everyone has acted this action turn."""
    for name in acting_order(combat):
        char = characters.get(name)
        if has_finished(combat, name) or name in combat.lost or char is None or char.condition != "active":
            continue
        return name
    return None


def has_finished(combat: Combat, name: str) -> bool:
    """Whether a character's actions this action turn are over: it said so, or nothing more fits.

    Worked out from the recorded actions rather than stored, so an extra action granted
    later (a pool point, a critical) reopens the character's turn.
    """
    if name in combat.finished:
        return True
    taken = [(a.kind, a.nature) for a in combat.actions.get(name, ())]
    return bool(taken) and turn_filled(taken, combat.extras.get(name, ()))


def check_turn(combat: Combat, characters: Mapping[str, Character], cid: str, *, gm: bool) -> None:
    """Refuse a character acting out of its turn; the GM's seat may act for anyone at any time."""
    if gm:
        return
    acting = whose_turn(combat, characters)
    if acting == cid:
        return
    now = f"it is {acting}'s turn" if acting else "everyone has acted; start the next action turn"
    raise errors.refuse(
        errors.OUT_OF_TURN,
        f"{cid} cannot act now: in action turn {combat.turn} characters act in initiative order and {now}",
        character=cid,
    )


def turn_filled(actions: Sequence[tuple[str, str]], extras: Sequence[str]) -> bool:
    """No further quick action of any nature fits: the character's actions are over."""
    return all(fits([*actions, ("quick", nature)], extras) is None for nature in NATURES)


def count_action(
    combat: Combat, characters: Mapping[str, Character], cid: str, record: EclipseActionRecord, *, gm: bool
) -> tuple[Combat, str]:
    """`cid`'s action turn with one more action (`kind`, `nature`, `label`), and the turn shape it fits; or a refusal.

    The budget is checked before the turn order, so that a character with nothing left hears
    that rather than whose turn it is.
    """
    kind = record.kind
    if cid in combat.lost and kind != "automatic":
        raise errors.refuse(errors.ACTION_BUDGET, f"{cid} lost this turn's actions to a critical failure", character=cid)
    if cid in combat.mental_only and record.nature == "physical" and kind != "automatic":
        raise errors.refuse(
            errors.ACTION_BUDGET,
            f"{cid} took the initiative with Insight: only mental or mesh actions this turn, not a physical {kind} action",
            character=cid,
        )
    before = combat.actions.get(cid, ())
    taken = (*before, record)
    if len(taken) > MAX_RECORDED_ACTIONS:
        raise errors.refuse(errors.ACTION_BUDGET, f"at most {MAX_RECORDED_ACTIONS} actions are recorded per character and turn")
    pattern = fits([(a.kind, a.nature) for a in taken], combat.extras.get(cid, ()))
    if pattern is None:
        label = f" ({record.label})" if record.label else ""
        raise errors.refuse(
            errors.ACTION_BUDGET,
            f"{cid} has no room this turn for one more {kind} action{label} after {_listed(before)}: "
            "a turn holds 1 complex + 1 quick, 1 task + 1 quick, or 3 quick",
            character=cid,
        )
    check_turn(combat, characters, cid, gm=gm)
    return combat.model_copy(update={"actions": {**combat.actions, cid: taken}}), pattern


def _listed(actions: Sequence[EclipseActionRecord]) -> str:
    counts: dict[str, int] = {}
    for a in actions:
        counts[a.kind] = counts.get(a.kind, 0) + 1
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "nothing"
