"""GraphQL helpers for the NCB API tests: names as the schema spells them."""

from __future__ import annotations

from support.api import Api


def pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("-"))


_INPUT_TYPES: dict[str, str] = {}


def input_type(api: Api, field_name: str) -> str:
    """The GraphQL type of a mutation's `input` argument, read from the schema itself."""
    if not _INPUT_TYPES:
        query = '{ __type(name: "Mutation") { fields { name args { name type { kind name ofType { name } } } } } }'
        for f in api.gql_data(query)["__type"]["fields"]:
            for arg in f["args"]:
                if arg["name"] == "input":
                    t = arg["type"]
                    _INPUT_TYPES[f["name"]] = f"{t['ofType']['name']}!" if t["kind"] == "NON_NULL" else t["name"]
    return _INPUT_TYPES[field_name]
