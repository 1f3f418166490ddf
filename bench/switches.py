"""What each speed switch buys: the service with every switch on against the same service with one
switch off, in one run, over a floor of a bare Starlette app.

Run: .venv/bin/python bench/switches.py          (about 2 minutes on a quiet machine; --help)

Starts a private redis-server and one `python -m service` per variant, all on that Redis:
`defaults` (production settings, every switch on) and one with each switch off, plus the
floor, a Starlette app with one JSON route under uvicorn's defaults. Only the process
being measured gets load; the others sit idle. Each case is measured in slices interleaved
with the other cases (`--rounds`), with the load generator and the statistics of
bench/http.py (wrk when installed). Prints each case, then for each switch the ratio of
throughput with it on to throughput with it off on the request it speeds up (and the same
ratio from the service's CPU time per request, steadier on a busy machine). `--tree
NAME=REV` adds a variant served from the files of git revision REV (defaults there): a
design of an earlier commit against the present one, in the same run. Results also go to
bench/results/switches-<timestamp>.json.
"""

from __future__ import annotations

import os
import sys

# This directory holds http.py: keep it off the path so `import http` finds the standard library.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import argparse
import datetime as dt
import importlib.util
import json
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

_spec = importlib.util.spec_from_file_location("bench_http", os.path.join(_HERE, "http.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

ROOT = bench.ROOT
SWITCHES = {  # variant -> (setting turned off, the cases it speeds up)
    "no-plans": ("NA_GRAPHQL_PLANS", ["graphql-roll"]),
    "no-direct-arguments": ("NA_GRAPHQL_DIRECT_ARGUMENTS", ["graphql-roll"]),
    "no-mechanic-routes": ("NA_MECHANIC_ROUTES", ["rest-roll", "graphql-roll", "session-spread"]),
    "no-own-connections": ("NA_REDIS_OWN_CONNECTIONS", ["session-spread"]),
    "no-pipelining": ("NA_REDIS_PIPELINING", ["session-spread"]),
    "no-chaining": ("NA_CHAINED_WRITES", ["session-hot"]),
    "no-plain-endpoints": ("NA_PLAIN_ENDPOINTS", ["rest-roll"]),
    "no-gc-tuning": ("NA_GC_TUNING", ["rest-roll", "session-spread"]),
}
COMPARED = ["rest-roll", "graphql-roll", "session-spread", "session-hot"]  # what a --tree variant is measured on

FLOOR = """
import sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def ok(request):
    return JSONResponse({"status": "ok"})

uvicorn.run(Starlette(routes=[Route("/", ok)]), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


class Process:
    """A served app on a free port: the service of one variant, or the floor."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], cwd: Path, log: Path, ready: str) -> None:
        self.name, self.port = name, bench.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.command, self.env, self.cwd, self.log, self.ready = command, env, cwd, log, ready
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 120.0) -> Process:
        with open(self.log, "wb") as out:
            self.process = bench._own(subprocess.Popen(
                [part.replace("{port}", str(self.port)) for part in self.command], cwd=self.cwd,
                env={**self.env, "NA_PORT": str(self.port)}, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            ))
        bench.wait_ready(self.process, self.url + self.ready, self.name, self.tail, timeout)
        return self

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""


def service(name: str, redis_url: str, workdir: Path, *, tree: Path = ROOT, env: dict[str, str] | None = None) -> Process:
    base = bench.Service(redis_url, workdir).env  # http.py's service settings: the same limiter, log level, secret
    base = {**base, "PYTHONPATH": str(tree), **(env or {})}
    return Process(name, [sys.executable, "-m", "service"], base, tree, workdir / f"{name}.log", "/readyz")


def export(rev: str, workdir: Path) -> Path:
    """The files of `rev` (git archive), to serve a variant from."""
    target = workdir / f"tree-{rev.replace('/', '_')}"
    target.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def plan(variants: list[str], trees: list[str]) -> list[tuple[str, str]]:
    """(case, variant) pairs: every case on the defaults, each switch's cases with it off, the floor."""
    pairs = [("bare", "floor"), ("bare", "defaults"), *((case, "defaults") for case in COMPARED)]
    pairs += [(case, "defaults") for case in dict.fromkeys(c for v in variants for c in SWITCHES[v][1]) if case not in COMPARED]
    for variant in variants:
        pairs += [(case, variant) for case in SWITCHES[variant][1]]
    for tree in trees:
        pairs += [(case, tree) for case in COMPARED]
    return pairs


def report(results: dict[str, dict], meta: dict, variants: list[str], trees: list[str]) -> list[dict]:
    print()
    print(f"{meta['connections']} connections, {meta['duration_s']:g} s per case in {meta['rounds']} interleaved slices, "
          f"load generator {meta['loader']}, loadavg {meta['loadavg_start']:.2f} at start and {meta['loadavg_end']:.2f} "
          f"at the end on {meta['cpus']} CPUs, commit {meta['commit']}")
    header = f"{'case @ variant':<38}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'failures':>10}{'cpu µs/req':>12}{'host busy%':>12}"
    print(header)
    print("-" * len(header))
    for key, r in results.items():
        per = f"{r['service_cpu_us_per_req']:.0f}" if "service_cpu_us_per_req" in r else "-"
        busy = f"{r['host_busy_pct']:.0f}" if "host_busy_pct" in r else "-"
        print(f"{key:<38}{r['rps']:>9.0f}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}{r['failures']:>10}{per:>12}{busy:>12}")
    print()
    print(f"{'on / off (or present / other tree)':<58}{'req/s':>8}{'cpu/req':>9}")
    ratios = []
    floor = results.get("bare @ floor")

    def ratio(label: str, top: dict, bottom: dict) -> None:
        value = top["rps"] / bottom["rps"] if bottom["rps"] else 0.0
        cpu = None
        if top.get("service_cpu_us_per_req") and bottom.get("service_cpu_us_per_req"):
            cpu = bottom["service_cpu_us_per_req"] / top["service_cpu_us_per_req"]
        ratios.append({"ratio": label, "value": value, "cpu_ratio": cpu})
        print(f"{label:<58}{value:>8.2f}{(f'{cpu:.2f}' if cpu else '-'):>9}")

    for variant in variants:
        setting, cases = SWITCHES[variant]
        for case in cases:
            ratio(f"{setting} on/off, {case}", results[f"{case} @ defaults"], results[f"{case} @ {variant}"])
    for tree in trees:
        for case in COMPARED:
            ratio(f"present / {tree}, {case}", results[f"{case} @ defaults"], results[f"{case} @ {tree}"])
    if floor:
        for case in ("bare", *COMPARED):
            ratio(f"{case} @ defaults / bare Starlette floor", results[f"{case} @ defaults"], floor)
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=8.0, help="measured seconds per case (default 8)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per case (default 1)")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved slices per case (default 2)")
    parser.add_argument("--connections", "-c", type=int, default=32, help="concurrent connections (default 32)")
    parser.add_argument("--threads", "-t", type=int, default=1, help="wrk threads (default 1)")
    parser.add_argument("--sessions", type=int, default=200, help="sessions for session-spread, per variant (default 200)")
    parser.add_argument("--switches", default=",".join(SWITCHES), help=f"variants to run, of {','.join(SWITCHES)}")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=REV", help="also serve git revision REV as variant NAME")
    parser.add_argument("--loader", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--pin", action="store_true", help="services on CPU 0, the load generator on CPU 1")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()
    variants = [v.strip() for v in args.switches.split(",") if v.strip()]
    if set(variants) - set(SWITCHES):
        parser.error(f"unknown variant(s): {', '.join(sorted(set(variants) - set(SWITCHES)))}")
    trees = dict(item.split("=", 1) for item in args.tree)
    loader = args.loader if args.loader != "auto" else ("wrk" if shutil.which("wrk") else "python")
    args.rounds = max(1, args.rounds)

    signal.signal(signal.SIGTERM, bench._on_signal)
    signal.signal(signal.SIGHUP, bench._on_signal)
    workdir = Path(tempfile.mkdtemp(prefix="bench-switches-"))
    loadavg_start = os.getloadavg()[0]
    redis = bench.Redis()
    started = time.monotonic()
    try:
        redis.start()
        served: dict[str, Process] = {"floor": Process("floor", [sys.executable, "-c", FLOOR, "{port}"], dict(os.environ), ROOT, workdir / "floor.log", "/")}
        served["defaults"] = service("defaults", redis.url, workdir)
        for variant in variants:
            served[variant] = service(variant, redis.url, workdir, env={SWITCHES[variant][0]: "off"})
        for name, rev in trees.items():
            served[name] = service(name, redis.url, workdir, tree=export(rev, workdir))
        for process in served.values():
            process.start()
            if args.pin:
                bench.pin(process.process.pid, 0)
        runs = {}
        for case, variant in plan(variants, list(trees)):
            target = served[variant]
            wanted = {"session-spread": args.sessions, "session-hot": 1}.get(case, 0)
            sessions = bench.make_sessions(target.url, wanted) if wanted else [("none", "none")]
            # On a service, "bare" is its /healthz (http.py's `healthz`; its `bare` is the floor's route).
            spec = bench.build_cases(sessions, sessions[0])["healthz" if case == "bare" else case]
            if variant == "floor":
                spec = {"about": "GET / of a bare Starlette app", "requests": [("GET", "/", {}, "")]}
            bench.probe(target.url, case, spec)
            key = f"{case} @ {variant}"
            runs[key] = bench.Case(key.replace(" @ ", "-at-"), spec, target.url, args, workdir, target, redis, loader)
        for round_ in range(args.rounds):
            for key, run in runs.items():
                print(f"{key} ({round_ + 1}/{args.rounds}) ...", file=sys.stderr, flush=True)
                if round_ == 0:
                    run.warm_up()
                run.measure(args.duration / args.rounds)
        results = {key: run.result() for key, run in runs.items()}
        meta = {
            "started_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "loader": loader,
            "connections": args.connections, "duration_s": args.duration, "rounds": args.rounds,
            "warmup_s": args.warmup, "cpus": os.cpu_count(), "loadavg_start": loadavg_start,
            "commit": bench._commit(), "trees": trees, "pinned": args.pin,
        }
        meta["loadavg_end"] = os.getloadavg()[0]
        ratios = report(results, meta, variants, list(trees))
        if not args.no_save:
            bench.RESULTS.mkdir(parents=True, exist_ok=True)
            path = bench.RESULTS / f"switches-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
            path.write_text(json.dumps({"meta": meta, "cases": results, "ratios": ratios}, indent=2) + "\n")
            print(f"\nwritten: {path.relative_to(ROOT)}  ({time.monotonic() - started:.0f} s)")
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted; stopping everything", file=sys.stderr)
        return 130
    finally:
        bench._stop_all()
        redis.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
