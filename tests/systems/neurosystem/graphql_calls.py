"""GraphQL calls for the NeuroSystem API tests: full selections built from the output models."""

from __future__ import annotations

from service.systems import REGISTRY
from support.api import Api, selection

_STATELESS_AUDIT = "audit { seed nonce draws { sides face } }"
_SESSION_AUDIT = "audit { nonce draws { sides face } }"


def _session_answer(name: str) -> str:
    mech = REGISTRY.mechanics[f"neurosystem/{name}"]
    return f"version seq result {{ {selection(mech.session_output or mech.output)} }} {_SESSION_AUDIT}"


def stateless(api: Api, name: str, body: dict) -> dict:
    mech = REGISTRY.mechanics[f"neurosystem/{name}"]
    audit = _STATELESS_AUDIT if mech.random else ""  # a deterministic mechanic answers no audit record
    return api.mechanic("neurosystem", name, body, f"result {{ {selection(mech.output)} }} {audit}")


def in_session(api: Api, name: str, session_id: str, body: dict, token: str) -> dict:
    return api.mechanic("neurosystem", name, body, _session_answer(name), session=session_id, token=token)


def error_in_session(api: Api, name: str, session_id: str, body: dict, token: str) -> dict:
    return api.mechanic_error("neurosystem", name, body, _session_answer(name), session=session_id, token=token)
