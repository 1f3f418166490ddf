"""The OpenAPI 3.1 document, derived from the operations (checked in as openapi/openapi.json)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import CoreRef, GenerateJsonSchema, JsonSchemaMode, models_json_schema

import service
from service.api.examples import request_examples
from service.api.enums import Enums, of_operations, with_game
from service.api.operations import Operation
from service.api.rest import IDEMPOTENCY_KEY_PATTERN
from service.model import Model

_REF = "#/components/schemas/{model}"


class ProblemDetails(Model):
    """RFC 9457 problem details; `code` is stable and equals GraphQL `extensions.code`."""

    type: str
    title: str
    status: int
    detail: str
    code: str

    model_config = {**Model.model_config, "extra": "allow"}


class Health(Model):
    status: str


_DESCRIPTION = """\
One authoritative referee for five cyberpunk tabletop games. Every mechanic is served
stateless (`POST /v1/{system}/{mechanic}`, all numbers in the body) and, where it has
one, against a shared session (`POST /v1/sessions/{sessionId}/{system}/{mechanic}`).
Every random action returns an audit record that `POST /v1/verify` (or any third party)
can recompute. Errors are RFC 9457 problem+json; `code` names the rule or limit.

Exact odds: a mechanic that declares them answers `POST /v1/{system}/{mechanic}/odds` (its
input without the seeds) and `POST /v1/sessions/{sessionId}/{system}/{mechanic}/odds` (read
only), each probability an exact fraction `"n/d"` with its float; `Accept: image/svg+xml`
answers a bar chart. `GET /v1/mechanics` says which have them. An odds request that would cost
too much is a 422 `odds/too-costly` naming the limit: `maxOutcomes` (5000 distinct values in
any distribution on the way), `maxWork` (2,000,000 pairs of outcomes combined),
`maxKeepFaces` (400 distinct faces in a pool that keeps or drops dice), `maxRerollStages` (one
reroll modifier per dice term), and `maxDice` (every roll of the expression must fit the roll's
dice budget, counting the rerolls and explosions its caps allow).
"""


def _problem_responses(statuses: tuple[int, ...]) -> dict[str, Any]:
    content = {"application/problem+json": {"schema": {"$ref": _REF.format(model="ProblemDetails")}}}
    out: dict[str, Any] = {str(s): {"description": _STATUS_TEXT.get(s, "Error"), "content": content} for s in sorted(set(statuses))}
    if "429" in out:
        out["429"] = {"$ref": "#/components/responses/RateLimited"}
    return out


_STATUS_TEXT = {
    400: "Malformed request",
    401: "Missing seat token",
    403: "Token not valid for this seat or action",
    404: "Not found",
    409: "A game rule or the session's state forbids this",
    412: "The session moved past the version in If-Match",
    413: "Body too large",
    422: "Invalid input or a limit exceeded",
    429: "Over this client's rate limit; retry after `Retry-After` seconds",
    503: "Store unavailable or the session too busy; retry",
}

# Every route but the probes is rate limited when NA_RATE_LIMIT_PER_SECOND is above 0.
_LIMITED = (429,)
_RATE_LIMITED = {
    "description": _STATUS_TEXT[429],
    "headers": {
        "Retry-After": {"description": "Seconds until this client's next request is admitted.", "schema": {"type": "integer", "minimum": 1}},
        "RateLimit-Limit": {"description": "The sustained rate, in requests per second.", "schema": {"type": "string"}},
        "RateLimit-Remaining": {"description": "Requests the client's bucket admits now.", "schema": {"type": "integer", "minimum": 0}},
        "RateLimit-Reset": {"description": "The same as Retry-After.", "schema": {"type": "integer", "minimum": 1}},
    },
    "content": {"application/problem+json": {"schema": {"$ref": _REF.format(model="ProblemDetails")}}},
}
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": (
        "Retry-safe key: a repeat from the same client (the seat; on a stateless call the bearer token, "
        "else the address) returns the first answer and rolls no new dice. 1-200 printable ASCII "
        "characters, spaces only inside."
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": IDEMPOTENCY_KEY_PATTERN},
}

_IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "The ETag of your last read (`\"7\"`; a list, weak tags and `*` too): 304 with no body while the session is still at that version.",
    "schema": {"type": "string"},
}
_NOT_MODIFIED = {
    "description": "The session is still at the version named in If-None-Match; no body",
    "headers": {"ETag": {"schema": {"type": "string"}}},
}
# The log's ETag is no version: a digest of the page as the seat is shown it (`operations.log_tag`).
_LOG_ETAG = {
    "description": (
        "An opaque tag of this page as your seat is shown it (`\"log-…\"`), for `If-None-Match`; it changes when "
        "the page does: a new entry within `limit`, and the close (which reveals every entry). It is not a "
        "session version: `If-Match` takes the session's ETag."
    ),
    "schema": {"type": "string"},
}
_LOG_IF_NONE_MATCH = {
    **_IF_NONE_MATCH,
    "description": "The ETag of your last read of this page (same `cursor` and `limit`; a list, weak tags and `*` too): 304 with no body while the page is unchanged.",
}
_LOG_NOT_MODIFIED = {
    "description": "The page is what the ETag named in If-None-Match describes; no body",
    "headers": {"ETag": _LOG_ETAG},
}


# What an odds operation answers for `Accept: image/svg+xml`.
_PICTURE = {
    "image/svg+xml": {
        "schema": {"type": "string", "description": "A bar chart of the distributions: one bar per outcome, labels, percentages, the target line."}
    }
}


# The platform's own codes, by the status they answer with (a game's come from its error table).
_PLATFORM_CODES = {
    400: ("malformed-json",),
    401: ("unauthorized",),
    403: ("forbidden",),
    404: ("session-not-found",),
    409: ("session-closed", "wrong-system"),
    412: ("version-conflict",),
    413: ("body-too-large",),
    422: ("validation-failed", "idempotency-key-reused"),
    429: ("rate-limited",),
    503: ("store-unavailable", "contention"),
}


def _problem_codes(op: Operation, statuses: tuple[int, ...]) -> dict[str, int]:
    """`x-problem-codes`: every code the operation may answer with, and its status (titles: `/problems/{code}`)."""
    listed = {code: status for status in sorted(set(statuses)) for code in _PLATFORM_CODES.get(status, ())}
    if op.computes_only:
        listed.pop("idempotency-key-reused", None)
    listed.update({code: entry.status for code, entry in op.codes.items()})
    return dict(sorted(listed.items(), key=lambda item: (item[1], item[0])))


class _Schemas(GenerateJsonSchema):
    """Readable titles: `clientSeed` is titled "Client seed", not "Clientseed"."""

    names: dict[tuple[str, str], str] = {}  # (module, qualname) -> published name, set per document

    def get_defs_ref(self, core_mode_ref: Any) -> Any:
        """Components are named as GraphQL types are: a game's models carry the game's name (`EclipseCharacter`)."""
        core_ref, mode = core_mode_ref

        def published(match: re.Match[str]) -> str:
            module, name = match.group(1), match.group(2)
            return f"{module}.{self.names.get((module, name)) or with_game(name, _game(module))}:"

        return super().get_defs_ref((CoreRef(_MODEL_REF.sub(published, core_ref)), mode))

    def get_title_from_name(self, name: str) -> str:
        words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ").split()
        return " ".join([words[0][:1].upper() + words[0][1:], *(w.lower() for w in words[1:])]) if words else name


_MODEL_REF = re.compile(r"(service(?:\.\w+)*)\.(\w+):")


def _game(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["service", "systems"] and len(parts) > 2 else None


_KEEP = ("description", "default", "examples", "deprecated", "readOnly", "writeOnly")


def _named(node: Any, enums: Enums, used: set[str], unions: dict[str, Any] | None = None) -> Any:
    """The schema with every closed set replaced by a reference to its named component, every tagged
    union held inside a model by a reference to its own (`unions` collects them), and the "exactly
    one of" rules written as `if`/`then`/`else` (generators read `oneOf` as a union of models)."""
    if isinstance(node, list):
        return [_named(item, enums, used, unions) for item in node]
    if not isinstance(node, dict):
        return node
    values = node.get("enum")
    if isinstance(values, list) and len(values) > 1:
        name = enums.name(values)
        if name is not None:
            used.add(name)
            return {"$ref": _REF.format(model=name), **{k: node[k] for k in _KEEP if k in node}}
    union = _union_name(node, enums) if unions is not None else None
    if union is not None and unions is not None:
        unions[union] = {"title": union, "description": _union_text(node), "oneOf": node["oneOf"], "discriminator": node["discriminator"]}
        return {"$ref": _REF.format(model=union), **{k: node[k] for k in _KEEP if k in node}}
    out = {k: _named(v, enums, used, unions) for k, v in node.items()}
    items = out.get("items")
    if isinstance(items, dict) and items.get("type") == "object" and "properties" not in items:
        out["items"] = _free_object(items, used)
    either = out.get("anyOf")
    if isinstance(either, list) and len(either) == 2 and {"type": "null"} in either:
        # `dict | None`: one object that may be null (generators name an inline `anyOf` branch `…Type0`).
        other = either[0] if either[1] == {"type": "null"} else either[1]
        if other.get("type") == "object" and "properties" not in other:
            del out["anyOf"]
            out = {**other, **out, "type": ["object", "null"]}
    if "properties" in out:
        for word in ("oneOf", "anyOf"):
            branches = out.get(word)
            if isinstance(branches, list) and branches and all(_constraint_only(b) for b in branches):
                out.update(_choice(out.pop(word), exactly_one=word == "oneOf"))
    return out


