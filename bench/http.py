"""HTTP throughput of the real service on Redis against the floor of its stack, one run.

Run: .venv/bin/python bench/http.py            (about 2 min on a quiet machine; --help for the knobs)

Starts a private redis-server (free port, no persistence); the floor, a bare Starlette app with
one plaintext route on the same uvicorn; ONE `python -m service` process on that Redis at its
production defaults (JSON access log at `info`, metrics, the rate limiter in the path); and a
second service with `NA_WORKERS=2`; and the service with its own work taken out
(`bench/stripped.py`: no rate limiter, no access line, a kept audit record, the rule answered from
a table), the bound of the REST roll, STK check and NCB attack ratios. Then drives each case with `wrk` (installed with `apt-get
install -y wrk`; without it a Python asyncio load generator runs in a separate process) for a
fixed time at a fixed number of connections, and prints requests/s, p50/p99 latency, failures
and the CPU cost per request of the process serving it, then each target of issue 18 as met
or missed. Only ratios within one run mean anything: the machine is shared, so absolute figures
move from run to run. Results also go to bench/results/http-<timestamp>.json. Everything started
here is stopped on exit, error or Ctrl-C.
"""

from __future__ import annotations

import os
import sys

# This file is named http.py: drop its directory from the path so `import http` (used by httpx
# and urllib) finds the standard library, not this script.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import argparse
import asyncio
import datetime as dt
import importlib.util
import json
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

