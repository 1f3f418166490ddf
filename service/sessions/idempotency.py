"""Idempotency-Key on stateless calls: the first answer to a key is replayed to its retries.

A session action keeps its keys in the session (see `Sessions.act`); a stateless call has no
session, so its first answer is remembered in the store under the key, scoped to the client
(as a payment API scopes keys to an account): another client sending the same key gets an
answer of its own, never this one. A retry with another body under the same key is refused.
"""

from __future__ import annotations

from typing import Any

import orjson

from service.errors import Problem
from service.sessions.service import fingerprint
from service.sessions.store import Store


def stateless_key(mechanic: str, client: str, key: str) -> str:
    """The store key of one client's Idempotency-Key on one mechanic."""
    return f"stateless:{mechanic}:{client}:{key}"


async def recall(store: Store, key: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """The answer first given to `key`, or None; a key first used with another request is refused."""
    earlier = await store.recall(key)
    return None if earlier is None else _replayed(earlier, request)


async def remember(store: Store, key: str, request: dict[str, Any], answer: dict[str, Any], ttl_ms: int) -> dict[str, Any]:
    """Keep `answer` for `key`; the answer that stands (a concurrent twin's, if it got there first)."""
    stored = orjson.dumps({"fingerprint": fingerprint(request), "answer": answer})
    earlier = await store.remember(key, stored, ttl_ms)
    return answer if earlier is None else _replayed(earlier, request)


def _replayed(stored: bytes, request: dict[str, Any]) -> dict[str, Any]:
    earlier = orjson.loads(stored)
    if earlier["fingerprint"] != fingerprint(request):
        raise Problem("idempotency-key-reused", "this Idempotency-Key was already used for another request")
    answer: dict[str, Any] = earlier["answer"]
    return answer
