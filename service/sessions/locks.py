"""Per-session write queues: one writer at a time per session in this process, first come first served.

Why not one `asyncio.Lock` per session: a write nobody else waits for (nearly every write) then
costs a dictionary look-up and no await at all, where the lock's `async with` cost two coroutine
calls and a table of locks with user counts. A writer that finds the session busy waits on a
future of its own; the one leaving hands the session to the first waiter still waiting.
"""

from __future__ import annotations

import asyncio
from collections import deque


class SessionQueues:
    def __init__(self) -> None:
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}

    def busy(self, key: str) -> bool:
        return key in self._waiting

    def try_enter(self, key: str) -> bool:
        """Take the session when nobody holds it (no await); False when someone does."""
        if key in self._waiting:
            return False
        self._waiting[key] = deque()
        return True

    async def enter(self, key: str) -> None:
        """Wait for the session; on return the caller holds it and must `leave` it."""
        if self.try_enter(key):
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[key].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed the session just as it was cancelled: pass it on
                self.leave(key)
            else:  # still in the queue, unless the holder, leaving, dropped it as cancelled
                waiting = self._waiting.get(key)
                if waiting is not None and turn in waiting:
                    waiting.remove(turn)
            raise

    def leave(self, key: str) -> None:
        waiting = self._waiting[key]
        while waiting:
            turn = waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # the session is theirs now
                return
        del self._waiting[key]

    def __len__(self) -> int:
        return len(self._waiting)
