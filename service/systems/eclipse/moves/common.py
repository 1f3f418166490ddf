"""Session steps several themes share: passing time on the clock, and the action turn of a running combat."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse.rules.clock import advance, counts, label, now, recent
from service.systems.eclipse.rules.initiative import Slot
from service.systems.eclipse.rules.turn_order import check_turn, count_action, has_finished, whose_turn
from service.systems.eclipse.wire.clock import EclipseClock
from service.systems.eclipse.wire.combat import (
    EclipseActionRecord,
    EclipseInitiativeSlot,
    EclipseTakeActionResult,
    EclipseTurnState,
)


def pass_time(state: dict, minutes: int, *, new_arc: bool = False) -> EclipseClock:
    """Move the clock (in place) and renew what the days, weeks and arcs crossed bound.

    A new day ends 24-hour pool effects (ignored wounds and traumas, ongoing bonuses);
    recharges count over the last 24 hours, so they renew as their time runs out; a new
    week renews Minor and Moderate favors; a new arc, Major ones.
    """
    clock = state["clock"]
    moved = advance(clock, minutes)
    clock.update({"day": moved.day, "minute": moved.minute, "week": moved.week})
    at = now(clock)
    resets = []
    for char in state["characters"].values():
        log = recent(char.get("rechargeLog", []), at)
        if len(log) != len(char.get("rechargeLog", [])):
            char["rechargeLog"] = log
        char["recharges"] = counts(log, at)
    if moved.days_passed:
        resets.append("24-hour pool effects")
        for char in state["characters"].values():
            char["ignoredWounds"] = 0
            char["ignoredTraumas"] = 0
            char["ongoing"] = []
    if moved.weeks_passed:
        resets.append("weekly favors")
        for char in state["characters"].values():
            for network in char["rep"].values():
                network["minorThisWeek"] = network["moderateThisWeek"] = 0
    if new_arc:
        clock["arc"] += 1
        resets.append("story-arc favors")
        for char in state["characters"].values():
            for network in char["rep"].values():
                network["majorThisArc"] = 0
    return clock_wire(clock, resets)


def clock_wire(clock: dict, resets: list[str]) -> EclipseClock:
    return EclipseClock(
        day=clock["day"], minute=clock.get("minute", 0), time=label(now(clock)), week=clock["week"], arc=clock["arc"], resets=resets
    )


def slot_wire(s: Slot, name: str) -> EclipseInitiativeSlot:
    return EclipseInitiativeSlot(
        name=name, initiative=s.initiative, ref=s.ref, roll=s.roll, count=s.count, roll_offs=list(s.roll_offs), position=s.position
    )


def slot_from(wire: dict) -> Slot:
    return Slot(wire["name"], wire["initiative"], wire["ref"], wire["roll"], wire["count"], tuple(wire["rollOffs"]), wire["position"])


def slot_stored(slot: Slot) -> dict:
    return slot_wire(slot, slot.key).model_dump(by_alias=True)


def turn_state(state: dict) -> EclipseTurnState:
    combat = state["combat"]
    return EclipseTurnState(
        turn=combat["turn"],
        order=combat["order"],
        acting=whose_turn(combat, state["characters"]),
        finished=[slot["name"] for slot in combat["order"] if has_finished(combat, slot["name"])],
    )


def fresh_turn(turn: int, order: list[dict], lost: list[str]) -> dict:
    return {
        "turn": turn,
        "order": order,
        "actions": {},
        "extras": {},
        "first": [],
        "mentalOnly": [],
        "lost": lost,
        "loseNext": [],
        "finished": [],
    }


def turn_action(combat: dict, cid: str, pattern: str) -> EclipseTakeActionResult:
    """The wire form of a character's actions this action turn."""
    actions = [EclipseActionRecord.model_validate(a) for a in combat["actions"][cid]]
    return EclipseTakeActionResult(character=cid, turn=combat["turn"], actions=actions, pattern=pattern)


def count_in_turn(state: dict, cid: str, kind: str, nature: str, label: str, actor: Actor) -> EclipseTakeActionResult | None:
    """Count an attack or a hack against its character's action turn while an initiative order runs.

    A character outside the order has no action turn to count against; it may still act only
    from the GM's seat, as for everyone out of turn.
    """
    combat = state.get("combat")
    if not combat:
        return None
    gm = actor.role == "gm"
    if not any(slot["name"] == cid for slot in combat["order"]):
        check_turn(combat, state["characters"], cid, gm=gm)
        return None
    record = {"kind": kind, "nature": nature, "label": label}
    return turn_action(combat, cid, count_action(combat, state["characters"], cid, record, gm=gm))
