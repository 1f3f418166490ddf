"""What an operator sees: Prometheus metrics, JSON log lines, request and trace ids.

Every app gets a `Metrics` of its own (its own `CollectorRegistry`), so several apps in one
process (the tests) never share or clash over a series. Log lines are one JSON object each,
carrying the id of the request they belong to; what a line may hold is chosen here, and it
is never a header, a body, a query string, a token or a seed.

    metrics = Metrics(replica_id="replica-1")
    store = InstrumentedStore(store, metrics)     # store round trips, CAS conflicts, subscriptions
    metrics.watch_sessions(sessions)              # compare-and-set retries
    metrics.dice("neurosystem", 3)                # dice drawn on a write path
"""

from __future__ import annotations

import contextvars
from bisect import bisect_left
import logging
import re
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from typing import Any, Protocol, TypeVar

import orjson
from prometheus_client import (
    CollectorRegistry,
    Gauge,
    GCCollector,
    Info,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.exposition import choose_encoder
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.utils import floatToGoString
from starlette.requests import Request
from starlette.responses import Response

from service.sessions.store import Commit, Loaded, Store, StoreUnavailable

# `_created` series double the exposition for a timestamp Prometheus does not need
# (a counter reset is seen from the value). This is process-wide, like the flag it sets.
disable_created_metrics()

T = TypeVar("T")

_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def _version() -> str:
    try:
        return metadata.version("neon-arbiter")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


class _HasRetries(Protocol):
    retries: int


class _RetriesCollector:
    """Reads `Sessions.retries` at scrape time, so the write path keeps a plain integer."""

    def __init__(self, sessions: _HasRetries) -> None:
        self._sessions = sessions

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        yield CounterMetricFamily(
            "neon_arbiter_session_cas_retries",
            "Compare-and-set commits lost to another writer and retried on fresh state.",
            value=self._sessions.retries,
        )


def _histogram(name: str, documentation: str, labels: list[str], bounds: tuple[float, ...], counts: dict[Any, list[float]]) -> Metric:
    """A histogram family from plain per-bucket counts (`+Inf` last, then the sum), as `Histogram` exposes it."""
    family = HistogramMetricFamily(name, documentation, labels=labels)
    names = [*map(floatToGoString, bounds), "+Inf"]
    for key, counted in list(counts.items()):
        cumulative, buckets = 0.0, []
        for bound, in_bucket in zip(names, counted):
            cumulative += in_bucket
            buckets.append((bound, cumulative))
        family.add_metric(key if isinstance(key, tuple) else (key,), buckets, counted[-1])
    return family


def _counted(counts: dict[Any, list[float]], key: Any, bounds: tuple[float, ...], seconds: float) -> None:
    """Add one observation of `seconds` to the plain histogram counts kept under `key`."""
    found = counts.get(key)
    if found is None:
        found = counts[key] = [0.0] * (len(bounds) + 2)
    found[bisect_left(bounds, seconds)] += 1  # the first bucket whose bound is >= seconds
    found[-1] += seconds


class _CountsCollector:
    """The series a `Metrics` counts on the request path, made from its plain counters when Prometheus
    scrapes: HTTP requests, store round trips, dice drawn.

    The same names, help, labels and buckets a `Counter`, `Histogram` and `Gauge` would expose; the
    request path only adds to a dict (one event loop thread updates them), where a prometheus_client
    child takes a lock per increment and per histogram bucket.
    """

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        metrics = self._metrics
        yield _counter(
            "neon_arbiter_http_requests",
            "HTTP requests answered, by method, route template and status.",
            ["method", "route", "status"],
            metrics._requests,
        )
        yield _histogram(
            "neon_arbiter_http_request_duration_seconds",
            "Time from request start to the last byte of the response, by method and route template.",
            ["method", "route"],
            _LATENCY_BUCKETS,
            metrics._latency,
        )
        yield GaugeMetricFamily("neon_arbiter_http_requests_in_flight", "HTTP requests being served now.", value=float(metrics.in_flight))
        yield _counter(
            "neon_arbiter_dice_rolled",
            "Dice drawn from audited streams (rerolls and explosions included), by game system.",
            ["system"],
            metrics._dice,
        )
        yield _counter(
            "neon_arbiter_store_round_trips",
            "Session store operations (one round trip each on Redis), by operation and outcome.",
            ["operation", "outcome"],
            metrics._round_trips,
        )
        yield _histogram(
            "neon_arbiter_store_round_trip_duration_seconds",
            "Duration of one session store operation.",
            ["operation"],
            _STORE_BUCKETS,
            metrics._store_latency,
        )


def _counter(name: str, documentation: str, labels: list[str], counts: dict[Any, int]) -> Metric:
    family = CounterMetricFamily(name, documentation, labels=labels)
    for key, count in list(counts.items()):
        family.add_metric(key if isinstance(key, tuple) else (key,), count)
    return family


class Metrics:
    """The series of one app. Label values are bounded: route templates, never raw paths."""

    def __init__(self, *, replica_id: str) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)
        Info("neon_arbiter_build", "Version and replica id of this process.", registry=registry).info(
            {"version": _version(), "replica": replica_id}
        )
        # What the request path counts is kept in plain numbers and read at scrape time (`_CountsCollector`).
        self.in_flight = 0
        self._requests: dict[tuple[str, str, str], int] = {}
        self._latency: dict[tuple[str, str], list[float]] = {}  # per bucket (+Inf last), then the sum
        self._dice: dict[str, int] = {}
        self._round_trips: dict[tuple[str, str], int] = {}
        self._store_latency: dict[str, list[float]] = {}
        registry.register(_CountsCollector(self))
        self.subscriptions = Gauge(
            "neon_arbiter_active_subscriptions",
            "Session event subscriptions open now (GraphQL subscriptions, event streams).",
            registry=registry,
        )

    # -- hooks ----------------------------------------------------------------------------

    def observe_request(self, method: str, route: str, status: int, seconds: float) -> None:
        """Count one answered request. Label values are bounded: route templates, methods, statuses."""
        method = method if method in _METHODS else "OTHER"
        key = (method, route, str(status))
        self._requests[key] = self._requests.get(key, 0) + 1
        _counted(self._latency, (method, route), _LATENCY_BUCKETS, seconds)

    def observe_store(self, operation: str, outcome: str, seconds: float) -> None:
        """Count one store operation with its outcome (`ok`, `conflict`, `unavailable`, `error`) and time it."""
        key = (operation, outcome)
        self._round_trips[key] = self._round_trips.get(key, 0) + 1
        _counted(self._store_latency, operation, _STORE_BUCKETS, seconds)

    def dice(self, system: str, draws: int) -> None:
        """Count `draws` dice of one random action (call it once the action is committed)."""
        if draws > 0:
            self._dice[system] = self._dice.get(system, 0) + draws

    def watch_sessions(self, sessions: _HasRetries) -> None:
        self.registry.register(_RetriesCollector(sessions))

    def subscription_opened(self) -> None:
        self.subscriptions.inc()

    def subscription_closed(self) -> None:
        self.subscriptions.dec()

    # -- exposition -----------------------------------------------------------------------

    def exposition(self, accept: str = "") -> tuple[bytes, str]:
        """The registry in the format the scraper asked for (Prometheus text or OpenMetrics)."""
        encode, content_type = choose_encoder(accept)
        return encode(self.registry), content_type

    async def endpoint(self, request: Request) -> Response:
        body, content_type = self.exposition(request.headers.get("accept", ""))
        return Response(body, headers={"Content-Type": content_type, "Cache-Control": "no-store"})


