"""Where a REST dice roll's CPU goes, piece by piece, in process (no HTTP, no server).

Run: .venv/bin/python bench/profile_roll.py         (about 20 s; --help for the knobs)

Drives ASGI apps straight from an event loop with uvicorn-shaped scopes and counts process CPU
time per request. Each piece is the difference between two nested measurements of the same
request, each taken as the best of several rounds (the machine is shared: the minimum is the run
least disturbed by others):

- the whole app at production defaults (JSON access log at `info` on a stream, rate limiter on);
- the same with the access log at `warning`: the difference is the access line;
- the same with the limiter off too: the difference is the limiter;
- the innermost layer called directly (the mechanics' lane, service/api/lane.py; without it the
  app's router), no middleware before it: the rest of the middleware stack;
- the route's own endpoint called directly: routing;
- the operation's `run` alone (validation done beforehand): the adapter, body read, JSON parse,
  validation and response;
- the response alone (`orjson.dumps`, `Response`, its sends).

A bare Starlette JSON route and plaintext route give the floor of the same driver. The access
line goes to /dev/null, the way a production stderr costs a write.
"""

from __future__ import annotations

import os
import sys

# This directory holds http.py: keep it off the path so `import http` finds the standard library.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import argparse
import asyncio
import gc
import importlib.util
import logging
import logging.config
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402
from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import JSONResponse, PlainTextResponse, Response  # noqa: E402
from starlette.routing import Route  # noqa: E402

from service.api.app import create_app  # noqa: E402
from service.api.operations import Call  # noqa: E402
from service.config import Settings  # noqa: E402
from service.observability import log_config  # noqa: E402

BODY = orjson.dumps({"expression": "4d6kh3+2"})
ROLL_HEADERS = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"), (b"content-length", str(len(BODY)).encode())]
GET_HEADERS = [(b"host", b"127.0.0.1:8000")]


