"""GraphQL subscriptions over a Redis Cluster: every event, also after the session's slot moved."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from redis_cluster import CLUSTER, RedisCluster
from service.api.app import create_app
from service.sessions.cluster_store import ClusterStore
from support.api import Api, make_settings

pytestmark = list(CLUSTER)

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}]


@pytest.fixture
def cluster_api(redis_cluster: RedisCluster) -> Iterator[Api]:
    settings = make_settings("redis", redis_cluster.url, store_timeout_seconds=2.0)
    store = ClusterStore(redis_cluster.url, prefix=f"t{uuid.uuid4().hex[:12]}")
    with TestClient(create_app(settings, store=store)) as client:
        # The first slot map is learnt here, untimed, on the app's own loop: its discovery
        # (connections, CLUSTER SLOTS, the command table) can outlast the store timeout on a loaded machine.
        client.portal.call(_learn_slot_map, store)
        yield Api(client, "cluster")


async def _learn_slot_map(store: ClusterStore) -> None:
    await asyncio.wait_for(store._cluster.initialize(), 30)


def _roll(api: Api, sid: str) -> int:
    response = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=api.tokens["ana"])
    assert response.status_code == 200, response.text
    return int(response.json()["audit"]["nonce"])


def test_a_subscription_sees_every_event_before_and_after_its_slot_moves(cluster_api: Api, redis_cluster: RedisCluster) -> None:
    api = cluster_api
    sid = api.create_session("dice", SEATS)["session"]["id"]
    slot = redis_cluster.slot_of(f"x{{{sid}}}")  # the hash tag alone decides the slot
    with api.client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"authorization": f"Bearer {api.tokens['gm']}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        # From the start of the log (`after: -1`): a roll sent before the subscription is live is caught up.
        query = "subscription S($id: ID!) { sessionEvents(sessionId: $id, after: -1) { seq action } }"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"id": sid}}})
        assert _roll(api, sid) == 0
        first = ws.receive_json()
        assert first["type"] == "next" and first["payload"]["data"]["sessionEvents"]["seq"] == 0

        source = redis_cluster.master_of_slot(slot)
        target = next(node for node in redis_cluster.masters() if node is not source)
        redis_cluster.move_slot(slot, target)
        assert redis_cluster.master_of_slot(slot) is target

        assert [_roll(api, sid) for _ in range(3)] == [1, 2, 3]
        after = [ws.receive_json()["payload"]["data"]["sessionEvents"]["seq"] for _ in range(3)]
        assert after == [1, 2, 3]  # none lost, none twice, across the move
        ws.send_json({"id": "1", "type": "complete"})
