"""A/B of two trees over HTTP: CPU per request of one case, each tree's service served the same way.

Run: .venv/bin/python bench/http_ab.py /path/to/other/tree [--case rest-roll] [--slices 8] [--seconds 3]
 or: .venv/bin/python bench/http_ab.py --stripped [--case stk-check]

Starts the floor (`bench/http.py`'s bare Starlette app), this tree's service and the other tree's
(`python -m service` from that tree, at production defaults, its log on a file), every one pinned
to CPU 0 and wrk to CPU 1, as `bench/http.py --pin` serves them. Then, slice after slice, wrk loads
each in turn for `--seconds` (the order reversed every other slice), and each server's CPU time
over the slice is divided by the requests it answered. A slow spell of a shared host spoils a
slice of every server rather than every slice of one; the median of each server's slices is
its figure, the floor's ratio over it the ratio `bench/http.py` reports.

With `--stripped` the other server is this tree's service with its own pieces taken out
(`bench/stripped.py`: no rate limiter, no access line, a kept audit record, the rule answered from a
table): how close to the floor a request can come when the service does none of its own work.

Why beside `bench/served.py`: a change of 2 µs a request showed over HTTP, slice after slice,
where the in-process figures of the same two trees moved by more than that from run to run
(the access lines of a loop turn written together: 83.7 → 81.6 µs, every slice lower).
"""

from __future__ import annotations

import sys
from pathlib import Path

# This directory holds http.py: keep it off the path so `import http` finds the standard library.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import os
import secrets
import statistics
import subprocess
import tempfile
from typing import Any

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, nargs="?", help="the other tree (a checkout or worktree of this repository)")
    parser.add_argument("--stripped", action="store_true",
                        help="instead of another tree, this tree's service with its own pieces taken out (bench/stripped.py)")
    parser.add_argument("--case", default="rest-roll", choices=["healthz", "rest-roll", "graphql-roll", "stk-check", "ncb-attack"])
    parser.add_argument("--slices", type=int, default=8, help="slices per server (default 8)")
    parser.add_argument("--seconds", type=int, default=3, help="seconds of load per slice (default 3)")
    parser.add_argument("--connections", "-c", type=int, default=64)
    args = parser.parse_args()
    if (args.other is None) == (not args.stripped):
        parser.error("give another tree or --stripped: one of the two")
    other = args.other.resolve() if args.other is not None else None
    if other is not None and not (other / "service" / "__main__.py").exists():
        parser.error(f"{other} holds no service/")

    sys.path.append(str(HERE))  # after the standard library: `served` alone is found here
    from served import _http_bench

    bench = _http_bench()
    spec = bench.build_cases([("-", "-")], ("-", "-"))[args.case]
    wrk_args = argparse.Namespace(threads=1, connections=args.connections, pin=True)
    workdir = Path(tempfile.mkdtemp(prefix="http-ab-"))
    served = [sys.executable, "-m", "service"]
    trees = {"floor": (None, []), f"this tree ({bench.ROOT})": (bench.ROOT, served)}
    if other is not None:
        trees[f"other ({other})"] = (other, served)
    else:
        trees["this tree, its own pieces taken out (bench/stripped.py)"] = (bench.ROOT, [sys.executable, str(HERE / "stripped.py")])
    servers: dict[str, tuple[Any, str, Path]] = {}
    try:
        for name, (tree, command) in trees.items():
            port = bench.free_port()
            if tree is None:
                command, ready, script = [sys.executable, "-c", bench.FLOOR, str(port)], "/", bench.lua_script([("GET", "/", {}, "")])
            else:
                ready, script = "/readyz", bench.lua_script(spec["requests"])
            env = {**os.environ, "NA_STORE": "memory", "NA_SEED_SECRET": secrets.token_urlsafe(48), "NA_HOST": "127.0.0.1",
                   "NA_PORT": str(port), "NA_RATE_LIMIT_PER_SECOND": "1000000000", "NA_RATE_LIMIT_BURST": "1000000000",
                   "PYTHONPATH": str(tree or bench.ROOT)}
            env.pop("NA_LOG_LEVEL", None)  # production's default
            log = workdir / f"server-{len(servers)}.log"
            with open(log, "wb") as out:
                process = bench._own(subprocess.Popen(command, cwd=tree or bench.ROOT, env=env, stdin=subprocess.DEVNULL,
                                                      stdout=out, stderr=subprocess.STDOUT))
            bench.pin(process.pid, 0)
            url = f"http://127.0.0.1:{port}"
            bench.wait_ready(process, url + ready, name, lambda log=log: log.read_text()[-3000:], 180)
            lua = workdir / f"server-{len(servers)}.lua"
            lua.write_text(script)
            servers[name] = (process, url, lua)
        for process, url, lua in servers.values():  # warm: parse caches, buckets
            bench.run_wrk(url, lua, 2, wrk_args, process.pid)
        slices: dict[str, list[float]] = {name: [] for name in servers}
        for n in range(args.slices):
            for name in list(servers)[:: 1 if n % 2 == 0 else -1]:
                process, url, lua = servers[name]
                before = bench.cpu_seconds(process.pid)
                result = bench.run_wrk(url, lua, args.seconds, wrk_args, process.pid)
                used = bench.cpu_seconds(process.pid) - before
                if result["non200"] or result["socket_errors"]:
                    raise SystemExit(f"{name}: {result['non200']} answers not 200, {result['socket_errors']} socket errors")
                slices[name].append(used / result["responses"] * 1e6)
    finally:
        bench._stop_all()
    floor_us = statistics.median(slices["floor"])
    print(f"CPU µs per request, {args.case} ({args.slices} slices of {args.seconds} s each, alternated), floor GET / for the ratio")
    for name, values in slices.items():
        median = statistics.median(values)
        ratio = "" if name == "floor" else f"   floor / it {floor_us / median:.3f}"
        print(f"{name:60} median {median:6.1f}  min {min(values):6.1f}{ratio}")
        print(f"{'':60} slices {' '.join(f'{v:.1f}' for v in values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