def _union_name(node: dict[str, Any], enums: Enums) -> str | None:
    """The name of the tagged union a `oneOf` with a `discriminator` is (`NeuroscapeEffect`), when it is one
    declared under a name; generators then make one class of it instead of one per place it is used."""
    branches, tag = node.get("oneOf"), node.get("discriminator")
    if not isinstance(tag, dict) or not isinstance(branches, list) or not all(isinstance(b, dict) and set(b) == {"$ref"} for b in branches):
        return None
    return enums.unions.get(frozenset(b["$ref"].rsplit("/", 1)[-1] for b in branches))


def _union_text(node: dict[str, Any]) -> str:
    tag = node["discriminator"]
    kinds = ", ".join(f"`{value}`" for value in sorted(tag["mapping"]))
    return f"One of {len(node['oneOf'])} shapes, told apart by `{tag['propertyName']}`: {kinds}."


_FREE = {True: "JsonObject", "integer": "IntegerMap", "string": "StringMap"}


def _free_object(schema: dict[str, Any], used: set[str]) -> dict[str, Any]:
    """A list's items that are free-form objects, as one shared component (generators name an inline one `…Item`)."""
    values = schema.get("additionalProperties", True)
    name = _FREE.get(values if values is True else values.get("type") if isinstance(values, dict) and len(values) == 1 else None)
    if name is None or set(schema) - {"type", "additionalProperties"}:
        return schema
    used.add(name)
    return {"$ref": _REF.format(model=name)}


