"""The shared store: every replica reads and writes one Redis, so the service keeps no state.

Key layout (the `{id}` hash tag keeps one session's keys in one Redis Cluster slot):

    na:s:{id}             HASH   v (version), doc (bytes)
    na:s:{id}:log         LIST   log entries, in append order
    na:s:{id}:idem:<key>  STRING idempotent answer of a session action (own PX)
    na:idem:<key>         STRING stateless idempotent answer (own PX)
    na:s:{id}:events      pub/sub channel of the session's events

Switches: NA_REDIS_PIPELINING (on by default: service/sessions/pipelining.py) and
NA_REDIS_OWN_CONNECTIONS (on by default; off, every command goes through redis-py's
`execute_command` and its pool). Gain, measured with bench/switches.py, 2026-12-01, 1-minute
load 1.16 at the start and 1.03 at the end: a session roll (one EVALSHA compare-and-set) serves
1.12x the requests per second (500 against 563 µs of CPU per request); two busier runs the same
day gave 1.33x and 1.37x.
"""

from __future__ import annotations

import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import hiredis
import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

from service.sessions.deadlines import Deadlines
from service.sessions.pipelining import Pipeline
from service.sessions.store import Commit, Loaded, StoreUnavailable

# hiredis's stub types the command as a 1-tuple; it takes a tuple of any length.
_pack: Callable[[tuple[str | int | float | bytes | memoryview, ...]], bytes] = hiredis.pack_command  # type: ignore[assignment]

# BusyLoadingError and AuthenticationError are ConnectionErrors; redis-py's TimeoutError
# is not an OSError, so it is named on its own. (The builtin TimeoutError of our own
# deadline is an OSError.)
_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)

# Everything a write needs, in one round trip and one consistent view: version and
# document, log length (the next entry's seq) and, when asked, an idempotent answer.
# KEYS: session, log, [idempotent answer]. Returns nil for a missing session.
_LOAD = """
local found = redis.call('HMGET', KEYS[1], 'v', 'doc', 't')
if not found[1] then return false end
local answer = false
if KEYS[3] then answer = redis.call('GET', KEYS[3]) end
return {found[1], found[2], redis.call('LLEN', KEYS[2]), answer, found[3] or ''}
"""

# Create only when absent. A fresh session must not inherit the log of an earlier
# session with the same id, hence the DEL.
# KEYS: session, log. ARGV: doc, ttl_ms.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'v', '1', 'doc', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""

# The compare-and-set: everything a mutation writes, or nothing. A missing session
# reads as false, which never equals the expected version.
# KEYS: session, log, [idempotent answer].
# ARGV: expected, version, doc, ttl_ms, channel, has_log, log_entry, has_event, event, answer,
#       expected stamp, stamp (a stamp is unique to the commit that wrote the version).
# has_event '2': the event is the log entry itself, sent once (ARGV[7]) and not again as ARGV[9].
_COMMIT = """
local held = redis.call('HMGET', KEYS[1], 'v', 't')
if held[1] ~= ARGV[1] or (held[2] or '') ~= ARGV[11] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3], 't', ARGV[12])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[6] == '1' then redis.call('RPUSH', KEYS[2], ARGV[7]) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[10], 'PX', ARGV[4]) end
if ARGV[8] == '1' then redis.call('PUBLISH', ARGV[5], ARGV[9])
elseif ARGV[8] == '2' then redis.call('PUBLISH', ARGV[5], ARGV[7]) end
return 1
"""


def _closed_by_server(connection: Any) -> bool:
    """The server ended this connection: its stream is at EOF (or reset) before we send anything."""
    reader = connection._reader  # redis-py's asyncio StreamReader, None while disconnected
    return reader is not None and (reader.at_eof() or reader.exception() is not None)


def load_keys(key: str, idempotency_key: str | None) -> list[str]:
    """The KEYS of `_LOAD` for the session stored under `key` (and an idempotent answer to look for)."""
    keys = [key, f"{key}:log"]
    if idempotency_key is not None:
        keys.append(f"{key}:idem:{idempotency_key}")
    return keys


