"""Keeping a compiled security log as a memory log (stateless: checking its access against the consents)."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse, table_full
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.memory_logs import check_access
from service.systems.desert.state import acting_character, character, fresh, next_id
from service.systems.desert.wire.memory_logs import DesertKeepMemoryLogInput, DesertMemoryCheckInput, DesertMemoryLog, DesertMemoryVerdict


MAX_MEMORY_LOGS = 100


def resolve_memory_log(params: DesertMemoryCheckInput) -> DesertMemoryVerdict:
    check_access(params.access, params.audience, params.owner, params.featuring, params.consents)
    return DesertMemoryVerdict(
        access=params.access, audience=params.audience, featuring=params.featuring, consents=params.consents
    )


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
        raise table_full("memory logs", MAX_MEMORY_LOGS)
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


SYSTEM.mechanic(
    "keep-memory-log",
    "Keep a compiled security log as a memory log",
    "Private, limited to named people, or public. Limited and public memory logs need the recorded consent "
    "of every other character in them. Stateless, it checks the access against the given consents.",
    stateless=resolve_memory_log, session=keep_memory_log,
)
