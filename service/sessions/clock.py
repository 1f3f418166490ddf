"""A write's timestamp and commit stamp, cheaply: each write needs both.

`Clock()` is `datetime.now(UTC)` in the form the session document and log keep
(`2026-12-01T17:45:00.123Z`, milliseconds, UTC): the date and time of day are formatted once a
second and the milliseconds added to them (the `datetime` call and its formatting cost 5 µs a
write). `Stamps()` hands out commit stamps, unique to the commit that wrote a version: 128 random
bits drawn once per process, then a counter (a fresh random id cost 3 µs a write). The stamps of
two processes differ in their random part; those of one process in their count.
"""

from __future__ import annotations

import itertools
import secrets
import time


class Clock:
    def __init__(self) -> None:
        self._second = -1
        self._prefix = ""

    def __call__(self) -> str:
        ns = time.time_ns()
        second, rest = divmod(ns, 1_000_000_000)
        if second != self._second:
            self._prefix = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
            self._second = second
        return f"{self._prefix}.{rest // 1_000_000:03d}Z"


class Stamps:
    def __init__(self) -> None:
        self._prefix = secrets.token_urlsafe(16) + "."
        self._count = itertools.count(1)

    def __call__(self) -> str:
        return f"{self._prefix}{next(self._count)}"
