"""The ASGI application: REST routes and GraphQL from one set of operations."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import orjson
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from service.api.clients import Clients
from service.api.compression import precompressed, precompressed_mounts
from service.api.console import console_mount, console_page
from service.api.docs import asset_mounts, graphiql_page, swagger_page
from service.api.events import sse_endpoint
from service.api.graphql import GraphQLAnswer, PlannedSchema, SubscriptionApp, build_schema, execute
from service.api.middleware import ObservabilityMiddleware
from service.api.openapi import build_openapi
from service.api.operations import Operation, build_operations
from service.api.problems import problem_docs, problem_response
from service.api.ratelimit import RateLimit
from service.api.rest import FixedAnswer, PlainEndpoint, read_json, route_for
from service.api.lane import MechanicLane
from service.api.routing import mechanic_forms, mechanic_routes
from service.api.services import Services
from service.config import CLUSTER_SCHEMES, Settings
from service.dice.notation import DEFAULT_LIMITS, Limits
from service.errors import Problem
from service.observability import InstrumentedStore, Metrics
from service.registry import Registry
from service.systems import REGISTRY
from service.sessions.memory import MemoryStore
from service.sessions.service import Sessions
from service.sessions.store import Store, StoreUnavailable


def make_store(settings: Settings) -> Store:
    if settings.store == "memory":
        return MemoryStore()
    if settings.store.startswith(CLUSTER_SCHEMES):
        from service.sessions.cluster_store import ClusterStore

        return ClusterStore(
            settings.store,
            timeout_s=settings.store_timeout_seconds,
            durability=settings.store_durability,
            own_connections=settings.redis_own_connections,
            pipelining=settings.redis_pipelining,
        )
    from service.sessions.redis_store import RedisStore

    return RedisStore(
        settings.store,
        timeout_s=settings.store_timeout_seconds,
        idle_connections=settings.redis_idle_connections,
        own_connections=settings.redis_own_connections,
        pipelining=settings.redis_pipelining,
    )


_HEALTHY = b'{"status":"ok"}'
_BUILT: dict[int, tuple[list[Operation], PlannedSchema]] = {}
_OPENAPI: dict[int, bytes] = {}
_SDL: dict[int, str] = {}


def _contracts(registry: Registry) -> tuple[list[Operation], PlannedSchema]:
    """Operations and the GraphQL schema depend on the registry alone: build them once per process."""
    key = id(registry)
    if key not in _BUILT:
        operations = build_operations(registry)
        _BUILT[key] = (operations, build_schema(operations))
    return _BUILT[key]


def _openapi(registry: Registry, operations: list) -> bytes:
    # Built on first request: only documentation readers and contract tests need it.
    key = id(registry)
    if key not in _OPENAPI:
        _OPENAPI[key] = orjson.dumps(build_openapi(operations))
    return _OPENAPI[key]


def _sdl(registry: Registry, schema: PlannedSchema) -> str:
    """The GraphQL schema as SDL (the checked-in schema/schema.graphql), printed on first request."""
    key = id(registry)
    if key not in _SDL:
        _SDL[key] = schema.as_str() + "\n"
    return _SDL[key]


def _limits(settings: Settings) -> Limits:
    """The app's roll budget. Default settings give `DEFAULT_LIMITS` itself: the parse cache looks that one up without hashing it."""
    limits = Limits(max_dice=settings.max_dice, max_sides=settings.max_sides, max_length=settings.max_expression_length)
    return DEFAULT_LIMITS if limits == DEFAULT_LIMITS else limits


