"""Session steps several themes share: paying pool points, passing time on the clock, and the
action turn of a running combat. Each returns new values; nothing is changed in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.registry import Actor
from service.systems.eclipse.rules.clock import Clock, advance, counts, label, now, recent
from service.systems.eclipse.rules.initiative import Slot
from service.systems.eclipse.rules.pools import Spend, spend
from service.systems.eclipse.rules.success_test import SpendOutcome
from service.systems.eclipse.rules.turn_order import check_turn, count_action, has_finished, whose_turn
from service.systems.eclipse.state import Character, Combat, EclipseState, Recharges
from service.systems.eclipse.wire.clock import EclipseClock
from service.systems.eclipse.wire.combat import (
    EclipseActionRecord,
    EclipseInitiativeSlot,
    EclipseTakeActionResult,
    EclipseTurnState,
)

# -- pool points --------------------------------------------------------------------------------


def pay(char: Character, spends: Sequence[SpendOutcome]) -> Character:
    """The character with the points of the pool spends that were used taken out of its pools."""
    pools = char.pools
    for s in spends:
        if s.spent:
            pools = spend(pools, s.pool, 1)
    return char.with_pools(pools) if pools is not char.pools else char


def check_affordable(char: Character, spends: Sequence[Spend]) -> None:
    """Refuse before rolling if the pools cannot pay for every point that might be spent."""
    needed: dict[str, int] = {}
    for s in spends:
        needed[s.pool] = needed.get(s.pool, 0) + 1
    for pool, points in needed.items():
        spend(char.pools, pool, points)


# -- time ---------------------------------------------------------------------------------------


def pass_time(state: EclipseState, minutes: int, *, new_arc: bool = False) -> tuple[EclipseState, EclipseClock]:
    """The table `minutes` later, with what the days, weeks and arcs crossed bound renewed.

    A new day ends 24-hour pool effects (ignored wounds and traumas, ongoing bonuses);
    recharges count over the last 24 hours, so they renew as their time runs out; a new
    week renews Minor and Moderate favors; a new arc, Major ones.
    """
    moved = advance(state.clock, minutes)
    clock = Clock(day=moved.day, minute=moved.minute, week=moved.week, arc=state.clock.arc + (1 if new_arc else 0))
    at = now(clock)
    resets = []
    if moved.days_passed:
        resets.append("24-hour pool effects")
    if moved.weeks_passed:
        resets.append("weekly favors")
    if new_arc:
        resets.append("story-arc favors")
    characters = {}
    for cid, char in state.characters.items():
        log = recent(char.recharge_log, at)
        update: dict[str, Any] = {"recharges": Recharges(**counts(log, at))}
        if len(log) != len(char.recharge_log):
            update["recharge_log"] = log
        if moved.days_passed:
            update |= {"ignored_wounds": 0, "ignored_traumas": 0, "ongoing": ()}
        if moved.weeks_passed or new_arc:
            fresh = {"minor_this_week": 0, "moderate_this_week": 0} if moved.weeks_passed else {}
            fresh |= {"major_this_arc": 0} if new_arc else {}
            update["rep"] = {network: standing.model_copy(update=fresh) for network, standing in char.rep.items()}
        characters[cid] = char.model_copy(update=update)
    return state.model_copy(update={"clock": clock, "characters": characters}), clock_wire(clock, resets)


def clock_wire(clock: Clock, resets: list[str]) -> EclipseClock:
    return EclipseClock(day=clock.day, minute=clock.minute, time=label(now(clock)), week=clock.week, arc=clock.arc, resets=resets)


# -- the action turn ----------------------------------------------------------------------------


def slot_wire(s: Slot, name: str) -> EclipseInitiativeSlot:
    return EclipseInitiativeSlot(
        name=name, initiative=s.initiative, ref=s.ref, roll=s.roll, count=s.count, roll_offs=list(s.roll_offs), position=s.position
    )


def slot_from(slot: EclipseInitiativeSlot) -> Slot:
    return Slot(slot.name, slot.initiative, slot.ref, slot.roll, slot.count, tuple(slot.roll_offs), slot.position)


def turn_state(state: EclipseState) -> EclipseTurnState:
    combat = state.running_combat()
    return EclipseTurnState(
        turn=combat.turn,
        order=list(combat.order),
        acting=whose_turn(combat, state.characters),
        finished=[slot.name for slot in combat.order if has_finished(combat, slot.name)],
    )


def fresh_turn(turn: int, order: Sequence[EclipseInitiativeSlot], lost: Sequence[str]) -> Combat:
    return Combat(turn=turn, order=tuple(order), lost=tuple(lost))


def turn_action(combat: Combat, cid: str, pattern: str) -> EclipseTakeActionResult:
    """The wire form of a character's actions this action turn."""
    return EclipseTakeActionResult(character=cid, turn=combat.turn, actions=list(combat.actions[cid]), pattern=pattern)


def count_in_turn(
    state: EclipseState, cid: str, kind: str, nature: str, label: str, actor: Actor
) -> tuple[EclipseState, EclipseTakeActionResult | None]:
    """Count an attack or a hack against its character's action turn while an initiative order runs.

    A character outside the order has no action turn to count against; it may still act only
    from the GM's seat, as for everyone out of turn.
    """
    combat = state.combat
    if combat is None:
        return state, None
    gm = actor.role == "gm"
    if not combat.in_order(cid):
        check_turn(combat, state.characters, cid, gm=gm)
        return state, None
    record = EclipseActionRecord(kind=kind, nature=nature, label=label)
    counted, pattern = count_action(combat, state.characters, cid, record, gm=gm)
    return state.with_combat(counted), turn_action(counted, cid, pattern)
