"""Commands issued in one turn of the event loop, sent to Redis together: one write, replies read in order.

Under load a replica handles many requests in one turn of its event loop, and each session write
ends in one command (an EVALSHA compare-and-set). Sent one per connection, every command cost a
socket write and a wake-up of its own, which on a loopback connection is the largest single part
of a session write's CPU. Here a command joins a queue; at the start of the next turn the queue
goes out on one connection in one write, and the replies, which Redis answers in order, are read
back in order and handed to their callers. Redis runs the commands one after another either way,
and each command is one atomic script or one single-key command, so nothing a caller sees changes.

A batch does not wait for the one before it: it is written behind it on the same connection (a
`_Lane`) while that one's replies are still on their way, and reads its own replies once that one
has read its. Redis answers one connection's commands in the order they came, so commands reach it
in the order they were issued, turn after turn; on connections of their own, Redis could serve a
later batch first (it reads its ready connections in an order of its own), and a session's chained
commit (service/sessions/service.py, NA_CHAINED_WRITES) that overtook the one it built on failed
its compare-and-set and took every commit chained behind it down with it: 5-20% of the commits of
64 writers to one session were retried so, and none are now (measured in process, one replica).

Failures keep the rules of a command sent alone (`RedisStore._send_alone`):
- an error reply (NOSCRIPT, say) belongs to its command only; the replies after it are read on;
- a connection that fails before the batch goes out is tried once more;
- once it has gone out, a read whose reply was lost is sent again on its own, and a write is not:
  its caller answers 503 (the write may have landed, and a client's retry with its
  Idempotency-Key replays the stored answer);
- the whole exchange keeps the store timeout, and a caller that gave up (its own deadline, or
  its client went away) before the batch went out is left out of it;
- a batch given up or failed with replies outstanding ends its lane: the connection is closed, so
  the batches behind it never read its replies as theirs, and they end as a lost connection does
  (above); a batch not yet written when its lane ended sends its commands one by one instead, and
  the next batch opens a new lane.

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
from typing import Any, NamedTuple

from redis.exceptions import ResponseError

from service.sessions.deadlines import Deadlines


@dataclass(frozen=True, slots=True)
class Queued:
    command: bytes  # packed
    read_only: bool
    future: asyncio.Future[Any]


class _Sent(NamedTuple):
    """A batch on a lane: whether its bytes went out, then whether its replies were read in step."""

    written: asyncio.Future[bool]
    read: asyncio.Future[bool]


class _Lane:
    """One connection and the batches in flight on it, in the order they were written (Redis answers a
    connection's commands in that order). `last` is the batch sent last; a batch reads its replies once
    the one before it has read its own. `members` counts the batches on it: the last to leave gives
    the connection back. A broken lane takes no more batches."""

    __slots__ = ("connection", "last", "members", "broken")

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.last: _Sent | None = None
        self.members = 0
        self.broken = False


def _break(lane: _Lane, *, out_of_step: bool) -> None:
    """No batch joins the lane any more. Out of step (a batch went out and its replies were not all
    read), the connection is closed too, so the batches still reading there fail at once rather than
    read another's replies; a batch that never went out leaves the ones ahead of it to finish."""
    lane.broken = True
    if out_of_step:
        lane.connection._close()  # redis-py's own synchronous close of the transport; a no-op once closed


class Pipeline:
    def __init__(
        self,
        *,
        take: Callable[[], Any],
        give_back: Callable[[Any], Awaitable[None]],
        alone: Callable[[bytes, bool], Awaitable[Any]],
        closed_by_server: Callable[[Any], bool],
        down: tuple[type[BaseException], ...],
        deadlines: Deadlines,
    ) -> None:
        self._take = take  # a connection of the store's own
        self._give_back = give_back
        self._alone = alone  # one command on its own connection, with its own retry
        self._closed_by_server = closed_by_server
        self._down = down
        self._deadlines = deadlines
        self._queue: list[Queued] = []
        self._flushing: set[asyncio.Task[None]] = set()  # held here: the loop keeps only weak references
        self._lane: _Lane | None = None  # the connection batches in flight are on

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

    async def _on_connection(self, batch: list[Queued]) -> None:
        """Send the batch on the lane's connection behind the batches still in flight there, then read
        its replies once theirs are read. A lane that breaks (a connection error, a batch given up with
        replies outstanding) takes no more batches: the ones already on it end as `_after_sending`
        says, the ones not yet sent go command by command (`_never_sent`), and the next batch opens a
        new lane."""
        loop = asyncio.get_running_loop()
        lane = self._lane
        if lane is None or lane.broken:
            lane = self._lane = _Lane(self._take())
        ahead, mine = lane.last, _Sent(loop.create_future(), loop.create_future())
        lane.last = mine
        lane.members += 1
        connection = lane.connection
        sent = False
        try:
            if ahead is None:
                for last in (False, True):  # the lane's first batch: a connection closed while idle is replaced
                    try:
                        if self._closed_by_server(connection):
                            await connection.disconnect(nowait=True)
                        if not connection.is_connected:
                            await connection.connect()
                        sent = True
                        await connection.send_packed_command(b"".join(queued.command for queued in batch), check_health=False)
                        break
                    except self._down:
                        if sent or last:
                            raise
            else:
                # Shielded: a batch given up while it waits must not cancel the futures of the one ahead.
                if not await asyncio.shield(ahead.written) or lane.broken or not connection.is_connected:
                    mine.written.set_result(False)
                    await self._never_sent(batch)
                    return
                batch = [queued for queued in batch if not queued.future.done()]  # callers gone meanwhile: not sent
                sent = True
                await connection.send_packed_command(b"".join(queued.command for queued in batch), check_health=False)
            mine.written.set_result(True)
            if ahead is not None and not await asyncio.shield(ahead.read):
                raise self._down[0]("the connection broke with replies outstanding")
            for queued in batch:
                try:
                    reply = await connection.read_response()
                except ResponseError as error:  # this command's own error reply
                    _fail(queued.future, error)
                else:
                    if not queued.future.done():
                        queued.future.set_result(reply)
            mine.read.set_result(True)
        except self._down as exc:
            _break(lane, out_of_step=True)
            if not sent:
                raise
            await self._after_sending(batch, exc)
        finally:
            for step in mine:
                if not step.done():
                    step.set_result(False)
            if not mine.read.result():  # anything but replies read in step (given up, failed, never sent) ends the lane
                _break(lane, out_of_step=sent)
            lane.members -= 1
            if not lane.members:
                if self._lane is lane:
                    self._lane = None
                await self._give_back(connection)

    async def _never_sent(self, batch: list[Queued]) -> None:
        """A batch that never went out (its lane broke first): each command is sent on its own."""
        for queued in batch:
            if queued.future.done():
                continue
            try:
                reply = await self._alone(queued.command, queued.read_only)
            except Exception as error:
                _fail(queued.future, error)
            else:
                if not queued.future.done():
                    queued.future.set_result(reply)

    async def _after_sending(self, batch: list[Queued], exc: BaseException) -> None:
        """The connection failed with replies outstanding: reads go again on their own, writes fail."""
        for queued in batch:
            if queued.future.done():
                continue
            if not queued.read_only:
                _fail(queued.future, exc)
                continue
            try:
                reply = await self._alone(queued.command, True)
            except Exception as again:
                _fail(queued.future, again)
            else:
                if not queued.future.done():
                    queued.future.set_result(reply)


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if future.done():
        return
    if isinstance(exc, asyncio.CancelledError):  # the exchange was cancelled (the server shutting down)
        future.cancel()
    else:
        future.set_exception(exc)