class InstrumentedStore:
    """A `Store` that counts and times every operation of the store it wraps.

    A commit that answers False lost its compare-and-set (outcome `conflict`). Subscriptions
    opened through `subscribe` or `events` are counted while they stay open.
    """

    def __init__(self, store: Store, metrics: Metrics) -> None:
        self.inner = store
        self._metrics = metrics

    async def _timed(self, operation: str, call: Awaitable[T], *, false_is_conflict: bool = False) -> T:
        outcome = "error"
        start = time.perf_counter()
        try:
            result = await call
            outcome = "conflict" if false_is_conflict and result is False else "ok"
            return result
        except StoreUnavailable:
            outcome = "unavailable"
            raise
        finally:
            self._metrics.observe_store(operation, outcome, time.perf_counter() - start)

    async def create(self, session_id: str, doc: bytes, ttl_ms: int) -> bool:
        return await self._timed("create", self.inner.create(session_id, doc, ttl_ms), false_is_conflict=True)

    async def load(self, session_id: str, idempotency_key: str | None = None) -> Loaded | None:
        return await self._timed("load", self.inner.load(session_id, idempotency_key))

    async def commit(self, commit: Commit) -> bool:
        return await self._timed("commit", self.inner.commit(commit), false_is_conflict=True)

    async def log(self, session_id: str, start: int, limit: int) -> list[bytes]:
        return await self._timed("log", self.inner.log(session_id, start, limit))

    async def recall(self, key: str) -> bytes | None:
        return await self._timed("recall", self.inner.recall(key))

    async def remember(self, key: str, value: bytes, ttl_ms: int) -> bytes | None:
        return await self._timed("remember", self.inner.remember(key, value, ttl_ms))

    def subscribe(self, session_id: str) -> AbstractAsyncContextManager[AsyncIterator[bytes]]:
        return self._subscribed(session_id)

    @asynccontextmanager
    async def _subscribed(self, session_id: str) -> AsyncIterator[AsyncIterator[bytes]]:
        async with self.inner.subscribe(session_id) as messages:
            self._metrics.subscription_opened()
            try:
                yield messages
            finally:
                self._metrics.subscription_closed()

    async def events(self, session_id: str) -> AsyncGenerator[bytes, None]:
        inner = self.inner.events(session_id)
        self._metrics.subscription_opened()
        try:
            async for event in inner:
                yield event
        finally:
            self._metrics.subscription_closed()
            await inner.aclose()

    async def ping(self) -> None:
        await self._timed("ping", self.inner.ping())

    async def aclose(self) -> None:
        await self.inner.aclose()


