"""Request examples published in the OpenAPI document (`tests/api/test_examples.py` sends every one).

`createSession` has one example per system (a table of that game, small but playable); every
stateless mechanic has the body of one call that succeeds, in its system's module here, taken from
the rules' own numbers where they give them; `verify` checks the record the dice roll example
answers. The dice and desert systems also list session calls that succeed one after another in a
session created from their `createSession` example. Field-level examples (`examples=[...]` on a
model's field) stay where the field is declared.
"""

from __future__ import annotations

from typing import Any

from . import desert, dice, eclipse, ncb, neuroscape, neurosystem
from .sessions import SESSIONS

# By operationId: the body of one stateless call that succeeds.
STATELESS: dict[str, dict[str, Any]] = {
    **dice.STATELESS,
    **neurosystem.STATELESS,
    **ncb.STATELESS,
    **eclipse.STATELESS,
    **desert.STATELESS,
    **neuroscape.STATELESS,
}

# By system: session calls that succeed, in this order, in a session created from its SESSIONS example,
# each as (the seat's name, operationId, body). An operation that comes twice publishes its first body.
IN_SESSION: dict[str, list[tuple[str, str, dict[str, Any]]]] = {"dice": dice.IN_SESSION, "desert": desert.IN_SESSION}

BODIES: dict[str, dict[str, Any]] = {
    **{operation: body for calls in IN_SESSION.values() for _, operation, body in reversed(calls)},
    **STATELESS,
    "verify": dice.VERIFY,
}

__all__ = ["BODIES", "IN_SESSION", "SESSIONS", "STATELESS", "odds_body", "request_examples"]


def request_examples(operation_id: str) -> dict[str, Any] | None:
    """The `examples` of an operation's request body (named examples), or None when it has none here."""
    if operation_id == "createSession":
        return {system: {"summary": f"A {system} session", "value": body} for system, body in SESSIONS.items()}
    if operation_id in BODIES:
        return {"example": {"value": BODIES[operation_id]}}
    if operation_id.endswith("Odds") and operation_id.removesuffix("Odds") in STATELESS:
        return {"example": {"value": odds_body(operation_id.removesuffix("Odds"))}}
    return None


def odds_body(operation_id: str) -> dict[str, Any]:
    """The body of a stateless mechanic's odds: its example without the seeds."""
    return {k: v for k, v in STATELESS[operation_id].items() if k not in ("seed", "clientSeed")}
