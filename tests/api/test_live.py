"""Live events (SSE and GraphQL subscriptions) and roll visibility, on every read path."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from redis_cluster import CLUSTER
from support.api import SECRET, Api
from support.processes import ServiceProcess

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}]


def _sse(text: str) -> list[dict]:
    frames = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":"))
        if "data" in lines:
            frames.append({"id": int(lines["id"]), **json.loads(lines["data"])})
    return frames


def _roll(api: Api, sid: str, who: str, visibility: str = "public", expression: str = "1d20"):
    response = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": expression, "visibility": visibility}, token=api.tokens[who])
    assert response.status_code == 200, response.text
    return response.json()


def test_sse_resumes_after_last_event_id_and_ends_at_close(api: Api) -> None:
    sid = api.create_session("dice", SEATS)["session"]["id"]
    for _ in range(3):
        _roll(api, sid, "ana")
    assert api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"]).status_code == 200
    response = api.get(f"/v1/sessions/{sid}/events", token=api.tokens["bo"], headers={"Last-Event-ID": "0"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    frames = _sse(response.text)
    assert [f["id"] for f in frames] == [1, 2, 3] and frames[-1]["action"] == "session/close"


def test_sse_refuses_bad_tokens_before_streaming(api: Api) -> None:
    sid = api.create_session("dice", SEATS)["session"]["id"]
    assert api.get(f"/v1/sessions/{sid}/events").status_code == 401
    assert api.get(f"/v1/sessions/{sid}/events", token="nat_forged").status_code == 403
    assert api.get("/v1/sessions/missing/events", token=api.tokens["gm"]).status_code == 404
    assert api.get(f"/v1/sessions/{sid}/events", token=api.tokens["gm"], headers={"Last-Event-ID": "x"}).status_code == 422


@pytest.mark.parametrize(
    ("visibility", "sees"),
    [("public", {"gm", "ana", "bo"}), ("gm", {"gm", "ana"}), ("blind", {"gm"}), ("self", {"ana"})],
)
def test_roll_visibility_holds_on_answer_log_and_events(api: Api, visibility: str, sees: set[str]) -> None:
    sid = api.create_session("dice", SEATS)["session"]["id"]
    answer = _roll(api, sid, "ana", visibility, "3d6")
    assert (answer["result"] is not None) == ("ana" in sees)
    for who in ("gm", "ana", "bo"):
        entry = api.get(f"/v1/sessions/{sid}/log", token=api.tokens[who]).json()["entries"][0]
        assert (entry["result"] is not None) == (who in sees), (who, entry)
        assert entry["hidden"] == (who not in sees)
        if who not in sees:
            assert entry["audit"] is None and entry["input"] is None
        graphql = api.gql_data(
            "query L($id: ID!) { sessionLog(sessionId: $id) { entries { hidden result audit { nonce } } } }", {"id": sid}, token=api.tokens[who]
        )["sessionLog"]["entries"][0]
        assert graphql["hidden"] == (who not in sees)
    assert api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"]).status_code == 200
    for who in ("gm", "ana", "bo"):
        frames = _sse(api.get(f"/v1/sessions/{sid}/events", token=api.tokens[who], headers={"Last-Event-ID": "0"}).text)
        assert [f["action"] for f in frames] == ["session/close"]
        entry = api.get(f"/v1/sessions/{sid}/log", token=api.tokens[who]).json()["entries"][0]
        assert entry["result"] is not None and entry["audit"] is not None  # closed: every seat may check every draw


def test_graphql_subscription_delivers_new_entries_as_the_seat_sees_them(memory_api: Api) -> None:
    api = memory_api
    sid = api.create_session("dice", SEATS)["session"]["id"]
    with api.client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"authorization": f"Bearer {api.tokens['bo']}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        query = "subscription S($id: ID!) { sessionEvents(sessionId: $id) { seq action hidden result } }"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"id": sid}}})
        _roll(api, sid, "ana", "public")
        _roll(api, sid, "ana", "self")
        first = ws.receive_json()
        second = ws.receive_json()
        assert first["type"] == "next" and first["payload"]["data"]["sessionEvents"]["seq"] == 0
        assert first["payload"]["data"]["sessionEvents"]["result"] is not None
        assert second["payload"]["data"]["sessionEvents"] == {"seq": 1, "action": "dice/roll", "hidden": True, "result": None}
        ws.send_json({"id": "1", "type": "complete"})


def test_graphql_subscription_without_a_token_is_refused(memory_api: Api) -> None:
    sid = memory_api.create_session("dice", SEATS)["session"]["id"]
    with memory_api.client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": "subscription S($id: ID!) { sessionEvents(sessionId: $id) { seq } }", "variables": {"id": sid}}})
        message = ws.receive_json()
        assert message["type"] in ("error", "next")
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "unauthorized"


@pytest.mark.slow
@pytest.mark.parametrize("store", ["redis", pytest.param("cluster", marks=CLUSTER)])
def test_sse_on_one_replica_sees_rolls_made_on_another(store: str, request: pytest.FixtureRequest) -> None:
    if store == "cluster":  # the cluster tests' two shared processes
        one_url, two_url = request.getfixturevalue("cluster_replicas")
        asyncio.run(_follow_across(one_url, two_url))
        return
    url = request.getfixturevalue("redis_url")
    with ServiceProcess(url, secret=SECRET) as one, ServiceProcess(url, secret=SECRET) as two:
        asyncio.run(_follow_across(one.url, two.url))


async def _follow_across(writer: str, reader: str) -> None:
    async with httpx.AsyncClient(timeout=20) as http:
        created = (await http.post(f"{writer}/v1/sessions", json={"system": "dice", "seats": SEATS})).json()
        sid = created["session"]["id"]
        token = {s["name"]: s["token"] for s in created["seats"]}
        received: list[dict] = []
        subscribed = asyncio.Event()

        async def listen() -> None:
            async with http.stream("GET", f"{reader}/v1/sessions/{sid}/events", headers={"Authorization": f"Bearer {token['bo']}"}) as response:
                assert response.status_code == 200
                # The service sends its headers only once subscribed, with where "new" starts fixed
                # (service/sessions/live.py): from here on no roll is missed.
                subscribed.set()
                buffer = ""
                async for chunk in response.aiter_text():
                    buffer += chunk
                    frames = _sse(buffer)
                    if len(frames) >= 3:
                        received.extend(frames)
                        return

        listener = asyncio.create_task(listen())
        ready = asyncio.create_task(subscribed.wait())
        await asyncio.wait({ready, listener}, timeout=15, return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        if listener.done():
            listener.result()  # its failure, if it failed before subscribing
        assert subscribed.is_set(), "the reader did not subscribe within 15 s"
        for visibility in ("public", "blind", "public"):
            roll = await http.post(f"{writer}/v1/sessions/{sid}/dice/roll", json={"expression": "2d6", "visibility": visibility}, headers={"Authorization": f"Bearer {token['ana']}"})
            assert roll.status_code == 200
        await asyncio.wait_for(listener, 15)
        assert [f["id"] for f in received] == [0, 1, 2]
        assert [f["hidden"] for f in received] == [False, True, False]
