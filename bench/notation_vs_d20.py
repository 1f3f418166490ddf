"""Micro-benchmark: our dice notation engine vs the `d20` package, parse + roll end to end.

Run: .venv/bin/python bench/notation_vs_d20.py

Both sides are timed on repeated formulas, so both hit their parse caches (d20
keeps an LFU cache of parse trees; we keep an lru_cache), and both build the
human-readable text (d20's RollResult stringifies eagerly). d20 draws from the
global `random`; the "ours" column uses a stream over the same Mersenne Twister
(`random.Random.randrange`, exactly d20's call) so the ratio compares engines,
not generators. The "ours+HMAC" column is the production `Stream`, whose
HMAC-SHA256 draws cost about 2 µs per die on their own.
"""

from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import d20  # type: ignore[import-untyped]  # noqa: E402

from service.dice.notation import roll  # noqa: E402
from service.dice.stream import Stream  # noqa: E402

# (ours, d20's spelling of the same roll, or None where d20 has no equivalent)
EXPRESSIONS: list[tuple[str, str | None]] = [
    ("1d20+5", "1d20+5"),
    ("4d6kh3", "4d6kh3"),
    ("2d20kl1+3", "2d20kl1+3"),
    ("d20adv+7", "2d20kh1+7"),
    ("8d6", "8d6"),
    ("1d6!", "1d6e6"),
    ("2d6ro1", "2d6ro1"),
    ("4d6r1", "4d6rr1"),
    ("(1d8+2)*2", "(1d8+2)*2"),
    ("3d6min2", "3d6mi2"),
    ("10d10>=8", None),  # d20 cannot count successes
]

# Many short interleaved rounds, keeping each side's best: a round of a millisecond
# usually runs without being preempted, so the best round filters out other load.
_ROUNDS = 200
_ROUND_SECONDS = 0.001


class _MersenneStream:
    """Same generator and call as d20 (`randrange(size) + 1`), behind our stream interface."""

    __slots__ = ("roll",)

    def __init__(self, seed: int) -> None:
        randrange = random.Random(seed).randrange
        # d20 writes `random.randrange(self.size) + 1` inline; a closure is the nearest equivalent.
        self.roll: Callable[[int], int] = lambda sides: randrange(sides) + 1


def _batch_us(call: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        call()
    return (time.perf_counter() - start) / n * 1e6


def _compare(calls: list[Callable[[], object]]) -> list[float]:
    """µs per call for each of `calls`, measured in alternation; best round of each."""
    sizes = [max(1, int(_ROUND_SECONDS * 1e6 / _batch_us(call, 50))) for call in calls]
    best = [float("inf")] * len(calls)
    for _ in range(_ROUNDS):
        for k, call in enumerate(calls):
            best[k] = min(best[k], _batch_us(call, sizes[k]))
    return best


def main() -> None:
    random.seed(20)
    mersenne = _MersenneStream(20)
    hmac_stream = Stream(seed="bench-seed", scope="bench", nonce=0)
    rows: list[tuple[str, str, float, float, float | None]] = []
    for ours_text, d20_text in EXPRESSIONS:
        # The same thin wrapper (a partial) around each side's roll.
        calls: list[Callable[[], object]] = [partial(roll, ours_text, mersenne), partial(roll, ours_text, hmac_stream)]
        if d20_text is not None:
            calls.append(partial(d20.roll, d20_text))
        timings = _compare(calls)
        hmac_stream.draws.clear()  # the stream records every draw; keep the list from growing
        rows.append((ours_text, d20_text or "-", timings[0], timings[1], timings[2] if d20_text else None))

    header = f"{'ours':<12} {'d20':<12} {'ours µs':>8} {'ours+HMAC µs':>13} {'d20 µs':>8} {'d20/ours':>9}"
    print(header)
    print("-" * len(header))
    ratios: list[float] = []
    ours_total = hmac_total = d20_total = 0.0
    for ours_text, d20_text, ours, hmac_us, theirs in rows:
        if theirs is None:
            print(f"{ours_text:<12} {d20_text:<12} {ours:>8.2f} {hmac_us:>13.2f} {'-':>8} {'-':>9}")
            continue
        ratios.append(theirs / ours)
        ours_total, hmac_total, d20_total = ours_total + ours, hmac_total + hmac_us, d20_total + theirs
        print(f"{ours_text:<12} {d20_text:<12} {ours:>8.2f} {hmac_us:>13.2f} {theirs:>8.2f} {theirs / ours:>8.1f}x")
    print("-" * len(header))
    print(f"overall (total time over {len(ratios)} comparable formulas): {d20_total / ours_total:.1f}x")
    print(f"geometric mean of per-formula ratios: {statistics.geometric_mean(ratios):.1f}x")
    print(f"minimum per-formula ratio: {min(ratios):.1f}x")
    print(f"with the HMAC Stream instead (generator cost included): {d20_total / hmac_total:.1f}x overall")


if __name__ == "__main__":
    main()