EXPRESSION = "4d6kh3+2"
ROLL_BODY = json.dumps({"expression": EXPRESSION})
# A fixed query text (variables carry the input), so strawberry's parse and validation caches hit.
GRAPHQL_QUERY = (
    "mutation Roll($e: String!) { diceRoll(input: {expression: $e}) "
    "{ result { total formula dice { results { result active } } } audit { seed draws { sides face } } } }"
)
GRAPHQL_BODY = json.dumps({"query": GRAPHQL_QUERY, "variables": {"e": EXPRESSION}, "operationName": "Roll"})
SESSION_BODY = json.dumps({"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})
JSON_HEADERS = {"Content-Type": "application/json"}
# The published examples' bodies (service/api/examples): a NeuroSystem STK check and an NCB attack.
STK_BODY = json.dumps({"style": "d8", "training": "d6", "knowledge": "d10", "dn": 12,
                       "bonuses": [{"name": "smartgun", "value": 2}], "luck": 1, "luckPool": 3, "negativeStates": 2})
NCB_BODY = json.dumps({"attacker": {"dexterity": 16, "level": 5},
                       "weapon": {"name": "Unity", "damageDice": "2d6", "techBonus": 1, "tags": ["armor-penetration"]},
                       "target": {"armorClass": 13, "armor": "heavy", "hp": 30, "maxHp": 30}})

# (name, numerator, denominator, target, description): issue 18's targets
RATIOS = [
    ("healthz/bare", "healthz", "bare", 0.85, "service /healthz / bare Starlette plaintext"),
    ("rest/bare", "rest-roll", "bare", 0.55, "REST roll / bare"),
    ("graphql/rest", "graphql-roll", "rest-roll", 0.90, "GraphQL roll / REST roll"),
    ("stk/bare", "stk-check", "bare", 0.45, "NeuroSystem STK check / bare"),
    ("ncb/bare", "ncb-attack", "bare", 0.45, "NCB attack / bare"),
    ("spread/rest", "session-spread", "rest-roll", 0.50, "session spread (Redis) / stateless REST roll"),
    ("hot/spread", "session-hot", "session-spread", 0.50, "hot session / session spread (and 0 failures)"),
    ("workers", "rest-roll-2w", "rest-roll", 1.60, "REST roll, NA_WORKERS=2 / one worker"),
]
P99_OVER_P50 = 4.0  # every case: p99 at most this many times p50

# The same three stateless requests to the service with its own pieces taken out (bench/stripped.py): a ratio
# the service cannot pass while it limits, logs, audits and rolls, printed beside its target.
STRIPPED_CASES = ["rest-roll-stripped", "stk-check-stripped", "ncb-attack-stripped"]
BOUND_RATIOS = [(f"{case} / bare (its bound)", case, "bare") for case in STRIPPED_CASES]
CASES = ["bare", "bare-roll-shape", "healthz", "rest-roll", "graphql-roll", "stk-check", "ncb-attack", "session-spread", "session-hot",
         "rest-roll-2w", *STRIPPED_CASES]
# The roll's request and answer on the bare app, against the plaintext floor and the service's roll.
SHAPE_RATIOS = [("bare roll shape / bare", "bare-roll-shape", "bare"), ("REST roll / bare roll shape", "rest-roll", "bare-roll-shape")]
# With --cluster: the same session writes on a three-master Redis Cluster (three replicas), same run.
CLUSTER_CASES = ["session-spread-cluster"]
CLUSTER_RATIOS = [("cluster spread / single Redis spread", "session-spread-cluster", "session-spread")]
# With --granian: the floor and the service served by granian too (bench/granian_apps.py), same run.
GRANIAN_CASES = ["bare-granian", "healthz-granian", "rest-roll-granian"]
GRANIAN_RATIOS = [(f"{case} / {case.removesuffix('-granian')}", case, case.removesuffix("-granian")) for case in GRANIAN_CASES]
GRANIAN = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", "{port}",
           "--no-ws", "--log-level", "warning", "--loop", "uvloop"]

# The floor: what this stack can do at all, a bare Starlette app with one plaintext route on the
# uvicorn the service runs on (its defaults pick httptools and uvloop where installed, as the
# service's protocol builds on httptools), no access log.
#
# Its second route is the REST roll's *shape* and nothing else: it reads a JSON body and answers
# a fixed 1,211-byte JSON body with the five headers the service's roll answer carries besides
# the date and server (content type, request id, replica, two rate-limit headers). What that
# route costs over the plaintext one is what HTTP costs for the request and the answer alone,
# before any of the service's own work.
FLOOR = """
import sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

ANSWER = b'{"result":' + b'"' + b"x" * 1198 + b'"}'
HEADERS = {"x-request-id": "xt1dkqyKBxyjS0Luq7m-pA", "x-served-by": "bench-0",
           "ratelimit-limit": "1e+09", "ratelimit-remaining": "999999999"}

async def plain(request):
    return PlainTextResponse("Hello, world!")

async def roll_shape(request):
    await request.body()
    return Response(ANSWER, media_type="application/json", headers=HEADERS)

app = Starlette(routes=[Route("/", plain), Route("/roll-shape", roll_shape, methods=["POST"])])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
"""


# -- processes we own ------------------------------------------------------------------------

_OWNED: list[subprocess.Popen] = []


def _own(process: subprocess.Popen) -> subprocess.Popen:
    _OWNED.append(process)
    return process


def _children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _stop(process: subprocess.Popen, grace: float = 5.0) -> None:
    """Stop `process`, and any child of it that outlives it (a server's workers)."""
    children = _children(process.pid) if process.poll() is None else []
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for child in children:
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _stop_all() -> None:
    while _OWNED:
        _stop(_OWNED.pop())


def _on_signal(signum, frame):  # SIGTERM / SIGHUP: unwind through the `finally` blocks
    raise SystemExit(128 + signum)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """utime + stime of a process, from /proc (None where there is no /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float | None:
    """`cpu_seconds` of a process and its children (the workers of `NA_WORKERS`)."""
    total = cpu_seconds(pid)
    if total is None:
        return None
    for child in _children(pid):
        total += cpu_seconds(child) or 0.0
    return total


def pin(pid: int, cpu: int) -> None:
    try:
        os.sched_setaffinity(pid, {cpu})
    except (AttributeError, OSError):
        pass


class Redis:
    """The tests' RedisServer (private port and dir, no persistence); a copy if it cannot load."""

    def __init__(self) -> None:
        sys.path.insert(0, str(ROOT / "tests"))
        try:
            from redis_server import RedisServer  # tests/redis_server.py (imports pytest)
        except ImportError:
            RedisServer = None
        self._server = RedisServer() if RedisServer else None
        self._process: subprocess.Popen | None = None
        self._dir = ""
        self.port = 0

    def start(self) -> Redis:
        if self._server is not None:
            self._server.start()
            self.port = self._server.port
            return self
        binary = os.environ.get("REDIS_SERVER", shutil.which("redis-server") or "/usr/bin/redis-server")
        self._dir = tempfile.mkdtemp(prefix="bench-redis-")
        self.port = free_port()
        self._process = _own(subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self._dir, "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--logfile", "redis.log"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(64).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pid(self) -> int | None:
        process = self._process or (self._server and self._server._process)
        return process.pid if process else None

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
        if self._process is not None:
            _stop(self._process)
        if self._dir:
            shutil.rmtree(self._dir, ignore_errors=True)


class Cluster:
    """The tests' RedisCluster (tests/redis_cluster.py): three masters, three replicas on loopback."""

    def __init__(self) -> None:
        sys.path.insert(0, str(ROOT / "tests"))
        from redis_cluster import RedisCluster  # needs redis-cli as well as redis-server

        self._cluster = RedisCluster()

    def start(self) -> Cluster:
        self._cluster.start()
        return self

    @property
    def url(self) -> str:
        return self._cluster.url

    @property
    def pid(self) -> None:
        return None

    @property
    def pids(self) -> list[int]:
        """Every node, replicas too: they apply each write as well."""
        return [node._process.pid for node in self._cluster.nodes if node._process is not None]

    def close(self) -> None:
        self._cluster.close()


def wait_ready(process: subprocess.Popen, url: str, name: str, tail, timeout: float) -> None:
    """Until `url` answers 200; a process that exits, or a timeout, raises with the end of its log."""
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited early:\n{tail()}")
        try:
            if httpx.get(url, timeout=0.5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{name} did not become ready:\n{tail()}")


class Service:
    """A served app on a free port; its output goes to a file, never a pipe that could fill.

    By default one `python -m service` at production defaults (`NA_LOG_LEVEL` left at `info`).
    """

    def __init__(self, store: str, workdir: Path, *, name: str = "service", workers: int = 1, command: list[str] | None = None,
                 ready: str = "/readyz") -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / f"{name}.log"
        self.command = command or [sys.executable, "-m", "service"]
        self.ready = ready
        self.env = {
            **os.environ,
            "NA_STORE": store,
            "NA_SEED_SECRET": secrets.token_urlsafe(48),
            "NA_HOST": "127.0.0.1",
            "NA_PORT": str(self.port),
            "NA_WORKERS": str(workers),
            # One client sends everything here, so the per-client limiter would answer 429 past
            # 50/s. Set sky-high rather than off: the limiter stays in the measured path.
            "NA_RATE_LIMIT_PER_SECOND": "1000000000",
            "NA_RATE_LIMIT_BURST": "1000000000",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        }
        self.env.pop("NA_LOG_LEVEL", None)  # production's default, whatever the caller's shell says
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 180.0) -> Service:
        return self.launch().wait(timeout)

    def launch(self) -> Service:
        with open(self.log, "wb") as out:
            self.process = _own(subprocess.Popen(
                [part.replace("{port}", str(self.port)) for part in self.command], cwd=ROOT, env=self.env,
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            ))
        return self

    def wait(self, timeout: float = 180.0) -> Service:
        assert self.process is not None
        wait_ready(self.process, f"{self.url}{self.ready}", self.name, self.tail, timeout)
        return self

    def tail(self, lines: int = 30) -> str:
        """The end of the log (the access log makes it large: only its last 64 KB are read)."""
        try:
            with open(self.log, "rb") as log:
                log.seek(max(0, log.seek(0, os.SEEK_END) - 65536))
                return "\n".join(log.read().decode(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def floor(workdir: Path) -> Service:
    """The bare Starlette plaintext app (`FLOOR`) on uvicorn."""
    return Service("memory", workdir, name="floor", command=[sys.executable, "-c", FLOOR, "{port}"], ready="/")


# -- cases -----------------------------------------------------------------------------------


def make_sessions(base: str, count: int) -> list[tuple[str, str]]:
    import httpx

    out = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(count):
            response = client.post("/v1/sessions", content=SESSION_BODY, headers=JSON_HEADERS)
            if response.status_code != 201:
                raise RuntimeError(f"POST /v1/sessions answered {response.status_code}: {response.text[:500]}")
            body = response.json()
            out.append((body["session"]["id"], body["seats"][0]["token"]))
    return out


def build_cases(spread: list[tuple[str, str]], hot: tuple[str, str], cluster_spread: list[tuple[str, str]] | None = None) -> dict[str, dict]:
    """Each case: a list of requests (method, path, headers, body); one is picked per request."""
    cluster_spread = cluster_spread or [("none", "none")]

    def roll_in(session: tuple[str, str]):
        sid, token = session
        return ("POST", f"/v1/sessions/{sid}/dice/roll", {**JSON_HEADERS, "Authorization": f"Bearer {token}"}, ROLL_BODY)

    # "target": which process serves the case (the floor, the service, the service with 2 workers, the service
    # with its own work taken out).
    cases = {
        "bare": {"about": "floor: bare Starlette GET / plaintext on uvicorn", "target": "floor",
                 "requests": [("GET", "/", {}, "")]},
        "bare-roll-shape": {"about": "floor: bare Starlette POST answering the REST roll's shape (1.2 KB JSON, its headers)",
                            "target": "floor", "requests": [("POST", "/roll-shape", JSON_HEADERS, ROLL_BODY)]},
        "healthz": {"about": "GET /healthz (every middleware, a tiny JSON route)", "target": "service",
                    "requests": [("GET", "/healthz", {}, "")]},
        "rest-roll": {"about": f"POST /v1/dice/roll {EXPRESSION}", "target": "service",
                      "requests": [("POST", "/v1/dice/roll", JSON_HEADERS, ROLL_BODY)]},
        "graphql-roll": {"about": "POST /graphql diceRoll, fixed query text + variables", "target": "service",
                         "requests": [("POST", "/graphql", JSON_HEADERS, GRAPHQL_BODY)]},
        "stk-check": {"about": "POST /v1/neurosystem/stk-check (the published example)", "target": "service",
                      "requests": [("POST", "/v1/neurosystem/stk-check", JSON_HEADERS, STK_BODY)]},
        "ncb-attack": {"about": "POST /v1/ncb/attack (the published example)", "target": "service",
                       "requests": [("POST", "/v1/ncb/attack", JSON_HEADERS, NCB_BODY)]},
        "session-spread": {"about": f"roll in a random one of {len(spread)} Redis sessions", "target": "service",
                           "requests": [roll_in(s) for s in spread]},
        "session-hot": {"about": "every connection rolls in ONE Redis session", "target": "service",
                        "requests": [roll_in(hot)]},
        "rest-roll-2w": {"about": f"POST /v1/dice/roll {EXPRESSION}, NA_WORKERS=2", "target": "workers",
                         "requests": [("POST", "/v1/dice/roll", JSON_HEADERS, ROLL_BODY)]},
        "session-spread-cluster": {"about": f"roll in a random one of {len(cluster_spread)} sessions on a Redis Cluster",
                                   "target": "service-cluster", "requests": [roll_in(s) for s in cluster_spread]},
        "bare-granian": {"about": "floor on granian", "target": "floor-granian", "requests": [("GET", "/", {}, "")]},
        "healthz-granian": {"about": "GET /healthz, service on granian", "target": "service-granian",
                            "requests": [("GET", "/healthz", {}, "")]},
        "rest-roll-granian": {"about": f"POST /v1/dice/roll {EXPRESSION}, service on granian", "target": "service-granian",
                              "requests": [("POST", "/v1/dice/roll", JSON_HEADERS, ROLL_BODY)]},
    }
    for stripped in STRIPPED_CASES:  # the same requests to the service with its own work taken out
        case = cases[stripped.removesuffix("-stripped")]
        cases[stripped] = {**case, "about": f"{case['about']}, the service's own work taken out (bench/stripped.py)", "target": "stripped"}
    return cases


def probe(base: str, name: str, case: dict) -> None:
    """One request per case before loading it: fail fast with the service's answer."""
    import httpx

    method, path, headers, body = case["requests"][0]
    response = httpx.request(method, base + path, headers=headers, content=body or None, timeout=10)
    if response.status_code != 200 or (name == "graphql-roll" and "errors" in response.json()):
        raise RuntimeError(f"{name}: {method} {path} answered {response.status_code}: {response.text[:500]}")


# -- wrk -------------------------------------------------------------------------------------

_LUA_STATS = r"""
local threads = {}

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function response(status, headers, body)
  if status ~= 200 then
    non200 = non200 + 1
    codes[status] = (codes[status] or 0) + 1
    if sample == "" then sample = status .. " " .. string.gsub(string.sub(body or "", 1, 300), "[\r\n]", " ") end
  end
end

function done(summary, latency, requests)
  local non200, codes, sample = 0, {}, ""
  for _, t in ipairs(threads) do
    non200 = non200 + t:get("non200")
    for code, n in pairs(t:get("codes")) do codes[code] = (codes[code] or 0) + n end
    if sample == "" then sample = t:get("sample") end
  end
  local e = summary.errors
  io.write(string.format("WRK requests %d\nWRK duration_us %d\nWRK non200 %d\n", summary.requests, summary.duration, non200))
  io.write(string.format("WRK connect %d\nWRK read %d\nWRK write %d\nWRK timeout %d\n", e.connect, e.read, e.write, e.timeout))
  for _, p in ipairs({50, 90, 99}) do io.write(string.format("WRK p%d_us %d\n", p, latency:percentile(p))) end
  io.write(string.format("WRK mean_us %d\nWRK max_us %d\n", latency.mean, latency.max))
  for code, n in pairs(codes) do io.write(string.format("WRKCODE %d %d\n", code, n)) end
  if sample ~= "" then io.write("WRKSAMPLE " .. sample .. "\n") end
end
"""


def _lua_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


def lua_script(requests: list[tuple[str, str, dict, str]]) -> str:
    def table(headers: dict) -> str:
        return "{" + ", ".join(f"[{_lua_string(k)}] = {_lua_string(v)}" for k, v in headers.items()) + "}"

    if len(requests) == 1:  # static: wrk builds the request once
        method, path, headers, body = requests[0]
        lines = [f"wrk.method = {_lua_string(method)}", f"wrk.path = {_lua_string(path)}"]
        lines += [f"wrk.headers[{_lua_string(k)}] = {_lua_string(v)}" for k, v in headers.items()]
        if body:
            lines.append(f"wrk.body = {_lua_string(body)}")
        head = "\n".join(lines) + "\nfunction init(args) non200 = 0; codes = {}; sample = '' end\n"
    else:  # a random one per request; the raw requests are formatted once per thread
        specs = ",\n".join(
            f"  {{{_lua_string(m)}, {_lua_string(p)}, {table(h)}, {_lua_string(b)}}}" for m, p, h, b in requests
        )
        head = (
            f"local specs = {{\n{specs}\n}}\nlocal raw = {{}}\n"
            "function init(args)\n"
            "  non200 = 0; codes = {}; sample = ''\n"
            "  math.randomseed(os.time() * 1000 + tid)\n"
            "  for i, s in ipairs(specs) do raw[i] = wrk.format(s[1], s[2], s[3], s[4]) end\n"
            "end\n"
            "function request() return raw[math.random(#raw)] end\n"
        )
    return head + _LUA_STATS


def run_wrk(url: str, script: Path, seconds: float, args, service_pid: int) -> dict:
    command = ["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{max(1, round(seconds))}s",
               "--timeout", "10s", "--latency", "-s", str(script), url]
    process = _own(subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
    if args.pin:
        pin(process.pid, 1)
    try:
        out, _ = process.communicate(timeout=seconds + 30)
    finally:
        _stop(process)
        _OWNED.remove(process)
    text = out.decode(errors="replace")
    stats: dict = {"codes": {}}
    for line in text.splitlines():
        if line.startswith("WRK "):
            _, key, value = line.split(" ", 2)
            stats[key] = int(value)
        elif line.startswith("WRKCODE "):
            _, code, n = line.split()
            stats["codes"][code] = int(n)
        elif line.startswith("WRKSAMPLE "):
            stats["sample"] = line[len("WRKSAMPLE "):]
    if "requests" not in stats:
        raise RuntimeError(f"wrk gave no summary (exit {process.returncode}):\n{text}")
    errors = sum(stats.get(k, 0) for k in ("connect", "read", "write", "timeout"))
    return {
        "responses": stats["requests"],
        "ok": stats["requests"] - stats["non200"],
        "seconds": stats["duration_us"] / 1e6,
        "p50_ms": stats["p50_us"] / 1000,
        "p90_ms": stats["p90_us"] / 1000,
        "p99_ms": stats["p99_us"] / 1000,
        "max_ms": stats["max_us"] / 1000,
        "non200": stats["non200"],
        "socket_errors": errors,
        "status_codes": stats["codes"],
        "failure_sample": stats.get("sample"),
    }


# -- fallback load generator (separate process, asyncio, raw HTTP/1.1 keep-alive) ------------


def _raw(method: str, path: str, headers: dict, body: str, host: str) -> bytes:
    data = body.encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", *(f"{k}: {v}" for k, v in headers.items())]
    if data or method == "POST":
        lines.append(f"Content-Length: {len(data)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def loadgen_worker(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text())
    host, port = spec["host"], spec["port"]
    raw = [_raw(m, p, h, b, f"{host}:{port}") for m, p, h, b in spec["requests"]]
    latencies: list[float] = []
    codes: dict[str, int] = {}
    state = {"errors": 0, "sample": None}
    length_re = re.compile(rb"\r\ncontent-length:\s*(\d+)", re.IGNORECASE)

    async def connection(deadline: float) -> None:
        pick = random.Random().choice
        reader = writer = None
        while time.perf_counter() < deadline:
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                started = time.perf_counter()
                writer.write(pick(raw))
                head = await reader.readuntil(b"\r\n\r\n")
                match = length_re.search(head)
                body = await reader.readexactly(int(match.group(1))) if match else b""
                latencies.append(time.perf_counter() - started)
                status = head[9:12].decode()
                if status != "200":
                    codes[status] = codes.get(status, 0) + 1
                    state["sample"] = state["sample"] or f"{status} {body[:300].decode(errors='replace')}"
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
                state["errors"] += 1
                if writer is not None:
                    writer.close()
                reader = writer = None
        if writer is not None:
            writer.close()

    async def main() -> float:
        started = time.perf_counter()
        deadline = started + spec["seconds"]
        await asyncio.gather(*(connection(deadline) for _ in range(spec["connections"])))
        return time.perf_counter() - started

    elapsed = asyncio.run(main())
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(len(latencies) * p / 100))] * 1000 if latencies else 0.0

    non200 = sum(codes.values())
    print(json.dumps({
        "responses": len(latencies), "ok": len(latencies) - non200, "seconds": elapsed,
        "p50_ms": pct(50), "p90_ms": pct(90), "p99_ms": pct(99), "max_ms": pct(100),
        "non200": non200, "socket_errors": state["errors"], "status_codes": codes, "failure_sample": state["sample"],
    }))


def run_python(url: str, requests: list, seconds: float, args, workdir: Path) -> dict:
    host, port = url.removeprefix("http://").split(":")
    spec = workdir / "loadgen.json"
    spec.write_text(json.dumps({"host": host, "port": int(port), "requests": requests,
                                "seconds": seconds, "connections": args.connections}))
    process = _own(subprocess.Popen([sys.executable, __file__, "--loadgen-worker", str(spec)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL))
    if args.pin:
        pin(process.pid, 1)
    try:
        out, err = process.communicate(timeout=seconds + 30)
    finally:
        _stop(process)
        _OWNED.remove(process)
    if process.returncode != 0:
        raise RuntimeError(f"load generator failed:\n{err.decode(errors='replace')}")
    return json.loads(out)


# -- the run ---------------------------------------------------------------------------------


def host_times() -> tuple[float, float] | None:
    """(busy, total) jiffies over all CPUs, from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields) - idle, sum(fields)


def drain(pid: int, timeout: float = 30.0) -> float:
    """Wait until the service is idle: requests still in flight when wrk stopped would otherwise
    be served during the next case's time. Idle = under 5 ms of CPU in 100 ms, twice running."""
    started = time.monotonic()
    last, quiet = tree_cpu_seconds(pid), 0
    if last is None:
        time.sleep(1.0)
        return 1.0
    while quiet < 2 and time.monotonic() - started < timeout:
        time.sleep(0.1)
        now = tree_cpu_seconds(pid)
        if now is None:
            break
        quiet = quiet + 1 if now - last < 0.005 else 0
        last = now
    return time.monotonic() - started


def _sum_cpu(pids: list[int]) -> float | None:
    times = [tree_cpu_seconds(pid) for pid in pids]
    return None if None in times else sum(t for t in times if t is not None)


class Case:
    """One case's load, measured in one or more slices; the slices add up."""

    def __init__(self, name: str, spec: dict, url: str, args, workdir: Path, service: Service, redis: Redis, loader: str):
        self.name, self.spec, self.args, self.service, self.redis = name, spec, args, service, redis
        self.slices: list[dict] = []
        if loader == "wrk":
            script = workdir / f"{name}.lua"
            script.write_text(lua_script(spec["requests"]))
            self.load = lambda seconds: run_wrk(url, script, seconds, args, service.process.pid)
        else:
            self.load = lambda seconds: run_python(url, spec["requests"], seconds, args, workdir)

    def warm_up(self) -> None:
        if self.args.warmup > 0:
            self.load(self.args.warmup)
            drain(self.service.process.pid)

    def measure(self, seconds: float) -> None:
        pids = {"service": self.service.process.pid, "redis": self.redis.pid}
        before = {k: tree_cpu_seconds(pid) if pid else None for k, pid in pids.items()}
        nodes = getattr(self.redis, "pids", None)  # a cluster: its nodes' CPU stands for the store's
        if nodes:
            before["redis"] = _sum_cpu(nodes)
        host0, load0 = host_times(), os.getloadavg()[0]
        children0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = self.load(seconds)
        children1 = resource.getrusage(resource.RUSAGE_CHILDREN)  # the load generator, once reaped
        result["loadgen_cpu_s"] = (children1.ru_utime + children1.ru_stime) - (children0.ru_utime + children0.ru_stime)
        after = {k: tree_cpu_seconds(pid) if pid else None for k, pid in pids.items()}
        if nodes:
            after["redis"] = _sum_cpu(nodes)
        host1 = host_times()
        result["drain_s"] = drain(pids["service"])
        for key in pids:
            if before[key] is not None and after[key] is not None:
                result[f"{key}_cpu_s"] = after[key] - before[key]
        if host0 and host1 and host1[1] > host0[1]:
            result["host_busy_pct"] = 100 * (host1[0] - host0[0]) / (host1[1] - host0[1])
        result["loadavg_1m_before"] = load0
        self.slices.append(result)

    def result(self) -> dict:
        slices = self.slices
        total = {k: sum(r[k] for r in slices) for k in ("responses", "ok", "seconds", "non200", "socket_errors")}
        seconds = total["seconds"] or 1e-9
        codes: dict[str, int] = {}
        for r in slices:
            for code, n in r["status_codes"].items():
                codes[code] = codes.get(code, 0) + n
        weights = [max(1, r["responses"]) for r in slices]
        out = {
            "about": self.spec["about"],
            **total,
            "rps": total["ok"] / seconds,
            # One slice: wrk's own percentiles. Several: p50 weighted by requests, p99 the worst slice's.
            "p50_ms": sum(r["p50_ms"] * w for r, w in zip(slices, weights)) / sum(weights),
            "p99_ms": max(r["p99_ms"] for r in slices),
            "max_ms": max(r["max_ms"] for r in slices),
            "failures": total["non200"] + total["socket_errors"],
            "status_codes": codes,
            "failure_sample": next((r["failure_sample"] for r in slices if r.get("failure_sample")), None),
            "slices": slices,
        }
        for key in ("service", "redis"):
            if all(f"{key}_cpu_s" in r for r in slices):
                cpu = sum(r[f"{key}_cpu_s"] for r in slices)
                out[f"{key}_cpu_pct"] = 100 * cpu / seconds
                if key == "service":
                    out["service_cpu_us_per_req"] = 1e6 * cpu / max(1, total["responses"])
        out["loadgen_cpu_pct"] = 100 * sum(r["loadgen_cpu_s"] for r in slices) / seconds
        busy = [r["host_busy_pct"] for r in slices if "host_busy_pct" in r]
        if busy:
            out["host_busy_pct"] = sum(busy) / len(busy)
        return out


def report(results: dict, meta: dict) -> list[dict]:
    print()
    slices = f" in {meta['rounds']} interleaved slices" if meta["rounds"] > 1 else ""
    print(f"{meta['connections']} connections, {meta['duration_s']:g} s per case{slices} after {meta['warmup_s']:g} s warm-up, "
          f"load generator: {meta['loader']}, loadavg at start {meta['loadavg_start']:.2f} on {meta['cpus']} CPUs")
    print(f"server: {meta['server']}, {meta['uvicorn_http']} + {meta['uvicorn_loop']}; service at production defaults on Redis "
          f"(one process, and NA_WORKERS=2 for rest-roll-2w), commit {meta['commit']}"
          + (", pinned: serving processes on CPU 0, load generator on CPU 1 (the 2-worker service unpinned)" if meta["pinned"] else ""))
    header = f"{'case':<22}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}{'failures':>10}{'svc cpu%':>10}{'cpu µs/req':>12}{'load cpu%':>11}{'host busy%':>12}"
    print(header)
    print("-" * len(header))
    for name, r in results.items():
        cpu = f"{r['service_cpu_pct']:.0f}" if "service_cpu_pct" in r else "-"
        per = f"{r['service_cpu_us_per_req']:.0f}" if "service_cpu_us_per_req" in r else "-"
        busy = f"{r['host_busy_pct']:.0f}" if "host_busy_pct" in r else "-"
        spread = r["p99_ms"] / r["p50_ms"] if r["p50_ms"] else 0.0
        print(f"{name:<22}{r['rps']:>9.0f}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}{spread:>9.1f}{r['failures']:>10}{cpu:>10}{per:>12}{r['loadgen_cpu_pct']:>11.0f}{busy:>12}")
        if r["failures"]:
            print(f"{'':<22}non-200 by status {r['status_codes']}, socket errors {r['socket_errors']}; first: {r['failure_sample']}")
    print()
    print(f"{'ratio':<48}{'req/s':>8}{'target':>9}{'':>7}{'cpu/req':>9}")
    ratios = []
    for key, top, bottom, target, label in RATIOS:
        if top not in results or bottom not in results:
            continue
        if key == "workers" and meta["pinned"]:
            print(f"{label:<48}{'-':>8}  (not with --pin: one worker is held to CPU 0, the two are not)")
            continue
        a, b = results[top], results[bottom]
        value = a["rps"] / b["rps"] if b["rps"] else 0.0
        met = value >= target and (key != "hot/spread" or a["failures"] == 0)
        # The same ratio from the service's CPU per request: what it would be if the service
        # were the only thing on its core. Less noisy on a busy machine; blind to waiting.
        cpu = None  # (for the workers, CPU per request says nothing of using two cores)
        if key != "workers" and a.get("service_cpu_us_per_req") and b.get("service_cpu_us_per_req"):
            cpu = b["service_cpu_us_per_req"] / a["service_cpu_us_per_req"]
        ratios.append({"ratio": key, "label": label, "value": value, "target": target, "met": met, "cpu_ratio": cpu})
        cpu_text = f"{cpu:.2f}" if cpu is not None else "-"
        print(f"{label:<48}{value:>8.2f}{'>= ' + format(target, '.2f'):>9}{'ok' if met else 'MISS':>7}{cpu_text:>9}")
    # No targets: what HTTP alone costs for the roll's shape; how near the floor the stateless cases come
    # with the service's own work taken out (their targets' bound); whether granian would be worth
    # offering; on one machine, the cluster path's overhead.
    for label, top, bottom in SHAPE_RATIOS + BOUND_RATIOS + GRANIAN_RATIOS + CLUSTER_RATIOS:
        if top in results and bottom in results and results[bottom]["rps"]:
            a, b = results[top], results[bottom]
            value = a["rps"] / b["rps"]
            cpu = b["service_cpu_us_per_req"] / a["service_cpu_us_per_req"] if a.get("service_cpu_us_per_req") and b.get("service_cpu_us_per_req") else None
            entry = {"ratio": label, "label": label, "value": value, "target": None, "met": None, "cpu_ratio": cpu}
            if top in CLUSTER_CASES:
                entry["store_cpu_pct"] = [a.get("redis_cpu_pct"), b.get("redis_cpu_pct")]
            ratios.append(entry)
            print(f"{label:<48}{value:>8.2f}{'':>9}{'':>7}{format(cpu, '.2f') if cpu else '-':>9}")
    # The tail target holds with the load generator on a core of its own: under --pin the 2-worker service shares
    # both cores with it, so its tail is printed above and left out of the target.
    unheld = set(GRANIAN_CASES) | ({"rest-roll-2w"} if meta["pinned"] else set())
    tails = {name: r["p99_ms"] / r["p50_ms"] if r["p50_ms"] else float("inf") for name, r in results.items() if name not in unheld}
    worst = max(tails, key=lambda name: tails[name])
    met = all(value <= P99_OVER_P50 for value in tails.values())
    ratios.append({"ratio": "p99/p50", "label": "p99 / p50, worst case", "value": tails[worst], "target": P99_OVER_P50, "met": met, "case": worst})
    print(f"{'p99 / p50, worst case (' + worst + ')':<48}{tails[worst]:>8.2f}{'<= ' + format(P99_OVER_P50, '.2f'):>9}{'ok' if met else 'MISS':>7}{'-':>9}")
    if not meta["pinned"]:
        print("(p99 / p50 is held at 64 connections with --pin: the load generator on a core of its own)")
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=8.0, help="measured seconds per case (default 8)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per case (default 1)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="split each case's duration into this many slices, interleaved with the other cases, "
                             "so both sides of a ratio see the same machine (default 2)")
    parser.add_argument("--connections", "-c", type=int, default=64, help="concurrent connections (default 64)")
    parser.add_argument("--threads", "-t", type=int, default=1, help="wrk threads (default 1: the service gets the other core)")
    parser.add_argument("--sessions", type=int, default=200, help="sessions for session-spread (default 200)")
    parser.add_argument("--cases", default=",".join(CASES), help=f"comma-separated subset of {','.join(CASES)}")
    parser.add_argument("--loader", choices=["auto", "wrk", "python"], default="auto", help="load generator (auto: wrk if installed)")
    parser.add_argument("--pin", action="store_true",
                        help="pin the floor and the one-process service to CPU 0 and the load generator to CPU 1")
    parser.add_argument("--no-save", action="store_true", help="do not write bench/results/http-<timestamp>.json")
    parser.add_argument("--granian", action="store_true",
                        help="also serve the floor and the service with granian (pip install granian) and compare")
    parser.add_argument("--cluster", action="store_true",
                        help="also run session-spread on a three-master Redis Cluster started here (needs redis-cli) and compare")
    parser.add_argument("--loadgen-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.loadgen_worker:
        loadgen_worker(args.loadgen_worker)
        return 0
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    if args.granian:
        if importlib.util.find_spec("granian") is None:
            parser.error("--granian needs granian installed (pip install granian)")
        cases += [c for c in GRANIAN_CASES if c not in cases]
    if args.cluster:
        cases += [c for c in ["session-spread", *CLUSTER_CASES] if c not in cases]
    unknown = set(cases) - set(CASES) - set(GRANIAN_CASES) - set(CLUSTER_CASES)
    if unknown:
        parser.error(f"unknown case(s): {', '.join(sorted(unknown))}")
    args.threads = max(1, min(args.threads, args.connections))
    args.rounds = max(1, args.rounds)
    if args.duration / args.rounds < 1:
        parser.error("each slice (--duration / --rounds) must last at least 1 s (wrk counts whole seconds)")
    loader = args.loader
    if loader == "auto":
        loader = "wrk" if shutil.which("wrk") else "python"
        if loader == "python":
            print("wrk not found (apt-get install -y wrk); using the slower Python load generator", file=sys.stderr)
    elif loader == "wrk" and not shutil.which("wrk"):
        parser.error("wrk is not installed (apt-get install -y wrk)")

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    workdir = Path(tempfile.mkdtemp(prefix="bench-http-"))
    redis = Redis()
    cluster = Cluster() if any(c in CLUSTER_CASES for c in cases) else None
    started = time.monotonic()
    try:
        redis.start()
        if cluster is not None:
            cluster.start()
        targets = {"floor": floor(workdir), "service": Service(redis.url, workdir),
                   "workers": Service(redis.url, workdir, name="workers", workers=2),
                   "stripped": Service(redis.url, workdir, name="stripped", command=[sys.executable, str(ROOT / "bench" / "stripped.py")]),
                   "floor-granian": Service("memory", workdir, name="floor-granian", command=[*GRANIAN, "bench.granian_apps:floor"], ready="/"),
                   "service-granian": Service(redis.url, workdir, name="service-granian",
                                              command=[*GRANIAN, "--factory", "bench.granian_apps:service"])}
        if cluster is not None:
            targets["service-cluster"] = Service(cluster.url, workdir, name="service-cluster")
        wanted = {build_cases([("none", "none")], ("none", "none"))[name]["target"] for name in cases}
        targets = {key: target for key, target in targets.items() if key in wanted or key == "service"}
        for target in targets.values():  # started together: each takes a while to build its app
            target.launch()
        for key, target in targets.items():
            target.wait()
            if args.pin and key != "workers":
                pin(target.process.pid, 0)
        service = targets["service"]
        need_sessions = any(c.startswith("session-") for c in cases)
        spread = make_sessions(service.url, args.sessions) if need_sessions else [("none", "none")]
        hot = make_sessions(service.url, 1)[0] if need_sessions else ("none", "none")
        cluster_spread = make_sessions(targets["service-cluster"].url, args.sessions) if cluster is not None else None
        all_cases = build_cases(spread, hot, cluster_spread)
        meta = {
            "started_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "loader": loader, "connections": args.connections, "threads": args.threads,
            "duration_s": args.duration, "warmup_s": args.warmup, "rounds": args.rounds, "sessions": args.sessions,
            "expression": EXPRESSION, "store": "redis" + (", redis cluster (3 masters, 3 replicas)" if cluster else ""), "pinned": args.pin,
            "cpus": os.cpu_count(), "loadavg_start": os.getloadavg()[0], "python": sys.version.split()[0],
            # What uvicorn picks with its defaults (loop="auto", http="auto") in this interpreter.
            "uvicorn_loop": "uvloop" if importlib.util.find_spec("uvloop") else "asyncio",
            "uvicorn_http": "httptools" if importlib.util.find_spec("httptools") else "h11",
            "commit": _commit(), "server": "uvicorn",
        }
        runs = {}
        for name in cases:
            target = targets[all_cases[name]["target"]]
            probe(target.url, name, all_cases[name])
            store = cluster if name in CLUSTER_CASES and cluster is not None else redis
            runs[name] = Case(name, all_cases[name], target.url, args, workdir, target, store, loader)
        for round_ in range(args.rounds):
            for name, run in runs.items():
                print(f"{name} ({round_ + 1}/{args.rounds}): {all_cases[name]['about']} ...", file=sys.stderr, flush=True)
                if round_ == 0:
                    run.warm_up()
                run.measure(args.duration / args.rounds)
                for target in targets.values():
                    if target.process.poll() is not None:
                        raise RuntimeError(f"{target.name} died during {name}:\n{target.tail()}")
        results = {name: run.result() for name, run in runs.items()}
        meta["loadavg_end"] = os.getloadavg()[0]
        meta["elapsed_s"] = time.monotonic() - started
        ratios = report(results, meta)
        if not args.no_save:
            RESULTS.mkdir(parents=True, exist_ok=True)
            path = RESULTS / f"http-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
            path.write_text(json.dumps({"meta": meta, "cases": results, "ratios": ratios}, indent=2) + "\n")
            print(f"\nwritten: {path.relative_to(ROOT)}  ({meta['elapsed_s']:.0f} s)")
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted; stopping everything", file=sys.stderr)
        return 130
    finally:
        _stop_all()
        redis.close()
        if cluster is not None:
            cluster.close()
        shutil.rmtree(workdir, ignore_errors=True)


def _commit() -> str | None:
    try:  # read-only
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=5).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


if __name__ == "__main__":
    sys.exit(main())
