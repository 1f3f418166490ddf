"""Sharing a memory log: the consent of those in it, and its access (private, limited, public)."""

from __future__ import annotations

from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.memory_logs import check_access
from service.systems.desert.state import DesertState, acting_character, memory_log
from service.systems.desert.wire.memory_logs import DesertMemoryLog
from service.systems.desert.wire.sharing import DesertAccessInput, DesertConsentInput


def consent(state: DesertState, params: DesertConsentInput, actor: Actor) -> tuple[DesertState, DesertMemoryLog]:
    memory = memory_log(state, params.memory_log)
    who = acting_character(state, params.character, actor, as_holder=True)
    if who.id not in memory.featuring:
        raise refuse(errors.NOT_IN_LOG, f"{who.name} does not show up in memory log {memory.id}")
    if who.id not in memory.consents:
        memory = memory.model_copy(update={"consents": [*memory.consents, who.id]})
    return state.with_memory_log(memory), memory


def set_access(state: DesertState, params: DesertAccessInput, actor: Actor) -> tuple[DesertState, DesertMemoryLog]:
    memory = memory_log(state, params.memory_log)
    acting_character(state, memory.owner, actor, as_holder=True)
    check_access(params.access, params.audience, memory.owner, memory.featuring, memory.consents)
    memory = memory.model_copy(update={"access": params.access, "audience": list(dict.fromkeys(params.audience))})
    return state.with_memory_log(memory), memory


SYSTEM.mechanic(
    "consent-memory-log",
    "Record a character's consent to a memory log they show up in",
    "",
    session=consent,
)

SYSTEM.mechanic(
    "set-memory-log-access",
    "Make a memory log private, limited or public",
    "Limited and public need the consent of everyone else in the log.",
    session=set_access,
)
