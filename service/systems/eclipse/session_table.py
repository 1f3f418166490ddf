"""Session actions on the table itself: adding characters and moving the clock."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import build
from service.systems.eclipse.clock import DAYS_PER_WEEK, MINUTES_PER_DAY, MINUTES_PER_HOUR, advance, counts, label, now, recent
from service.systems.eclipse.session_models import (
    MAX_CHARACTERS,
    EclipseAddCharacter,
    EclipseAdvanceTime,
    EclipseCharacterAdded,
    EclipseClock,
)
from service.systems.eclipse.table import editable, gm_only


def add_character(state: dict, params: EclipseAddCharacter, actor: Actor) -> tuple[dict, EclipseCharacterAdded]:
    new = editable(state)
    spec = params.character
    if actor.role != "gm":
        spec = spec.model_copy(update={"player": actor.name})  # a player's character is theirs
    if spec.id in new["characters"]:
        raise errors.refuse(errors.DUPLICATE_CHARACTER, f"character id {spec.id!r} is already at the table")
    if len(new["characters"]) >= MAX_CHARACTERS:
        raise errors.refuse(errors.TABLE_FULL, f"a table holds at most {MAX_CHARACTERS} characters")
    new["characters"][spec.id] = build(spec)
    return new, EclipseCharacterAdded(id=spec.id, name=spec.name, player=spec.player)


def advance_time(state: dict, params: EclipseAdvanceTime, actor: Actor) -> tuple[dict, EclipseClock]:
    """Move the table's clock by minutes, hours, days and weeks, and perhaps into a new story arc."""
    gm_only(state, actor, "move the clock")
    minutes = params.minutes + MINUTES_PER_HOUR * params.hours + MINUTES_PER_DAY * (params.days + DAYS_PER_WEEK * params.weeks)
    if minutes == 0 and not params.new_arc:
        raise errors.refuse(errors.TIME_STEP, "advance by some `minutes`, `hours`, `days`, `weeks`, or start a `newArc`")
    new = editable(state)
    return new, pass_time(new, minutes, new_arc=params.new_arc)


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
