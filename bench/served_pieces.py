"""Where a served request's CPU goes: each piece taken out in turn, all in one process, the rounds
going round every variant.

Run: .venv/bin/python bench/served_pieces.py [-n 2000] [--rounds 7]      (about 40 s)

`bench/served.py` serves `bench/http.py`'s cases through uvicorn's protocol in process. Here the REST
roll, the STK check and the NCB attack are served so at production defaults, and beside each the
same request with one piece taken out:

- `rate limiter`: an app made with the limiter off (`NA_RATE_LIMIT_PER_SECOND=0`);
- `access line`: the access logger raised to `warning` while that variant is served;
- `audit`: the stream's audit record (`record_dict`: the seed, its commitment, every draw) answered
  from one kept copy while that variant is served;
- `the rule`: an app made with the mechanic's rule answered from a table: its answer kept from one
  call, the request's stream still drawing the same dice;
- `all four`: all of them at once. What is left is the request's way through the service: the
  protocol, the middleware and routing, the body read and validated, the stream made and drawn, the
  answer encoded and sent. `bare roll shape` (a bare Starlette app reading the roll's body and
  answering its 1.2 KB) is there to compare.

A piece is the full request's best round less the variant's. Each variant is served in the same
rounds as the full request, so a slow spell of a shared machine spoils a round of every variant
rather than every round of one: differences of a microsecond or two are within what two runs
disagree by. Why served rather than alone (`bench/profile_roll.py`): a piece costs more in a served
request than timed on its own, by a factor that differs from piece to piece (`bench/served.py`).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import logging
import logging.config
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # keep `http` the standard one
sys.path.insert(0, str(HERE.parent))

import uvloop  # noqa: E402


def _module(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = {  # case: (mechanic, path, body attribute of bench/http.py)
    "rest-roll": ("dice/roll", "/v1/dice/roll", "ROLL_BODY"),
    "stk-check": ("neurosystem/stk-check", "/v1/neurosystem/stk-check", "STK_BODY"),
    "ncb-attack": ("ncb/attack", "/v1/ncb/attack", "NCB_BODY"),
}
PIECES = ("rate limiter", "access line", "audit", "the rule", "all four")


def _from_table(resolve: Callable[..., Any], params: Any) -> Callable[..., Any]:
    """`resolve` answered from one kept answer, the stream drawing the dice the rule drew for it."""
    from service.dice.stream import Stream

    first = Stream(seed="pieces", scope="stateless", nonce=0)
    answer = resolve(params, first)
    sides = [draw.sides for draw in first.draws]

    def answered(params: Any, stream: Any) -> Any:
        for each in sides:
            stream.roll(each)
        return answer

    return answered


def rules_from_tables(registry: Any, bench: Any) -> None:
    """Each case's mechanic in `registry` answered from a table (`_from_table`) for its request in `bench`."""
    for key, _, body in CASES.values():
        mechanic = registry.mechanics[key]
        params = mechanic.input.model_validate_json(getattr(bench, body))
        object.__setattr__(mechanic, "resolve", _from_table(mechanic.resolve, params))


def audit_kept(real_audit: Callable[..., Any]) -> Callable[..., Any]:
    """`record_dict` answered from one record kept per number of draws, made by `real_audit` once."""
    audits: dict[int, Any] = {}

    def kept_audit(stream: Any, reveal: bool) -> Any:
        record = audits.get(len(stream.draws))
        if record is None:
            record = audits[len(stream.draws)] = real_audit(stream, reveal=reveal)
        return record

    return kept_audit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=2000, help="requests per variant and round (default 2000)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds; each variant's best counts (default 7)")
    args = parser.parse_args()

    from service.api import operations
    from service.api.app import create_app
    from service.config import Settings
    from service.heap import settle
    from service.systems import build_registry
    from service.workers import uvicorn_options

    served, bench = _module("served"), _module("http")
    floor: dict[str, Any] = {}
    exec(bench.FLOOR.split("uvicorn.run(")[0], floor)  # the floor's app, as `bench/http.py` serves it
    settings = Settings(seed_secret="pieces-" + "s" * 40, replica_id="bench-0", rate_limit_per_second=1e9, rate_limit_burst=10**9)
    options = uvicorn_options(settings)
    logging.config.dictConfig(options["log_config"])  # the access line to stderr, sent to /dev/null while timing
    unlimited = dataclasses.replace(settings, rate_limit_per_second=0)
    full, no_limiter = create_app(settings), create_app(unlimited)
    tables = build_registry()  # a registry of its own: an app's operations are built once per registry
    rules_from_tables(tables, bench)
    tabled, bare_service = create_app(settings, registry=tables), create_app(unlimited, registry=tables)

    access = logging.getLogger("service.access")
    real_audit = operations.record_dict
    kept_audit = audit_kept(real_audit)
    level = access.level

    def quiet(on: bool) -> None:
        access.setLevel(logging.WARNING if on else level)

    def audited(on: bool) -> None:
        operations.record_dict = kept_audit if on else real_audit  # type: ignore[assignment]  # the bench's stand-in

    def both(on: bool) -> None:
        quiet(on)
        audited(on)

    ours = options["http"]
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    variants: dict[str, tuple[Any, Any, bytes, Callable[[bool], None] | None]] = {
        "bare roll shape": (floor["app"], HttpToolsProtocol, served.request("POST", "/roll-shape", bench.ROLL_BODY), None),
    }
    for case, (_, path, body) in CASES.items():
        request = served.request("POST", path, getattr(bench, body))
        variants[case] = (full, ours, request, None)
        variants[f"{case}: rate limiter"] = (no_limiter, ours, request, None)
        variants[f"{case}: access line"] = (full, ours, request, quiet)
        variants[f"{case}: audit"] = (full, ours, request, audited)
        variants[f"{case}: the rule"] = (tabled, ours, request, None)
        variants[f"{case}: all four"] = (bare_service, ours, request, both)

    async def run() -> dict[str, float]:
        made = {name: (served.Served(app, protocol, request), switch) for name, (app, protocol, request, switch) in variants.items()}
        for name, (each, switch) in made.items():
            if switch:
                switch(True)
            status = await each.status()
            await each.serve(300)  # warm: parse caches, metric children, buckets
            if switch:
                switch(False)
            if status != b"HTTP/1.1 200 OK":
                raise SystemExit(f"{name} answered {status!r}")
            each.transport.written.clear()
        settle()  # the collector as the service settles it once its app is built (service/heap.py)
        best = dict.fromkeys(made, float("inf"))
        for _ in range(args.rounds):
            for name, (each, switch) in made.items():
                if switch:
                    switch(True)
                start = time.process_time_ns()
                await each.serve(args.n)
                best[name] = min(best[name], (time.process_time_ns() - start) / args.n / 1000)
                if switch:
                    switch(False)
                each.transport.written.clear()
        return best

    with served.stderr_to_devnull():
        best = uvloop.run(run())
    print(f"CPU µs per request served by uvicorn's protocol in process, best of {args.rounds} rounds of {args.n}")
    print(f"{'':24}{'full':>8}" + "".join(f"{piece:>14}" for piece in PIECES) + f"{'left':>8}")
    for case in CASES:
        whole = best[case]
        pieces = [whole - best[f"{case}: {piece}"] for piece in PIECES]
        print(f"{case:24}{whole:8.1f}" + "".join(f"{us:14.1f}" for us in pieces) + f"{best[f'{case}: all four']:8.1f}")
    print(f"{'bare roll shape':24}{best['bare roll shape']:8.1f}")
    print("each piece: the full request less the same request with that piece taken out; left: with all four out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
