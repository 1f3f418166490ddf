"""Per-session write queues: one writer at a time per session in this process, first come first served.

Why not one `asyncio.Lock` per session: a write nobody else waits for (nearly every write) then
costs a dictionary look-up and no await at all, where the lock's `async with` cost two coroutine
calls and a table of locks with user counts. A writer that finds the session busy waits on a
future of its own; the one leaving hands the session to the first waiter still waiting.

A waiter may say what it comes to do (`enter(key, request)`), and the holder may then do it on
the waiter's behalf and hand it the outcome instead of the session (`peek`, `hand`): the session
layer uses this to prepare the writes queued behind it together (service/sessions/service.py).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any


class SessionQueues:
    def __init__(self, abandon: Callable[[str, Any], None] = lambda key, handed: None) -> None:
        self._waiting: dict[str, deque[tuple[asyncio.Future[Any], Any]]] = {}
        self._abandon = abandon  # what becomes of an outcome handed to a waiter cancelled before it ran

    def busy(self, key: str) -> bool:
        return key in self._waiting

    def waited(self, key: str) -> bool:
        """Someone waits for the session (held by the caller)."""
        return bool(self._waiting[key])

    def try_enter(self, key: str) -> bool:
        """Take the session when nobody holds it (no await); False when someone does."""
        if key in self._waiting:
            return False
        self._waiting[key] = deque()
        return True

    async def enter(self, key: str, request: Any = None) -> Any:
        """Wait for the session. None: the caller holds it now and must `leave` it. Anything else:
        what the holder did with `request` and handed back (`hand`); the caller does not hold it."""
        if self.try_enter(key):
            return None
        turn: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[key].append((turn, request))
        try:
            return await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed something just as it was cancelled
                handed = turn.result()
                if handed is None:  # the session: pass it on
                    self.leave(key)
                else:
                    self._abandon(key, handed)
            else:  # still in the queue, unless the holder, leaving, dropped it as cancelled
                waiting = self._waiting.get(key)
                if waiting is not None:
                    for queued in waiting:
                        if queued[0] is turn:
                            waiting.remove(queued)
                            break
            raise

    def peek(self, key: str) -> tuple[bool, Any]:
        """(True, its request) for the first waiter still waiting on the session (held by the caller), else (False, None)."""
        waiting = self._waiting[key]
        while waiting:
            turn, request = waiting[0]
            if not turn.done():
                return True, request
            waiting.popleft()  # cancelled
        return False, None

    def hand(self, key: str, outcome: Any) -> None:
        """Give the first waiter (as `peek` found it) `outcome` instead of the session; it leaves the queue."""
        assert outcome is not None, "None hands the session itself: use leave"
        turn, _ = self._waiting[key].popleft()
        turn.set_result(outcome)

    def leave(self, key: str) -> None:
        waiting = self._waiting[key]
        while waiting:
            turn, _ = waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # the session is theirs now
                return
        del self._waiting[key]

    def __len__(self) -> int:
        return len(self._waiting)