# -- request and trace ids ------------------------------------------------------------------

# What a caller may send as X-Request-ID: ids that load balancers and tracers make (UUIDs,
# hex, base64url). Anything else is replaced, so a log line never carries a caller's prose.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:+=/-]{1,128}")
# W3C Trace Context, version 00 or a later one (which may append fields after a dash).
_TRACEPARENT = re.compile(r"([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?")
_TRACESTATE_MAX = 512


def accept_request_id(value: str | None) -> str | None:
    """The caller's X-Request-ID when it looks like an id, else None (make a fresh one)."""
    return value if value is not None and _REQUEST_ID.fullmatch(value) else None


@dataclass(frozen=True, slots=True)
class TraceContext:
    traceparent: str
    trace_id: str
    parent_id: str
    tracestate: str | None = None


def parse_traceparent(traceparent: str | None, tracestate: str | None = None) -> TraceContext | None:
    """A valid `traceparent` (and its `tracestate`), or None: an invalid one is ignored, per the spec.

    >>> parse_traceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").trace_id
    '4bf92f3577b34da6a3ce929d0e0e4736'
    """
    if traceparent is None:
        return None
    value = traceparent.strip()
    match = _TRACEPARENT.fullmatch(value)
    if match is None:
        return None
    version, trace_id, parent_id, _, rest = match.groups()
    if version == "ff" or (version == "00" and rest) or set(trace_id) == {"0"} or set(parent_id) == {"0"}:
        return None
    state = tracestate.strip() if tracestate and len(tracestate) <= _TRACESTATE_MAX else None
    return TraceContext(value, trace_id, parent_id, state or None)


@dataclass(frozen=True, slots=True)
class RequestContext:
    request_id: str
    trace: TraceContext | None = None


