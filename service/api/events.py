"""Live session events: Server-Sent Events over REST, and a GraphQL subscription."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Optional

import orjson
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from service.api.problems import as_problem, problem_response
from service.api.rest import bearer
from service.errors import Problem
from service.sessions.live import follow
from service.sessions.service import Sessions
from service.sessions.store import StoreUnavailable


def _after(value: str | None) -> int | None:
    if value is None or value == "":
        return None
    if not value.isdigit() or len(value) > 18:
        raise Problem("validation-failed", "Last-Event-ID must be the seq of a log entry", errors=[{"loc": ["header", "Last-Event-ID"], "msg": "not a seq"}])
    return int(value)


def sse_endpoint(sessions: Sessions) -> Callable[[Request], Awaitable[Response]]:
    async def events(request: Request) -> Response:
        """`GET /v1/sessions/{sessionId}/events`: every entry after `Last-Event-ID`, then live."""
        session_id = request.path_params["sessionId"]
        # Browsers' EventSource cannot set headers, so the token may also come as `?token=`
        # (never logged: the logs carry no query strings).
        token = bearer(request.headers) or request.query_params.get("token")
        try:
            after = _after(request.headers.get("last-event-id") or request.query_params.get("lastEventId"))
            stream = follow(sessions, session_id, token, after=after)
            first = await anext(stream)  # authorizes and fails as problem+json, before any byte is sent
        except Exception as exc:
            return problem_response(as_problem(exc))

        async def body() -> AsyncIterator[bytes]:
            item: dict | None = first
            try:
                while True:
                    yield _frame(item)
                    item = await anext(stream)
            except (StopAsyncIteration, StoreUnavailable):
                # A store that stayed away past the follower's patience ends the stream as a
                # close does, cleanly: EventSource reconnects with its Last-Event-ID.
                return
            finally:
                await stream.aclose()

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(body(), media_type="text/event-stream", headers=headers)

    return events


def _frame(entry: dict | None) -> bytes:
    if entry is None:
        return b": keep-alive\n\n"
    return b"id: %d\nevent: action\ndata: %s\n\n" % (entry["seq"], orjson.dumps(entry))


def subscription_resolver(entry_type: Any) -> Any:
    """The `sessionEvents(sessionId, after)` subscription resolver (heartbeats are not sent over GraphQL)."""
    import strawberry

    async def session_events(info, sessionId, after=None):  # noqa: N803 - GraphQL argument names
        from service.api.graphql import graphql_error

        context = info.context
        token = context.get("token") or _token_from(context.get("connection_params"))
        stream = follow(context["services"].sessions, sessionId, token, after=after)
        try:
            async for entry in stream:
                if entry is not None:
                    yield entry
        except Exception as exc:
            raise graphql_error(exc) from None
        finally:
            await stream.aclose()

    # Real objects, not strings: strawberry reads the annotations to build the field.
    session_events.__annotations__ = {
        "info": strawberry.Info,
        "sessionId": strawberry.ID,
        "after": Optional[int],  # noqa: UP007
        "return": AsyncIterator[entry_type],
    }
    return session_events


def _token_from(params: Any) -> str | None:
    """graphql-transport-ws clients put the token in `connection_init`: {"authorization": "Bearer …"}."""
    if not isinstance(params, dict):
        return None
    value = params.get("authorization") or params.get("Authorization")
    if not isinstance(value, str):
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None
