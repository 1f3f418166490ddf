"""Following a session live: catch up from the log, then stream its events, as one seat sees them.

Used by Server-Sent Events and GraphQL subscriptions alike. The subscription is confirmed
before the log is read, and any gap between the log and the live stream (an event published
while catching up, or one dropped) is filled from the log, so a follower sees every entry once,
in order, from `after` on. A subscription lost to a store outage (a Redis restart) is made
again, and the log fills what was published meanwhile.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

import orjson

from service.sessions.service import Sessions
from service.sessions.store import StoreUnavailable

CLOSE = "session/close"
PAGE = 200
HEARTBEAT_S = 15.0
RESUME_S = 15.0  # how long a lost subscription is tried again before the stream gives up
_RESUBSCRIBE_S = (0.05, 1.0)  # first and longest wait between tries (doubling)


async def follow(
    sessions: Sessions,
    session_id: str,
    token: str | None,
    *,
    after: int | None,
    heartbeat_s: float = HEARTBEAT_S,
    resume_s: float | None = None,
) -> AsyncGenerator[dict[str, Any] | None, None]:
    """Entries with `seq > after` (or only new ones when `after` is None); `None` is a heartbeat.

    StoreUnavailable before the first heartbeat means no stream; after it, only when the
    subscription could not be made again for `resume_s` (default RESUME_S; the client then
    resumes from its last seq).
    """
    resume_s = RESUME_S if resume_s is None else resume_s
    doc, actor = await sessions.read(session_id, token)  # authorizes before anything is streamed
    system, closed = doc.system, doc.closed
    store = sessions.store
    next_seq = (after + 1) if after is not None else None
    started = False
    lost_at = beat_at = 0.0
    wait = _RESUBSCRIBE_S[0]

    def shown(entry: dict[str, Any]) -> dict[str, Any]:
        nonlocal closed
        closed = closed or entry["action"] == CLOSE
        return sessions.entry_view(system, entry, actor, closed=closed)

    async def catch_up(until: int | None) -> AsyncIterator[dict[str, Any]]:
        nonlocal next_seq
        assert next_seq is not None, "fixed on subscribing, before any catching up"
        while until is None or next_seq < until:
            raw = await store.log(session_id, next_seq, PAGE if until is None else min(PAGE, until - next_seq))
            if not raw:
                return
            for item in raw:
                entry = orjson.loads(item)
                next_seq = entry["seq"] + 1
                yield entry

    while True:
        try:
            async with store.subscribe(session_id) as live:
                if next_seq is None:
                    # Where "new" starts is fixed before the client hears it is connected: an
                    # action committed after the first heartbeat is always delivered.
                    loaded = await store.load(session_id)
                    next_seq = loaded.log_length if loaded else 0
                if not started:
                    started = True
                    yield None  # subscribed: a first heartbeat lets a server send its headers at once
                lost_at, wait = 0.0, _RESUBSCRIBE_S[0]
                async for entry in catch_up(None):
                    yield shown(entry)
                    if entry["action"] == CLOSE:
                        return  # nothing can follow a close
                pending = asyncio.ensure_future(anext(live))
                try:
                    while True:
                        done, _ = await asyncio.wait({pending}, timeout=heartbeat_s)
                        if not done:
                            yield None
                            continue
                        entry = orjson.loads(pending.result())
                        pending = asyncio.ensure_future(anext(live))
                        if entry["seq"] < next_seq:
                            continue  # already sent while catching up
                        async for missed in catch_up(entry["seq"]):
                            yield shown(missed)
                        next_seq = entry["seq"] + 1
                        yield shown(entry)
                        if entry["action"] == CLOSE:
                            return
                finally:
                    pending.cancel()
        except StoreUnavailable:
            if not started:
                raise
            now = time.monotonic()
            if not lost_at:
                lost_at = beat_at = now
            if now - lost_at >= resume_s:
                raise
            if now - beat_at >= heartbeat_s:
                beat_at = now
                yield None  # keep the client's connection alive while the store comes back
            await asyncio.sleep(wait)
            wait = min(wait * 2, _RESUBSCRIBE_S[1])
