"""Request examples published in the OpenAPI document (`tests/api/test_examples.py` sends every one).

`createSession` has one example per system (a table of that game, small but playable); every
stateless mechanic has the body of one call that succeeds, in its system's module here, taken from
the rules' own numbers where they give them; `verify` checks the record the dice roll example
answers. Each system in `IN_SESSION` also lists session calls that succeed one after another in a
session created from its `createSession` example, or from the further named example `IN_SESSION_TABLE`
gives (`TABLES`: a table with house rules, said so in its summary); a call's seat `*` is the one seat
the match waits for then, read from the session's state (`flow.awaiting`), for games where the dice
decide who acts. A session operation publishes every distinct body it is sent with. Where the rules
let no body be accepted whatever the dice drew before it, `MAY_BE_REFUSED` says exactly when the live
service refuses it, and its example's description says so. An odds operation publishes its
mechanic's example: stateless, without the seeds (`odds_body`); in a session, the body of the call it
is asked before. Field-level examples (`examples=[...]` on a model's field) stay where the field is declared.
"""

from __future__ import annotations

from typing import Any

from . import desert, dice, eclipse, ncb, neuroscape, neurosystem
from .refusals import MayBeRefused
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

# Further createSession examples by name, beside the one per system: (summary, description, body).
TABLES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "neuroscape-drill": (neuroscape.DRILL_SUMMARY, neuroscape.DRILL_DESCRIPTION, neuroscape.DRILL),
}

# By system: session calls that succeed, in this order, in a session created from its SESSIONS example
# (or the TABLES one named here), each as (the seat's name or `*`, operationId, body).
IN_SESSION: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "dice": dice.IN_SESSION,
    "desert": desert.IN_SESSION,
    "neurosystem": neurosystem.IN_SESSION,
    "eclipse": eclipse.IN_SESSION,
    "ncb": ncb.IN_SESSION,
    "neuroscape": neuroscape.IN_SESSION,
}
IN_SESSION_TABLE: dict[str, str] = {"neuroscape": "neuroscape-drill"}

# By operationId: the session calls above that the live service may refuse, and exactly when.
MAY_BE_REFUSED: dict[str, MayBeRefused] = {**eclipse.MAY_BE_REFUSED}


def _sent() -> dict[str, list[dict[str, Any]]]:
    """By operationId: every distinct body a session operation is sent with, first sent first."""
    sent: dict[str, list[dict[str, Any]]] = {}
    for calls in IN_SESSION.values():
        for _, operation, body in calls:
            if body not in sent.setdefault(operation, []):
                sent[operation].append(body)
    return sent


SENT = _sent()

BODIES: dict[str, dict[str, Any]] = {
    **{operation: bodies[0] for operation, bodies in SENT.items()},
    **STATELESS,
    "verify": dice.VERIFY,
}

__all__ = [
    "BODIES",
    "IN_SESSION",
    "IN_SESSION_TABLE",
    "MAY_BE_REFUSED",
    "SESSIONS",
    "STATELESS",
    "TABLES",
    "odds_body",
    "request_examples",
    "session_table",
]


def session_table(system: str) -> dict[str, Any]:
    """The createSession body of the table a system's IN_SESSION calls are sent in."""
    name = IN_SESSION_TABLE.get(system)
    return SESSIONS[system] if name is None else TABLES[name][2]


def request_examples(operation_id: str) -> dict[str, Any] | None:
    """The `examples` of an operation's request body (named examples), or None when it has none here."""
    if operation_id == "createSession":
        tables = {name: {"summary": summary, "description": text, "value": body} for name, (summary, text, body) in TABLES.items()}
        return {**{system: {"summary": f"A {system} session", "value": body} for system, body in SESSIONS.items()}, **tables}
    if operation_id in SENT:
        refusal = MAY_BE_REFUSED.get(operation_id)
        said = {} if refusal is None else {"description": refusal.description}
        return {"example" if index == 0 else f"example-{index + 1}": {**said, "value": body} for index, body in enumerate(SENT[operation_id])}
    if operation_id in BODIES:
        return {"example": {"value": BODIES[operation_id]}}
    asked_of = operation_id.removesuffix("OddsInSession") + "InSession"
    if operation_id.endswith("OddsInSession") and asked_of in SENT:  # the call's own body, asked before it is sent
        return {"example": {"value": SENT[asked_of][0]}}
    if operation_id.endswith("Odds") and operation_id.removesuffix("Odds") in STATELESS:
        return {"example": {"value": odds_body(operation_id.removesuffix("Odds"))}}
    return None


def odds_body(operation_id: str) -> dict[str, Any]:
    """The body of a stateless mechanic's odds: its example without the seeds."""
    return {k: v for k, v in STATELESS[operation_id].items() if k not in ("seed", "clientSeed")}
