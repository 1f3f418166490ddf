"""Session handlers of the player screen, the security log and the reaction draws.

Each handler is `(state, params, stream, actor) -> (new state, result model)`: it works on
a copy of the state and raises a `RuleViolation` to refuse, which leaves the session as it was.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import errors, personal
from service.systems.desert.errors import refuse
from service.systems.desert import security_log as logs
from service.systems.desert.building_reaction import building_bag, choose_side, draw_token, resolve_token
from service.systems.desert.models import (
    DesertBuildingDrawAtTable,
    DesertBuildingReactionAtTableInput,
    DesertCharacterRef,
    DesertChooseReactionInput,
    DesertIdentityChange,
    DesertPersonalDrawAtTable,
    DesertPersonalReactionAtTableInput,
    DesertReaction,
    DesertReactionChosen,
    DesertScreen,
    DesertScreenAtTable,
    DesertToken,
)
from service.systems.desert.screen import player_screen
from service.systems.desert.table import (
    acting_character,
    blues_at,
    character,
    current_location,
    fresh,
    location_key,
    next_id,
    place_of,
    require_held,
    screen_for,
    visit_reactions,
)
from service.systems.desert.table_models import (
    DesertBypassInput,
    DesertHackInput,
    DesertLogChange,
    DesertLogEntry,
    DesertStatementInput,
)

MAX_LOG_ENTRIES = 40
KEEP_DRAWS = 30  # reactions remembered per visit; escalation only needs the counts


def screen(state: dict, params: DesertCharacterRef, actor: Actor) -> DesertScreenAtTable:
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    place = place_of(state, location)
    shown = screen_for(state, found)
    log = state["securityLogs"][found["securityLog"]]
    result = DesertScreenAtTable(
        character=found["id"],
        location_key=location_key(location),
        control=place["control"],
        identity=place["identity"],
        screen=DesertScreen.model_validate(shown),
        missing_statements=logs.missing_statements(log, shown),
        volunteered=logs.volunteered(log, shown),
    )
    return result


# -- the security log ----------------------------------------------------------------------------


def _append(state: dict, found: dict, entry: dict) -> DesertLogChange:
    log = state["securityLogs"][found["securityLog"]]
    if len(log["entries"]) >= MAX_LOG_ENTRIES:
        raise refuse(errors.LOG_FULL, f"a security log holds at most {MAX_LOG_ENTRIES} entries")
    entry = {"id": next_id(state, "entry"), **entry}
    log["entries"].append(entry)
    return DesertLogChange(
        character=found["id"],
        security_log=log["id"],
        location_key=log["locationKey"],
        entry=DesertLogEntry.model_validate(entry),
        screen=DesertScreen.model_validate(screen_for(state, found)),
    )


def _entry(kind: str, category: str, text: str, by: str, featuring: list[str]) -> dict:
    return {
        "kind": kind,
        "category": category,
        "text": text,
        "featuring": featuring,
        "by": by,
        "struck": False,
        "struckBy": None,
        "editedBy": None,
        "originalText": None,
    }


def make_statement(state: dict, params: DesertStatementInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    current_location(found)
    for other in params.featuring:
        character(state, other)
    featuring = list(dict.fromkeys(params.featuring))
    return state, _append(state, found, _entry("statement", params.category, params.text, found["id"], featuring))


def bypass(state: dict, params: DesertBypassInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    logs.require_blue(screen_for(state, found), params.category, "bypass")
    return state, _append(state, found, _entry("bypass", params.category, params.how, found["id"], []))


def _log_screen(state: dict, log: dict) -> dict:
    source, blues = blues_at(state, log["location"])
    return player_screen(source, blues, logs.bypass_counts(log))


def hack(state: dict, params: DesertHackInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    hacker = acting_character(state, params.hacker, actor, as_holder=True)
    if not hacker["hacker"]:
        raise refuse(errors.NOT_A_HACKER, f"{hacker['name']} is not a hacker")
    log = state["securityLogs"].get(params.security_log)
    if log is None:
        raise refuse(errors.UNKNOWN_SECURITY_LOG, f"no security log {params.security_log!r}")
    old = logs.entry(log, params.entry)
    if params.action == "strike":
        if not old["struck"] and old["kind"] == "statement":
            logs.require_blue(_log_screen(state, log), old["category"], "strike")
        new = logs.strike(old, hacker["id"])
    else:
        if params.text is None:
            raise refuse(errors.CANNOT_EDIT_ENTRY, "a rewrite needs the new text")
        new = logs.rewrite(old, hacker["id"], params.text)
    log["entries"] = [new if e["id"] == old["id"] else e for e in log["entries"]]
    result = DesertLogChange(
        character=log["character"],
        security_log=log["id"],
        location_key=log["locationKey"],
        entry=DesertLogEntry.model_validate(new),
        screen=DesertScreen.model_validate(_log_screen(state, log)),
    )
    return state, result


# -- building and district reactions --------------------------------------------------------------


def building_reaction(
    state: dict, params: DesertBuildingReactionAtTableInput, stream: Stream, actor: Actor
) -> tuple[dict, DesertBuildingDrawAtTable]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=False)
    require_held(state, found)
    location = current_location(found)
    visit = visit_reactions(state, found)
    if visit["pending"] is not None:
        raise refuse(
            errors.CHOICE_PENDING, "a blue token is waiting for the table to choose positive or negative"
        )
    log = state["securityLogs"][found["securityLog"]]
    shown = screen_for(state, found)
    missing = logs.missing_statements(log, shown)
    if missing and state["rules"]["requireStatements"]:
        raise refuse(
            errors.STATEMENT_MISSING,
            f"{found['name']} still has to say {', '.join(missing)} here (or bypass it) before the draw",
            missing=missing,
        )
    bag = building_bag(shown, logs.volunteered(log, shown))
    index = draw_token(bag, stream)
    place = place_of(state, location)
    before = place["control"]
    after, reaction = resolve_token(
        bag[index], control=before, blues_before=visit["blues"], side=params.on_blue, reactions=place["reactions"], stream=stream
    )
    place["control"] = after
    visit["draws"] += 1
    visit["blues"] += 1 if bag[index] == "blue" else 0
    visit["drawn"] = [*visit["drawn"], {"token": bag[index], "reaction": reaction}][-KEEP_DRAWS:]
    visit["pending"] = reaction if reaction is not None and reaction["pending"] else None
    log["compiled"] = True
    result = DesertBuildingDrawAtTable(
        screen=DesertScreen.model_validate(shown),
        bag=bag,
        draw_index=index,
        drawn=bag[index],
        control_before=before,
        control_after=after,
        reaction=DesertReaction.model_validate(reaction) if reaction is not None else None,
        character=found["id"],
        location_key=location_key(location),
        security_log=log["id"],
        draws_here=visit["draws"],
        blues_here=visit["blues"],
    )
    return state, result


def choose_reaction(state: dict, params: DesertChooseReactionInput, stream: Stream, actor: Actor) -> tuple[dict, DesertReactionChosen]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    visit = visit_reactions(state, found)
    if visit["pending"] is None:
        raise refuse(errors.NO_CHOICE_PENDING, f"no blue token waits for a choice for {found['name']} here")
    settled = choose_side(visit["pending"], params.side, place_of(state, location)["reactions"])
    visit["pending"] = None
    visit["drawn"] = visit["drawn"][:-1] + [{"token": "blue", "reaction": settled}]
    return state, DesertReactionChosen(character=found["id"], location_key=location_key(location), reaction=DesertReaction.model_validate(settled))


# -- personal reactions ---------------------------------------------------------------------------


def _meets_rental_target(state: dict, approach: dict | None, with_person: str | None) -> bool:
    if not approach or approach["approach"] != "rental" or with_person is None:
        return False
    other = state["characters"].get(with_person)
    names = [with_person] + ([other["name"], other["id"]] if other else [])
    return any(personal.same(name, approach.get("meeting")) for name in names)


def personal_reaction(
    state: dict, params: DesertPersonalReactionAtTableInput, stream: Stream, actor: Actor
) -> tuple[dict, DesertPersonalDrawAtTable]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=False)
    require_held(state, found)
    location = current_location(found)
    place = place_of(state, location)
    control = place["control"]
    controlled = params.controlled_type or place["identity"]
    tokens = [token.model_dump(mode="json", by_alias=True) for token in params.tokens]
    bag = personal.check_bag(tokens, control=control, controlled_type=controlled, mode=state["rules"]["personalControlCount"])
    approach = found["approach"]
    required = personal.automatic_tokens(
        approach, with_meeting=_meets_rental_target(state, approach, params.with_person), conduct=params.conduct
    )
    personal.check_automatic(bag, required, control=control, controlled_type=controlled)
    index, drawn = personal.draw(bag, control=control, controlled_type=controlled, stream=stream)
    change: DesertIdentityChange | None = None
    goal = personal.identity_change(approach, drawn["label"])
    if goal is not None and not personal.same(goal, place["identity"]):
        change = DesertIdentityChange(before=place["identity"], after=goal, applied=params.apply_identity_change)
        if params.apply_identity_change:
            place["identity"] = goal
    result = DesertPersonalDrawAtTable(
        bag=[DesertToken.model_validate(token) for token in bag],
        control=control,
        controlled_type=controlled,
        controlled_count=personal.count_of(bag, controlled),
        automatic_tokens=required,
        drew=index is not None,
        draw_index=index,
        drawn=DesertToken.model_validate(drawn),
        identity_change=change,
        character=found["id"],
        location_key=location_key(location),
        with_person=params.with_person,
    )
    return state, result