def _constraint_only(branch: Any) -> bool:
    """A branch that only says which properties are given (no type of its own): a rule, not a model."""
    return isinstance(branch, dict) and "type" not in branch and "$ref" not in branch and set(branch) <= {"properties", "required", "not"}


def _choice(branches: list[dict[str, Any]], *, exactly_one: bool) -> dict[str, Any]:
    """`oneOf` (exactly one branch holds) or `anyOf` (at least one) of rules, as nested `if`/`then`/`else`."""
    head, rest = branches[0], branches[1:]
    if not rest:
        return dict(head)
    if exactly_one:
        others = {"not": {"anyOf": rest}} if len(rest) > 1 else {"not": rest[0]}
        return {"if": head, "then": others, "else": _choice(rest, exactly_one=True)}
    return {"if": {"not": head}, "then": _choice(rest, exactly_one=False)}


def _enum_components(enums: Enums, used: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "JsonObject": {"title": "JsonObject", "type": "object", "additionalProperties": True, "description": "Any JSON object."},
        "IntegerMap": {"title": "IntegerMap", "type": "object", "additionalProperties": {"type": "integer"}, "description": "Integers by key."},
        "StringMap": {"title": "StringMap", "type": "object", "additionalProperties": {"type": "string"}, "description": "Strings by key."},
    }
    out = {name: schema for name, schema in out.items() if name in used}
    for name in sorted(used - set(out)):
        values = list(enums.values[name])
        kind = "integer" if isinstance(values[0], int) else "string"
        out[name] = {"title": name, "type": kind, "enum": values}
    return out


def _query_parameters(model: type[BaseModel], enums: Enums, used: set[str]) -> list[dict[str, Any]]:
    schema = model.model_json_schema(ref_template=_REF, schema_generator=_Schemas)
    out = []
    for name, prop in schema.get("properties", {}).items():
        out.append({"name": name, "in": "query", "required": name in schema.get("required", []), "schema": _named(prop, enums, used)})
    return out


def _body(op: Operation) -> Any:
    return op.published_input or op.input


def _answer(op: Operation) -> Any:
    return op.published_output or op.output


