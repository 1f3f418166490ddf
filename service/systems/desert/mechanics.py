"""Every d e s e r t mechanic, declared once: REST, GraphQL and OpenAPI derive from here.

Stateless forms take every number in the request; session forms act on the shared table
(see `table.py` for its state). There is no game master: every seat is a `player` and may
ask for any draw; only playing a held character is reserved to the seat holding it.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor, system
from service.systems.desert import errors, moves, personal, play, table_actions
from service.systems.desert.errors import refuse
from service.systems.desert.approaches import roll_or_pick
from service.systems.desert.building_reaction import building_bag, draw_token, resolve_token
from service.systems.desert.encounters import building_encounter, district_encounter
from service.systems.desert.memory_logs import check_access
from service.systems.desert.models import (
    DesertApproachAtTable,
    DesertApproachChoice,
    DesertApproachPick,
    DesertApproachResult,
    DesertBuildingDraw,
    DesertBuildingDrawAtTable,
    DesertBuildingReactionAtTableInput,
    DesertBuildingReactionInput,
    DesertCharacterRef,
    DesertChooseReactionInput,
    DesertEncounterAtTable,
    DesertEncounterInput,
    DesertEncounterResult,
    DesertIdentityChange,
    DesertPersonalDraw,
    DesertPersonalDrawAtTable,
    DesertPersonalReactionAtTableInput,
    DesertPersonalReactionInput,
    DesertPlayerScreenInput,
    DesertReaction,
    DesertReactionChosen,
    DesertScreen,
    DesertScreenAtTable,
    DesertToken,
)
from service.systems.desert.screen import district_blues, player_screen, section_blues, slot
from service.systems.desert.sheets import DesertSetup
from service.systems.desert.table import initial_state
from service.systems.desert import table_models as tm



# -- stateless forms ----------------------------------------------------------------------------


def _screen(params: DesertPlayerScreenInput | DesertBuildingReactionInput) -> dict:
    if params.district_type is not None:
        source, blues = "district", district_blues(params.district_type)
    else:
        source, blues = "section", section_blues(params.checkboxes or [])
    return player_screen(source, blues, section_blues(params.bypassed))


def resolve_screen(params: DesertPlayerScreenInput) -> DesertScreen:
    return DesertScreen.model_validate(_screen(params))


def resolve_building_reaction(params: DesertBuildingReactionInput, stream: Stream) -> DesertBuildingDraw:
    screen = _screen(params)
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


def resolve_approach(params: DesertApproachPick, stream: Stream) -> DesertApproachResult:
    face, entry = roll_or_pick(params.pick, stream)
    return DesertApproachResult.model_validate({"face": face, **entry})


def resolve_encounter(params: DesertEncounterInput, stream: Stream) -> DesertEncounterResult:
    if params.district_type is not None:
        return DesertEncounterResult.model_validate({"kind": "district", **district_encounter(params.district_type, stream)})
    table = [entry.model_dump(mode="json", by_alias=True) for entry in params.table or []]
    return DesertEncounterResult.model_validate({"kind": "building", **building_encounter(table, params.time_of_day, stream)})


def resolve_memory_log(params: tm.DesertMemoryCheckInput) -> tm.DesertMemoryVerdict:
    check_access(params.access, params.audience, params.owner, params.featuring, params.consents)
    return tm.DesertMemoryVerdict(
        access=params.access, audience=params.audience, featuring=params.featuring, consents=params.consents
    )


# -- declarations -------------------------------------------------------------------------------


def _view(state: dict, actor: Actor | None) -> dict:
    # Nothing at a desert table is secret from its players: the player screen is public even
    # in-world, consequence cards are known to the table, and no bag is drawn from in advance.
    return state


SYSTEM = system("desert", "d e s e r t", setup=DesertSetup, start=initial_state, view=_view, errors=errors.CODES)

SYSTEM.mechanic(
    "player-screen",
    "Lay out the player screen of a district or building section",
    "A district of type N puts a blue control token on each of its first N security categories; a building "
    "section puts one per checked box. Categories without one get an orange free token. Bypasses turn blue "
    "tokens red. The answer lists the statements the held character must make here. In a session the screen "
    "is the named (or your held) character's current location, with its security log's bypasses.",
    stateless=resolve_screen, session=play.screen, read=True,
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
    stateless=resolve_building_reaction, session=play.building_reaction,
)

SYSTEM.mechanic(
    "choose-reaction",
    "Choose positive or negative for a blue token just drawn",
    "Settles the side of a blue building reaction left open; needed before the next draw or a move.",
    session=play.choose_reaction,
)

SYSTEM.mechanic(
    "personal-reaction",
    "Draw a personal reaction from six table-assigned tokens",
    "Six tokens whose meanings the table assigns. The location's control value N demands N of one type "
    "(normally the identity); at control 6 nothing is drawn and that type is the outcome. An approach's "
    "automatic token must be in the bag. A sponsorbaby's brand or an agitator's 'violent' coming up changes "
    "the location's identity (in a session, at once unless applyIdentityChange is false).",
    stateless=resolve_personal_reaction, session=play.personal_reaction,
)

SYSTEM.mechanic(
    "approach",
    "Roll (d6) or pick an approach",
    "Sponsorbaby, rental, walk-in, sun, esper or agitator, with the automatic token it grants in personal "
    "draws. In a session it becomes the character's approach, with its brand or rental role.",
    stateless=resolve_approach, session=moves.approach,
)

SYSTEM.mechanic(
    "encounter",
    "Roll for a random encounter",
    "A district: one d6, an encounter when it shows the district type or lower (once per day in a session). "
    "A building: a d6 on its encounter table, which only takes place when the entry's time of day is now "
    "(once per section, until an encounter took place during the stay).",
    stateless=resolve_encounter, session=moves.encounter,
)

SYSTEM.mechanic(
    "keep-memory-log",
    "Keep a compiled security log as a memory log",
    "Private, limited to named people, or public. Limited and public memory logs need the recorded consent "
    "of every other character in them. Stateless, it checks the access against the given consents.",
    stateless=resolve_memory_log, session=table_actions.keep_memory_log,
)

# -- session only ---------------------------------------------------------------------------------

SYSTEM.mechanic(
    "move",
    "Move a held character to another section or district",
    "Refused until the current location's building or district reaction has been drawn. Opens a new "
    "security log and may roll for an encounter.",
    session=moves.move,
)

SYSTEM.mechanic(
    "make-statement",
    "Write a statement into the character's security log",
    "A statement in a category with a blue token answers what it requires; one in a free category is "
    "volunteered and puts an orange token in the next building reaction.",
    session=play.make_statement,
)

SYSTEM.mechanic(
    "bypass",
    "Bypass a security system instead of making its statement",
    "Replaces one blue control token of the category with a red bypass token.",
    session=play.bypass,
)

SYSTEM.mechanic(
    "hack-security-log",
    "A hacker strikes or rewrites a security log statement",
    "Striking turns the statement's blue control token red; rewriting changes the text and leaves the blue.",
    session=play.hack,
)

SYSTEM.mechanic(
    "hold-character",
    "Hold an unheld character (your previous one becomes unheld)",
    "Every seat holds exactly one character at a time.",
    session=table_actions.hold,
)

SYSTEM.mechanic(
    "add-character",
    "Bring a new character to the table",
    "",
    session=table_actions.add_character,
)

SYSTEM.mechanic(
    "add-building",
    "Add a building sheet to the table",
    "",
    session=table_actions.add_building,
)

SYSTEM.mechanic(
    "add-district",
    "Add a district to the table",
    "",
    session=table_actions.add_district,
)

SYSTEM.mechanic(
    "consent-memory-log",
    "Record a character's consent to a memory log they show up in",
    "",
    session=table_actions.consent,
)

SYSTEM.mechanic(
    "set-memory-log-access",
    "Make a memory log private, limited or public",
    "Limited and public need the consent of everyone else in the log.",
    session=table_actions.set_access,
)

SYSTEM.mechanic(
    "add-consequence",
    "Write a consequence card for a held character",
    "Names the character and roughly when it lands; the whole table sees it.",
    session=table_actions.add_consequence,
)

SYSTEM.mechanic(
    "settle-consequence",
    "Mark a consequence card as landed",
    "",
    session=table_actions.settle_consequence,
)

SYSTEM.mechanic(
    "advance-time",
    "Move the table's clock to the next time of day",
    "Daytime, evening, past midnight; after past midnight a new day begins.",
    session=table_actions.advance_time,
)
