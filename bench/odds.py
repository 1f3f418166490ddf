"""Micro-benchmark: µs of CPU per odds request, in process, beside a session write.

Run: .venv/bin/python bench/odds.py [--rounds 5] [--budget 0.5]

Each case is an odds operation's `run` as the API runs it (params, the odds function, the JSON
answer), minus HTTP: a typical input of every mechanic with odds (its published example, without
the seeds), heavy dice expressions, and expressions refused as too costly (the time until the
refusal). The yardstick is a session write, `POST /v1/sessions/{id}/dice/roll` of `1d20+4` on the
memory store, as bench/session_writes.py times it. Each case keeps its best round in CPU time
(a round preempted by other work is not charged for it); a round runs the case for about
`--budget` seconds. Every case is timed computed afresh (the answer cache emptied before each
call; nothing beneath a stateless answer is remembered elsewhere); the typical inputs also as
answered again, from the cache of stateless answers. The systems' startup tables are built first
and the collector settled, as the app does when made.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import sys
import time
from typing import Any

# The tree's root, not bench/ (its http.py would stand in for the standard library's).
sys.path[0] = str(pathlib.Path(__file__).resolve().parent.parent)

TYPICAL = ["1d20+5", "2d20kh1+7", "3d6", "8d6", "10d10>=8", "1d20r1"]
HEAVY = ["100d6", "1000d6", "3d6!", "10d10!10>=8", "8d10kh3", "20d20kh10", "d100*d100", "6d10!>=9", "d20adv!", "4d6!kh3", "4d6rr1kh3"]
REFUSED = ["4d6!dl1", "200d100", "d100*d100*d10", "999d6!"]


async def _best(run: Any, rounds: int, budget: float) -> float:
    """Best CPU µs per call of `run()` over `rounds` rounds."""
    await run()  # warm: parse caches, first-use imports
    start = time.process_time()
    await run()
    per = max(time.process_time() - start, 1e-6)
    calls = max(1, int(budget / per))
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(calls):
            await run()
        best = min(best, (time.process_time() - start) / calls)
    return best * 1e6


async def main(rounds: int, budget: float) -> None:
    from service.api.examples import STATELESS, odds_body
    from service.api.odds import ANSWERS
    from service.api.operations import Call, build_operations
    from service.errors import Problem
    from service.sessions.memory import MemoryStore
    from service.sessions.service import Sessions
    from service import heap
    from service.systems import REGISTRY

    REGISTRY.prepare()  # the tables the odds read from the first request on, as the app builds them when made
    heap.settle()  # and the collector as the service settles it then
    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret="bench-" + "s" * 32, ttl_seconds=3600)
    ops = {op.field: op for op in build_operations(REGISTRY)}
    call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000)

    def odds_case(field: str, body: dict[str, Any], *, cold: bool = True) -> Any:
        op = ops[field]
        assert op.input is not None
        params = op.input.model_validate(body)

        async def run() -> None:
            if cold:
                ANSWERS.clear()
            try:
                await op.run(call, params)
            except Problem as refused:  # the refused cases: the time it takes to refuse
                assert refused.code == "odds/too-costly", refused.code

        return run

    created, issued = await sessions.create("dice", [{"name": f"p{n}", "role": "player"} for n in range(4)], "", None)
    session_id = created["id"] if isinstance(created, dict) else created.id
    write = ops["diceRollInSession"]
    assert write.input is not None
    write_params = write.input.model_validate({"expression": "1d20+4"})
    seat = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=session_id, token=issued[-1]["token"])

    async def session_write() -> None:
        await write.run(seat, write_params)

    yardstick = await _best(session_write, rounds, budget)
    print(f"session write (dice roll, 4 seats, memory store): {yardstick:9.1f} µs")
    print("typical input of every mechanic with odds (its example), computed / answered again from the cache:")
    for field in sorted(f for f in STATELESS if f"{f}Odds" in ops):
        micros = await _best(odds_case(f"{field}Odds", odds_body(field)), rounds, budget)
        again = await _best(odds_case(f"{field}Odds", odds_body(field), cold=False), rounds, budget)
        print(f"  {field + 'Odds':32} {micros:9.1f} µs {micros / yardstick:6.2f}x a session write / {again:6.1f} µs {again / yardstick:5.2f}x")
    for expression in TYPICAL:
        micros = await _best(odds_case("diceRollOdds", {"expression": expression}), rounds, budget)
        again = await _best(odds_case("diceRollOdds", {"expression": expression}, cold=False), rounds, budget)
        print(f"  diceRollOdds {expression:19} {micros:9.1f} µs {micros / yardstick:6.2f}x a session write / {again:6.1f} µs {again / yardstick:5.2f}x")
    print("heavy dice expressions:")
    for expression in HEAVY:
        micros = await _best(odds_case("diceRollOdds", {"expression": expression, "dialect": "foundry" if "rr" in expression else "default"}), rounds, budget)
        print(f"  {expression:40} {micros:11.1f} µs  {micros / yardstick:7.2f}x")
    print("refused as too costly (time to the 422):")
    for expression in REFUSED:
        micros = await _best(odds_case("diceRollOdds", {"expression": expression}), rounds, budget)
        print(f"  {expression:40} {micros:11.1f} µs  {micros / yardstick:7.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per round, roughly")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.budget))
