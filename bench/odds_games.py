"""Micro-benchmark: µs per exact-odds call of every mechanic that declares stateless odds, in process.

Run: .venv/bin/python bench/odds_games.py [--rounds 5] [--system ncb]

Each mechanic's input is its published request example (`service/api/examples`), validated once;
the odds function is then timed on it (best CPU time of `--rounds` rounds, each long enough to
take about 0.2 s), next to the roll itself on a fixed stream for scale. Only the function is
timed: no HTTP, no JSON. A mechanic with odds but no example is listed as such.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--system", default=None, help="only this system's mechanics")
    args = parser.parse_args()

    from service.api.examples import STATELESS
    from service.dice.stream import Stream
    from service.systems import build_registry

    registry = build_registry()
    print(f"{'mechanic':28} {'odds µs':>10} {'roll µs':>10}")
    for mechanic in registry.mechanics.values():
        if mechanic.odds is None or (args.system and mechanic.system != args.system):
            continue
        operation = mechanic.system + "".join(part.capitalize() for part in mechanic.name.split("-"))
        body = STATELESS.get(operation)
        if body is None:
            print(f"{mechanic.key:28} {'no example':>10}")
            continue
        params = mechanic.input.model_validate(body)
        odds, resolve = mechanic.odds, mechanic.resolve
        odds_us = _best(lambda: odds(params), args.rounds)
        roll_us = _best(lambda: resolve(params, Stream(seed="bench", scope="odds", nonce=0)), args.rounds) if resolve else 0.0
        print(f"{mechanic.key:28} {odds_us:10.0f} {roll_us:10.0f}")


if __name__ == "__main__":
    main()