def build_openapi(operations: list[Operation]) -> dict[str, Any]:
    pairs: list[tuple[type[BaseModel], JsonSchemaMode]] = [(ProblemDetails, "serialization"), (Health, "serialization")]
    operations = [op for op in operations if not op.graphql_only]
    for op in operations:
        if _body(op) is not None and op.method == "POST":
            pairs.append((_body(op), "validation"))
        pairs.append((_answer(op), "serialization"))
    enums = of_operations(operations)
    generator = type("_Named", (_Schemas,), {"names": enums.model_names})
    keys, defs = models_json_schema(pairs, ref_template=_REF, schema_generator=generator)
    used: set[str] = set()
    unions: dict[str, Any] = {}
    schemas = _named(defs.get("$defs", {}), enums, used, unions)
    assert not set(unions) & set(schemas), "a tagged union shares its name with a model"
    schemas.update(unions)

    paths: dict[str, Any] = {}
    for op in operations:
        parameters: list[dict[str, Any]] = []
        if op.session:
            parameters.append({"name": "sessionId", "in": "path", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 64}})
        if op.versioned:
            parameters.append({"name": "If-Match", "in": "header", "required": False, "description": "Session ETag (`\"7\"`): refuse with 412 if the session moved on. `*` asks for no version (the session must exist, as always).", "schema": {"type": "string", "pattern": '^(\\*|(W/)?"?[0-9]{1,18}"?)$'}})
        content_tagged = op.own_tag  # the log: its ETag is the page's own, not the session version
        if op.revalidated:
            parameters.append(_LOG_IF_NONE_MATCH if content_tagged else _IF_NONE_MATCH)
        if op.method == "POST" and not op.computes_only:
            parameters.append({"$ref": "#/components/parameters/IdempotencyKey"})
        if op.method == "GET" and op.input is not None:
            parameters.extend(_query_parameters(op.input, enums, used))
        body_ref = keys.get((_body(op), "validation"), {}).get("$ref") if op.input is not None else None
        out_ref = keys[(_answer(op), "serialization")]["$ref"]
        statuses = op.errors + _LIMITED + ((400, 413) if op.method == "POST" else ())
        operation: dict[str, Any] = {
            "operationId": op.field,
            "summary": op.summary,
            "tags": [op.tag],
            "parameters": parameters,
            "responses": {
                str(op.status): {
                    "description": "OK" if op.status == 200 else "Created",
                    "content": {"application/json": {"schema": {"$ref": out_ref}}, **(_PICTURE if op.picture else {})},
                    **({"headers": {"ETag": _LOG_ETAG if content_tagged else {"schema": {"type": "string"}}}} if op.session or op.status == 201 else {}),
                },
                **({"304": _LOG_NOT_MODIFIED if content_tagged else _NOT_MODIFIED} if op.revalidated else {}),
                **_problem_responses(statuses),
            },
            "x-problem-codes": _problem_codes(op, statuses),
        }
        if op.status == 201:
            operation["responses"]["201"]["headers"]["Location"] = {"description": "The created session's path, `/v1/sessions/{sessionId}`.", "schema": {"type": "string"}}
        if op.description:
            operation["description"] = op.description
        if body_ref and op.input is not None:  # a body_ref is only found for an input
            # A body whose every field is optional may be left out (it reads as `{}`).
            required = bool(op.input.model_json_schema().get("required"))
            media: dict[str, Any] = {"schema": {"$ref": body_ref}}
            examples = request_examples(op.field)
            if examples:
                media["examples"] = examples
            operation["requestBody"] = {"required": required, "content": {"application/json": media}}
        if op.session:
            operation["security"] = [{"seatToken": []}]
        paths.setdefault(op.path, {})[op.method.lower()] = operation

    paths["/v1/sessions/{sessionId}/events"] = {
        "get": {
            "operationId": "sessionEventsStream",
            "summary": "Follow a session live (Server-Sent Events), resuming after Last-Event-ID",
            "description": (
                "Each event is `id: <seq>`, `event: action` and the log entry as your seat may see it in `data`. "
                "With `Last-Event-ID` (or `?lastEventId=`) the stream first replays the log after that seq. "
                "Browsers' EventSource cannot send headers, so the seat token may also be given as `?token=`. "
                "The stream ends after the session closes. GraphQL twin: subscription `sessionEvents`."
            ),
            "tags": ["sessions"],
            "security": [{"seatToken": []}],
            "parameters": [
                {"name": "sessionId", "in": "path", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 64}},
                {"name": "Last-Event-ID", "in": "header", "required": False, "schema": {"type": "string", "pattern": "^[0-9]{0,18}$"}},
            ],
            "responses": {
                "200": {"description": "An endless event stream", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                **_problem_responses((401, 403, 404, 422, 503) + _LIMITED),
            },
        }
    }
    for path, summary, failures in (("/healthz", "The process is alive", ()), ("/readyz", "The store is reachable", (503,))):
        paths[path] = {
            "get": {
                "operationId": path.strip("/"),
                "summary": summary,
                "tags": ["operations"],
                "responses": {
                    "200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": _REF.format(model="Health")}}}},
                    **_problem_responses(failures),
                },
            }
        }
    schemas.update(_enum_components(enums, used))
    for name, schema in schemas.items():
        if "title" in schema:
            schema["title"] = name  # generators name a class by its title: the published name, not the class's
    schemas = dict(sorted(schemas.items()))
    return {
        "openapi": "3.1.0",
        "info": {"title": "Neon Arbiter", "version": service.__version__, "description": _DESCRIPTION},
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": schemas,
            "parameters": {"IdempotencyKey": _IDEMPOTENCY_KEY},
            "responses": {"RateLimited": _RATE_LIMITED},
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer", "description": "The seat token returned once by createSession."}},
        },
    }