def create_app(settings: Settings | None = None, *, store: Store | None = None, registry: Registry = REGISTRY) -> Starlette:
    settings = settings or Settings.from_env()
    registry.prepare()  # the odds' startup tables (built once per process)
    metrics = Metrics(replica_id=settings.replica_id)
    # Counts round trips, lost compare-and-sets and open subscriptions (SSE and GraphQL alike).
    inner = store or make_store(settings)
    store = InstrumentedStore(inner, metrics)
    sessions = Sessions(
        store,
        registry,
        secret=settings.seed_secret,
        ttl_seconds=settings.session_ttl_seconds,
        on_draws=metrics.dice,
        limits=_limits(settings),
        chained=settings.chained_writes and getattr(inner, "ordered_commits", False),
    )
    metrics.watch_sessions(sessions)
    clients = Clients(settings.trusted_proxies, sessions.verified)
    services = Services(
        sessions=sessions,
        store=store,
        clients=clients,
        idempotency_ttl_ms=settings.idempotency_ttl_seconds * 1000,
        max_body_bytes=settings.max_body_bytes,
    )
    operations, schema = _contracts(registry)

    async def readyz(request: Request) -> Response:
        try:
            await store.ping()
        except StoreUnavailable:
            return problem_response(Problem("store-unavailable", "the session store does not answer"))
        return JSONResponse({"status": "ready"})

    async def openapi(request: Request) -> Response:
        return Response(_openapi(registry, operations), media_type="application/json")

    async def sdl(request: Request) -> Response:
        return PlainTextResponse(_sdl(registry, schema))

    async def graphql(request: Request) -> Response:
        if request.method == "GET":
            return HTMLResponse(graphiql_page())
        try:
            payload = await read_json(request, settings.max_body_bytes)
            answer = await execute(
                schema,
                payload,
                {"request": request, "services": services},
                plans=settings.graphql_plans,
                direct_arguments=settings.graphql_direct_arguments,
            )
        except Problem as problem:
            return problem_response(problem)
        return GraphQLAnswer(orjson.dumps(answer))

    docs = problem_docs(registry)

    async def problem_doc(request: Request) -> Response:
        code = request.path_params["code"]
        if code not in docs:
            return problem_response(Problem("not-found", f"no problem type {code!r}"))
        return JSONResponse({"type": f"/problems/{code}", "code": code, **docs[code]})

    plain = settings.plain_endpoints
    # Starlette tries routes in order, and no two of these match one path: the busiest go first.
    # Behind the mechanics' lane (below) a POST to /graphql never reaches the router, so the probes
    # and the scrape are tried before it there.
    graphql_routes: list[BaseRoute] = [
        Route("/graphql", PlainEndpoint(graphql) if plain else graphql, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", SubscriptionApp(schema, services)),
    ]
    laned = settings.mechanic_routes and plain
    routes: list[BaseRoute] = [
        *(() if laned else graphql_routes),
        Route("/healthz", FixedAnswer(_HEALTHY, "application/json"), methods=["GET"]),  # JSONResponse's bytes
        Route("/readyz", readyz, methods=["GET"]),
        Route("/metrics", metrics.endpoint, methods=["GET"]),
        *(graphql_routes if laned else ()),
        *(route_for(op, services, plain=plain) for op in operations if not op.graphql_only),
        Route("/v1/sessions/{sessionId}/events", sse_endpoint(sessions), methods=["GET"]),
        # The large documents and assets are gzip-compressed for clients that accept it (compression.py).
        Route("/openapi.json", precompressed(openapi), methods=["GET"]),
        Route("/schema.graphql", precompressed(sdl), methods=["GET"]),
        Route("/docs", lambda request: HTMLResponse(swagger_page("/openapi.json")), methods=["GET"]),
        Route("/problems/{code:path}", problem_doc, methods=["GET"]),
        Route("/console", console_page, methods=["GET"]),
        *precompressed_mounts([*asset_mounts(), console_mount()]),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)  # registered for HTTPException only
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "not-found")
        return problem_response(Problem(code, exc.detail or "not found", status=exc.status_code), headers=exc.headers)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await store.aclose()

    # Outermost: CORS preflights and 429s, too, carry a request id, are counted and logged; an
    # exception nothing else handled becomes a problem+json 500 on a connection kept open (its
    # `barrier`). The limiter sits inside CORS, so a browser can read a 429: without CORS it is
    # part of the one middleware, with CORS a layer of its own inside it.
    limits = settings.rate_limit_per_second > 0
    limiter = None
    if limits and not settings.cors_origins:
        limiter = RateLimit(None, rate=settings.rate_limit_per_second, burst=settings.rate_limit_burst, clients=clients)
    middleware = [
        Middleware(
            ObservabilityMiddleware,
            metrics=metrics,
            replica_id=settings.replica_id,
            barrier=True,
            limiter=limiter,
        ),
    ]
    if settings.cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(settings.cors_origins),
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=[
                    "Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID",
                    "X-Request-ID", "traceparent", "tracestate",
                ],
                expose_headers=[
                    "ETag", "Location", "Retry-After", "X-Request-ID", "X-Served-By", "traceparent",
                    "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",
                ],
            )
        )
        if limits:
            middleware.append(
                Middleware(RateLimit, rate=settings.rate_limit_per_second, burst=settings.rate_limit_burst, clients=clients)
            )
    if settings.mechanic_routes:
        if laned:  # innermost: a mechanic's request goes straight to its endpoint (service/api/lane.py)
            exact = tuple(route for route in routes if isinstance(route, Route) and route.path == "/graphql")
            middleware.append(Middleware(MechanicLane, forms=mechanic_forms(routes)[0], exact=exact))
        # Behind the lane the forms' routes see only what it hands on (a wrong method, a trailing
        # slash): `/healthz` and the other platform routes before them are tried first.
        routes = mechanic_routes(routes, first=not plain)
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware, exception_handlers={HTTPException: http_error})
    app.state.settings = settings
    app.state.sessions = sessions
    app.state.store = store
    app.state.metrics = metrics
    app.state.schema = schema
    app.state.operations = operations
    return app