def loaded(found: Any) -> Loaded | None:
    """What `_LOAD` answered, as the store hands it on (None: no such session)."""
    if found is None:
        return None
    version, doc, log_length, answer, stamp = found
    return Loaded(int(version), doc, log_length, answer, stamp.decode())


def commit_arguments(key: str, commit: Commit) -> tuple[list[str], list[bytes | str | int]]:
    """The KEYS and ARGV of `_COMMIT` for a commit of the session stored under `key`."""
    keys = [key, f"{key}:log"]
    answer = commit.idempotent_answer
    if commit.idempotency_key is not None and answer is not None:
        keys.append(f"{key}:idem:{commit.idempotency_key}")
    # An event that is the log entry (the usual case) crosses the wire once.
    event_is_entry = commit.event is not None and commit.log_entry is not None and commit.event == commit.log_entry
    has_event = "2" if event_is_entry else "1" if commit.event is not None else ""
    args: list[bytes | str | int] = [
        commit.expected_version,
        commit.version,
        commit.doc,
        commit.ttl_ms,
        f"{key}:events",
        "1" if commit.log_entry is not None else "",
        commit.log_entry or b"",
        has_event,
        b"" if event_is_entry else commit.event or b"",
        answer or b"",
        commit.expected_stamp,
        commit.stamp,
    ]
    return keys, args


