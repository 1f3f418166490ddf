"""GraphQL helpers for the NeuroSystem API tests: full selections built from the output models."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel

from service.registry import REGISTRY


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def _inner_model(hint: Any) -> type[BaseModel] | None:
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return hint
    if typing.get_origin(hint) in (list, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(hint):
            found = _inner_model(arg)
            if found is not None:
                return found
    return None


def selection(model: type[BaseModel]) -> str:
    """Every field of the model, nested models expanded: the whole result, as REST returns it."""
    parts = []
    for name, info in model.model_fields.items():
        alias = info.alias or name
        inner = _inner_model(info.annotation)
        parts.append(f"{alias} {{ {selection(inner)} }}" if inner else alias)
    return " ".join(parts)


_INTROSPECT = "{ __type(name: \"Mutation\") { fields { name args { name type { name ofType { name } } } } } }"


def _input_type(api, field: str) -> str:
    """The input type name the schema gives this field (asked of the schema, not guessed)."""
    cache = api.__dict__.setdefault("_neurosystem_inputs", {})
    if not cache:
        for item in api.gql_data(_INTROSPECT)["__type"]["fields"]:
            for arg in item["args"]:
                if arg["name"] == "input":
                    cache[item["name"]] = arg["type"]["name"] or arg["type"]["ofType"]["name"]
    return cache[field]


def stateless(api, name: str, body: dict) -> dict:
    mech = REGISTRY.mechanics[f"neurosystem/{name}"]
    field = f"neurosystem{_pascal(name)}"
    query = (
        f"mutation M($input: {_input_type(api, field)}!) {{ {field}(input: $input) {{ "
        f"result {{ {selection(mech.output)} }} audit {{ seed nonce draws {{ sides face }} }} }} }}"
    )
    return api.gql_data(query, {"input": body})[field]


def session_query(api, name: str) -> str:
    mech = REGISTRY.mechanics[f"neurosystem/{name}"]
    output = mech.session_output or mech.output
    field = f"neurosystem{_pascal(name)}InSession"
    return (
        f"mutation M($id: ID!, $input: {_input_type(api, field)}!) {{ {field}(sessionId: $id, input: $input) {{ "
        f"version seq result {{ {selection(output)} }} audit {{ nonce draws {{ sides face }} }} }} }}"
    )


def in_session(api, name: str, session_id: str, body: dict, token: str) -> dict:
    field = f"neurosystem{_pascal(name)}InSession"
    return api.gql_data(session_query(api, name), {"id": session_id, "input": body}, token=token)[field]


def error_in_session(api, name: str, session_id: str, body: dict, token: str) -> dict:
    return api.gql_error(session_query(api, name), {"id": session_id, "input": body}, token=token)
