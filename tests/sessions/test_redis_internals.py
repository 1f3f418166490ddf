"""The redis-py internals service/sessions/redis_store.py builds on, pinned: an upgrade that changes them fails here.

The store sends its commands on connections of its own, made with the pool's `make_connection()`
and kept in its own idle list. It reads `connection._reader` (the asyncio `StreamReader`, `None`
while disconnected) to tell a connection the server closed while it sat idle, and it calls
`is_connected`, `connect()`, `disconnect(nowait=True)`, `send_packed_command(bytes,
check_health=False)` and `read_response()`. It relies on `read_response` and
`send_packed_command` disconnecting the connection on any error or cancellation mid-command
(so one with a reply still pending never serves another command), on a reply `NOSCRIPT` being
raised as `NoScriptError`, and on `BusyLoadingError` and `AuthenticationError` being
`ConnectionError`s. When a hash below no longer matches, read the new redis-py source of that
function, adapt the store (`_send`, `_closed_by_server`), run tests/sessions, then update the hash.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
import redis.asyncio
from redis.asyncio import connection as redis_connection
from redis.exceptions import AuthenticationError, BusyLoadingError, NoScriptError
from redis.exceptions import ConnectionError as RedisConnectionError

from service.sessions.redis_store import RedisStore, _closed_by_server, _pack

READ_FOR = "8.2.0"
# First 16 hex digits of the SHA-256 of each function's source, read for redis-py 8.2.0.
PINNED: dict[str, tuple[Callable[..., Any], str]] = {
    "AbstractConnection.is_connected": (redis_connection.AbstractConnection.is_connected.fget, "a3b3b056f688d210"),  # type: ignore[attr-defined]
    "AbstractConnection.connect": (redis_connection.AbstractConnection.connect, "08c5daf33e6e52ef"),
    "AbstractConnection.disconnect": (redis_connection.AbstractConnection.disconnect, "fe6e40c96b141959"),
    "AbstractConnection.send_packed_command": (redis_connection.AbstractConnection.send_packed_command, "63b7216a33101c84"),
    "AbstractConnection.read_response": (redis_connection.AbstractConnection.read_response, "e11a03fa28e6c9b1"),
    "Connection._connect": (redis_connection.Connection._connect, "24cd655d5f27ddbb"),
    "UnixDomainSocketConnection._connect": (redis_connection.UnixDomainSocketConnection._connect, "606433368d6bf5e1"),
    "ConnectionPool.make_connection": (redis_connection.ConnectionPool.make_connection, "d6f95077e2414e79"),
}


def _digest(function: Callable[..., Any]) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def test_the_redis_functions_the_store_relies_on_are_the_ones_it_was_written_against() -> None:
    changed = [name for name, (function, pinned) in PINNED.items() if _digest(function) != pinned]
    assert not changed, (
        f"redis-py {redis.__version__} changed {', '.join(changed)}: service/sessions/redis_store.py was "
        f"written against {READ_FOR}; re-read these, adapt it and update the hashes (see this module's docstring)"
    )


def test_the_errors_the_store_counts_as_an_outage_are_connection_errors() -> None:
    assert issubclass(BusyLoadingError, RedisConnectionError), f"redis-py {redis.__version__}: BusyLoadingError is no ConnectionError"
    assert issubclass(AuthenticationError, RedisConnectionError), f"redis-py {redis.__version__}: AuthenticationError is no ConnectionError"


def _connection(url: str) -> Any:
    """A connection made as the store makes its own."""
    return RedisStore(url)._redis.connection_pool.make_connection()


@pytest.mark.redis
async def test_a_made_connection_has_no_reader_until_it_connects_and_a_stream_reader_after(server) -> None:
    redis_server, _ = server
    connection = _connection(redis_server.url)
    where = f"redis-py {redis.__version__}, read for {READ_FOR}"
    assert "_reader" in redis_connection.AbstractConnection.__slots__, f"{where}: a connection keeps no `_reader`"
    assert connection._reader is None and not connection.is_connected, f"{where}: a made connection is not idle-disconnected"
    assert not _closed_by_server(connection)
    await connection.connect()
    try:
        assert isinstance(connection._reader, asyncio.StreamReader), f"{where}: `_reader` is {type(connection._reader)}"
        assert connection.is_connected and not _closed_by_server(connection)
        await connection.send_packed_command(_pack(("PING",)), check_health=False)
        assert await connection.read_response() == b"PONG"
    finally:
        await connection.disconnect(nowait=True)
    assert connection._reader is None and not connection.is_connected, f"{where}: disconnect(nowait=True) leaves a reader"


@pytest.mark.redis
async def test_a_connection_the_server_closed_shows_it_on_its_reader(server) -> None:
    redis_server, probe = server
    connection = _connection(redis_server.url)
    await connection.connect()
    try:
        await probe.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
        deadline = time.monotonic() + 2
        while not _closed_by_server(connection):
            assert time.monotonic() < deadline, (
                f"redis-py {redis.__version__}: a connection the server closed never shows it on `_reader` "
                f"(at_eof/exception), as it did in {READ_FOR}"
            )
            await asyncio.sleep(0.01)
    finally:
        await connection.disconnect(nowait=True)


@pytest.mark.redis
async def test_a_read_cancelled_mid_command_disconnects_the_connection(server) -> None:
    redis_server, _ = server
    connection = _connection(redis_server.url)
    await connection.connect()
    await connection.send_packed_command(_pack(("BLPOP", "never-pushed", "5")), check_health=False)
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await connection.read_response()
    assert not connection.is_connected, (
        f"redis-py {redis.__version__}: a read cancelled with its reply pending leaves the connection open; "
        f"in {READ_FOR} it disconnected, and the store's idle list counts on it"
    )


@pytest.mark.redis
async def test_an_unknown_script_is_raised_as_no_script_error(server) -> None:
    redis_server, _ = server
    connection = _connection(redis_server.url)
    await connection.connect()
    try:
        await connection.send_packed_command(_pack(("EVALSHA", "0" * 40, 0)), check_health=False)
        with pytest.raises(NoScriptError):
            await connection.read_response()
        assert connection.is_connected  # an error reply is an answer: the connection serves on
    finally:
        await connection.disconnect(nowait=True)


def test_an_event_that_is_the_log_entry_crosses_the_wire_once() -> None:
    from service.sessions.redis_store import commit_arguments
    from service.sessions.store import Commit

    entry = b'{"seq":0,"action":"dice/roll"}'
    keys, args = commit_arguments("na:s:{abc}", Commit("abc", 1, 2, b"{}", 1000, entry, entry, None, None, "s1", "s2"))
    assert keys == ["na:s:{abc}", "na:s:{abc}:log"]
    assert (args[6], args[7], args[8]) == (entry, "2", b"")  # pushed and published from ARGV[7]; ARGV[9] left empty
    _, other = commit_arguments("na:s:{abc}", Commit("abc", 1, 2, b"{}", 1000, entry, b'{"closed":true}', None, None, "s1", "s2"))
    assert (other[7], other[8]) == ("1", b'{"closed":true}')  # a different event is sent as itself
