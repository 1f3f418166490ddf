"""Session writes on one Redis against a three-master Redis Cluster, same run, same machine.

Run: .venv/bin/python bench/cluster_writes.py [--sessions 200] [--workers 32] [--seconds 3] [--rounds 3]

Each case drives the store as the service does for an action: `load` then a compare-and-set
`commit` with a log entry and an event, on sessions picked in turn from `--sessions` (so writes
spread over every shard), from `--workers` concurrent tasks in one process. Cases:

- `redis`: RedisStore on one redis-server (the single-node path, own packed connections);
- `redis-pipelined`: `redis` with NA_REDIS_PIPELINING (the service's default): a turn's commands in one write;
- `cluster`: ClusterStore, packed commands on the library's per-node connections;
- `cluster-pipelined`: `cluster` with NA_REDIS_PIPELINING (the service's default): one write per node and turn;
- `cluster-library`: ClusterStore with scripts through RedisCluster.execute_command;
- `cluster-replica`: `cluster` with NA_STORE_DURABILITY=replica (each write WAITs for a replica).

The servers are started here (the tests' helpers: tests/redis_server.py, tests/redis_cluster.py).
Reported per case, best round: writes per second, client CPU µs per write (process time, so
preemption by other work is not charged) and p50 / p99 latency of one write (load + commit).
On one small machine the servers share the cores with the client: this shows the overhead of
the cluster path, not its scaling.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from redis_cluster import RedisCluster  # noqa: E402
from redis_server import RedisServer  # noqa: E402

from service.sessions.cluster_store import ClusterStore  # noqa: E402
from service.sessions.redis_store import RedisStore  # noqa: E402
from service.sessions.store import Commit, Store  # noqa: E402

TTL = 600_000
ENTRY = b'{"seq":0,"action":"dice/roll","result":{"total":12}}' * 4


async def _round(store: Store, ids: list[str], workers: int, seconds: float) -> dict[str, float]:
    picks = itertools.cycle(ids)
    latencies: list[float] = []
    deadline = time.monotonic() + seconds

    async def worker() -> None:
        while time.monotonic() < deadline:
            session_id = next(picks)
            started = time.perf_counter()
            loaded = await store.load(session_id)
            assert loaded is not None
            commit = Commit(session_id, loaded.version, loaded.version + 1, b"doc" * 200, TTL,
                            log_entry=ENTRY, event=ENTRY, expected_stamp=loaded.stamp, stamp=f"b-{loaded.version + 1}")
            if await store.commit(commit):
                latencies.append(time.perf_counter() - started)

    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.gather(*(worker() for _ in range(workers)))
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    latencies.sort()
    writes = len(latencies)
    return {
        "writes_per_s": writes / wall,
        "cpu_us_per_write": cpu / writes * 1e6,
        "p50_ms": latencies[writes // 2] * 1e3,
        "p99_ms": latencies[int(writes * 0.99)] * 1e3,
    }


async def _case(store: Store, args: argparse.Namespace, tag: str) -> Store:
    ids = [f"{tag}-{n}" for n in range(args.sessions)]
    for session_id in ids:
        await store.create(session_id, b"doc", TTL)
    await _round(store, ids, args.workers, 0.5)  # warm: connections open, scripts cached on every node
    return store


async def main(args: argparse.Namespace, redis_url: str, cluster_url: str) -> dict[str, dict[str, float]]:
    stores: dict[str, Store] = {
        "redis": RedisStore(redis_url, idle_connections=args.workers),
        "redis-pipelined": RedisStore(redis_url, idle_connections=args.workers, pipelining=True),
        "cluster": ClusterStore(cluster_url),
        "cluster-pipelined": ClusterStore(cluster_url, pipelining=True),
        "cluster-library": ClusterStore(cluster_url, own_connections=False),
        "cluster-replica": ClusterStore(cluster_url, durability="replica"),
    }
    for name, store in stores.items():
        await _case(store, args, name)
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):  # cases alternate, so a busy moment of the machine hits them all
        for name, store in stores.items():
            ids = [f"{name}-{n}" for n in range(args.sessions)]
            result = await _round(store, ids, args.workers, args.seconds)
            if name not in best or result["writes_per_s"] > best[name]["writes_per_s"]:
                best[name] = result
    for store in stores.values():
        await store.aclose()
    return best


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--workers", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    with RedisServer() as single, RedisCluster() as cluster:
        results = asyncio.run(main(options, single.url, cluster.url))
    base = results["redis"]["writes_per_s"]
    for name, result in results.items():
        print(f"{name:18} {result['writes_per_s']:8.0f} writes/s ({result['writes_per_s'] / base:4.2f}x)  "
              f"{result['cpu_us_per_write']:6.0f} µs CPU/write  p50 {result['p50_ms']:6.2f} ms  p99 {result['p99_ms']:6.2f} ms")
    print(json.dumps({"args": vars(options), "results": results}))
