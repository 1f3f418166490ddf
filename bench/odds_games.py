"""Micro-benchmark: µs per exact-odds call of every mechanic that declares stateless odds, in process.

Run: .venv/bin/python bench/odds_games.py [--rounds 8] [--system ncb] [--gc-defaults]

Each mechanic's input is its published odds example (`service/api/examples`: the roll's request
example without the seeds, which the odds input does not take), validated once;
the odds function is then timed on it with its JSON answer written (`Odds.wire()`, as the service
calls it: the chances as exact strings and floats), best CPU time of `--rounds` rounds of about 0.05 s,
next to the roll itself on a fixed stream for scale. The rounds go round every case in turn, the
session write among them, so a slow spell of a shared machine spoils a round of many cases, not
every round of one. No HTTP and no
JSON encoding are timed. A mechanic with odds but no example is listed as such.

`odds µs` is the call as the service makes it (`service.api.odds.ANSWERS`: kept by its request and the
roll budget), its answer kept from an earlier request with the same inputs; `cold µs` is the same call as
an input never seen before meets it: every kept answer, remembered table and state digest forgotten
first (`ANSWERS.clear`, `memo.forget`), so its key is built, its rules walked afresh and its answer kept.
Both are set against one session write measured in the same run: `POST /v1/sessions/{id}/dice/roll`
of `1d20+4` through the ASGI app in process on the memory store (routing, auth, body, write, answer;
no socket). `ratio` is odds µs over that write, `cold×` cold µs
over it. `spread µs` is the cold cost averaged over the typical inputs of `odds_spread.py` (each
call on a memo just cleared, so what one input walked does not serve the next), `spread×` over the
write; a mechanic without a spread shows `-`. `answer µs` is what the cold call pays beside the
mechanic's own work (its input read and its rules walked): the request keyed, its odds built from the
counts the walk gave (`Distribution.counted`, `Odds.of`), its answer written and kept; `answer×` over
the write, the least any faster walk would leave. `first µs` is the cold call with the caches kept by the
input's shape (`service.dice.memo.shape_cache`: the dice notation's terms, the text of each fraction
an answer writes) forgotten too: what the first input of its shape in the process costs. The tables the systems build at startup
(`Registry.prepare`, which the app runs when made) are built first, their cost printed, and the
collector is then settled as the service settles it once its app is built (`service/heap.py`;
`--gc-defaults` leaves CPython's own settings).

Then every session odds function against the state its example session has reached (`_session_odds`):
`odds µs` asked again on the same state, `moved µs` the same odds once a write elsewhere at the table
changed the state (the state digested again, the rules beneath answering from their own tables: what
a seat asking before each of its turns meets), `cold µs` asked for the first time; each over the write.
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
from functools import partial
from typing import Any


Batch = Callable[[int], Any]  # runs its case that many times


def _calls(fn: Callable[[], Any]) -> Batch:
    def run(n: int) -> None:
        for _ in range(n):
            fn()

    return run


def _interleaved(cases: dict[str, Batch], rounds: int, budget: float = 0.05) -> dict[str, float]:
    """Best CPU µs per call of each case over `rounds` rounds, the rounds going round all the cases in
    turn: a slow spell of the machine (seconds long, on a shared host) spoils one round of many cases
    rather than every round of one, and every figure, the yardstick's too, takes its best."""
    calls: dict[str, int] = {}
    for name, run in cases.items():
        run(1)  # first use: imports, startup caches
        start = time.process_time()
        run(1)
        calls[name] = max(1, int(budget / max(time.process_time() - start, 1e-6)))
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(rounds):
        for name, run in cases.items():
            start = time.process_time()
            run(calls[name])
            best[name] = min(best[name], (time.process_time() - start) / calls[name])
    return {name: us * 1e6 for name, us in best.items()}


