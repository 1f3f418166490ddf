"""Micro-benchmark: the session write path in process, this tree against a git revision.

Run: .venv/bin/python bench/session_writes.py [--baseline HEAD~1] [--workers 8] [--rounds 8] [--acts 400] [--no-redis]

Cases: a dice table on the memory store with 4 or 16 seats and on Redis with 4 seats
(`POST .../dice/roll` as the API runs it: the operation's `run`, so params, transition, write
path, log entry and answer, minus HTTP), and a whole seeded Neuroscape match of 2 and of 4
players on the memory store, each action through its session operation (the random players'
choices are not timed). With the memory store, what is left is the service's own work on the
document: authorize, decode, transition, encode, compare-and-set. On Redis (127.0.0.1:6379, or
REDIS_URL; keys under a prefix of their own, expiring in a minute) the client's side of the
round trip is added; Redis's own CPU is not counted. A worker process times the cases; the script
runs workers alternately in this tree and in the baseline (exported with `git archive` to a
temporary directory), keeps each side's best round (in CPU time, so a round preempted by other
work is not charged for it) and prints µs per write and the ratio. Only the ratio means
something: both sides share the machine. For the matches it also prints what a write sends to
the store: the document and the log entry, per action, and in all over the match, and the first
and the last document's size.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
DICE = {"dice 4 seats": (4, "memory"), "dice 16 seats": (16, "memory"), "dice 4 seats redis": (4, "redis")}
MATCHES = {"neuroscape 2p": 2, "neuroscape 4p": 4}
DECKS = ["razor-tide", "quiet-lattice", "chrome-psalm", "gridrunners"]


def _sessions(store: Any) -> Any:
    from service.sessions.service import Sessions
    from service.systems import REGISTRY

    return Sessions(store, REGISTRY, secret="bench-" + "s" * 32, ttl_seconds=60)


def _store(kind: str) -> Any:
    if kind == "memory":
        from service.sessions.memory import MemoryStore

        return MemoryStore()
    from service.sessions.redis_store import RedisStore

    return RedisStore(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"), prefix=f"bench{os.getpid()}")


async def _dice(seats: int, kind: str, acts: int, rounds: int) -> float:
    """Best CPU µs per write over `rounds` rounds of `acts` writes."""
    from service.api.operations import Call, build_operations
    from service.systems import REGISTRY

    store = _store(kind)
    sessions = _sessions(store)
    created, issued = await sessions.create("dice", [{"name": f"p{n}", "role": "player"} for n in range(seats)], "", None)
    session_id = created["id"] if isinstance(created, dict) else created.id
    op = next(op for op in build_operations(REGISTRY) if op.field == "diceRollInSession")
    params = op.input.model_validate({"expression": "1d20+4"})  # type: ignore[union-attr]  # a session operation has an input
    call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=session_id, token=issued[-1]["token"])
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()  # CPU time: a round preempted by other work is not charged for it
        for _ in range(acts):
            await op.run(call, params)
        best = min(best, (time.process_time() - start) / acts)
    await store.aclose()
    return best * 1e6


class _Counting:
    """The memory store, counting what each commit hands it."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.doc = self.entry = self.commits = 0
        self.first = self.last = 0  # the first and the last document's bytes

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit(self, commit: Any) -> bool:
        self.commits += 1
        self.first, self.last = self.first or len(commit.doc), len(commit.doc)
        self.doc += len(commit.doc)
        self.entry += len(commit.log_entry or b"")
        return bool(await self._store.commit(commit))