def scope(method: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    """A scope as uvicorn's httptools protocol makes it."""
    return {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
        "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 40000), "scheme": "http", "method": method,
        "root_path": "", "path": path, "raw_path": path.encode(), "query_string": b"", "headers": headers, "state": {},
    }


Asgi = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


def best_of(cases: dict[str, Callable[[], Awaitable[None]]], n: int, rounds: int, *, quiet: set[str]) -> dict[str, float]:
    """Best-of-`rounds` CPU µs of one `await make()` for each case, over `n` calls a round.

    The rounds go round the cases in turn, so a slow spell of the machine touches them all alike.
    The cases in `quiet` run with the access log at `warning`, the others at `info`.
    """
    access = logging.getLogger("service.access")

    async def run() -> dict[str, float]:
        for name, make in cases.items():
            access.setLevel(logging.WARNING if name in quiet else logging.NOTSET)
            for _ in range(min(n, 500)):  # warm caches (parse cache, metric children, buckets)
                await make()
        gc.collect()
        gc.freeze()  # what was built at start-up is not rescanned, as in a long-running process
        best = dict.fromkeys(cases, float("inf"))
        for _ in range(rounds):
            for name, make in cases.items():
                access.setLevel(logging.WARNING if name in quiet else logging.NOTSET)
                start = time.process_time_ns()
                for _ in range(n):
                    await make()
                best[name] = min(best[name], (time.process_time_ns() - start) / n / 1000)
        access.setLevel(logging.NOTSET)
        return best

    return asyncio.run(run())


def asgi_call(app: Asgi, method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes, expect: int = 200) -> Callable[[], Awaitable[None]]:
    message = {"type": "http.request", "body": body, "more_body": False}

    async def receive() -> dict[str, Any]:
        return message

    async def make() -> None:
        status = 0

        async def send(sent: dict[str, Any]) -> None:
            nonlocal status
            if sent["type"] == "http.response.start":
                status = sent["status"]

        await app(scope(method, path, headers), receive, send)
        if status != expect:
            raise RuntimeError(f"{method} {path} answered {status}")

    return make


def bare_app() -> Starlette:
    async def plain(request: Request) -> Response:
        return PlainTextResponse("Hello, world!")

    async def json_route(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    return Starlette(routes=[Route("/", plain), Route("/json", json_route)])


def service_app(*, rate_limit: float) -> Starlette:
    settings = Settings(seed_secret="p" * 48, replica_id="profile", rate_limit_per_second=rate_limit, rate_limit_burst=10**9)
    return create_app(settings)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=3000, help="requests per round (default 3000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measurement; the best counts (default 5)")
    args = parser.parse_args()
    rate = 1e12
    bare = bare_app()
    logging.config.dictConfig(log_config("info", replica="profile"))  # as `python -m service` configures it: stderr
    full = service_app(rate_limit=rate)
    unlimited = service_app(rate_limit=0)
    [op] = [op for op in unlimited.state.operations if op.field == "diceRoll"]
    [route] = [r for r in _leaves(unlimited.router.routes) if getattr(r, "path", None) == op.path]
    assert op.input is not None
    params = op.input.model_validate_json(BODY)
    call = Call(sessions=unlimited.state.sessions, store=unlimited.state.store, idempotency_ttl_ms=1000)

    async def run_only() -> None:
        await op.run(call, params)

    async def noop(message: Any) -> None:
        return None

    sample = asyncio.run(op.run(call, params)).body
    response_scope = scope("POST", "/v1/dice/roll", ROLL_HEADERS)

    async def respond() -> None:
        await Response(orjson.dumps(sample), media_type="application/json")(response_scope, noop, noop)

    roll = ("POST", "/v1/dice/roll", ROLL_HEADERS, BODY)
    spec = importlib.util.spec_from_file_location("bench_served", os.path.join(_HERE, "served.py"))
    assert spec is not None and spec.loader is not None
    served = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(served)  # for its `stderr_to_devnull`
    with served.stderr_to_devnull():
        f = best_of(
            {
                "bare plaintext": asgi_call(bare, "GET", "/", GET_HEADERS, b""),
                "bare json": asgi_call(bare, "GET", "/json", GET_HEADERS, b""),
                "service healthz": asgi_call(full, "GET", "/healthz", GET_HEADERS, b""),
                "full": asgi_call(full, *roll),
                "no log": asgi_call(full, *roll),
                "no log, no limiter": asgi_call(unlimited, *roll),
                "router only": asgi_call(_innermost(unlimited), *roll),
                "endpoint only": asgi_call(route.app, *roll),
                "operation only": run_only,
                "response only": respond,
            },
            args.n,
            args.rounds,
            quiet={"no log", "no log, no limiter", "router only", "endpoint only"},
        )
    print(f"in-process CPU per request, best of {args.rounds} rounds of {args.n}; POST /v1/dice/roll 4d6kh3+2, production defaults")
    print(f"{'piece':<66}{'µs':>8}")
    print("-" * 74)
    rows = [
        ("whole REST roll (production defaults)", f["full"]),
        ("  access log line", f["full"] - f["no log"]),
        ("  rate limiter", f["no log"] - f["no log, no limiter"]),
        ("  rest of the middleware stack (ids, metrics, errors, Starlette's)", f["no log, no limiter"] - f["router only"]),
        ("  routing", f["router only"] - f["endpoint only"]),
        ("  endpoint adapter, body read, JSON parse, validation", f["endpoint only"] - f["operation only"] - f["response only"]),
        ("  the roll itself (operation run: notation, HMAC stream, audit, result)", f["operation only"]),
        ("  response (orjson.dumps, Response, sends)", f["response only"]),
        ("service GET /healthz (production defaults)", f["service healthz"]),
        ("bare Starlette JSON route", f["bare json"]),
        ("bare Starlette plaintext route", f["bare plaintext"]),
    ]
    for label, value in rows:
        print(f"{label:<66}{value:>8.1f}")
    print()
    print(f"roll over the bare JSON route: {f['full'] - f['bare json']:.1f} µs; healthz over bare JSON: {f['service healthz'] - f['bare json']:.1f} µs")
    return 0


def _innermost(app: Starlette) -> Any:
    """What finds the roll's route: the mechanics' lane when the app has one, else the router."""
    from service.api.lane import MechanicLane

    layer: Any = app.build_middleware_stack()
    while layer is not None and not isinstance(layer, MechanicLane):
        layer = getattr(layer, "app", None)
    return layer if layer is not None else app.router


def _leaves(routes: list[Any]) -> list[Any]:
    """Routes, with the mechanic dispatchers' own routes opened up (service/api/routing.py)."""
    out = []
    for route in routes:
        out.append(route)
        inner = getattr(getattr(route, "endpoint", None), "_routes", None)
        if isinstance(inner, dict):
            out.extend(inner.values())
    return out


if __name__ == "__main__":
    sys.exit(main())
