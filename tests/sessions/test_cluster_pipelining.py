"""Pipelining on a Redis Cluster: the commands of one turn of the event loop bound for one node share
one connection and one write, and each caller still gets exactly its own reply or its own error.

The store's contract (tests/sessions/test_store_contract.py, `cluster-pipelined`) and the redirections
(tests/sessions/test_cluster_redirects.py, `pipelined`) run pipelined too; the pipeline itself, and how
it fails, is pinned on one Redis in tests/sessions/test_redis_pipelining.py."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio.connection import AbstractConnection

from redis_cluster import CLUSTER, RedisCluster
from service.api.app import make_store
from service.config import Settings
from service.sessions.cluster_store import ClusterStore
from service.sessions.store import Commit

pytestmark = list(CLUSTER)

TTL = 60_000


@pytest.fixture
async def store(redis_cluster: RedisCluster) -> AsyncIterator[ClusterStore]:
    store = ClusterStore(redis_cluster.url, prefix=f"t{uuid.uuid4().hex[:12]}", timeout_s=5.0, pipelining=True)
    await asyncio.wait_for(store._cluster.initialize(), 30)  # the first slot map, untimed
    yield store
    await store.aclose()


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """Socket writes of packed commands from now on, by the port of the node they went to."""
    counted: Counter[int] = Counter()
    original = AbstractConnection.send_packed_command

    async def counting(self: Any, command: Any, check_health: bool = True) -> None:
        counted[int(self.port)] += 1
        await original(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counting)
    return counted


async def _created(store: ClusterStore, count: int) -> list[str]:
    """`count` new sessions, created at once (spread over the masters by their ids)."""
    sessions = [uuid.uuid4().hex for _ in range(count)]
    assert all(await asyncio.gather(*(store.create(sid, b"d", TTL) for sid in sessions)))
    return sessions


def _step(session_id: str, version: int) -> Commit:
    return Commit(session_id, version - 1, version, b"doc %d" % version, TTL, log_entry=b"e%d" % version)


async def test_one_turns_commands_for_a_node_share_one_write_and_each_caller_gets_its_own_reply(
    store: ClusterStore, redis_cluster: RedisCluster, writes: Counter[int]
) -> None:
    keys = [f"k{n}" for n in range(30)]
    nodes = {redis_cluster.master_of(f"{store._prefix}:idem:{key}").port for key in keys}
    assert len(nodes) == 3  # thirty keys reach every master: the batches are per node
    await asyncio.gather(*(store.recall(f"warm{key}") for key in keys))  # a connection to each (connecting writes too)
    writes.clear()
    assert await asyncio.gather(*(store.remember(key, key.encode() * 2, TTL) for key in keys)) == [None] * 30
    assert sorted(writes) == sorted(nodes) and set(writes.values()) == {1}  # thirty commands, one write per node
    writes.clear()
    answers = await asyncio.gather(*(store.recall(key) for key in reversed(keys)))
    assert answers == [key.encode() * 2 for key in reversed(keys)]
    assert set(writes.values()) == {1}
    # Twelve sessions created, committed and read at once: each answer is its own session's.
    sessions = await _created(store, 12)
    assert all(await asyncio.gather(*(store.commit(_step(sid, 2)) for sid in sessions)))
    loaded = await asyncio.gather(*(store.load(sid) for sid in sessions))
    assert [(item.version, item.doc) for item in loaded if item is not None] == [(2, b"doc 2")] * 12
    assert await asyncio.gather(*(store.log(sid, 0, 5) for sid in sessions)) == [[b"e2"]] * 12


async def test_noscript_is_its_own_commands_in_a_nodes_batch_and_each_loads_the_script_and_runs(
    store: ClusterStore, redis_cluster: RedisCluster
) -> None:
    sessions = await _created(store, 9)
    for node in redis_cluster.masters():
        node.cli("script", "flush")  # every EVALSHA of the next batches answers NOSCRIPT; the LRANGEs do not
    answers = await asyncio.gather(*(store.commit(_step(sid, 2)) for sid in sessions), *(store.log(sid, 0, 5) for sid in sessions))
    assert answers[:9] == [True] * 9
    assert all(log in ([], [b"e2"]) for log in answers[9:])  # read before or after its own commit, never another's
    assert await asyncio.gather(*(store.log(sid, 0, 5) for sid in sessions)) == [[b"e2"]] * 9


async def test_a_moved_session_in_a_batch_follows_its_slot_and_the_others_land_where_they_are(
    store: ClusterStore, redis_cluster: RedisCluster
) -> None:
    sessions = await _created(store, 24)
    moving = sessions[0]
    slot = redis_cluster.slot_of(f"x{{{moving}}}")
    source = redis_cluster.master_of_slot(slot)
    target = next(node for node in redis_cluster.masters() if node is not source)
    await asyncio.to_thread(redis_cluster.move_slot, slot, target)
    # The store's map still names the source: the moving session's commit meets MOVED in the source's batch.
    assert all(await asyncio.gather(*(store.commit(_step(sid, 2)) for sid in sessions)))
    assert await asyncio.gather(*(store.log(sid, 0, 5) for sid in sessions)) == [[b"e2"]] * 24
    assert int(store._cluster.get_node_from_key(f"x{{{moving}}}").port) == target.port


def test_pipelining_reaches_the_cluster_store_unless_switched_off() -> None:
    base = {"NA_STORE": "redis+cluster://127.0.0.1:1,127.0.0.1:2", "NA_SEED_SECRET": "s" * 32}
    assert make_store(Settings.from_env(base))._pipelined  # type: ignore[attr-defined]
    off = Settings.from_env({**base, "NA_REDIS_PIPELINING": "off"})
    assert not make_store(off)._pipelined  # type: ignore[attr-defined]
    library = Settings.from_env({**base, "NA_REDIS_OWN_CONNECTIONS": "off"})
    assert not make_store(library)._pipelined  # type: ignore[attr-defined]  # it rides on the store's own connections
