"""The request envelope: id, trace context, replica header, metrics and one log line per request.

A pure ASGI middleware (no `BaseHTTPMiddleware`): it never buffers a body, so streamed
responses and subscriptions pass through as they are. It reads the route *template* that
the router leaves in the scope after matching, so metrics and logs say
`/v1/sessions/{sessionId}/dice/roll`, never a session id or a query string.
"""

from __future__ import annotations

import logging
import time

from starlette.datastructures import Headers, MutableHeaders
from starlette.routing import Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.dice.entropy import new_id
from service.observability import Metrics, RequestContext, accept_request_id, current_request, parse_traceparent

log = logging.getLogger("service.access")

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


class ObservabilityMiddleware:
    def __init__(self, app: ASGIApp, *, metrics: Metrics, replica_id: str) -> None:
        self.app = app
        self.metrics = metrics
        self.replica_id = replica_id

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        headers = Headers(scope=scope)
        context = RequestContext(
            request_id=accept_request_id(headers.get("x-request-id")) or new_id(),
            trace=parse_traceparent(headers.get("traceparent"), headers.get("tracestate")),
        )
        # For handlers: `request.state.request_id` (a problem's `instance`, say) and `.trace`.
        state = scope.setdefault("state", {})
        state["request_id"], state["trace"] = context.request_id, context.trace
        status = 500  # what the client sees if the app fails before answering

        async def send_with_ids(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                out = MutableHeaders(scope=message)
                out["X-Request-ID"] = context.request_id
                out["X-Served-By"] = self.replica_id
                if context.trace is not None:
                    out["traceparent"] = context.trace.traceparent
            await send(message)

        token = current_request.set(context)
        self.metrics.in_flight.inc()
        failure: BaseException | None = None
        try:
            await self.app(scope, receive, send_with_ids)
        except BaseException as exc:  # logged and counted here, handled (500) further out
            failure = exc
            raise
        finally:
            self.metrics.in_flight.dec()
            elapsed = time.perf_counter() - start
            route = route_template(scope)
            self.metrics.observe_request(scope["method"], route, status, elapsed)
            self._log(scope["method"], route, status, elapsed, failure)
            current_request.reset(token)

    def _log(self, method: str, route: str, status: int, elapsed: float, failure: BaseException | None) -> None:
        level = logging.ERROR if status >= 500 or failure is not None else logging.INFO
        if level == logging.INFO and route in _QUIET_ROUTES:
            level = logging.DEBUG
        if not log.isEnabledFor(level):
            return
        fields = {"method": method, "route": route, "status": status, "duration_ms": round(elapsed * 1000, 3)}
        if failure is not None:
            # The exception's type only: its message may quote input. uvicorn logs the traceback.
            fields["exception"] = type(failure).__name__
        log.log(level, "request", extra={"fields": fields})