def _asgi_writes() -> Batch:
    """Session dice rolls through the app's ASGI interface (memory store, no socket), `n` at a time."""
    import httpx
    import orjson

    from service.api.app import create_app
    from service.config import Settings

    app = create_app(Settings(store="memory", seed_secret="bench-" + "s" * 32, rate_limit_per_second=0))
    loop = asyncio.new_event_loop()

    async def made() -> dict[str, Any]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as client:
            return (await client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})).json()

    created = loop.run_until_complete(made())
    session_id, token = created["session"]["id"], created["seats"][0]["token"]
    body = orjson.dumps({"expression": "1d20+4"})
    headers = [(b"content-type", b"application/json"), (b"authorization", f"Bearer {token}".encode()), (b"host", b"bench")]
    path = f"/v1/sessions/{session_id}/dice/roll"
    status: set[int] = set()

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, object]) -> None:
        if message["type"] == "http.response.start":
            status.add(int(message["status"]))  # type: ignore[call-overload]  # an ASGI status is an int

    async def writes(n: int) -> None:
        for _ in range(n):
            scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
                     "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
                     "client": ("127.0.0.1", 50000), "server": ("bench", 80)}
            await app(scope, receive, send)
        assert status == {200}, f"session writes answered {sorted(status)}"

    return lambda n: loop.run_until_complete(writes(n))


async def _session_cases(system: str | None) -> list[tuple[str, Batch, Batch, Batch]]:
    """(mechanic, asked again, moved, cold) of each session odds function, on the state its first published
    session call meets: the system's example calls (`IN_SESSION`) are played in order through the
    operations on the memory store, and before a mechanic's first call its odds are taken against the
    state then, to be timed with the other cases: asked again; asked again once a write elsewhere
    changed the state (`memo.forget_states`: the state digested again and its answer computed, the
    rules beneath finding their own tables); and asked for the first time (`memo.forget`)."""
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
    out: list[tuple[str, Batch, Batch, Batch]] = []
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
                    odds(state, params, actor).wire()
                except Problem as exc:
                    print(f"{mechanic.key:28} refused: {exc}")
                else:
                    def asked(odds: Any = odds, state: Any = state, params: Any = params, actor: Any = actor) -> None:
                        odds(state, params, actor).wire()

                    moved = _calls(lambda asked=asked: (memo.forget_states(), asked()))
                    cold = _calls(lambda asked=asked: (memo.forget(), asked()))
                    out.append((mechanic.key, _calls(asked), moved, cold))
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
        odds(params)


def _counts(odds: Any) -> list[tuple[str, dict[Any, int], int | None]]:
    """An answer's distributions as their outcomes' ways, to be built again (`_rebuilt`)."""
    return [(d.name, dict(zip(d.outcomes, d.ways)), d.target) for d in odds.distributions]


def _rebuilt(counts: list[tuple[str, dict[Any, int], int | None]], params: Any) -> Any:
    """The same odds built from their counts, as a mechanic builds them once its rule is walked."""
    from service.dice.odds import Distribution, Odds

    return Odds.of(*[Distribution.counted(name, ways, target) for name, ways, target in counts])


