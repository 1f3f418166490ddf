"""REST adapter: one Starlette route per operation, JSON in, JSON or problem+json out."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from service.api.operations import Call, Operation
from service.api.problems import as_problem, problem_response, validation_problem
from service.errors import Problem


def bearer(request_headers) -> str | None:
    value = request_headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def parse_if_match(value: str | None) -> int | None:
    """`If-Match: "7"` (or W/"7", or 7) → 7. Anything else is a 422, not a silent ignore."""
    if value is None:
        return None
    raw = value.strip().removeprefix("W/").removeprefix('"').removesuffix('"')
    if not raw.isdigit() or len(raw) > 18:
        raise Problem("validation-failed", 'If-Match must be a session ETag such as "7"', errors=[{"loc": ["header", "If-Match"], "msg": "not a version"}])
    return int(raw)


def idempotency_key(value: str | None) -> str | None:
    if value is None:
        return None
    if not (1 <= len(value) <= 200) or not value.isprintable():
        raise Problem("validation-failed", "Idempotency-Key must be 1-200 printable characters", errors=[{"loc": ["header", "Idempotency-Key"], "msg": "invalid"}])
    return value


async def read_json(request: Request, limit: int) -> Any:
    if request.headers.get("content-length", "0").isdigit() and int(request.headers.get("content-length", "0")) > limit:
        raise Problem("body-too-large", f"the body is over {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Problem("body-too-large", f"the body is over {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw:
        return {}
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise Problem("malformed-json", f"the body is not valid JSON: {exc}") from None


def _etag(version: int | None) -> dict[str, str]:
    return {"ETag": f'"{version}"'} if version is not None else {}


def route_for(op: Operation, services: dict[str, Any]) -> Route:
    model = op.input
    limit = services["max_body_bytes"]

    async def endpoint(request: Request) -> Response:
        try:
            headers = request.headers
            call = Call(
                sessions=services["sessions"],
                store=services["store"],
                idempotency_ttl_ms=services["idempotency_ttl_ms"],
                session_id=request.path_params.get("sessionId"),
                token=bearer(headers),
                expected_version=parse_if_match(headers.get("if-match")) if op.versioned else None,
                idempotency_key=idempotency_key(headers.get("idempotency-key")) if op.method == "POST" else None,
            )
            params = None
            if model is not None:
                data = dict(request.query_params) if op.method == "GET" else await read_json(request, limit)
                if not isinstance(data, dict):
                    raise Problem("validation-failed", "the body must be a JSON object", errors=[{"loc": ["body"], "msg": "not an object"}])
                try:
                    params = model.model_validate(data)
                except ValidationError as exc:
                    raise validation_problem(exc, where="query" if op.method == "GET" else "body") from None
            reply = await op.run(call, params)
        except Exception as exc:  # every failure leaves as problem+json
            return problem_response(as_problem(exc))
        return Response(orjson.dumps(reply.body), status_code=op.status, media_type="application/json", headers=_etag(reply.version))

    return Route(op.path, endpoint, methods=[op.method], name=op.field)
