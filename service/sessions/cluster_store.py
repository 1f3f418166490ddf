"""The shared store on a Redis Cluster: sessions spread over its shards, one slot each.

Same key layout and scripts as the single Redis (service/sessions/redis_store.py): the `{id}` hash
tag puts every key of a session, and its event channel, in one slot, so every operation of a
session runs on the one master that owns that slot. redis-py's asyncio `RedisCluster` keeps the
map of slots to nodes and each node's connections; the store sends its packed commands on those
connections itself, which keeps the single Redis's fast path (one EVALSHA, packed by hiredis) and
lets a `WAIT` ride the same connection as the write it waits for.

- Redirections: MOVED names the slot's new owner (host:port); the store records that one slot
  in the library's map and sends the command there at once; ASK (a slot being migrated) sends it
  once to the node it names behind ASKING; TRYAGAIN (a multi-key command during a migration)
  waits a little. Each is an answer that nothing ran, so sending again is safe; a connection
  lost after a write went out is not retried (the caller answers 503 and the client's
  Idempotency-Key replays the outcome).
- The full slot map (CLUSTER SLOTS from the nodes) is learnt inline once, on first use. After
  that it is relearnt in the background, one refresh at a time, when a node fails or a slot has
  no master in the map: no request waits on a refresh inside its own deadline, and one that
  meets a stale map is redirected, or answered 503, at once.
- Pipelining (NA_REDIS_PIPELINING, service/sessions/pipelining.py): the commands issued in one turn
  of the event loop for one master go out together in one write on one connection, their replies
  read back in order; a redirection or NOSCRIPT is the error reply of its own command alone, which
  is then sent again as above. A command behind ASKING or before a WAIT goes on its own connection.
- Scripts are cached per node: NOSCRIPT (a node that never saw the script, a promoted replica,
  a restart) sends the script's body with EVAL on that node, which caches it there.
- Live events use sharded pub/sub: the commit script SPUBLISHes on the session's slot, and a
  subscriber SSUBSCRIBEs on the node that owns it. When the slot moves, the node ends the
  subscription (`sunsubscribe`); the subscriber then reports the store unavailable, and
  service/sessions/live.py subscribes again and fills the gap from the log.
- Durability `replica` (NA_STORE_DURABILITY): a write is acknowledged only once `WAIT` says a
  replica holds it, so a failover that promotes that replica cannot lose it; when no replica
  confirms within the store timeout the request is answered 503 (the write may have landed, so
  the client retries with its Idempotency-Key).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial
from typing import Any
from urllib.parse import unquote, urlsplit

import redis.asyncio as redis
from redis.asyncio.client import PubSub
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.cluster import PRIMARY
from redis.exceptions import (
    AskError,
    ClusterDownError,
    ClusterError,
    MovedError,
    NoScriptError,
    ReadOnlyError,
    RedisClusterException,
    RedisError,
    ResponseError,
    SlotNotCoveredError,
    TryAgainError,
)

from service.config import CLUSTER_SCHEMES as SCHEMES
from service.sessions.deadlines import Deadlines
from service.sessions.pipelining import Pipeline
from service.sessions.redis_store import _CREATE, _COMMIT, _DOWN, _LOAD, _closed_by_server, _pack, commit_arguments, load_keys, loaded
from service.sessions.store import Commit, Loaded, StoreUnavailable

# Sharded pub/sub: the event crosses the session's shard only.
_COMMIT_SHARDED = _COMMIT.replace("redis.call('PUBLISH',", "redis.call('SPUBLISH',")
assert _COMMIT_SHARDED != _COMMIT, "the commit script no longer publishes as expected"

# A failover (no master for a slot yet), a node that has just become a replica, a cluster
# that lost a slot's owner, redirections that never settle (the library's "TTL exhausted" on the
# `cluster-library` path): the store cannot serve the session now.
_CLUSTER_DOWN = (ClusterError, ReadOnlyError, RedisClusterException)
_REDIRECTS = 16  # redirections followed before giving up (redis-py's own request TTL)
_TRY_AGAIN_S = (0.005, 0.1)  # first and longest wait while a slot's keys are being migrated


def parse_cluster_url(url: str) -> dict[str, Any]:
    """`redis+cluster://[[user]:password@]host:port[,host:port…]` (`rediss+cluster://`: TLS)."""
    if not url.startswith(SCHEMES):
        raise ValueError("a cluster URL starts with redis+cluster:// or rediss+cluster://")
    parts = urlsplit(url)
    userinfo, _, hosts = parts.netloc.rpartition("@")
    username, _, password = userinfo.partition(":")
    nodes = []
    for item in hosts.split(","):
        host, _, port = item.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError("each cluster node is host:port")
        nodes.append((host.strip("[]"), int(port)))
    return {
        "nodes": nodes,
        "username": unquote(username) or None,
        "password": unquote(password) or None,
        "ssl": parts.scheme == "rediss+cluster",
    }


class ClusterStore:
    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 2.0,
        prefix: str = "na",
        durability: str = "none",
        own_connections: bool = True,
        pipelining: bool = False,
    ) -> None:
        assert "{" not in prefix and "}" not in prefix, "braces in the prefix would break the hash tag"
        assert durability in ("none", "replica"), durability
        options = parse_cluster_url(url)
        self._prefix = prefix
        self._timeout_s = timeout_s
        self._deadlines = Deadlines(timeout_s)  # one sweeping timer, not a timer per command
        self._wait_ms = max(1, int(timeout_s * 500))  # half the store timeout: the rest is for the write
        self._durable = durability == "replica"
        self._own_connections = own_connections  # off: scripts through the library's execute_command
        # NA_REDIS_PIPELINING (on in the app; needs own connections): a turn's commands for one node share a write.
        self._pipelined = pipelining and own_connections
        self._pipelines: dict[str, tuple[ClusterNode, Pipeline]] = {}  # by node name, with the node it was made for
        self._cluster = RedisCluster(
            startup_nodes=[ClusterNode(host, port) for host, port in options["nodes"]],
            username=options["username"],
            password=options["password"],
            ssl=options["ssl"],
            socket_connect_timeout=timeout_s,
            socket_timeout=None,  # one deadline on the whole operation (`_call`), as on one Redis
            retry=Retry(NoBackoff(), 0),  # no resend inside redis-py: a lost reply may hide a landed write
            require_full_coverage=False,  # a shard without a master stops its own sessions only
        )
        self._refresh: asyncio.Task[None] | None = None  # the background refresh of the slot map
        self._scripts = {name: (script, _sha(script)) for name, script in (("create", _CREATE), ("load", _LOAD), ("commit", _COMMIT_SHARDED))}

    def _session(self, session_id: str) -> str:
        return f"{self._prefix}:s:{{{session_id}}}"

    async def _call(self, awaitable: Any) -> Any:
        try:
            return await self._deadlines.run(awaitable)
        except (*_DOWN, *_CLUSTER_DOWN) as exc:
            # As on one Redis: the type name only (messages name hosts, URLs may hold a password).
            raise StoreUnavailable(f"redis cluster unavailable: {type(exc).__name__}") from exc

    async def _map(self) -> None:
        """Learn the slot map inline on first use (nothing to route by until then). Later, when
        the library marks it stale after an error of its own (its execute_command, on the
        `cluster-library` path and in `ping`), refresh it in the background and keep routing by it."""
        if self._cluster._initialize:
            if self._cluster.nodes_manager.slots_cache:
                self._relearn()
            else:
                await self._cluster.initialize()

    async def _node(self, key: str) -> ClusterNode:
        await self._map()
        try:
            node = self._cluster.get_node_from_key(key)
        except SlotNotCoveredError:  # mid-failover the map may have no master for the slot yet
            node = None
        if node is None:
            self._relearn()
            raise ClusterDownError("no node serves the session's slot")
        return node

    def _relearn(self) -> None:
        """Learn the slot map again in the background, unless a refresh is already under way."""
        if self._refresh is None or self._refresh.done():
            self._refresh = asyncio.get_running_loop().create_task(self._learn())

    async def _learn(self) -> None:
        try:
            # Bounded: a node that accepts and never answers must not hold the refresh (and its lock).
            async with asyncio.timeout(self._timeout_s * 2):
                await self._cluster.nodes_manager.initialize()
            self._cluster._initialize = False  # the map is fresh again (the command table was learnt on first use)
        except Exception:  # nobody awaits this task: the map stays as it was, and the next
            pass  # failure starts another refresh

    async def _follow(self, error: MovedError) -> None:
        """Record the slot's owner that a MOVED names, for this slot alone (no full refresh)."""
        manager = self._cluster.nodes_manager
        manager.slots_cache.setdefault(error.slot_id, [])  # a slot the map lost mid-failover
        await manager.move_slot(error)

    def _node_at(self, host: str, port: int) -> ClusterNode:
        """The node at host:port that a redirection names, known to the map or added to it."""
        manager = self._cluster.nodes_manager
        node = manager.get_node(host=host, port=port)
        if node is None:  # a node that joined after the map was learnt
            node = ClusterNode(host, port, PRIMARY, **manager.connection_kwargs)
            manager.set_nodes(manager.nodes_cache, {node.name: node})
        return node

    async def _run(self, key: str, command: tuple[Any, ...], *, read_only: bool, wait: bool = False) -> Any:
        """One command of `key`'s slot on the node that owns it, following redirections.

        With `wait`, a `WAIT 1 <timeout>` follows the command on the same connection, in the
        same write; the reply counts only when a replica confirmed it. Pipelined (NA_REDIS_PIPELINING),
        a command with neither ASKING nor WAIT goes out with the others of this turn of the loop bound
        for the same node (`Pipeline`); its error reply (a redirection, NOSCRIPT) is its own, as alone.
        """
        asking: ClusterNode | None = None
        redirects = 0
        pause = _TRY_AGAIN_S[0]
        while redirects < _REDIRECTS:
            node = asking or await self._node(key)
            ask, asking = asking is not None, None
            try:
                if self._pipelined and not (ask or wait):
                    return await self._pipeline(node).send(_pack(command), read_only=read_only)
                return await self._alone(node, command, ask=ask, wait=wait)
            except MovedError as error:
                redirects += 1
                await self._follow(error)
            except AskError as error:
                redirects += 1
                asking = self._node_at(error.host, error.port)
            except TryAgainError:
                # Some of the session's keys have moved and some not yet: the migration of
                # its slot is under way. Wait for it, within the store timeout (`_call`).
                await asyncio.sleep(pause)
                pause = min(pause * 2, _TRY_AGAIN_S[1])
            except (*_DOWN, *_CLUSTER_DOWN):
                # The node is gone or no longer the master: relearn the layout, in the background.
                self._relearn()
                await node.disconnect_free_connections()
                raise
        raise ClusterDownError("too many redirections")

    async def _alone(self, node: ClusterNode, command: tuple[Any, ...], *, ask: bool = False, wait: bool = False) -> Any:
        """One command on a connection of its own to `node`, behind ASKING or before WAIT."""
        packed = _pack(command)
        if ask:
            packed = _pack(("ASKING",)) + packed
        if wait:
            packed += _pack(("WAIT", 1, self._wait_ms))
        connection = node.acquire_connection()
        try:
            await node.disconnect_if_needed(connection)
            if not connection.is_connected:
                await connection.connect()
            await connection.send_packed_command(packed, check_health=False)
            if ask:
                await connection.read_response()  # +OK
            try:
                reply = await connection.read_response()
            finally:
                if wait:  # read WAIT's reply whatever the command's was, so the connection stays in step
                    try:
                        replicas = await connection.read_response()
                    except ResponseError:  # a node demoted to replica mid-failover refuses WAIT
                        replicas = 0
            if wait and replicas < 1:
                raise StoreUnavailable("redis cluster: no replica confirmed the write in time")
            return reply
        finally:
            node.release(connection)

    def _pipeline(self, node: ClusterNode) -> Pipeline:
        """The pipeline of commands bound for `node` (one per node the map has named; a node the map
        replaced gets a new one)."""
        known = self._pipelines.get(node.name)
        if known is not None and known[0] is node:
            return known[1]
        made = Pipeline(
            take=node.acquire_connection,
            give_back=partial(_release, node),
            closed_by_server=lambda connection: connection.should_reconnect() or _closed_by_server(connection),
            down=_DOWN,
            deadlines=self._deadlines,
        )
        self._pipelines[node.name] = (node, made)
        return made

    async def _script(self, name: str, keys: list[str], args: list[Any], *, read_only: bool = False, wait: bool = False) -> Any:
        script, sha = self._scripts[name]
        if not self._own_connections:
            try:
                return await self._cluster.execute_command("EVALSHA", sha, len(keys), *keys, *args)
            except NoScriptError:
                return await self._cluster.execute_command("EVAL", script, len(keys), *keys, *args)
        try:
            return await self._run(keys[0], ("EVALSHA", sha, len(keys), *keys, *args), read_only=read_only, wait=wait)
        except NoScriptError:  # nothing ran; EVAL runs it and caches it on this node
            return await self._run(keys[0], ("EVAL", script, len(keys), *keys, *args), read_only=read_only, wait=wait)

    @property
    def ordered_commits(self) -> bool:
        """Commits issued in order go out in order, as NA_CHAINED_WRITES wants: on our own connections a
        command is written to its slot's master as soon as it is issued (pipelined: at the start of the
        next turn of the loop, in the order issued). Two connections can still be served out of order
        (Redis reads its ready connections in its own order), so a session has one chain in flight at a
        time (`Sessions._hand_on`). Through redis-py's own path (NA_REDIS_OWN_CONNECTIONS off) a command
        may wait for a connection first."""
        return self._own_connections

    async def create(self, session_id: str, doc: bytes, ttl_ms: int) -> bool:
        key = self._session(session_id)
        created: int = await self._call(self._script("create", [key, f"{key}:log"], [doc, ttl_ms], wait=self._durable))
        return created == 1

    async def load(self, session_id: str, idempotency_key: str | None = None) -> Loaded | None:
        keys = load_keys(self._session(session_id), idempotency_key)
        return loaded(await self._call(self._script("load", keys, [], read_only=True)))

    async def commit(self, commit: Commit) -> bool:
        keys, args = commit_arguments(self._session(commit.session_id), commit)
        committed: int = await self._call(self._script("commit", keys, args, wait=self._durable))
        return committed == 1

    async def log(self, session_id: str, start: int, limit: int) -> list[bytes]:
        if limit <= 0:
            return []
        key = f"{self._session(session_id)}:log"
        entries: list[bytes] = await self._call(self._run(key, ("LRANGE", key, start, start + limit - 1), read_only=True))
        return entries

    async def recall(self, key: str) -> bytes | None:
        name = f"{self._prefix}:idem:{key}"
        answer: bytes | None = await self._call(self._run(name, ("GET", name), read_only=True))
        return answer

    async def remember(self, key: str, value: bytes, ttl_ms: int) -> bytes | None:
        name = f"{self._prefix}:idem:{key}"
        command = ("SET", name, value, "PX", ttl_ms, "NX", "GET")
        earlier: bytes | None = await self._call(self._run(name, command, read_only=False, wait=self._durable))
        return earlier

    @asynccontextmanager
    async def subscribe(self, session_id: str) -> AsyncIterator[AsyncIterator[bytes]]:
        """SSUBSCRIBE on the node that owns the session's slot; confirmed live inside the block."""
        channel = f"{self._session(session_id)}:events"
        pool: redis.ConnectionPool | None = None
        pubsub: PubSub | None = None
        try:
            for _ in range(_REDIRECTS):
                node = await self._call(self._node(channel))
                pool = redis.ConnectionPool(connection_class=node.connection_class, **node.connection_kwargs)
                pubsub = PubSub(pool)
                try:
                    await self._call(self._confirmed(pubsub, channel))
                    break
                except MovedError as error:  # the map was stale: follow the slot, subscribe again
                    await self._follow(error)
                    await pubsub.aclose()
                    await pool.aclose()
                    pubsub = pool = None
            else:
                raise StoreUnavailable("redis cluster: the session's slot kept moving")
            yield self._messages(pubsub)
        finally:
            if pubsub is not None:
                await pubsub.aclose()
            if pool is not None:
                await pool.aclose()

    @staticmethod
    async def _confirmed(pubsub: PubSub, channel: str) -> None:
        await pubsub.ssubscribe(channel)
        while True:
            message = await pubsub.get_message(timeout=None)
            if message is not None and message["type"] == "ssubscribe":
                return

    async def _messages(self, pubsub: PubSub) -> AsyncIterator[bytes]:
        while True:
            try:
                message = await pubsub.get_message(timeout=None)  # quiet tables wait long
            except (*_DOWN, *_CLUSTER_DOWN) as exc:
                self._relearn()
                raise StoreUnavailable(f"redis cluster unavailable: {type(exc).__name__}") from exc
            if message is None:
                continue
            if message["type"] == "smessage":
                yield message["data"]
            elif message["type"] == "sunsubscribe":
                # The slot moved to another node (or the node lost it in a failover): the
                # follower subscribes again where it lives now and fills the gap from the log.
                # No refresh: the old owner answers the next command, or SSUBSCRIBE, with a MOVED
                # that names the new one (and a dead node's error starts a refresh).
                raise StoreUnavailable("redis cluster: the session's slot moved")

    async def events(self, session_id: str) -> AsyncGenerator[bytes, None]:
        async with self.subscribe(session_id) as messages:
            async for message in messages:
                yield message

    async def ping(self) -> None:
        """Ready when the cluster answers and every slot has a master."""
        async def check() -> None:
            await self._map()
            try:
                info = await self._cluster.cluster_info()
            except RedisError:
                self._relearn()
                raise
            if info.get("cluster_state") != "ok":
                self._relearn()
                raise ClusterDownError("cluster state is not ok")

        await self._call(check())

    async def aclose(self) -> None:
        if self._refresh is not None:
            self._refresh.cancel()
            with suppress(asyncio.CancelledError):
                await self._refresh
        await self._cluster.aclose()


async def _release(node: ClusterNode, connection: Any) -> None:
    node.release(connection)


def _sha(script: str) -> str:
    return hashlib.sha1(script.encode()).hexdigest()
