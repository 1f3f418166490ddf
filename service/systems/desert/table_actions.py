"""Session handlers for the table itself: who holds whom, new places and characters,
memory logs and their consents, consequence cards and the time of day."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert import security_log as logs
from service.systems.desert.memory_logs import check_access
from service.systems.desert.screen import district_blues, player_screen, section_blues
from service.systems.desert.sheets import TIMES_OF_DAY, check_section_numbers
from service.systems.desert.table import acting_character, character, fresh, holder_of, new_character, next_id, require_held
from service.systems.desert.models import DesertScreen
from service.systems.desert.table_models import (
    DesertAccessInput,
    DesertAddBuildingInput,
    DesertAddCharacterInput,
    DesertAddDistrictInput,
    DesertAdvanceTimeInput,
    DesertCharacterAdded,
    DesertConsentInput,
    DesertConsequence,
    DesertConsequenceInput,
    DesertHeld,
    DesertHoldInput,
    DesertKeepMemoryLogInput,
    DesertMemoryLog,
    DesertPlaceAdded,
    DesertSettleInput,
    DesertTime,
)

MAX_CHARACTERS = 200
MAX_PLACES = 100  # buildings, and districts, each
MAX_MEMORY_LOGS = 100
MAX_CONSEQUENCES = 300


def _full(what: str, limit: int) -> RuleViolation:
    return refuse(errors.TABLE_FULL, f"a session holds at most {limit} {what}")


# -- held characters ------------------------------------------------------------------------------


def hold(state: dict, params: DesertHoldInput, stream: Stream, actor: Actor) -> tuple[dict, DesertHeld]:
    state = fresh(state)
    found = character(state, params.character)
    holder = holder_of(state, found["id"])
    if holder is not None:
        whose = "your seat" if holder == actor.seat else "another seat"
        raise refuse(errors.ALREADY_HELD, f"{found['name']} is already held by {whose}")
    released = state["held"].get(actor.seat)
    state["held"][actor.seat] = found["id"]
    return state, DesertHeld(seat=actor.seat, character=found["id"], released=released)


def add_character(state: dict, params: DesertAddCharacterInput, stream: Stream, actor: Actor) -> tuple[dict, DesertCharacterAdded]:
    state = fresh(state)
    spec = params.character.model_dump(mode="json", by_alias=True)
    if spec["id"] in state["characters"]:
        raise refuse(errors.DUPLICATE_ID, f"a character {spec['id']!r} is already at this table")
    if len(state["characters"]) >= MAX_CHARACTERS:
        raise _full("characters", MAX_CHARACTERS)
    state["characters"][spec["id"]] = new_character(spec)
    if params.hold:
        state["held"][actor.seat] = spec["id"]
    return state, DesertCharacterAdded(character=params.character, held_by=actor.seat if params.hold else None)


def _add_place(state: dict, kind: str, spec: dict) -> None:
    shelf = state[f"{kind}s"]
    if spec["id"] in shelf:
        raise refuse(errors.DUPLICATE_ID, f"a {kind} {spec['id']!r} is already at this table")
    if len(shelf) >= MAX_PLACES:
        raise _full(f"{kind}s", MAX_PLACES)
    shelf[spec["id"]] = spec


def add_building(state: dict, params: DesertAddBuildingInput, stream: Stream, actor: Actor) -> tuple[dict, DesertPlaceAdded]:
    check_section_numbers(params.building)
    state = fresh(state)
    spec = params.building.model_dump(mode="json", by_alias=True)
    _add_place(state, "building", spec)
    screens = [DesertScreen.model_validate(player_screen("section", section_blues(s["checkboxes"]), {})) for s in spec["sections"]]
    return state, DesertPlaceAdded(kind="building", id=spec["id"], control=spec["control"], identity=spec["identity"], screens=screens)


def add_district(state: dict, params: DesertAddDistrictInput, stream: Stream, actor: Actor) -> tuple[dict, DesertPlaceAdded]:
    state = fresh(state)
    spec = params.district.model_dump(mode="json", by_alias=True)
    _add_place(state, "district", spec)
    screens = [DesertScreen.model_validate(player_screen("district", district_blues(spec["type"]), {}))]
    return state, DesertPlaceAdded(kind="district", id=spec["id"], control=spec["control"], identity=spec["identity"], screens=screens)


# -- memory logs ----------------------------------------------------------------------------------


def _memory(state: dict, memory_id: str) -> dict:
    found = state["memoryLogs"].get(memory_id)
    if found is None:
        raise refuse(errors.UNKNOWN_MEMORY_LOG, f"no memory log {memory_id!r}")
    return found


def keep_memory_log(state: dict, params: DesertKeepMemoryLogInput, stream: Stream, actor: Actor) -> tuple[dict, DesertMemoryLog]:
    state = fresh(state)
    log = state["securityLogs"].get(params.security_log)
    if log is None:
        raise refuse(errors.UNKNOWN_SECURITY_LOG, f"no security log {params.security_log!r}")
    owner = acting_character(state, log["character"], actor, as_holder=True)
    if not log["compiled"]:
        raise refuse(
            errors.LOG_NOT_COMPILED, "a security log becomes a memory log once a building reaction was drawn for it"
        )
    for other in [*params.featuring, *params.consents]:
        character(state, other)
    featuring = [c for c in dict.fromkeys([*logs.featuring(log), *params.featuring]) if c != owner["id"]]
    consents = [c for c in dict.fromkeys(params.consents) if c in featuring]
    check_access(params.access, params.audience, owner["id"], featuring, consents)
    if len(state["memoryLogs"]) >= MAX_MEMORY_LOGS:
        raise _full("memory logs", MAX_MEMORY_LOGS)
    memory = {
        "id": next_id(state, "memory"),
        "owner": owner["id"],
        "securityLog": log["id"],
        "locationKey": log["locationKey"],
        "access": params.access,
        "audience": list(dict.fromkeys(params.audience)),
        "featuring": featuring,
        "consents": consents,
        "entries": [dict(e) for e in log["entries"]],
    }
    state["memoryLogs"][memory["id"]] = memory
    return state, DesertMemoryLog.model_validate(memory)


def consent(state: dict, params: DesertConsentInput, stream: Stream, actor: Actor) -> tuple[dict, DesertMemoryLog]:
    state = fresh(state)
    memory = _memory(state, params.memory_log)
    who = acting_character(state, params.character, actor, as_holder=True)
    if who["id"] not in memory["featuring"]:
        raise refuse(errors.NOT_IN_LOG, f"{who['name']} does not show up in memory log {memory['id']}")
    if who["id"] not in memory["consents"]:
        memory["consents"].append(who["id"])
    return state, DesertMemoryLog.model_validate(memory)


def set_access(state: dict, params: DesertAccessInput, stream: Stream, actor: Actor) -> tuple[dict, DesertMemoryLog]:
    state = fresh(state)
    memory = _memory(state, params.memory_log)
    acting_character(state, memory["owner"], actor, as_holder=True)
    check_access(params.access, params.audience, memory["owner"], memory["featuring"], memory["consents"])
    memory["access"] = params.access
    memory["audience"] = list(dict.fromkeys(params.audience))
    return state, DesertMemoryLog.model_validate(memory)


# -- consequences and time ------------------------------------------------------------------------


def add_consequence(state: dict, params: DesertConsequenceInput, stream: Stream, actor: Actor) -> tuple[dict, DesertConsequence]:
    state = fresh(state)
    require_held(state, character(state, params.character))
    if len(state["consequences"]) >= MAX_CONSEQUENCES:
        raise _full("consequence cards", MAX_CONSEQUENCES)
    card = {
        "id": next_id(state, "consequence"),
        "character": params.character,
        "text": params.text,
        "when": params.when,
        "settled": False,
        "day": state["day"],
    }
    state["consequences"].append(card)
    return state, DesertConsequence.model_validate(card)


def settle_consequence(state: dict, params: DesertSettleInput, stream: Stream, actor: Actor) -> tuple[dict, DesertConsequence]:
    state = fresh(state)
    card = next((c for c in state["consequences"] if c["id"] == params.consequence), None)
    if card is None:
        raise refuse(errors.UNKNOWN_CONSEQUENCE, f"no consequence card {params.consequence!r}")
    card["settled"] = True
    return state, DesertConsequence.model_validate(card)


def advance_time(state: dict, params: DesertAdvanceTimeInput, stream: Stream, actor: Actor) -> tuple[dict, DesertTime]:
    """Step to the next time of day (or on to the named one); past midnight rolls over into a new day."""
    state = fresh(state)
    index = TIMES_OF_DAY.index(state["timeOfDay"])
    target = params.to or TIMES_OF_DAY[(index + 1) % len(TIMES_OF_DAY)]
    steps = (TIMES_OF_DAY.index(target) - index) % len(TIMES_OF_DAY) or len(TIMES_OF_DAY)
    for _ in range(steps):
        index = (index + 1) % len(TIMES_OF_DAY)
        if index == 0:
            state["day"] += 1
    state["timeOfDay"] = TIMES_OF_DAY[index]
    return state, DesertTime(day=state["day"], time_of_day=state["timeOfDay"])
