"""Building and district reactions, the side of a blue one, and personal reactions: stateless and at the table."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules import personal_reactions as personal
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.building_reactions import building_bag, choose_side, draw_token, resolve_token
from service.systems.desert.rules.reaction_odds import building_draw_odds, personal_draw_odds
from service.systems.desert.rules.screen import Slot, Source, laid_out_slots, screen_of
from service.systems.desert.rules.tokens import MAX_CONTROL, TokenColor
from service.systems.desert.state import (
    Character,
    DesertState,
    Drawn,
    acting_character,
    current_location,
    location_key,
    log_of,
    place_of,
    require_held,
    visit_of,
)
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
    DesertReactionChosen,
    DesertToken,
)
from service.systems.desert.wire.sheets import DesertApproach

KEEP_DRAWS = 30  # reactions remembered per visit; escalation only needs the counts


# -- building and district reactions --------------------------------------------------------------


def _building_bag(params: DesertBuildingReactionInput) -> tuple[Source, list[Slot], list[TokenColor]]:
    """The screen's slots (and whether of a district or a section) and the bag they make."""
    source, slots = laid_out_slots(params.district_type, params.checkboxes, params.bypassed)
    free = {s.category for s in slots if s.free}
    for category in params.volunteered:
        if category not in free:
            raise refuse(errors.NOT_A_FREE_CATEGORY, f"{category} holds control tokens here: a statement there is required, not volunteered")
    return source, slots, building_bag(slots, set(params.volunteered))


def resolve_building_reaction(params: DesertBuildingReactionInput, stream: Stream) -> DesertBuildingDraw:
    source, slots, bag = _building_bag(params)
    screen = screen_of(source, slots)
    index = draw_token(bag, stream)
    after, reaction = resolve_token(
        bag[index], control=params.control, blues_before=params.blues_before, side=params.on_blue, reactions=params.reactions, stream=stream
    )
    return DesertBuildingDraw(
        screen=screen,
        bag=bag,
        draw_index=index,
        drawn=bag[index],
        control_before=params.control,
        control_after=after,
        reaction=reaction,
    )


def _building_bag_at_table(state: DesertState, params: DesertBuildingReactionAtTableInput, actor: Actor) -> tuple[Character, list[TokenColor]]:
    """The character drawing and its bag, once the draw is allowed (the odds refuse as the draw does)."""
    found = acting_character(state, params.character, actor, as_holder=False)
    require_held(state, found)
    if visit_of(state, found).pending is not None:
        raise refuse(errors.CHOICE_PENDING, "a blue token is waiting for the table to choose positive or negative")
    log = log_of(state, found)
    _, slots = logs.log_slots(state, log)
    missing = logs.missing_statements(log, slots)
    if missing and state.rules.require_statements:
        raise refuse(
            errors.STATEMENT_MISSING,
            f"{found.name} still has to say {', '.join(missing)} here (or bypass it) before the draw",
            missing=missing,
        )
    return found, building_bag(slots, logs.volunteered(log, slots))


def building_reaction(
    state: DesertState, params: DesertBuildingReactionAtTableInput, stream: Stream, actor: Actor
) -> tuple[DesertState, DesertBuildingDrawAtTable]:
    found, bag = _building_bag_at_table(state, params, actor)
    location = current_location(found)
    visit = visit_of(state, found)
    log = log_of(state, found)
    shown = logs.screen_for(state, found)
    index = draw_token(bag, stream)
    place = place_of(state, location)
    before = place.control
    after, reaction = resolve_token(
        bag[index], control=before, blues_before=visit.blues, side=params.on_blue, reactions=place.reactions, stream=stream
    )
    visit = visit.model_copy(
        update={
            "draws": visit.draws + 1,
            "blues": visit.blues + (1 if bag[index] == "blue" else 0),
            "drawn": (*visit.drawn, Drawn(token=bag[index], reaction=reaction))[-KEEP_DRAWS:],
            "pending": reaction if reaction is not None and reaction.pending else None,
        }
    )
    key = location_key(location)
    state = (
        state.with_place(place.model_copy(update={"control": after}))
        .with_visit(found.id, key, visit)
        .with_security_log(log.model_copy(update={"compiled": True}))
    )
    result = DesertBuildingDrawAtTable(
        screen=shown,
        bag=bag,
        draw_index=index,
        drawn=bag[index],
        control_before=before,
        control_after=after,
        reaction=reaction,
        character=found.id,
        location_key=key,
        security_log=log.id,
        draws_here=visit.draws,
        blues_here=visit.blues,
    )
    return state, result


def choose_reaction(state: DesertState, params: DesertChooseReactionInput, actor: Actor) -> tuple[DesertState, DesertReactionChosen]:
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    visit = visit_of(state, found)
    if visit.pending is None:
        raise refuse(errors.NO_CHOICE_PENDING, f"no blue token waits for a choice for {found.name} here")
    settled = choose_side(visit.pending, params.side, place_of(state, location).reactions)
    visit = visit.model_copy(update={"pending": None, "drawn": (*visit.drawn[:-1], Drawn(token="blue", reaction=settled))})
    key = location_key(location)
    return state.with_visit(found.id, key, visit), DesertReactionChosen(character=found.id, location_key=key, reaction=settled)


# -- personal reactions ---------------------------------------------------------------------------


