"""REST adapter: one Starlette route per operation, JSON in, JSON or problem+json out.

Switch: NA_PLAIN_ENDPOINTS (on by default; off, each operation and `/graphql` is a Starlette
function endpoint inside Starlette's exception-handling wrapper). Gain, measured with
bench/switches.py, 2026-12-01, 1-minute load 1.16 at the start and 1.03 at the end: on `POST
/v1/dice/roll`, 1.00x the requests per second and CPU per request 1.03x lower (201 against
207 µs), within the run's noise; it stays because it costs nothing and each endpoint answers its
own failures anyway.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from service.api.bodies import check_json, integral_floats_as_ints, loads_checked, require_json
from service.api.operations import Call, Operation
from service.api.problems import as_problem, problem_response, validation_problem
from service.api.services import Services
from service.errors import Problem


def bearer(request_headers: Mapping[str, str]) -> str | None:
    value = request_headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def parse_if_match(value: str | None) -> int | None:
    """`If-Match: "7"` (or W/"7", or 7) → 7; `*` (the session exists, at any version) → None.
    Anything else is a 422, not a silent ignore."""
    if value is None or value.strip() == "*":
        return None
    raw = value.strip().removeprefix("W/").removeprefix('"').removesuffix('"')
    if not raw.isdigit() or len(raw) > 18:
        raise Problem("validation-failed", 'If-Match must be a session ETag such as "7"', errors=[{"loc": ["header", "If-Match"], "msg": "not a version"}])
    return int(raw)


def not_modified(value: str | None, tag: int | str) -> bool:
    """Whether `If-None-Match` names the current ETag (the session version, or a read's own tag; a list,
    weak tags and `*` included): the read answers 304. A value naming no tag of ours is no match (200)."""
    if value is None:
        return False
    current = str(tag)
    for tag in value.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/").strip('"') == current:
            return True
    return False


# 1-200 printable ASCII characters, spaces only inside; the OpenAPI header schema is this pattern.
IDEMPOTENCY_KEY_PATTERN = r"^[!-~]([ -~]{0,198}[!-~])?$"
_IDEMPOTENCY_KEY = re.compile(IDEMPOTENCY_KEY_PATTERN)


def idempotency_key(value: str | None) -> str | None:
    if value is None:
        return None
    if _IDEMPOTENCY_KEY.fullmatch(value) is None:
        raise Problem("validation-failed", "Idempotency-Key must be 1-200 printable ASCII characters, with spaces only inside", errors=[{"loc": ["header", "Idempotency-Key"], "msg": "invalid"}])
    return value


async def read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Problem("body-too-large", f"the body is over {limit} bytes")
    return await _received(request, limit)


async def read_json(request: Request, limit: int) -> Any:
    """The body parsed, under the rules of `bodies`: sent as JSON, each key once, integers within 64 bits.

    (The GraphQL endpoint's reader: its two headers come from one pass over the raw scope, the
    first of each as Starlette's `get` finds it, without building Starlette's Headers.)"""
    content_type = declared = None
    for name, value in request.scope["headers"]:
        if name == b"content-type" and content_type is None:
            content_type = value.decode("latin-1")
        elif name == b"content-length" and declared is None:
            declared = value.decode("latin-1")
    require_json(content_type)
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Problem("body-too-large", f"the body is over {limit} bytes")
    raw = await _received(request, limit)
    return loads_checked(raw or b"{}")


async def _received(request: Request, limit: int) -> bytes:
    """The body straight from the ASGI receive channel, checked against `limit` as it comes."""
    chunks, size = [], 0
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise Problem("body-too-large", f"the body is over {limit} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def validate_json(model: type[BaseModel], raw: bytes, *, where: str) -> BaseModel:
    """Validate in pydantic's JSON mode: strict types, yet JSON arrays still fill tuples and sets."""
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        if first["type"] == "json_invalid":
            raise Problem("malformed-json", f"the body is not valid JSON: {first['msg']}") from None
        if any(_whole_float(error.get("input")) for error in errors):
            whole = integral_floats_as_ints(raw)  # `3.0` is an integer to JSON Schema: try once more with `3`
            if whole is not None:
                return validate_json(model, whole, where=where)
        raise validation_problem(exc, where=where) from None


def _whole_float(value: Any) -> bool:
    return type(value) is float and value.is_integer()


_WANTED = frozenset({b"accept", b"authorization", b"content-type", b"if-match", b"if-none-match", b"idempotency-key"})
SVG = "image/svg+xml"


