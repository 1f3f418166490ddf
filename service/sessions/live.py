"""Following a session live: catch up from the log, then stream its events, as one seat sees them.

Used by Server-Sent Events and GraphQL subscriptions alike. The subscription is confirmed
before the log is read, and any gap between the log and the live stream (an event published
while catching up, or one dropped) is filled from the log, so a follower sees every entry once,
in order, from `after` on.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import orjson

from service.sessions.service import Sessions

CLOSE = "session/close"
PAGE = 200
HEARTBEAT_S = 15.0


async def follow(
    sessions: Sessions, session_id: str, token: str | None, *, after: int | None, heartbeat_s: float = HEARTBEAT_S
) -> AsyncIterator[dict | None]:
    """Entries with `seq > after` (or only new ones when `after` is None); `None` is a heartbeat."""
    doc, actor = await sessions.read(session_id, token)  # authorizes before anything is streamed
    system, closed = doc["system"], doc["closed"]
    store = sessions.store
    async with store.subscribe(session_id) as live:
        # Where "new" starts is fixed before the client hears it is connected: an action
        # committed after the first heartbeat is always delivered.
        loaded = await store.load(session_id)
        next_seq = (after + 1) if after is not None else (loaded.log_length if loaded else 0)
        yield None  # subscribed: a first heartbeat lets a server send its headers at once

        async def catch_up(until: int | None) -> AsyncIterator[dict]:
            nonlocal next_seq
            while until is None or next_seq < until:
                raw = await store.log(session_id, next_seq, PAGE if until is None else min(PAGE, until - next_seq))
                if not raw:
                    return
                for item in raw:
                    entry = orjson.loads(item)
                    next_seq = entry["seq"] + 1
                    yield entry

        async for entry in catch_up(None):
            closed = closed or entry["action"] == CLOSE
            yield sessions.entry_view(system, entry, actor, closed=closed)
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
                    closed = closed or missed["action"] == CLOSE
                    yield sessions.entry_view(system, missed, actor, closed=closed)
                next_seq = entry["seq"] + 1
                closed = closed or entry["action"] == CLOSE
                yield sessions.entry_view(system, entry, actor, closed=closed)
                if entry["action"] == CLOSE:
                    return
        finally:
            pending.cancel()