class RedisStore:
    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 2.0,
        prefix: str = "na",
        idle_connections: int = 16,
        own_connections: bool = True,
        idle_window_s: float = 1.0,
        pipelining: bool = False,
    ) -> None:
        assert "{" not in prefix and "}" not in prefix, "braces in the prefix would break the hash tag"
        assert idle_connections >= 0, "idle_connections must not be negative"
        self._prefix = prefix
        self._timeout_s = timeout_s
        self._deadlines = Deadlines(timeout_s)  # one sweeping timer, not a timer per command
        self._redis = redis.Redis.from_url(
            url,
            socket_connect_timeout=timeout_s,
            # No per-read socket timeout: `_call` puts one deadline on the whole operation
            # (a timer per read and per write cost more than the rest of a command).
            socket_timeout=None,
            # No retries inside redis-py: `_send` alone decides what may be sent again.
            retry=Retry(NoBackoff(), 0),
        )
        # Commands use connections of their own, kept here between commands: a burst opens one per
        # concurrent command. Under steady load every one of them is kept (as many as were in use at
        # once in this window of `idle_window_s` or the one before); once the load falls, at most
        # `idle_connections` stay open. With a fixed cap below the load, every command past it
        # opened and closed a connection (a session roll spread over 200 sessions at 64
        # connections cost 521 against 326 µs of CPU per request with a cap of 16).
        # redis-py's pool serves only pub/sub, which drops its connection when it ends.
        self._idle: list[Any] = []
        self._idle_limit = idle_connections
        self._idle_window_s = idle_window_s
        self._in_use = 0  # commands under way on connections of our own
        self._peak = 0  # the most under way at once in this window
        self._last_peak = 0  # ... and in the window before
        self._window_end = 0.0
        self._own_connections = own_connections  # NA_REDIS_OWN_CONNECTIONS; off: every command through the pool
        # NA_REDIS_PIPELINING (on in the app; needs own connections): a turn's commands share one write.
        self._pipeline = (
            Pipeline(
                take=self._take,
                give_back=self._give_back,
                closed_by_server=_closed_by_server,
                down=_DOWN,
                deadlines=self._deadlines,
            )
            if pipelining and own_connections
            else None
        )
        self._create = self._redis.register_script(_CREATE)
        self._load = self._redis.register_script(_LOAD)
        self._commit = self._redis.register_script(_COMMIT)

    @property
    def ordered_commits(self) -> bool:
        """Commits issued in order leave in order, as NA_CHAINED_WRITES wants: pipelined, a turn's commands
        leave in one write, so a chain's commits reach Redis together and in order. Batches on different
        connections can be served out of order (Redis reads its ready connections in its own order),
        so a session has one chain in flight at a time (`Sessions._hand_on`): the next waits for it to
        land. Without that, 5-20% of the commits of 64 writers to one session overtook the chain they
        built on, failed their compare-and-set and were retried (measured in process, one replica)."""
        return self._pipeline is not None

    def _session(self, session_id: str) -> str:
        return f"{self._prefix}:s:{{{session_id}}}"

    async def _call(self, awaitable: Awaitable[Any], *, deadline: bool = True) -> Any:
        """Await one store operation, within the store timeout unless it is a read meant to block
        (a subscriber waiting for the next event); a failure becomes StoreUnavailable."""
        try:
            return await (self._deadlines.run(awaitable) if deadline else awaitable)
        except _DOWN as exc:
            # The type name only: redis-py messages name host and port, and the URL
            # may carry a password, so neither goes into what we show.
            raise StoreUnavailable(f"redis unavailable: {type(exc).__name__}") from exc

    async def _script(self, script: AsyncScript, keys: list[str], args: list[Any], *, read_only: bool = False) -> Any:
        """EVALSHA, packed by hiredis; on NOSCRIPT (a restarted Redis, a SCRIPT FLUSH) the script's body with
        EVAL, which runs it and caches it again in one round trip (loading it first with SCRIPT LOAD left
        a window in which another flush made the second EVALSHA fail too).

        The hot path of every write: redis-py's general command machinery (retry policy,
        observability hooks, a Python packer) cost more than the script itself.
        """
        command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        try:
            return await self._command(command, read_only=read_only)
        except NoScriptError:  # nothing ran: safe to send again
            return await self._command(("EVAL", script.script, len(keys), *keys, *args), read_only=read_only)

    async def _command(self, command: tuple[Any, ...], *, read_only: bool) -> Any:
        """One command, packed by hiredis on a connection of our own (`_send`), or with own
        connections off redis-py's ordinary `execute_command` through its pool."""
        if self._own_connections:
            return await self._send(_pack(command), read_only=read_only)
        # SET ... GET answers the earlier value; redis-py's SET callback needs telling.
        options = {"get": True} if command[0] == "SET" and "GET" in command else {}
        return await self._redis.execute_command(*command, **options)

    async def _send(self, command: bytes, *, read_only: bool) -> Any:
        """One packed command's reply: sent with the others of this turn of the loop (`Pipeline`),
        or with pipelining off on a connection of its own (`_send_alone`)."""
        if self._pipeline is not None:
            return await self._pipeline.send(command, read_only=read_only)
        return await self._send_alone(command, read_only)

    def _take(self) -> Any:
        """A connection of our own for a command (or a pipelined batch), counted as in use."""
        connection = self._idle.pop() if self._idle else self._redis.connection_pool.make_connection()
        self._in_use += 1
        if self._in_use > self._peak:
            self._peak = self._in_use
        return connection

    async def _give_back(self, connection: Any) -> None:
        # redis-py disconnects a connection on any error or cancellation mid-command;
        # a disconnected one reconnects on its next use, so it may go back as well.
        self._in_use -= 1
        if len(self._idle) < self._keep():
            self._idle.append(connection)
        else:  # the load has fallen: past what it needs, close it now
            await connection.disconnect(nowait=True)

    async def _send_alone(self, command: bytes, read_only: bool) -> Any:
        """Send one packed command on a connection of our own and read its reply.

        A connection the server closed while it sat idle (a restart, CLIENT KILL, an idle
        timeout) is replaced before use: the event loop has already read its end of stream,
        so telling costs no round trip. A connection error before the command goes out is
        tried once more; after it goes out, only a read is. A write whose reply was lost may
        have landed: the caller answers 503, and the client's retry with its Idempotency-Key
        replays the stored answer (a blind resend would fail its compare-and-set and make the
        service apply the action twice).
        """
        connection = self._take()
        try:
            for last in (False, True):
                sent = False
                try:
                    if _closed_by_server(connection):
                        await connection.disconnect(nowait=True)
                    if not connection.is_connected:
                        await connection.connect()
                    sent = True
                    await connection.send_packed_command(command, check_health=False)
                    return await connection.read_response()
                except _DOWN:
                    if last or (sent and not read_only):
                        raise
        finally:
            await self._give_back(connection)

    def _keep(self) -> int:
        """How many idle connections to keep: as many as the recent load used at once, at least
        `idle_connections` (`0`: none, a connection per command). Called as a connection comes back,
        which counts as in use until then."""
        if not self._idle_limit:
            return 0
        now = time.monotonic()
        if now >= self._window_end:  # a new window; the one just over is "the window before"
            in_use = self._in_use + 1
            self._last_peak = self._peak if now < self._window_end + self._idle_window_s else in_use
            self._peak = in_use
            self._window_end = now + self._idle_window_s
        return max(self._idle_limit, self._peak, self._last_peak)

    async def create(self, session_id: str, doc: bytes, ttl_ms: int) -> bool:
        key = self._session(session_id)
        created: int = await self._call(self._script(self._create, [key, f"{key}:log"], [doc, ttl_ms]))
        return created == 1

    async def load(self, session_id: str, idempotency_key: str | None = None) -> Loaded | None:
        keys = load_keys(self._session(session_id), idempotency_key)
        return loaded(await self._call(self._script(self._load, keys, [], read_only=True)))

    async def commit(self, commit: Commit) -> bool:
        keys, args = commit_arguments(self._session(commit.session_id), commit)
        committed: int = await self._call(self._script(self._commit, keys, args))
        return committed == 1

    async def log(self, session_id: str, start: int, limit: int) -> list[bytes]:
        if limit <= 0:
            return []
        key = f"{self._session(session_id)}:log"
        entries: list[bytes] = await self._call(self._command(("LRANGE", key, start, start + limit - 1), read_only=True))
        return entries

    async def recall(self, key: str) -> bytes | None:
        answer: bytes | None = await self._call(self._command(("GET", f"{self._prefix}:idem:{key}"), read_only=True))
        return answer

    async def remember(self, key: str, value: bytes, ttl_ms: int) -> bytes | None:
        # SET NX GET (Redis >= 7): keep ours or hand back theirs, in one atomic command.
        command = ("SET", f"{self._prefix}:idem:{key}", value, "PX", ttl_ms, "NX", "GET")
        earlier: bytes | None = await self._call(self._command(command, read_only=False))
        return earlier

    @asynccontextmanager
    async def subscribe(self, session_id: str) -> AsyncIterator[AsyncIterator[bytes]]:
        """Listen to a session's events; inside the block the subscription is confirmed live."""
        # Each subscriber holds one pooled connection while it listens. The blocking read
        # has no socket timeout (redis-py 8 waits indefinitely on pub/sub reads); a dead
        # peer is found by TCP keepalive.
        pubsub = self._redis.pubsub()
        try:
            await self._call(pubsub.subscribe(f"{self._session(session_id)}:events"))
            # Wait for the server's confirmation, so a reader that catches up from the log
            # after entering cannot fall into a gap between its read and the subscription.
            while True:
                message = await self._call(pubsub.get_message(timeout=None))
                if message is not None and message["type"] == "subscribe":
                    break
            yield self._messages(pubsub)
        finally:
            # Runs on exit, on aclose() and on cancellation alike; dropping the connection
            # ends the subscription on the server.
            await pubsub.aclose()

    async def _messages(self, pubsub: Any) -> AsyncIterator[bytes]:
        while True:
            message = await self._call(pubsub.get_message(timeout=None), deadline=False)  # quiet tables wait long
            if message is not None and message["type"] == "message":
                yield message["data"]

    async def events(self, session_id: str) -> AsyncGenerator[bytes, None]:
        async with self.subscribe(session_id) as messages:
            async for message in messages:
                yield message

    async def ping(self) -> None:
        await self._call(self._command(("PING",), read_only=True))

    async def aclose(self) -> None:
        idle, self._idle = self._idle, []
        for connection in idle:
            await connection.disconnect()
        await self._redis.aclose()
