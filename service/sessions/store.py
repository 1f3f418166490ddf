"""The storage contract every backend meets: memory (embedded) and Redis.

The store knows nothing of games. A session is an opaque document (bytes) plus an
integer version, an append-only log of opaque entries, and idempotency records.
Every mutation is one atomic compare-and-set (`commit`): it succeeds only when the
stored version is still `expected_version`, and then writes the document, appends
the log entry, records the idempotent answer and publishes the event together.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import AbstractAsyncContextManager
from typing import NamedTuple, Protocol


class StoreUnavailable(Exception):
    """The backing store did not answer in time (served as 503)."""


# Named tuples rather than frozen dataclasses: as immutable, and made on every write (a frozen
# dataclass's __init__ sets each field through object.__setattr__: 2.7 µs for a Commit against 0.9).


class Loaded(NamedTuple):
    version: int
    doc: bytes
    log_length: int
    idempotent: bytes | None = None  # the stored answer for the asked Idempotency-Key
    stamp: str = ""  # unique to the commit that wrote this version ("" at creation)


class Commit(NamedTuple):
    session_id: str
    expected_version: int
    version: int
    doc: bytes
    ttl_ms: int
    log_entry: bytes | None = None
    event: bytes | None = None
    idempotency_key: str | None = None
    idempotent_answer: bytes | None = None
    # The compare-and-set checks the stamp with the version: should the store ever lose an
    # acknowledged write (a Redis failover), a later commit of the same version number by
    # another writer still differs from what a writer holding the lost one expects.
    expected_stamp: str = ""
    stamp: str = ""


class Store(Protocol):
    async def create(self, session_id: str, doc: bytes, ttl_ms: int) -> bool:
        """Store a new session at version 1; False when the id is taken."""

    async def load(self, session_id: str, idempotency_key: str | None = None) -> Loaded | None:
        """One round trip: the document, version, log length and (if asked) an idempotent answer."""

    async def commit(self, commit: Commit) -> bool:
        """Atomic compare-and-set of version and stamp; False when the session moved on (or is gone)."""

    async def log(self, session_id: str, start: int, limit: int) -> list[bytes]:
        """Log entries `start .. start+limit-1` (0-based, in append order)."""

    async def recall(self, key: str) -> bytes | None:
        """A stateless idempotent answer, or None."""

    async def remember(self, key: str, value: bytes, ttl_ms: int) -> bytes | None:
        """Keep `value` under `key` unless one is there; returns the earlier value if any."""

    def subscribe(self, session_id: str) -> AbstractAsyncContextManager[AsyncIterator[bytes]]:
        """`async with store.subscribe(id) as events:` — live from the moment the block starts."""

    def events(self, session_id: str) -> AsyncGenerator[bytes, None]:
        """Published events of one session, as they happen.

        Subscribed from the first `anext`. A generator, so a consumer that stops early can
        `aclose()` it (`contextlib.aclosing`) and free the subscription at once.
        """

    async def ping(self) -> None:
        """Raise StoreUnavailable when the store cannot serve."""

    async def aclose(self) -> None: ...
