"""The player screen: stateless from a district type or a section, or where a character is at the table (a read)."""

from __future__ import annotations

from service.registry import Actor
from service.systems.desert import SYSTEM
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.screen import laid_out
from service.systems.desert.state import DesertState, acting_character, current_location, location_key, log_of, place_of
from service.systems.desert.wire.refs import DesertCharacterRef
from service.systems.desert.wire.screen import DesertPlayerScreenInput, DesertScreen, DesertScreenAtTable


def resolve_screen(params: DesertPlayerScreenInput) -> DesertScreen:
    return laid_out(params.district_type, params.checkboxes, params.bypassed)


def screen(state: DesertState, params: DesertCharacterRef, actor: Actor) -> DesertScreenAtTable:
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    place = place_of(state, location)
    shown = logs.screen_for(state, found)
    log = log_of(state, found)
    return DesertScreenAtTable(
        character=found.id,
        location_key=location_key(location),
        control=place.control,
        identity=place.identity,
        screen=shown,
        missing_statements=logs.missing_statements(log, shown.categories),
        volunteered=logs.volunteered(log, shown.categories),
    )


SYSTEM.mechanic(
    "player-screen",
    "Lay out the player screen of a district or building section",
    "A district of type N puts a blue control token on each of its first N security categories; a building "
    "section puts one per checked box. Categories without one get an orange free token. Bypasses turn blue "
    "tokens red. The answer lists the statements the held character must make here. In a session the screen "
    "is the named (or your held) character's current location, with its security log's bypasses.",
    stateless=resolve_screen,
    session=screen,
    read=True,
)