def _operation(system: str, name: str) -> str:
    return system + "".join(part.capitalize() for part in name.split("-"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--system", default=None, help="only this system's mechanics")
    parser.add_argument("--gc-defaults", action="store_true", help="leave CPython's collector as it is (the service settles it: service/heap.py)")
    args = parser.parse_args()

    from service.api.examples import STATELESS, odds_body
    from service.api.odds import ANSWERS
    from service.dice import memo
    from service.dice.notation import DEFAULT_LIMITS
    from service.dice.stream import Stream
    from service.systems import build_registry

    sys.path.append(str(Path(__file__).resolve().parent))  # after the standard library: `odds_spread` alone is found here
    from odds_spread import SPREAD

    registry = build_registry()
    start = time.process_time()
    registry.prepare()
    print(f"startup tables (Registry.prepare): {(time.process_time() - start) * 1e3:.0f} ms CPU")
    cases: dict[str, Batch] = {"write": _asgi_writes()}
    if not args.gc_defaults:
        from service import heap

        heap.settle()  # as the service does once its app is built (NA_GC_TUNING, on by default)

    def forget() -> None:  # every kept answer and table: what an input never seen meets
        ANSWERS.clear()
        memo.forget()

    rows: list[tuple[str, int]] = []  # each mechanic with an example, and how many spread inputs it has (0: none)
    for mechanic in registry.mechanics.values():
        if mechanic.odds is None or (args.system and mechanic.system != args.system):
            continue
        operation = _operation(mechanic.system, mechanic.name)
        if operation not in STATELESS:
            print(f"{mechanic.key:28} {'no example':>10}")
            continue
        body = odds_body(operation)  # what the odds operation publishes: the roll's example without the seeds
        params = mechanic.input.model_validate(body)
        resolve, key = mechanic.resolve, mechanic.key
        odds = partial(ANSWERS.answer, mechanic.odds, key, DEFAULT_LIMITS)  # as the API asks: kept by its request
        cases[f"{key} odds"] = _calls(lambda odds=odds, params=params: odds(params))
        cases[f"{key} cold"] = _calls(lambda odds=odds, params=params: (forget(), odds(params)))
        cases[f"{key} first"] = _calls(lambda odds=odds, params=params: (forget(), memo.forget_shapes(), odds(params)))
        spread = [mechanic.input.model_validate(each) for each in SPREAD.get(operation, [])]
        if spread:
            cases[f"{key} spread"] = _calls(lambda odds=odds, spread=spread: _each_cold(odds, spread, forget))
        rebuilt = partial(_rebuilt, _counts(mechanic.odds(params)))
        answered = partial(ANSWERS.answer, rebuilt, key, DEFAULT_LIMITS)
        cases[f"{key} answer"] = _calls(lambda answered=answered, params=params: (forget(), answered(params)))
        if resolve:
            cases[f"{key} roll"] = _calls(lambda resolve=resolve, params=params: resolve(params, Stream(seed="bench", scope="odds", nonce=0)))
        rows.append((key, len(spread)))
    in_session = asyncio.run(_session_cases(args.system))
    for key, warm, moved, cold in in_session:
        cases[f"{key} session odds"], cases[f"{key} session moved"], cases[f"{key} session cold"] = warm, moved, cold
    best = _interleaved(cases, args.rounds)
    write_us = best["write"]
    print(f"session write (dice roll through the ASGI app, memory store): {write_us:.0f} µs CPU")
    print(
        f"{'mechanic':28} {'odds µs':>10} {'ratio':>7} {'cold µs':>10} {'cold×':>7} {'spread µs':>10} {'spread×':>7} {'first µs':>10}"
        f" {'roll µs':>10} {'answer µs':>10} {'answer×':>7}"
    )
    for key, spread_inputs in rows:
        odds_us, cold_us, first_us = best[f"{key} odds"], best[f"{key} cold"], best[f"{key} first"]
        spread_text = f"{'-':>10} {'-':>7}"
        if spread_inputs:
            spread_us = best[f"{key} spread"] / spread_inputs
            spread_text = f"{spread_us:10.0f} {spread_us / write_us:7.2f}"
        roll_us, answer_us = best.get(f"{key} roll", 0.0), best[f"{key} answer"]
        print(
            f"{key:28} {odds_us:10.0f} {odds_us / write_us:7.2f} {cold_us:10.0f} {cold_us / write_us:7.2f} {spread_text} {first_us:10.0f}"
            f" {roll_us:10.0f} {answer_us:10.0f} {answer_us / write_us:7.2f}"
        )
    print("session odds, against the state of the system's example session before the mechanic's first call")
    print(f"{'mechanic':28} {'odds µs':>10} {'ratio':>7} {'moved µs':>10} {'moved×':>7} {'cold µs':>10} {'cold×':>7}")
    for key, _, _, _ in in_session:
        odds_us, moved_us, cold_us = best[f"{key} session odds"], best[f"{key} session moved"], best[f"{key} session cold"]
        print(f"{key:28} {odds_us:10.0f} {odds_us / write_us:7.2f} {moved_us:10.0f} {moved_us / write_us:7.2f} {cold_us:10.0f} {cold_us / write_us:7.2f}")


if __name__ == "__main__":
    main()
