"""The two mechanic routes answer every path as one Starlette route per operation does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from service.api.app import create_app
from service.systems import REGISTRY
from support.api import Api, make_settings


@pytest.fixture(scope="module")
def both() -> Iterator[tuple[TestClient, TestClient]]:
    """The app with the two mechanic routes, and with one route per operation (NA_MECHANIC_ROUTES off)."""
    with TestClient(create_app(make_settings("memory"))) as on, TestClient(create_app(make_settings("memory", mechanic_routes=False))) as off:
        yield on, off


def _label(client: TestClient, method: str, status: int) -> list[str]:
    """The route labels the metrics counted `method` requests answered `status` under."""
    prefix = f'neon_arbiter_http_requests_total{{method="{method}",'
    return sorted(line.split('route="')[1].split('"')[0] for line in client.get("/metrics").text.splitlines() if line.startswith(prefix) and f'status="{status}"' in line)


def _form_paths(client: TestClient) -> list[str]:
    return [route.path for route in client.app.router.routes if isinstance(route, Route)]


def test_the_mechanic_routes_stand_behind_the_platform_routes_when_the_lane_takes_mechanics_first(
    both: tuple[TestClient, TestClient],
) -> None:
    on, off = both
    paths = _form_paths(on)
    # The lane (service/api/lane.py) answers the mechanics before the router: the routes the app lists
    # before the first mechanic's (/healthz, the session routes...) come first, then the four forms. A POST
    # to /graphql takes the lane too, so the probes and the scrape stand before its route.
    at = [n for n, path in enumerate(paths) if "{mechanic:" in path]
    assert len(at) == 4 and at == list(range(at[0], at[0] + 4))
    assert paths[:4] == ["/healthz", "/readyz", "/metrics", "/graphql"] and "/v1/sessions" in paths[: at[0]]
    mechanics = REGISTRY.mechanics.values()
    forms = sum((mech.resolve is not None) + mech.in_session + (mech.odds is not None) + (mech.session_odds is not None) for mech in mechanics)
    fronts = 2 + any(mech.odds for mech in mechanics) + any(mech.session_odds for mech in mechanics)  # the odds' two
    assert len(off.app.router.routes) - len(on.app.router.routes) == forms - fronts  # every mechanic, every form


def test_without_the_lane_the_two_mechanic_routes_stand_in_front_of_the_platform_routes() -> None:
    with TestClient(create_app(make_settings("memory", plain_endpoints=False))) as client:
        paths = _form_paths(client)
    assert paths[0].startswith("/v1/{mechanic:") and paths[1].startswith("/v1/sessions/{sessionId}/{mechanic:")
    assert paths[4:8] == ["/graphql", "/healthz", "/readyz", "/metrics"]  # the router meets every /graphql POST


@pytest.mark.parametrize("method", ["POST", "GET"])
def test_every_operation_answers_and_is_labelled_as_by_its_own_route(both: tuple[TestClient, TestClient], method: str) -> None:
    on, off = both
    operations = on.app.state.operations
    for op in operations:
        path = op.path.replace("{sessionId}", "s3ss10n")
        answers = [client.request(method, path, json={}, follow_redirects=False) for client in both]
        assert (answers[0].status_code, answers[0].content) == (answers[1].status_code, answers[1].content), (method, path)
        assert answers[0].headers.get("allow") == answers[1].headers.get("allow"), (method, path)
    for status in (401, 405, 422):
        labels = _label(on, method, status)
        assert labels == _label(off, method, status)
        assert all("{mechanic" not in label for label in labels)  # the mechanic's template, never the two routes'
    if method == "POST":  # this case's own requests: the GET case may run in another worker, with other apps
        assert _label(on, "POST", 422)[:1] and "/v1/ncb/d20-test" in _label(on, "POST", 422)


@pytest.mark.parametrize("switches", [{}, {"mechanic_routes": False}], ids=["mechanic-routes", "one-route-each"])
def test_wrong_method_unknown_path_and_trailing_slash_keep_starlettes_answers(api: Api) -> None:
    assert api.get("/v1/dice/roll").status_code == 405
    assert api.get("/v1/sessions/abc/dice/roll").status_code == 405
    assert api.get("/v1/nowhere").status_code == 404
    assert api.get("/v1/sessions/abc/nowhere").status_code == 404
    assert api.get("/v1/sessions/abc/log").status_code == 401  # found: asks for a token
    assert api.get("/problems/dice/limit-exceeded").status_code == 200
    assert api.post("/v1/dice/roll", {"expression": "1d6"}).status_code == 200
    assert api.post("/v1/sessions/abc", {}).status_code == 405  # the session's GET route, not a mechanic `sessions/abc`
    assert api.post("/v1/ncb/roll", {}).status_code == 404  # a system and a mechanic name that do not go together
    assert api.post("/v1/neuroscape/play-card", {}).status_code == 404  # a session-only mechanic
    redirect = api.client.post("/v1/dice/roll/", json={}, follow_redirects=False)
    assert (redirect.status_code, redirect.headers["location"]) == (307, "http://testserver/v1/dice/roll")
    assert api.client.post("/v1/ncb/roll/", json={}, follow_redirects=False).status_code == 404


def test_paths_with_an_odd_end_answer_as_starlettes_scan_answers_them(both: tuple[TestClient, TestClient]) -> None:
    # Starlette's `$` also matches before a final newline, so its own route takes `/v1/dice/roll\n`.
    for path in ("/v1/dice/roll%0A", "/v1/sessions/abc/dice/roll%0A", "/v1/dice/roll%0A%0A", "/v1/dice/roll/%0A", "/v1/dice/rol"):
        answers = [client.post(path, json={"expression": "1d6", "seed": "s"}, follow_redirects=False) for client in both]
        assert (answers[0].status_code, answers[0].content) == (answers[1].status_code, answers[1].content), path
    assert both[0].post("/v1/dice/roll%0A", json={"expression": "1d6"}).status_code == 200
