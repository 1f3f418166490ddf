"""Keeping a compiled security log as a memory log (stateless: checking its access against the consents)."""

from __future__ import annotations

from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse, table_full
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.memory_logs import check_access
from service.systems.desert.state import DesertState, acting_character, character, security_log
from service.systems.desert.wire.memory_logs import DesertKeepMemoryLogInput, DesertMemoryCheckInput, DesertMemoryLog, DesertMemoryVerdict

MAX_MEMORY_LOGS = 100


def resolve_memory_log(params: DesertMemoryCheckInput) -> DesertMemoryVerdict:
    check_access(params.access, params.audience, params.owner, params.featuring, params.consents)
    return DesertMemoryVerdict(access=params.access, audience=params.audience, featuring=params.featuring, consents=params.consents)


def keep_memory_log(state: DesertState, params: DesertKeepMemoryLogInput, actor: Actor) -> tuple[DesertState, DesertMemoryLog]:
    log = security_log(state, params.security_log)
    owner = acting_character(state, log.character, actor, as_holder=True)
    if not log.compiled:
        raise refuse(errors.LOG_NOT_COMPILED, "a security log becomes a memory log once a building reaction was drawn for it")
    for other in [*params.featuring, *params.consents]:
        character(state, other)
    featuring = [c for c in dict.fromkeys([*logs.featuring(log), *params.featuring]) if c != owner.id]
    consents = [c for c in dict.fromkeys(params.consents) if c in featuring]
    check_access(params.access, params.audience, owner.id, featuring, consents)
    if len(state.memory_logs) >= MAX_MEMORY_LOGS:
        raise table_full("memory logs", MAX_MEMORY_LOGS)
    state, memory_id = state.with_next_id("memory")
    memory = DesertMemoryLog(
        id=memory_id,
        owner=owner.id,
        security_log=log.id,
        location_key=log.location_key,
        access=params.access,
        audience=list(dict.fromkeys(params.audience)),
        featuring=featuring,
        consents=consents,
        entries=list(log.entries),
    )
    return state.with_memory_log(memory), memory


SYSTEM.mechanic(
    "keep-memory-log",
    "Keep a compiled security log as a memory log",
    "Private, limited to named people, or public. Limited and public memory logs need the recorded consent "
    "of every other character in them. Stateless, it checks the access against the given consents.",
    stateless=resolve_memory_log, session=keep_memory_log,
)