def _personal_bag(params: DesertPersonalReactionInput) -> tuple[list[DesertToken], list[str]]:
    bag = personal.check_bag(params.tokens, control=params.control, controlled_type=params.controlled_type, mode=params.count_rule)
    required = personal.automatic_tokens(params.approach, with_meeting=params.with_meeting, conduct=params.conduct)
    personal.check_automatic(bag, required, control=params.control, controlled_type=params.controlled_type)
    return bag, required


def resolve_personal_reaction(params: DesertPersonalReactionInput, stream: Stream) -> DesertPersonalDraw:
    bag, required = _personal_bag(params)
    approach = params.approach
    index, drawn = personal.draw(bag, control=params.control, controlled_type=params.controlled_type, stream=stream)
    goal = personal.identity_change(approach, drawn.label)
    change: DesertIdentityChange | None = None
    if goal is not None and not personal.same(goal, params.controlled_type):
        change = DesertIdentityChange(before=params.controlled_type, after=goal, applied=False)
    return DesertPersonalDraw(
        bag=bag,
        control=params.control,
        controlled_type=params.controlled_type,
        controlled_count=personal.count_of(bag, params.controlled_type),
        automatic_tokens=required,
        drew=index is not None,
        draw_index=index,
        drawn=drawn,
        identity_change=change,
    )


def _meets_rental_target(state: DesertState, approach: DesertApproach | None, with_person: str | None) -> bool:
    if approach is None or approach.approach != "rental" or with_person is None:
        return False
    other = state.characters.get(with_person)
    names = [with_person] + ([other.name, other.id] if other else [])
    return any(personal.same(name, approach.meeting) for name in names)


def _personal_bag_at_table(
    state: DesertState, params: DesertPersonalReactionAtTableInput, actor: Actor
) -> tuple[Character, list[DesertToken], list[str]]:
    """The character drawing, its bag and the automatic labels, once the draw is allowed."""
    found = acting_character(state, params.character, actor, as_holder=False)
    require_held(state, found)
    place = place_of(state, current_location(found))
    controlled = params.controlled_type or place.identity
    bag = personal.check_bag(params.tokens, control=place.control, controlled_type=controlled, mode=state.rules.personal_control_count)
    required = personal.automatic_tokens(
        found.approach, with_meeting=_meets_rental_target(state, found.approach, params.with_person), conduct=params.conduct
    )
    personal.check_automatic(bag, required, control=place.control, controlled_type=controlled)
    return found, bag, required


def personal_reaction(
    state: DesertState, params: DesertPersonalReactionAtTableInput, stream: Stream, actor: Actor
) -> tuple[DesertState, DesertPersonalDrawAtTable]:
    found, bag, required = _personal_bag_at_table(state, params, actor)
    location = current_location(found)
    place = place_of(state, location)
    control = place.control
    controlled = params.controlled_type or place.identity
    approach = found.approach
    index, drawn = personal.draw(bag, control=control, controlled_type=controlled, stream=stream)
    change: DesertIdentityChange | None = None
    goal = personal.identity_change(approach, drawn.label)
    if goal is not None and not personal.same(goal, place.identity):
        change = DesertIdentityChange(before=place.identity, after=goal, applied=params.apply_identity_change)
        if params.apply_identity_change:
            state = state.with_place(place.model_copy(update={"identity": goal}))
    result = DesertPersonalDrawAtTable(
        bag=bag,
        control=control,
        controlled_type=controlled,
        controlled_count=personal.count_of(bag, controlled),
        automatic_tokens=required,
        drew=index is not None,
        draw_index=index,
        drawn=drawn,
        identity_change=change,
        character=found.id,
        location_key=location_key(location),
        with_person=params.with_person,
    )
    return state, result


# -- odds: the same inputs, nothing drawn ---------------------------------------------------------


def building_reaction_odds(params: DesertBuildingReactionInput) -> Odds:
    _, _, bag = _building_bag(params)
    return building_draw_odds(bag, control=params.control, blues_before=params.blues_before, side=params.on_blue, reactions=params.reactions)


def building_reaction_odds_at_table(state: DesertState, params: DesertBuildingReactionAtTableInput, actor: Actor) -> Odds:
    found, bag = _building_bag_at_table(state, params, actor)
    place = place_of(state, current_location(found))
    blues = visit_of(state, found).blues
    return building_draw_odds(bag, control=place.control, blues_before=blues, side=params.on_blue, reactions=place.reactions)


def personal_reaction_odds(params: DesertPersonalReactionInput) -> Odds:
    bag, _ = _personal_bag(params)
    control_six = params.control == MAX_CONTROL
    return personal_draw_odds(
        bag, control_six=control_six, controlled_type=params.controlled_type, approach=params.approach, identity=params.controlled_type
    )


def personal_reaction_odds_at_table(state: DesertState, params: DesertPersonalReactionAtTableInput, actor: Actor) -> Odds:
    found, bag, _ = _personal_bag_at_table(state, params, actor)
    place = place_of(state, current_location(found))
    controlled = params.controlled_type or place.identity
    return personal_draw_odds(
        bag, control_six=place.control == MAX_CONTROL, controlled_type=controlled, approach=found.approach, identity=place.identity
    )


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
    odds=building_reaction_odds, session_odds=building_reaction_odds_at_table,
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
    odds=personal_reaction_odds, session_odds=personal_reaction_odds_at_table,
)
