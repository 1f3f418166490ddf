"""CPU per request as uvicorn's protocol serves it, in process: the HTTP cases of `bench/http.py`
without the kernel, the network or a load generator.

Run: .venv/bin/python bench/served.py [-n 2000] [--rounds 7]      (about 15 s)

Each case feeds one request's bytes to a protocol object (`data_received`), lets the event loop
run the app until the answer is written to a stand-in transport, and counts process CPU time per
request, best of `--rounds` rounds going round every case in turn. The floor is `bench/http.py`'s
bare Starlette app on uvicorn's own httptools protocol; the service runs at production defaults
(JSON access line at `info` to stderr, sent to /dev/null, metrics, the rate limiter in the path, set sky-high) on
its own protocol (`service/server.py`), as `python -m service` serves it.

Why beside `bench/profile_roll.py`: a piece of the service timed alone, or the app called straight
from a loop, can cost much less than the same piece in a served request, where the parser, the
event loop and the app take turns on one core. Called one after the other, the service's roll
(straight from a loop) and a bare answer through the protocol cost about 1.5 times what the two
cost timed apart, while valgrind counts about the same instructions for both ways. What that hides
is seen here: the dice stream's HMAC done the short way saved 0.7 µs timed alone and about 6 µs
in a served request. The figures are steadier than HTTP
throughput on a shared machine (no socket, no second process), so they suit an A/B of two trees
(`ROOT=/path/to/other/tree .venv/bin/python bench/served.py`, alternated).

The ratios are floor µs over case µs, as `bench/http.py`'s req/s ratios are (issue 18's targets
beside them for reference; the targets themselves are judged by `bench/http.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import logging
import logging.config
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("ROOT") or Path(__file__).resolve().parent.parent)
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]  # keep `http` the standard one
sys.path.insert(0, str(ROOT))

import uvloop  # noqa: E402
from uvicorn.config import Config  # noqa: E402
from uvicorn.server import ServerState  # noqa: E402


def _http_bench() -> Any:
    """`bench/http.py` as a module (its request bodies and floor app), without running it."""
    spec = importlib.util.spec_from_file_location("bench_http", Path(__file__).resolve().parent / "http.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Transport(asyncio.Transport):
    """Takes what the protocol writes; `answered` resolves at each write."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.answered: asyncio.Future[None] | None = None

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 40000)}.get(name, default)

    def is_closing(self) -> bool:
        return False

    def write(self, data: Any) -> None:
        self.written.append(bytes(data))
        if self.answered is not None and not self.answered.done():
            self.answered.set_result(None)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def close(self) -> None:
        pass


class Served:
    """One keep-alive connection of `protocol` serving `app`, fed the same request again and again."""

    def __init__(self, app: Any, protocol: type[asyncio.Protocol], request: bytes) -> None:
        config = Config(app, access_log=False, log_level="warning", proxy_headers=False)
        config.load()
        self.protocol: Any = protocol(config=config, server_state=ServerState(), app_state={})  # type: ignore[call-arg]
        self.transport = _Transport()
        self.protocol.connection_made(self.transport)
        self.request = request

    async def serve(self, n: int) -> None:
        loop = asyncio.get_running_loop()
        transport, protocol, request = self.transport, self.protocol, self.request
        for _ in range(n):
            transport.answered = loop.create_future()
            protocol.data_received(request)
            await transport.answered
            await asyncio.sleep(0)  # the response's cycle ends; a held write goes out

    async def status(self) -> bytes:
        """The status line of one more answer."""
        self.transport.written.clear()
        await self.serve(1)
        return b"".join(self.transport.written).split(b"\r\n", 1)[0]


@contextlib.contextmanager
def stderr_to_devnull() -> Iterator[None]:
    """The process's standard error (descriptor 2) sent to /dev/null while timing, as a production stderr
    costs a write: the access line goes to `sys.stderr` as `python -m service` sends it, and takes the
    same way there (service/api/access_log.py). Restored after, so a failure is still printed."""
    saved, devnull = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def request(method: str, path: str, body: str = "") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUser-Agent: wrk\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body.encode())}\r\n"
    return head.encode() + b"\r\n" + body.encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=2000, help="requests per case and round (default 2000)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds; each case's best counts (default 7)")
    args = parser.parse_args()

    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    from service.api.app import create_app
    from service.config import Settings
    from service.heap import settle
    from service.workers import uvicorn_options

    bench = _http_bench()
    floor: dict[str, Any] = {}
    exec(bench.FLOOR.split("uvicorn.run(")[0], floor)  # the floor's app, as `bench/http.py` serves it
    settings = Settings(seed_secret="served-" + "s" * 40, replica_id="bench-0", rate_limit_per_second=1e9, rate_limit_burst=10**9)
    options = uvicorn_options(settings)
    logging.config.dictConfig(options["log_config"])  # the access line to stderr, sent to /dev/null while timing
    service = create_app(settings)
    ours = options["http"]
    cases = {
        "bare": (floor["app"], HttpToolsProtocol, request("GET", "/")),
        "bare-roll-shape": (floor["app"], HttpToolsProtocol, request("POST", "/roll-shape", bench.ROLL_BODY)),
        "healthz": (service, ours, request("GET", "/healthz")),
        "rest-roll": (service, ours, request("POST", "/v1/dice/roll", bench.ROLL_BODY)),
        "graphql-roll": (service, ours, request("POST", "/graphql", bench.GRAPHQL_BODY)),
        "stk-check": (service, ours, request("POST", "/v1/neurosystem/stk-check", bench.STK_BODY)),
        "ncb-attack": (service, ours, request("POST", "/v1/ncb/attack", bench.NCB_BODY)),
    }

    async def run() -> dict[str, float]:
        served = {name: Served(*case) for name, case in cases.items()}  # made on this loop
        for name, each in served.items():
            status = await each.status()
            if status != b"HTTP/1.1 200 OK":
                raise SystemExit(f"{name} answered {status!r}")
            await each.serve(300)  # warm: parse caches, metric children, buckets
            each.transport.written.clear()
        settle()  # the collector as the service settles it once its app is built (service/heap.py)
        best = dict.fromkeys(served, float("inf"))
        for _ in range(args.rounds):
            for name, each in served.items():
                start = time.process_time_ns()
                await each.serve(args.n)
                best[name] = min(best[name], (time.process_time_ns() - start) / args.n / 1000)
                each.transport.written.clear()
        gc.unfreeze()
        return best

    with stderr_to_devnull():
        best = uvloop.run(run())
    print(f"CPU µs per request served by uvicorn's protocol in process, best of {args.rounds} rounds of {args.n}; tree {ROOT}")
    for name, us in best.items():
        print(f"{name:18}{us:8.1f}")
    print()
    print(f"{'ratio (floor µs / case µs)':44}{'':>8}  issue 18's target over HTTP")
    for _, top, bottom, target, label in bench.RATIOS:
        if top in best and bottom in best:
            print(f"{label:44}{best[bottom] / best[top]:8.2f}  >= {target:.2f}")
    print(f"{'bare roll shape / bare':44}{best['bare'] / best['bare-roll-shape']:8.2f}")
    print(f"{'REST roll / bare roll shape':44}{best['bare-roll-shape'] / best['rest-roll']:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
