"""One deadline per store operation, kept by one sweeping timer instead of a timer per operation.

`asyncio.timeout` arms a timer handle for every operation and disarms it after; on uvloop that
is a libuv timer started and stopped per round trip, about 4 µs of a session write's CPU. Here an
operation only enters its task and deadline in a dict. While any is under way, one timer fires
every `timeout_s / 8` and cancels the tasks whose deadline has passed; the cancelled operation
raises the builtin `TimeoutError`, exactly as under `asyncio.timeout`. So an operation is
stopped between `timeout_s` and `timeout_s * 9 / 8` after it began.

A cancellation from outside (the client went away, the server shuts down) is passed on as it
is, and `Task.uncancel` is kept balanced, so a task that was also cancelled from outside still
sees that cancellation.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")

_SWEEPS_PER_TIMEOUT = 8


class Deadlines:
    def __init__(self, timeout_s: float) -> None:
        assert timeout_s > 0, "a deadline needs a positive timeout"
        self.timeout_s = timeout_s
        self._tick = timeout_s / _SWEEPS_PER_TIMEOUT
        self._under_way: dict[asyncio.Task[object], float] = {}  # task -> its operation's deadline (loop time)
        self._expired: set[asyncio.Task[object]] = set()  # cancelled here, the CancelledError not yet seen
        self._timer: asyncio.TimerHandle | None = None
        self._timer_loop: asyncio.AbstractEventLoop | None = None

    async def run(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable`, raising `TimeoutError` once it has taken longer than the timeout."""
        task = asyncio.current_task()
        if task is None or task in self._under_way:  # no task to cancel, or one deadline already covers it
            return await awaitable
        loop = task.get_loop()
        self._under_way[task] = loop.time() + self.timeout_s
        if self._timer is None or self._timer_loop is not loop:
            self._arm(loop)
        cancelling = task.cancelling()
        try:
            return await awaitable
        except asyncio.CancelledError:
            if task in self._expired:
                self._expired.discard(task)
                if task.uncancel() <= cancelling:  # the deadline's cancellation alone
                    raise TimeoutError from None
            raise
        finally:
            del self._under_way[task]
            self._expired.discard(task)

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer_loop = loop
        self._timer = loop.call_later(self._tick, self._sweep, loop)

    def _sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        if loop is not self._timer_loop:  # armed on an earlier event loop (tests run several in turn)
            return
        self._timer = None
        now = loop.time()
        for task, deadline in list(self._under_way.items()):
            if task.done():  # its loop stopped mid-operation: nothing left to cancel
                del self._under_way[task]
            elif deadline <= now and task not in self._expired and task.get_loop() is loop:
                self._expired.add(task)
                task.cancel()
        if self._under_way:
            self._arm(loop)