# Set by the middleware for the task serving one request; every log line made inside it
# (ours, uvicorn's, a library's) carries the request and trace ids.
current_request: contextvars.ContextVar[RequestContext | None] = contextvars.ContextVar("current_request", default=None)


# -- JSON log lines -------------------------------------------------------------------------


_second: list[Any] = [None, ""]  # the last whole second formatted, and its text
_MILLIS = tuple(f"{n:03d}Z" for n in range(1000))  # each millisecond's text, made once: "000Z" .. "999Z"


def utc_millis(created: float) -> str:
    """`created` (seconds since the epoch) as ISO 8601 UTC to the millisecond, `...T17:03:34.123Z`.

    The same text as `datetime.fromtimestamp(created, UTC).isoformat(timespec="milliseconds")`
    (microseconds rounded half to even, then cut to milliseconds), with the date and time of day
    formatted once a second rather than once a line, and the milliseconds looked up, not formatted.
    """
    second = int(created // 1)
    micros = round((created - second) * 1e6)
    if micros >= 1_000_000:
        second, micros = second + 1, micros - 1_000_000
    if _second[0] != second:
        _second[0], _second[1] = second, datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S.")
    return _second[1] + _MILLIS[micros // 1000]


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, request context, `fields`.

    `log.info("request", extra={"fields": {...}})` adds chosen fields; nothing else of the
    record (its args' repr, uvicorn's colour codes) is copied over. `line` builds the same
    object from its parts without a record (the access log's own path, service/api/access_log.py).
    """

    def __init__(self, *, replica: str | None = None) -> None:
        super().__init__()
        self._static = {"replica": replica} if replica else {}
        self._heads: dict[tuple[str, str, str], bytes] = {}  # `access_line`'s fixed members, as JSON

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None)
        error = self.formatException(record.exc_info) if record.exc_info else None
        return self.line(
            record.created, record.levelname, record.name, record.getMessage(), current_request.get(),
            fields if isinstance(fields, dict) else None, error,
        ).decode()

    def line(
        self,
        created: float,
        levelname: str,
        logger: str,
        message: str,
        context: RequestContext | None,
        fields: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> bytes:
        line: dict[str, Any] = {
            "time": utc_millis(created),
            "level": levelname.lower(),
            "logger": logger,
            "message": message,
            **self._static,
        }
        if context is not None:
            line["request_id"] = context.request_id
            if context.trace is not None:
                line["trace_id"] = context.trace.trace_id
                line["span_id"] = context.trace.parent_id
        if fields is not None:
            line.update(fields)
        if error is not None:
            line["error"] = error
        return orjson.dumps(line, default=str)

    def access_line(
        self, created: float, levelname: str, logger: str, message: str, context: RequestContext, fields: dict[str, Any]
    ) -> bytes:
        """`line` for a request's own line: the same members in the same order (`fields` name
        none of the fixed ones), the fixed ones (level, logger, message, replica) encoded once."""
        key = (levelname, logger, message)
        head = self._heads.get(key)
        if head is None:
            fixed = {"level": levelname.lower(), "logger": logger, "message": message, **self._static}
            head = orjson.dumps(fixed)[1:-1]
            if len(self._heads) < 64:  # a handful of levels of one message, in practice
                self._heads[key] = head
        rest: dict[str, Any] = {"request_id": context.request_id}
        if context.trace is not None:
            rest["trace_id"] = context.trace.trace_id
            rest["span_id"] = context.trace.parent_id
        rest.update(fields)
        return b'{"time":"' + utc_millis(created).encode() + b'",' + head + b"," + orjson.dumps(rest, default=str)[1:]


def log_config(level: str = "info", *, replica: str | None = None) -> dict[str, Any]:
    """A `logging.config.dictConfig` (and uvicorn `log_config`): every logger, JSON, on stderr."""
    level = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter, "replica": replica}},
        "handlers": {"stderr": {"class": "service.log_handler.LineHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
        "root": {"handlers": ["stderr"], "level": level},
        # uvicorn's loggers come with handlers of their own; send them to the root instead.
        "loggers": {
            name: {"handlers": [], "level": level, "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
        },
    }
