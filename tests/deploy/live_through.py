"""A session followed live through a proxy: a GraphQL subscription (graphql-transport-ws over a
WebSocket) and an event stream (SSE) open side by side while rolls go through the same proxy.

Used by the balancer's and nginx's tests; the proxy spreads the requests over replicas that share
one Redis, so the rolls are made on other replicas than the ones holding the two streams.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

import httpx
from websockets.asyncio.client import ClientConnection, connect

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}]
SUBSCRIPTION = "subscription S($id: ID!, $after: Int) { sessionEvents(sessionId: $id, after: $after) { seq action hidden } }"
ROLLS = 3
WAIT_S = 20.0


@dataclass
class Followed:
    """What the two streams received, and which replicas answered the rolls."""

    subscription: list[dict] = field(default_factory=list)
    sse: list[dict] = field(default_factory=list)
    subscription_completed: bool = False
    sse_ended: bool = False
    handshake_status: int = 0
    rolls_served_by: list[str] = field(default_factory=list)


def _frames(text: str) -> list[dict]:
    frames = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":"))
        if "data" in lines:
            frames.append({"id": int(lines["id"]), **json.loads(lines["data"])})
    return frames


async def follow_through(base_url: str) -> Followed:
    """Open both streams through `base_url`, roll ROLLS times and close the session; each stream must
    show every entry (as seat `bo` sees it) soon after the roll that made it."""
    seen = Followed()
    async with httpx.AsyncClient(base_url=base_url, timeout=WAIT_S) as http:
        created = await http.post("/v1/sessions", json={"system": "dice", "seats": SEATS})
        assert created.status_code == 201, created.text
        sid = created.json()["session"]["id"]
        token = {seat["name"]: f"Bearer {seat['token']}" for seat in created.json()["seats"]}

        ws_url = base_url.replace("http", "ws", 1) + "/graphql"
        async with connect(ws_url, subprotocols=["graphql-transport-ws"], open_timeout=WAIT_S) as ws:
            seen.handshake_status = ws.response.status_code
            await ws.send(json.dumps({"type": "connection_init", "payload": {"authorization": token["bo"]}}))
            assert json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))["type"] == "connection_ack"
            variables = {"id": sid, "after": -1}  # from the first entry: nothing is lost to the subscribing race
            await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": SUBSCRIPTION, "variables": variables}}))

            async with http.stream("GET", f"/v1/sessions/{sid}/events", headers={"Authorization": token["bo"]}) as stream:
                assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
                chunks = stream.aiter_text()
                buffer = await asyncio.wait_for(anext(chunks), WAIT_S)  # the heartbeat sent on subscription
                assert buffer.startswith(":"), buffer

                async def next_sse(count: int) -> None:
                    nonlocal buffer
                    while len(_frames(buffer)) < count:
                        buffer += await anext(chunks)
                    seen.sse = _frames(buffer)

                for seq in range(ROLLS):
                    visibility = "blind" if seq == 1 else "public"
                    roll = await http.post(
                        f"/v1/sessions/{sid}/dice/roll", json={"expression": "2d6", "visibility": visibility}, headers={"Authorization": token["ana"]}
                    )
                    assert roll.status_code == 200, roll.text
                    seen.rolls_served_by.append(roll.headers["x-served-by"])
                    seen.subscription.append(await _next_event(ws))
                    await asyncio.wait_for(next_sse(seq + 1), WAIT_S)

                closed = await http.post(f"/v1/sessions/{sid}/close", headers={"Authorization": token["gm"]})
                assert closed.status_code == 200, closed.text
                seen.subscription.append(await _next_event(ws))
                await asyncio.wait_for(next_sse(ROLLS + 1), WAIT_S)
                try:  # the stream ends after the close, and the proxy ends it too
                    while True:
                        buffer += await asyncio.wait_for(anext(chunks), WAIT_S)
                except StopAsyncIteration:
                    seen.sse_ended = True
                seen.sse = _frames(buffer)
            done = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
            seen.subscription_completed = done == {"id": "1", "type": "complete"}
    return seen


async def _next_event(ws: ClientConnection) -> dict:
    message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
    assert message["type"] == "next", message
    return message["payload"]["data"]["sessionEvents"]


def check(seen: Followed) -> None:
    """Both streams saw the three rolls (the blind one hidden from `bo`) and the close, in order."""
    expected = [
        {"seq": 0, "action": "dice/roll", "hidden": False},
        {"seq": 1, "action": "dice/roll", "hidden": True},
        {"seq": 2, "action": "dice/roll", "hidden": False},
        {"seq": 3, "action": "session/close", "hidden": False},
    ]
    assert seen.handshake_status == 101
    assert seen.subscription == expected
    assert seen.subscription_completed
    assert [{"seq": f["seq"], "action": f["action"], "hidden": f["hidden"]} for f in seen.sse] == expected
    assert [f["id"] for f in seen.sse] == [0, 1, 2, 3]
    assert seen.sse_ended
