"""Micro-benchmark: µs per exact-odds call of every mechanic that declares stateless odds, in process.

Run: .venv/bin/python bench/odds_games.py [--rounds 5] [--system ncb]

Each mechanic's input is its published odds example (`service/api/examples`: the roll's request
example without the seeds, which the odds input does not take), validated once;
the odds function is then timed on it with its JSON answer written (`Odds.wire()`, as the service
calls it: the chances as exact strings and floats), best CPU time of `--rounds` rounds, each long
enough to take about 0.2 s, next to the roll itself on a fixed stream for scale. No HTTP and no
JSON encoding are timed. A mechanic with odds but no example is listed as such.

`odds µs` is the call as the service makes it, its tables and its answer remembered from an earlier
request with the same inputs (`service.dice.memo`, `Odds.wire`); `cold µs` is the same call as an input never
seen before meets it: remembering on, every remembered table and state digest forgotten first
(`memo.forget`), so its key is built, its rules walked afresh and its answer kept. Both are set against one session write measured in the same run: `POST
/v1/sessions/{id}/dice/roll` of `1d20+4` through the ASGI app in process on the memory store
(routing, auth, body, write, answer; no socket). `ratio` is odds µs over that write, `cold×` cold µs
over it. `spread µs` is the cold cost averaged over the typical inputs of `odds_spread.py` (each
call on a memo just cleared, so what one input walked does not serve the next), `spread×` over the
write; a mechanic without a spread shows `-`. `first µs` is the cold call with the caches kept by the
input's shape (`service.dice.memo.shape_cache`: the dice notation's terms, the text of each fraction
an answer writes) forgotten too: what the first input of its shape in the process costs. The tables the systems build at startup
(`Registry.prepare`, which the app runs when made) are built first, their cost printed.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This directory holds a file named http.py: keep it off the path so the standard `http` is imported.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import asyncio
import time
from collections.abc import Callable
from typing import Any


def _best(fn: Callable[[], Any], rounds: int) -> float:
    """Best CPU µs per call over `rounds` rounds."""
    start = time.process_time()
    fn()
    once = max(time.process_time() - start, 1e-6)
    calls = max(1, int(0.2 / once))
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.process_time() - start) / calls)
    return best * 1e6


async def _asgi_write_us(rounds: int) -> float:
    """Best CPU µs of one session dice roll through the app's ASGI interface (memory store, no socket)."""
    import httpx
    import orjson

    from service.api.app import create_app
    from service.config import Settings

    app = create_app(Settings(store="memory", seed_secret="bench-" + "s" * 32, rate_limit_per_second=0))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as client:
        made = (await client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})).json()
    session_id, token = made["session"]["id"], made["seats"][0]["token"]
    body = orjson.dumps({"expression": "1d20+4"})
    headers = [(b"content-type", b"application/json"), (b"authorization", f"Bearer {token}".encode()), (b"host", b"bench")]
    path = f"/v1/sessions/{session_id}/dice/roll"
    status: list[int] = []

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, object]) -> None:
        if message["type"] == "http.response.start":
            status.append(int(message["status"]))  # type: ignore[call-overload]  # an ASGI status is an int

    async def write() -> None:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
                 "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
                 "client": ("127.0.0.1", 50000), "server": ("bench", 80)}
        await app(scope, receive, send)

    await write()
    assert status[-1] == 200, f"the session write answered {status[-1]}"
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(300):
            await write()
        best = min(best, (time.process_time() - start) / 300)
    assert set(status) == {200}, f"session writes answered {sorted(set(status))}"
    return best * 1e6


