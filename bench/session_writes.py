"""Micro-benchmark: the session write path in process, this tree against a git revision.

Run: .venv/bin/python bench/session_writes.py [--baseline HEAD~1] [--workers 8] [--rounds 8] [--acts 400]

Each case is a dice table on the memory store with 4 or 16 seats: `POST .../dice/roll` as the
API runs it (the operation's `run`, so params, transition, write path, log entry and answer),
minus HTTP. With the memory store, what is left is the service's own work on the document:
authorize, decode, transition, encode, compare-and-set. A worker process times the cases;
the script runs workers alternately in this tree and in the baseline (exported with
`git archive` to a temporary directory), keeps each side's best round (in CPU time, so a
round preempted by other work is not charged for it) and prints µs per write and the ratio. Only the ratio means something: both sides share the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = {"4 seats": 4, "16 seats": 16}


async def _measure(seats: int, acts: int, rounds: int) -> float:
    """Best CPU µs per write over `rounds` rounds of `acts` writes."""
    from service.api.operations import Call, build_operations
    from service.systems import REGISTRY
    from service.sessions.memory import MemoryStore
    from service.sessions.service import Sessions

    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret="bench-" + "s" * 32, ttl_seconds=3600)
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
    return best * 1e6


def _worker(acts: int, rounds: int) -> None:
    sys.path.insert(0, os.getcwd())
    import service.systems  # noqa: F401  (registers every mechanic)

    out = {name: asyncio.run(_measure(seats, acts, rounds)) for name, seats in CASES.items()}
    print(json.dumps(out))


def _run(tree: pathlib.Path, acts: int, rounds: int) -> dict[str, float]:
    command = [sys.executable, str(ROOT / "bench" / "session_writes.py"), "--worker", "--acts", str(acts), "--rounds", str(rounds)]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD~1", help="git revision to compare with")
    parser.add_argument("--rounds", type=int, default=8, help="rounds per worker")
    parser.add_argument("--acts", type=int, default=400, help="writes per round")
    parser.add_argument("--workers", type=int, default=8, help="workers per side, run alternately")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.acts, args.rounds)
        return
    with tempfile.TemporaryDirectory() as baseline:
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", baseline], input=archive, check=True)
        sides = {"this tree": ROOT, args.baseline: pathlib.Path(baseline)}
        best = {side: dict.fromkeys(CASES, float("inf")) for side in sides}
        for _ in range(args.workers):
            for side, tree in sides.items():
                for case, micros in _run(tree, args.acts, args.rounds).items():
                    best[side][case] = min(best[side][case], micros)
    print(f"best CPU µs per session write (dice roll, memory store); ratio this tree / {args.baseline}")
    for case in CASES:
        ours, theirs = best["this tree"][case], best[args.baseline][case]
        print(f"  {case:9} this tree {ours:6.1f} µs   {args.baseline} {theirs:6.1f} µs   ratio {ours / theirs:4.2f}")


if __name__ == "__main__":
    main()
