"""The cluster store follows a slot that moves to the node the redirection names, at once.

A MOVED or ASK reply carries the host:port that serves the slot now; the store sends the
command there without waiting on a full refresh of the slot map (CLUSTER SLOTS), which under
load can take longer than the store timeout. Here every full refresh is made slower than that
timeout, so a request that waited on one would answer StoreUnavailable.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from redis_cluster import CLUSTER, ClusterNodeServer, RedisCluster
from service.sessions.cluster_store import ClusterStore
from service.sessions.store import Commit, StoreUnavailable

pytestmark = list(CLUSTER)

TTL = 60_000
TIMEOUT_S = 1.0  # the store timeout here: a third of a full refresh, and room for a busy machine
SLOW_S = 3.0  # how long a full refresh of the slot map takes in these tests


@pytest.fixture(params=["alone", "pipelined"])
async def store(redis_cluster: RedisCluster, request: pytest.FixtureRequest) -> AsyncIterator[ClusterStore]:
    pipelined = request.param == "pipelined"  # a redirection is one command's own error reply in its node's batch
    store = ClusterStore(redis_cluster.url, prefix=f"t{uuid.uuid4().hex[:12]}", timeout_s=TIMEOUT_S, pipelining=pipelined)
    # The first slot map is learnt here, untimed: its discovery (connections, CLUSTER SLOTS, the command table)
    # is not what these tests time, and on a loaded machine it took longer than the store timeout.
    await asyncio.wait_for(store._cluster.initialize(), 30)
    yield store
    await store.aclose()


def _slow_refreshes(store: ClusterStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on each full refresh of the store's slot map takes SLOW_S; returns a list that
    counts the refreshes started."""
    manager = store._cluster.nodes_manager
    kind = type(manager)  # slotted: the method is replaced on the class, for this manager only
    original = kind.initialize
    started: list[int] = []

    async def initialize(self: Any, *args: Any, **kwargs: Any) -> None:
        if self is manager:
            started.append(1)
            await asyncio.sleep(SLOW_S)
        await original(self, *args, **kwargs)

    monkeypatch.setattr(kind, "initialize", initialize)
    return started


def _step(session_id: str, version: int, event: bytes) -> Commit:
    return Commit(session_id, version - 1, version, b"d%d" % version, TTL, log_entry=b"e%d" % version, event=event)


def _elsewhere(cluster: RedisCluster, slot: int) -> tuple[ClusterNodeServer, ClusterNodeServer]:
    source = cluster.master_of_slot(slot)
    return source, next(node for node in cluster.masters() if node is not source)


async def test_the_first_requests_after_a_slot_moves_go_to_the_owner_that_moved_names(
    store: ClusterStore, redis_cluster: RedisCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = uuid.uuid4().hex
    key = f"x{{{sid}}}"  # the hash tag alone decides the slot
    assert await store.create(sid, b"d1", TTL)
    slot = redis_cluster.slot_of(key)
    source, target = _elsewhere(redis_cluster, slot)

    async with store.subscribe(sid) as events:
        assert await store.commit(_step(sid, 2, b"before"))
        assert await asyncio.wait_for(anext(events), 5) == b"before"
        refreshes = _slow_refreshes(store, monkeypatch)
        await asyncio.to_thread(redis_cluster.move_slot, slot, target)
        # The old owner ends the subscription when it gives the slot away.
        with pytest.raises(StoreUnavailable):
            await asyncio.wait_for(anext(events), 10)

    # Each of these meets the stale map first; each must succeed within the store timeout.
    loaded = await store.load(sid)
    assert loaded is not None and loaded.version == 2
    async with store.subscribe(sid) as events:  # SSUBSCRIBE follows its MOVED too
        assert await store.commit(_step(sid, 3, b"after"))
        assert await asyncio.wait_for(anext(events), 5) == b"after"
    assert await store.log(sid, 0, 10) == [b"e2", b"e3"]
    assert int(store._cluster.get_node_from_key(key).port) == target.port  # the map learnt the one slot
    assert refreshes == []  # and no request asked for a full refresh
    assert source is not target


async def test_a_request_during_a_slot_migration_goes_to_the_node_that_ask_names(
    store: ClusterStore, redis_cluster: RedisCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = uuid.uuid4().hex
    key = f"x{{{sid}}}"
    assert await store.create(sid, b"d1", TTL)
    assert await store.commit(_step(sid, 2, b"e"))
    slot = redis_cluster.slot_of(key)
    source, target = _elsewhere(redis_cluster, slot)
    refreshes = _slow_refreshes(store, monkeypatch)
    source_id, target_id = source.cli("cluster", "myid").strip(), target.cli("cluster", "myid").strip()
    target.cli("cluster", "setslot", str(slot), "importing", source_id)
    source.cli("cluster", "setslot", str(slot), "migrating", target_id)
    try:
        while keys := source.cli("cluster", "getkeysinslot", str(slot), "10").split():
            source.cli("migrate", "127.0.0.1", str(target.port), "", "0", "5000", "KEYS", *keys)
        # Every key of the session is on the importing node now: the source answers ASK.
        loaded = await store.load(sid)
        assert loaded is not None and loaded.version == 2
        assert await store.commit(_step(sid, 3, b"e"))
        assert await store.log(sid, 0, 10) == [b"e2", b"e3"]
        assert int(store._cluster.get_node_from_key(key).port) == source.port  # ASK moves nothing in the map
    finally:
        for node in [target, source, *redis_cluster.masters()]:
            node.cli("cluster", "setslot", str(slot), "node", target_id)
    assert refreshes == []
