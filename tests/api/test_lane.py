"""The mechanics' lane takes exactly the requests that name one mechanic's route, and hands Starlette the rest.

That its answers equal Starlette's for every operation is `test_routing.py`'s comparison of the default
app (lane on) with one route per operation (lane off); here: which requests take the lane at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.api.lane import MechanicLane
from support.api import make_settings


def _lane(app: Any) -> MechanicLane | None:
    """The lane in a built app's middleware stack, if there is one."""
    layer = app.middleware_stack
    while layer is not None:
        if isinstance(layer, MechanicLane):
            return layer
        layer = getattr(layer, "app", None)
    return None


class _Counting:
    """Starlette's part behind the lane, counting what reaches it."""

    def __init__(self, app: Any) -> None:
        self.app, self.paths = app, []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            self.paths.append(scope["path"])
        await self.app(scope, receive, send)


@pytest.fixture
def client() -> Iterator[tuple[TestClient, _Counting]]:
    with TestClient(create_app(make_settings("memory"))) as client:
        client.get("/healthz")  # builds the middleware stack
        lane = _lane(client.app)
        assert lane is not None
        behind = lane.app = _Counting(lane.app)
        yield client, behind


def _session(client: TestClient) -> tuple[str, dict[str, str]]:
    made = client.post("/v1/sessions", json={"system": "ncb", "seats": [{"name": "gm", "role": "gm"}]}).json()
    return made["session"]["id"], {"Authorization": f"Bearer {made['seats'][0]['token']}"}


def test_a_mechanic_request_never_reaches_starlettes_router(client) -> None:
    client, behind = client
    sid, auth = _session(client)
    behind.paths.clear()
    roll = client.post("/v1/dice/roll", json={"expression": "2d6+1", "seed": "lane"})
    odds = client.post("/v1/ncb/d20-test/odds", json={"modifier": 3, "dv": 15})
    in_session = client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=auth)
    session_odds = client.post(f"/v1/sessions/{sid}/dice/roll/odds", json={"expression": "1d20"}, headers=auth)
    refused = client.post("/v1/dice/roll", json={"expression": "1d6 +"})
    unauthorized = client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"})
    assert [r.status_code for r in (roll, odds, in_session, session_odds, refused, unauthorized)] == [200, 200, 200, 200, 422, 401]
    assert roll.json()["result"]["total"] == client.post("/v1/dice/roll", json={"expression": "2d6+1", "seed": "lane"}).json()["result"]["total"]
    assert in_session.json()["sessionId"] == sid
    assert behind.paths == []


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/v1/dice/roll", 405),  # another method: Starlette's 405 with its Allow header
        ("POST", "/v1/dice/roll/", 307),  # a trailing slash: Starlette's redirect
        ("POST", "/v1/dice/nowhere", 404),
        ("POST", "/v1/sessions//dice/roll", 404),  # no session id: no `{sessionId}` to fill
        ("POST", "/v1/sessions/a/b/dice/roll", 404),  # a session id is one segment
        ("POST", "/v1/ncb/roll", 404),  # a system and a mechanic that do not go together
        ("GET", "/healthz", 200),
        ("PUT", "/graphql", 405),  # /graphql takes the lane for its own methods only
        ("POST", "/graphql/", 307),
    ],
)
def test_everything_else_goes_on_to_starlette(client, method: str, path: str, status: int) -> None:
    client, behind = client
    body = {"query": "{ __typename }"} if path.startswith("/graphql") else {"expression": "1d6"}
    answer = client.request(method, path, json=body, follow_redirects=False)
    assert answer.status_code == status
    assert behind.paths == [path]
    if status == 405:
        assert set(answer.headers["allow"].split(", ")) == ({"GET", "HEAD", "POST"} if path == "/graphql" else {"POST"})


def test_graphql_over_http_takes_the_lane_and_its_websocket_does_not(client) -> None:
    client, behind = client
    answer = client.post("/graphql", json={"query": "mutation { diceRoll(input: {expression: \"2d6\", seed: \"lane\"}) { result { total } } }"})
    assert answer.status_code == 200 and answer.json()["data"]["diceRoll"]["result"]["total"] in range(2, 13)
    page = client.get("/graphql")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert behind.paths == []
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as socket:
        socket.send_json({"type": "connection_init"})
        assert socket.receive_json()["type"] == "connection_ack"


def test_a_prefix_the_proxy_strips_is_not_part_of_the_mechanics_path() -> None:
    with TestClient(create_app(make_settings("memory")), root_path="/arbiter") as client:
        answer = client.post("/arbiter/v1/dice/roll", json={"expression": "1d6", "seed": "s"})
        assert answer.status_code == 200
        assert answer.json()["result"]["total"] in range(1, 7)


@pytest.mark.parametrize("switches", [{"mechanic_routes": False}, {"plain_endpoints": False}], ids=["no-mechanic-routes", "function-endpoints"])
def test_the_lane_is_there_only_with_both_switches_on(switches: dict[str, bool]) -> None:
    with TestClient(create_app(make_settings("memory", **switches))) as client:
        assert client.post("/v1/dice/roll", json={"expression": "1d6"}).status_code == 200
        assert _lane(client.app) is None