async def _session_odds(rounds: int, system: str | None) -> list[tuple[str, float, float]]:
    """(mechanic, µs, cold µs) of each session odds function, on the state its first published session
    call meets: the system's example calls (`IN_SESSION`) are played in order through the operations
    on the memory store, and before a mechanic's first call its odds are timed against the state then."""
    from service.api.examples import IN_SESSION, session_table
    from service.api.operations import Call, build_operations
    from service.dice import memo
    from service.errors import Problem
    from service.sessions.memory import MemoryStore
    from service.sessions.models import CreateSession
    from service.sessions.service import Sessions
    from service.systems import REGISTRY

    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret="bench-" + "s" * 32, ttl_seconds=3600)
    operations = {op.field: op for op in build_operations(REGISTRY)}
    by_field = {_operation(m.system, m.name) + "InSession": m for m in REGISTRY.mechanics.values() if m.session_odds}
    out: list[tuple[str, float, float]] = []
    for name, calls in IN_SESSION.items():
        if system and name != system:
            continue
        table = CreateSession.model_validate(session_table(name))
        seats = [{"name": seat.name, "role": seat.role} for seat in table.seats]
        doc, issued = await sessions.create(name, seats, table.client_seed, table.setup)
        session_id = doc["id"]
        tokens = {seat["name"]: seat["token"] for seat in issued}
        names = {seat["id"]: seat["name"] for seat in issued}
        timed: set[str] = set()
        for seat, field, body in calls:
            if seat == "*":
                now, _ = await sessions.read(session_id, next(iter(tokens.values())))
                seat = names[now["state"]["flow"]["awaiting"][0]]
            op = operations[field]
            assert op.input is not None, field
            params = op.input.model_validate(body)
            mechanic = by_field.get(field)
            if mechanic is not None and mechanic.key not in timed and mechanic.session_odds is not None:
                timed.add(mechanic.key)
                now, actor = await sessions.read(session_id, tokens[seat], shared=True)  # as the odds operation reads it
                state, odds = now["state"], mechanic.session_odds
                try:
                    warm = _best(lambda: odds(state, params, actor).wire(), rounds)
                    cold = _best(lambda: (memo.forget(), odds(state, params, actor).wire()), rounds)
                    out.append((mechanic.key, warm, cold))
                except Problem as exc:
                    print(f"{mechanic.key:28} refused: {exc}")
            call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=session_id, token=tokens[seat])
            try:
                await op.run(call, params)
            except Problem:
                pass  # a call the example list says may be refused
    return out


def _each_cold(odds: Callable[[Any], Any], inputs: list[Any], forget: Callable[[], None]) -> None:
    """Every input's odds, each on a memo just cleared."""
    for params in inputs:
        forget()
        odds(params).wire()


def _operation(system: str, name: str) -> str:
    return system + "".join(part.capitalize() for part in name.split("-"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--system", default=None, help="only this system's mechanics")
    args = parser.parse_args()

    from service.api.examples import STATELESS, odds_body
    from service.dice import memo
    from service.dice.stream import Stream
    from service.systems import build_registry

    sys.path.append(str(Path(__file__).resolve().parent))  # after the standard library: `odds_spread` alone is found here
    from odds_spread import SPREAD

    registry = build_registry()
    start = time.process_time()
    registry.prepare()
    print(f"startup tables (Registry.prepare): {(time.process_time() - start) * 1e3:.0f} ms CPU")
    write_us = asyncio.run(_asgi_write_us(args.rounds))
    print(f"session write (dice roll through the ASGI app, memory store): {write_us:.0f} µs CPU")
    print(f"{'mechanic':28} {'odds µs':>10} {'ratio':>7} {'cold µs':>10} {'cold×':>7} {'spread µs':>10} {'spread×':>7} {'first µs':>10} {'roll µs':>10}")
    for mechanic in registry.mechanics.values():
        if mechanic.odds is None or (args.system and mechanic.system != args.system):
            continue
        operation = _operation(mechanic.system, mechanic.name)
        if operation not in STATELESS:
            print(f"{mechanic.key:28} {'no example':>10}")
            continue
        body = odds_body(operation)  # what the odds operation publishes: the roll's example without the seeds
        params = mechanic.input.model_validate(body)
        odds, resolve = mechanic.odds, mechanic.resolve
        odds_us = _best(lambda: odds(params).wire(), args.rounds)
        cold_us = _best(lambda: (memo.forget(), odds(params).wire()), args.rounds)
        first_us = _best(lambda: (memo.forget(), memo.forget_shapes(), odds(params).wire()), args.rounds)
        spread = f"{'-':>10} {'-':>7}"
        if operation in SPREAD:
            inputs = [mechanic.input.model_validate(each) for each in SPREAD[operation]]
            spread_us = _best(lambda: _each_cold(odds, inputs, memo.forget), args.rounds) / len(inputs)
            spread = f"{spread_us:10.0f} {spread_us / write_us:7.2f}"
        roll_us = _best(lambda: resolve(params, Stream(seed="bench", scope="odds", nonce=0)), args.rounds) if resolve else 0.0
        print(f"{mechanic.key:28} {odds_us:10.0f} {odds_us / write_us:7.2f} {cold_us:10.0f} {cold_us / write_us:7.2f} {spread} {first_us:10.0f} {roll_us:10.0f}")
    print("session odds, against the state of the system's example session before the mechanic's first call")
    for key, odds_us, cold_us in asyncio.run(_session_odds(args.rounds, args.system)):
        print(f"{key:28} {odds_us:10.0f} {odds_us / write_us:7.2f} {cold_us:10.0f}")


if __name__ == "__main__":
    main()