async def _match(players: int) -> dict[str, float]:
    """One seeded match (session id, tokens and stamps fixed too): CPU µs per action, bytes per action."""
    import orjson

    import service.sessions.service as service_module
    from service.api.operations import Call, build_operations
    from service.declare import load_state
    from service.systems import REGISTRY
    from service.systems.neuroscape.rules.autoplay import RandomPlayer
    from service.systems.neuroscape.state import NeuroscapeState

    counter = itertools.count()
    service_module.new_id = lambda: f"bench-{next(counter)}"  # type: ignore[attr-defined]  # the same match on both sides
    service_module.new_token = lambda: f"nat_bench-{next(counter)}"  # type: ignore[attr-defined]
    store = _Counting(_store("memory"))
    sessions = _sessions(store)
    setup = {"players": [{"starterDeck": DECKS[n % len(DECKS)]} for n in range(players)]}
    seats = [{"name": f"p{n}", "role": "player"} for n in range(players)]
    created, issued = await sessions.create("neuroscape", seats, "", setup)
    session_id = created["id"] if isinstance(created, dict) else created.id
    tokens = {seat["id"]: seat["token"] for seat in issued}
    ops = {op.path.rsplit("/", 1)[1]: op for op in build_operations(REGISTRY) if op.session and "/neuroscape/" in op.path}
    chooser = {seat: RandomPlayer(f"bench:{seat}", concede_one_in=100_000) for seat in tokens}
    cpu = 0.0
    while True:
        loaded = await store.load(session_id)
        state = orjson.loads(loaded.doc)["state"]
        if state["outcome"] is not None or store.commits >= 2000:
            break
        seat = state["flow"]["awaiting"][0]
        name, params = chooser[seat].choose(load_state(NeuroscapeState, state), seat)
        op = ops[name]
        body = op.input.model_validate(params.model_dump(mode="json", by_alias=True, exclude_none=True))  # type: ignore[union-attr]
        call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=session_id, token=tokens[seat])
        start = time.process_time()
        await op.run(call, body)
        cpu += time.process_time() - start
    n = store.commits
    return {"µs": cpu / n * 1e6, "actions": n, "doc B": store.doc / n, "entry B": store.entry / n, "total KB": (store.doc + store.entry) / 1e3,
            "first B": store.first, "last B": store.last}


def _worker(acts: int, rounds: int, redis: bool) -> None:
    sys.path.insert(0, os.getcwd())
    import service.systems  # noqa: F401  (registers every mechanic)

    out: dict[str, Any] = {
        name: asyncio.run(_dice(seats, kind, acts, rounds)) for name, (seats, kind) in DICE.items() if redis or kind != "redis"
    }
    for name, players in MATCHES.items():
        out[name] = asyncio.run(_match(players))
    print(json.dumps(out))


def _run(tree: pathlib.Path, acts: int, rounds: int, redis: bool) -> dict[str, Any]:
    command = [sys.executable, str(ROOT / "bench" / "session_writes.py"), "--worker", "--acts", str(acts), "--rounds", str(rounds)]
    done = subprocess.run(command + ([] if redis else ["--no-redis"]), cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD~1", help="git revision to compare with")
    parser.add_argument("--rounds", type=int, default=8, help="rounds per worker")
    parser.add_argument("--acts", type=int, default=400, help="writes per round")
    parser.add_argument("--workers", type=int, default=8, help="workers per side, run alternately")
    parser.add_argument("--no-redis", action="store_true", help="leave out the Redis case")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.acts, args.rounds, not args.no_redis)
        return
    with tempfile.TemporaryDirectory() as baseline:
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", baseline], input=archive, check=True)
        sides = {"this tree": ROOT, args.baseline: pathlib.Path(baseline)}
        best: dict[str, dict[str, float]] = {side: {} for side in sides}
        matches: dict[str, dict[str, Any]] = {side: {} for side in sides}
        for _ in range(args.workers):
            for side, tree in sides.items():
                for case, got in _run(tree, args.acts, args.rounds, not args.no_redis).items():
                    micros = got["µs"] if isinstance(got, dict) else got
                    best[side][case] = min(best[side].get(case, float("inf")), micros)
                    if isinstance(got, dict):
                        matches[side][case] = got
    print(f"best CPU µs per session write; ratio this tree / {args.baseline}")
    for case in best["this tree"]:
        ours, theirs = best["this tree"][case], best[args.baseline][case]
        print(f"  {case:18} this tree {ours:6.1f} µs   {args.baseline} {theirs:6.1f} µs   ratio {ours / theirs:4.2f}")
    print("what a match's writes hand the store (document, log entry: bytes per action; both over the match)")
    for case in MATCHES:
        for side in sides:
            m = matches[side][case]
            print(f"  {case:14} {side:10} {m['actions']:5} actions  doc {m['doc B']:7.0f} B  entry {m['entry B']:5.0f} B  in all {m['total KB']:8.1f} KB"
                  f"  doc first {m['first B']:6} B last {m['last B']:6} B")


if __name__ == "__main__":
    main()
