"""The embedded store: one process, same contract as Redis (not a mock)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from service.sessions.store import Commit, Loaded


@dataclass(slots=True)
class _Session:
    version: int
    doc: bytes
    expires: float
    log: list[bytes] = field(default_factory=list)
    answers: dict[str, bytes] = field(default_factory=dict)
    stamp: str = ""


class MemoryStore:
    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._sessions: dict[str, _Session] = {}
        self._answers: dict[str, tuple[bytes, float]] = {}
        self._listeners: dict[str, set[asyncio.Queue[bytes]]] = {}
        self._clock = clock

    def _live(self, session_id: str) -> _Session | None:
        session = self._sessions.get(session_id)
        if session is not None and session.expires <= self._clock():
            del self._sessions[session_id]
            return None
        return session

    async def create(self, session_id: str, doc: bytes, ttl_ms: int) -> bool:
        if self._live(session_id) is not None:
            return False
        self._sessions[session_id] = _Session(1, doc, self._clock() + ttl_ms / 1000)
        return True

    async def load(self, session_id: str, idempotency_key: str | None = None) -> Loaded | None:
        session = self._live(session_id)
        if session is None:
            return None
        answer = session.answers.get(idempotency_key) if idempotency_key else None
        return Loaded(session.version, session.doc, len(session.log), answer, session.stamp)

    async def commit(self, commit: Commit) -> bool:
        session = self._live(commit.session_id)
        if session is None or (session.version, session.stamp) != (commit.expected_version, commit.expected_stamp):
            return False
        session.version, session.stamp = commit.version, commit.stamp
        session.doc = commit.doc
        session.expires = self._clock() + commit.ttl_ms / 1000
        if commit.log_entry is not None:
            session.log.append(commit.log_entry)
        if commit.idempotency_key is not None and commit.idempotent_answer is not None:
            session.answers[commit.idempotency_key] = commit.idempotent_answer
        if commit.event is not None:
            for queue in self._listeners.get(commit.session_id, ()):
                queue.put_nowait(commit.event)
        return True

    async def log(self, session_id: str, start: int, limit: int) -> list[bytes]:
        session = self._live(session_id)
        if session is None or limit <= 0:
            return []
        return session.log[start : start + limit]

    async def recall(self, key: str) -> bytes | None:
        found = self._answers.get(key)
        if found is None or found[1] <= self._clock():
            return None
        return found[0]

    async def remember(self, key: str, value: bytes, ttl_ms: int) -> bytes | None:
        earlier = await self.recall(key)
        if earlier is not None:
            return earlier
        self._answers[key] = (value, self._clock() + ttl_ms / 1000)
        return None

    @asynccontextmanager
    async def subscribe(self, session_id: str) -> AsyncIterator[AsyncIterator[bytes]]:
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        self._listeners.setdefault(session_id, set()).add(queue)
        try:
            yield self._drain(queue)
        finally:
            self._listeners[session_id].discard(queue)

    @staticmethod
    async def _drain(queue: asyncio.Queue[bytes]) -> AsyncIterator[bytes]:
        while True:
            yield await queue.get()

    async def events(self, session_id: str) -> AsyncGenerator[bytes, None]:
        async with self.subscribe(session_id) as messages:
            async for message in messages:
                yield message

    async def ping(self) -> None:
        return None

    async def aclose(self) -> None:
        self._listeners.clear()
