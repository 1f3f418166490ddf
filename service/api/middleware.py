"""The request envelope: id, trace context, replica header, metrics and one log line per request.

A pure ASGI middleware (no `BaseHTTPMiddleware`): it never buffers a body, so streamed
responses and subscriptions pass through as they are. It reads the route *template* that
the router leaves in the scope after matching, so metrics and logs say
`/v1/sessions/{sessionId}/dice/roll`, never a session id or a query string.

Each stacked middleware costs a call frame and a wrapped `send` per request, so the app puts
what it can into this one: given a `barrier`, it also answers an exception nothing else handled
(service/api/faults.py says why); given a `limiter`, it also rate-limits (service/api/ratelimit.py)
— only when there is no CORS middleware, which must sit between the two so a browser can read a
429. The request headers are scanned once, as raw byte pairs, for everything it reads.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.routing import Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.access_log import AccessLog
from service.api.problems import as_problem, problem_response
from service.api.ratelimit import EXEMPT, RateLimit
from service.dice.entropy import new_request_id
from service.observability import Metrics, RequestContext, accept_request_id, current_request, parse_traceparent

log = logging.getLogger("service.access")
faults = logging.getLogger("service.api")  # the barrier's (service/api/faults.py)

# Probes and scrapes come every few seconds from every kubelet and Prometheus: kept out of
# the info log (still counted in the metrics) unless they fail.
_QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})


def route_template(scope: Scope) -> str:
    """The matched route's path template, or `unmatched` (a 404 must not mint a new series)."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if not isinstance(path, str):
        return "unmatched"
    return f"{path}/{{path}}" if isinstance(route, Mount) else path


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("latin-1")


class ObservabilityMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        metrics: Metrics,
        replica_id: str,
        barrier: bool = False,
        limiter: RateLimit | None = None,
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.replica_id = replica_id
        self.barrier = barrier
        self.limiter = limiter
        self._served_by = (b"x-served-by", replica_id.encode("latin-1"))
        self._access = AccessLog(log)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        given_id = traceparent = tracestate = authorization = forwarded = None
        for name, value in scope["headers"]:  # the first of a repeated header, as Starlette's `get`
            if name == b"x-request-id":
                given_id = value if given_id is None else given_id
            elif name == b"traceparent":
                traceparent = value if traceparent is None else traceparent
            elif name == b"tracestate":
                tracestate = value if tracestate is None else tracestate
            elif name == b"authorization":
                authorization = value if authorization is None else authorization
            elif name == b"x-forwarded-for":
                forwarded = value if forwarded is None else forwarded + b"," + value
        context = RequestContext(
            request_id=accept_request_id(_text(given_id)) or new_request_id(),
            trace=parse_traceparent(_text(traceparent), _text(tracestate)),
        )
        # For handlers: `request.state.request_id` (a problem's `instance`, say) and `.trace`.
        state = scope.setdefault("state", {})
        state["request_id"], state["trace"] = context.request_id, context.trace
        ids = [(b"x-request-id", context.request_id.encode("latin-1")), self._served_by]
        if context.trace is not None:
            ids.append((b"traceparent", context.trace.traceparent.encode("latin-1")))
        added = ids  # what the answer's head gets: the ids, and the limiter's headers after a pass
        status = 500  # what the client sees if the app fails before answering
        started = finished = False

        async def send_with_ids(message: Message) -> None:
            nonlocal status, started, finished
            kind = message["type"]
            if kind == "http.response.start":
                status, started = message["status"], True
                message["headers"] = [*message.get("headers", ()), *added]
            elif kind == "http.response.body" and not message.get("more_body", False):
                finished = True
            await send(message)

        token = current_request.set(context)
        metrics = self.metrics
        metrics.in_flight += 1
        failure: BaseException | None = None
        try:
            limiter = self.limiter
            if limiter is not None and scope["path"] not in EXEMPT:
                allowed, remaining, wait = limiter.take(limiter.clients.bucket_of(scope, authorization, forwarded))
                if not allowed:
                    await limiter.refuse(wait, send_with_ids)
                    return
                added = ids + limiter.headers(remaining)
            try:
                await self.app(scope, receive, send_with_ids)
            except Exception as exc:
                if not self.barrier or started and not finished:  # half an answer cannot be taken back
                    raise
                if finished:
                    faults.exception("unexpected error after the response was sent", exc_info=exc)
                    return
                added = ids  # the barrier's answer, like a 500 from outside the limiter
                await problem_response(as_problem(exc))(scope, receive, send_with_ids)
        except BaseException as exc:  # logged and counted here, handled (500) further out
            failure = exc
            raise
        finally:
            metrics.in_flight -= 1
            elapsed = time.perf_counter() - start
            route = route_template(scope)
            metrics.observe_request(scope["method"], route, status, elapsed)
            self._log(scope["method"], route, status, elapsed, failure, context)
            current_request.reset(token)

    def _log(self, method: str, route: str, status: int, elapsed: float, failure: BaseException | None, context: RequestContext) -> None:
        level = logging.ERROR if status >= 500 or failure is not None else logging.INFO
        if level == logging.INFO and route in _QUIET_ROUTES:
            level = logging.DEBUG
        if not self._access.enabled(level):
            return
        # To the microsecond, in milliseconds: whole microseconds over 1000 (a float `round(x, 3)` goes through
        # decimal text, several times the cost).
        fields: dict[str, Any] = {"method": method, "route": route, "status": status, "duration_ms": round(elapsed * 1e6) / 1000}
        if failure is not None:
            # The exception's type only: its message may quote input. uvicorn logs the traceback.
            fields["exception"] = type(failure).__name__
        self._access.write(level, "request", context, fields)
