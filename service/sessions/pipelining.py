"""Commands issued in one turn of the event loop, sent to Redis together: one write, replies read in order.

Under load a replica handles many requests in one turn of its event loop, and each session write
ends in one command (an EVALSHA compare-and-set). Sent one per connection, every command cost a
socket write and a wake-up of its own, which on a loopback connection is the largest single part
of a session write's CPU. Here a command joins a queue; at the start of the next turn the queue
goes out on one connection in one write, and the replies, which Redis answers in order, are read
back in order and handed to their callers. Redis runs the commands one after another either way,
and each command is one atomic script or one single-key command, so nothing a caller sees changes.

Failures keep the rules of a command sent alone (`RedisStore._send_alone`):
- an error reply (NOSCRIPT, say) belongs to its command only; the replies after it are read on;
- a connection that fails before the batch goes out is tried once more;
- once it has gone out, the reads whose replies were lost are sent again, together in one write on
  another connection (twice at most, as a read sent alone is); a write is not: its caller
  answers 503 (the write may have landed, and a client's retry with its Idempotency-Key
  replays the stored answer);
- the whole exchange keeps the store timeout, and a caller that gave up (its own deadline, or
  its client went away) before the batch went out is left out of it.

Switch: NA_REDIS_PIPELINING (on by default; it needs the store's own connections). On a Redis Cluster
each master has a pipeline of its own (`ClusterStore._pipeline`): a turn's commands for one node share
a write there, and a redirection or NOSCRIPT is its own command's error reply.

Gain on one Redis, measured with bench/switches.py on 2026-12-03 (pinned, 64 connections, a session
roll spread over 200 sessions; in process the batches held 7-9 commands): 1.19x the requests per
second (383 against 321 µs of CPU per request) against the switch off in one run, 1.29x (350 against
272) against the tree before it in another. On a three-master cluster, 2026-12-04: bench/http.py
--pin --cluster, the same roll over HTTP, 1.29-1.32x the requests per second with the switch on
(209-241 against 276-324 µs of CPU per request, two alternations); in process
(bench/cluster_writes.py's cases alternated), 58-68 against 69-99 µs of client CPU per write with 32
writers, 46-62 against 97-116 µs with 128.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redis.exceptions import ResponseError

from service.sessions.deadlines import Deadlines


_READ_RESENDS = 2  # how many more times reads whose replies were lost are sent, all of them in one write


@dataclass(frozen=True, slots=True)
class Queued:
    command: bytes  # packed
    read_only: bool
    future: asyncio.Future[Any]


class Pipeline:
    def __init__(
        self,
        *,
        take: Callable[[], Any],
        give_back: Callable[[Any], Awaitable[None]],
        closed_by_server: Callable[[Any], bool],
        down: tuple[type[BaseException], ...],
        deadlines: Deadlines,
    ) -> None:
        self._take = take  # a connection of the store's own
        self._give_back = give_back
        self._closed_by_server = closed_by_server
        self._down = down
        self._deadlines = deadlines
        self._queue: list[Queued] = []
        self._flushing: set[asyncio.Task[None]] = set()  # held here: the loop keeps only weak references

    async def send(self, command: bytes, *, read_only: bool) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.append(Queued(command, read_only, future))
        if len(self._queue) == 1:
            loop.call_soon(self._flush, loop)
        return await future

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        batch = [queued for queued in self._queue if not queued.future.done()]  # a caller gone: not sent
        self._queue = []
        if batch:
            task = loop.create_task(self._exchange(batch))
            self._flushing.add(task)
            task.add_done_callback(self._flushing.discard)

    async def _exchange(self, batch: list[Queued]) -> None:
        try:
            await self._deadlines.run(self._on_connection(batch))
        except BaseException as exc:  # the timeout, a cancellation, a failure: every caller still waiting hears it
            for queued in batch:
                _fail(queued.future, exc)
            if not isinstance(exc, Exception):
                raise

    async def _on_connection(self, batch: list[Queued], *, resends: int = _READ_RESENDS) -> None:
        connection = self._take()
        try:
            for last in (False, True):
                sent = False
                try:
                    if self._closed_by_server(connection):
                        await connection.disconnect(nowait=True)
                    if not connection.is_connected:
                        await connection.connect()
                    sent = True
                    await connection.send_packed_command(b"".join(queued.command for queued in batch), check_health=False)
                    for queued in batch:
                        try:
                            reply = await connection.read_response()
                        except ResponseError as error:  # this command's own error reply
                            _fail(queued.future, error)
                        else:
                            if not queued.future.done():
                                queued.future.set_result(reply)
                    return
                except self._down as exc:
                    if not sent:
                        if last:
                            raise
                        continue
                    reads = _lost(batch, exc)
                    if reads and resends:
                        await self._on_connection(reads, resends=resends - 1)
                    else:
                        for queued in reads:
                            _fail(queued.future, exc)
                    return
        finally:
            await self._give_back(connection)


def _lost(batch: list[Queued], exc: BaseException) -> list[Queued]:
    """The connection failed with replies outstanding: the writes among them fail (a write may have
    landed, so it is never sent twice); the reads still waiting are returned, to be sent again."""
    reads = []
    for queued in batch:
        if queued.future.done():
            continue
        if queued.read_only:
            reads.append(queued)
        else:
            _fail(queued.future, exc)
    return reads


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if future.done():
        return
    if isinstance(exc, asyncio.CancelledError):  # the exchange was cancelled (the server shutting down)
        future.cancel()
    else:
        future.set_exception(exc)
