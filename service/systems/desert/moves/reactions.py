"""Building and district reactions, the side of a blue one, and personal reactions: stateless and at the table."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.moves.screen import stateless_screen
from service.systems.desert.rules import personal_reactions as personal
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.building_reactions import building_bag, choose_side, draw_token, resolve_token
from service.systems.desert.rules.screen import slot
from service.systems.desert.state import acting_character, current_location, fresh, location_key, place_of, require_held, screen_for, visit_reactions
from service.systems.desert.wire.reactions import (
    DesertBuildingDraw,
    DesertBuildingDrawAtTable,
    DesertBuildingReactionAtTableInput,
    DesertBuildingReactionInput,
    DesertChooseReactionInput,
    DesertIdentityChange,
    DesertPersonalDraw,
    DesertPersonalDrawAtTable,
    DesertPersonalReactionAtTableInput,
    DesertPersonalReactionInput,
    DesertReaction,
    DesertReactionChosen,
    DesertToken,
)
from service.systems.desert.wire.screen import DesertScreen


KEEP_DRAWS = 30  # reactions remembered per visit; escalation only needs the counts


def resolve_building_reaction(params: DesertBuildingReactionInput, stream: Stream) -> DesertBuildingDraw:
    screen = stateless_screen(params)
    for category in params.volunteered:
        if not slot(screen, category)["free"]:
            raise refuse(
                errors.NOT_A_FREE_CATEGORY,
                f"{category} holds control tokens here: a statement there is required, not volunteered",
            )
    bag = building_bag(screen, set(params.volunteered))
    index = draw_token(bag, stream)
    reactions = params.reactions.model_dump(mode="json") if params.reactions else None
    after, reaction = resolve_token(
        bag[index], control=params.control, blues_before=params.blues_before, side=params.on_blue, reactions=reactions, stream=stream
    )
    return DesertBuildingDraw(
        screen=DesertScreen.model_validate(screen),
        bag=bag,
        draw_index=index,
        drawn=bag[index],
        control_before=params.control,
        control_after=after,
        reaction=DesertReaction.model_validate(reaction) if reaction is not None else None,
    )


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


def resolve_personal_reaction(params: DesertPersonalReactionInput, stream: Stream) -> DesertPersonalDraw:
    tokens = [token.model_dump(mode="json", by_alias=True) for token in params.tokens]
    bag = personal.check_bag(tokens, control=params.control, controlled_type=params.controlled_type, mode=params.count_rule)
    approach = params.approach.model_dump(mode="json", by_alias=True) if params.approach else None
    required = personal.automatic_tokens(approach, with_meeting=params.with_meeting, conduct=params.conduct)
    personal.check_automatic(bag, required, control=params.control, controlled_type=params.controlled_type)
    index, drawn = personal.draw(bag, control=params.control, controlled_type=params.controlled_type, stream=stream)
    goal = personal.identity_change(approach, drawn["label"])
    change: DesertIdentityChange | None = None
    if goal is not None and not personal.same(goal, params.controlled_type):
        change = DesertIdentityChange(before=params.controlled_type, after=goal, applied=False)
    return DesertPersonalDraw(
        bag=[DesertToken.model_validate(token) for token in bag],
        control=params.control,
        controlled_type=params.controlled_type,
        controlled_count=personal.count_of(bag, params.controlled_type),
        automatic_tokens=required,
        drew=index is not None,
        draw_index=index,
        drawn=DesertToken.model_validate(drawn),
        identity_change=change,
    )


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


SYSTEM.mechanic(
    "building-reaction",
    "Draw a building or district reaction from a six-token bag",
    "The bag holds one token per security category: blue where a blue control token is left, red where all "
    "were bypassed, orange where the category is free and the character volunteered something, blank "
    "otherwise. One token is drawn with a six-sided die (index = die - 1). Blue: control +1 (at most 6) and "
    "the next reaction of the side the table picks, escalating 1, 2, 3 for this character here. Orange: "
    "control -1 (at least 0) and a d6 picks the reaction (1-3 positive, 4-6 negative). Red or blank: "
    "nothing. In a session the bag comes from the character's security log, and control changes on the sheet.",
    stateless=resolve_building_reaction, session=building_reaction,
)

SYSTEM.mechanic(
    "choose-reaction",
    "Choose positive or negative for a blue token just drawn",
    "Settles the side of a blue building reaction left open; needed before the next draw or a move.",
    session=choose_reaction,
)

SYSTEM.mechanic(
    "personal-reaction",
    "Draw a personal reaction from six table-assigned tokens",
    "Six tokens whose meanings the table assigns. The location's control value N demands N of one type "
    "(normally the identity); at control 6 nothing is drawn and that type is the outcome. An approach's "
    "automatic token must be in the bag. A sponsorbaby's brand or an agitator's 'violent' coming up changes "
    "the location's identity (in a session, at once unless applyIdentityChange is false).",
    stateless=resolve_personal_reaction, session=personal_reaction,
)