def _headers(scope: Scope) -> dict[str, str]:
    """The request headers an operation reads, in one pass (the first of repeated ones, as Starlette's `get`)."""
    found: dict[bytes, str] = {}
    for name, value in scope["headers"]:
        if name in _WANTED and name not in found:
            found[name] = value.decode("latin-1")
    return {key.decode(): value for key, value in found.items()}


def _etag(tag: int | str | None) -> dict[str, str]:
    return {"ETag": f'"{tag}"'} if tag is not None else {}


# What a session read (and a log page) is seat by seat: a cache keeps one copy per token and asks again each time.
_REVALIDATED = {"Vary": "Authorization", "Cache-Control": "private, no-cache"}


def route_for(op: Operation, services: Services, *, plain: bool = True) -> Route:
    """The operation's route; `plain` (NA_PLAIN_ENDPOINTS) serves it as a `PlainEndpoint`, else as a
    Starlette function endpoint inside Starlette's exception-handling wrapper."""
    model = op.input
    limit = services.max_body_bytes

    async def endpoint(request: Request) -> Response:
        try:
            headers = _headers(request.scope)
            token = bearer(headers)
            key = idempotency_key(headers.get("idempotency-key")) if op.method == "POST" and not op.computes_only else None
            call = Call(
                sessions=services.sessions,
                store=services.store,
                idempotency_ttl_ms=services.idempotency_ttl_ms,
                session_id=request.path_params.get("sessionId"),
                token=token,
                expected_version=parse_if_match(headers.get("if-match")) if op.versioned else None,
                idempotency_key=key,
                # A session key is the seat's already (the session layer scopes it by token).
                client=services.clients.idempotency_scope(request.scope, token) if key and not op.session else "",
            )
            if op.session and call.token is None:  # who you are is checked before what you sent
                raise Problem("unauthorized", "send this session's seat token as 'Authorization: Bearer <token>'")
            params = None
            if model is not None and op.method == "GET":
                params = validate_json(model, orjson.dumps(dict(request.query_params)), where="query")
            elif model is not None:
                require_json(headers.get("content-type"))
                raw = await read_body(request, limit)
                check_json(raw)
                params = validate_json(model, raw, where="body")
            reply = await op.run(call, params)
            if op.picture is not None and SVG in headers.get("accept", ""):
                return Response(op.picture(reply.body), media_type=SVG, headers=_etag(reply.version))
            tag = reply.tag if reply.tag is not None else reply.version
            if op.revalidated and tag is not None:
                revalidated = {**_etag(tag), **_REVALIDATED}
                if not_modified(headers.get("if-none-match"), tag):
                    return Response(status_code=304, headers=revalidated)
                return Response(orjson.dumps(reply.body), media_type="application/json", headers=revalidated)
            body = orjson.dumps(reply.body)
        except Exception as exc:  # every failure leaves as problem+json
            return problem_response(as_problem(exc))
        return JsonAnswer(body, op.status, reply.version, reply.location)

    return Route(op.path, PlainEndpoint(endpoint) if plain else endpoint, methods=[op.method], name=op.field)


class JsonAnswer(Response):
    """An operation's `application/json` answer (200 or 201) with its ETag and Location: the headers
    `Response(body, status_code=..., media_type=..., headers={"ETag": ..., "Location": ...})` makes, in
    its order, written out instead of derived from a dict for every request."""

    media_type = "application/json"

    def __init__(self, body: bytes, status: int, tag: int | str | None, location: str | None) -> None:
        assert status in (200, 201), "an answer with a body and its length"
        self.status_code = status
        self.background = None
        self.body = body
        head = [] if tag is None else [(b"etag", f'"{tag}"'.encode("latin-1"))]
        if location is not None:
            head.append((b"location", location.encode("latin-1")))
        head.append((b"content-length", str(len(body)).encode("latin-1")))
        head.append((b"content-type", b"application/json"))
        self.raw_headers = head


class PlainEndpoint:
    """An endpoint that answers its own failures (problem+json) as a plain ASGI app, skipping the
    exception-handling wrapper Starlette puts around function endpoints."""

    def __init__(self, handle: Callable[[Request], Awaitable[Response]]) -> None:
        self._handle = handle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = await self._handle(Request(scope, receive))
        await response(scope, receive, send)


class FixedAnswer:
    """An endpoint whose answer never changes (`/healthz`): a 200 with `body`, its head made once and sent
    as `Response(body, media_type=...)` would send it, with no Request, Response or exception wrapper
    made per request (nothing here can fail)."""

    def __init__(self, body: bytes, media_type: str) -> None:
        self._head = ((b"content-length", str(len(body)).encode("latin-1")), (b"content-type", media_type.encode("latin-1")))
        self._body = body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": list(self._head)})
        await send({"type": "http.response.body", "body": self._body})
