"""Session actions on the table itself: adding characters and moving the clock."""

from __future__ import annotations

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import build
from service.systems.eclipse.session_models import (
    MAX_CHARACTERS,
    EclipseAddCharacter,
    EclipseAdvanceTime,
    EclipseCharacterAdded,
    EclipseClock,
)
from service.systems.eclipse.table import editable, gm_only

DAYS_PER_WEEK = 7


def add_character(state: dict, params: EclipseAddCharacter, stream: Stream, actor: Actor) -> tuple[dict, EclipseCharacterAdded]:
    new = editable(state)
    spec = params.character
    if actor.role != "gm":
        spec = spec.model_copy(update={"player": actor.name})  # a player's character is theirs
    if spec.id in new["characters"]:
        raise RuleViolation(errors.DUPLICATE_CHARACTER, f"character id {spec.id!r} is already at the table", status=409)
    if len(new["characters"]) >= MAX_CHARACTERS:
        raise RuleViolation(errors.TABLE_FULL, f"a table holds at most {MAX_CHARACTERS} characters", status=409)
    new["characters"][spec.id] = build(spec)
    return new, EclipseCharacterAdded(id=spec.id, name=spec.name, player=spec.player)


def advance_time(state: dict, params: EclipseAdvanceTime, stream: Stream, actor: Actor) -> tuple[dict, EclipseClock]:
    """Move the day, week and story-arc counters and renew what they bound.

    A new day renews recharges and ends 24-hour pool effects (ignored wounds and traumas,
    ongoing bonuses); a new week renews Minor and Moderate favors; a new arc, Major ones.
    """
    gm_only(state, actor, "move the clock")
    days = params.days + DAYS_PER_WEEK * params.weeks
    if days == 0 and not params.new_arc:
        raise RuleViolation(errors.TIME_STEP, "advance by some `days`, `weeks`, or start a `newArc`", status=422)
    new = editable(state)
    clock = new["clock"]
    resets = []
    if days:
        clock["day"] += days
        resets.append("recharges and 24-hour pool effects")
        for char in new["characters"].values():
            char["recharges"] = {"short": 0, "long": 0}
            char["ignoredWounds"] = 0
            char["ignoredTraumas"] = 0
            char["ongoing"] = []
    week = clock["day"] // DAYS_PER_WEEK
    if week != clock["week"]:
        clock["week"] = week
        resets.append("weekly favors")
        for char in new["characters"].values():
            for network in char["rep"].values():
                network["minorThisWeek"] = network["moderateThisWeek"] = 0
    if params.new_arc:
        clock["arc"] += 1
        resets.append("story-arc favors")
        for char in new["characters"].values():
            for network in char["rep"].values():
                network["majorThisArc"] = 0
    return new, EclipseClock(day=clock["day"], week=clock["week"], arc=clock["arc"], resets=resets)
