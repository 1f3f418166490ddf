"""The route index finds the route Starlette's scan would find, and leaves the rest to the scan."""

from __future__ import annotations

import pytest
from starlette.routing import Match, Route

from support.api import Api


def _scan(routes, scope):
    for route in routes:
        match, _ = route.matches(scope)
        if match is Match.FULL:
            return route
    return None


def test_every_route_is_found_by_the_index_as_by_the_scan(api: Api) -> None:
    router = api.client.app.router
    checked = 0
    for route in router.routes:
        if not isinstance(route, Route):
            continue
        for method in route.methods or ():
            path = route.path.replace("{sessionId}", "s3ss10n").replace("{code:path}", "dice/limit-exceeded")
            scope = {"type": "http", "path": path, "root_path": "", "method": method}
            indexed = next((r for _, r in router._candidates(path) if r.matches(scope)[0] is Match.FULL), None)
            scanned = _scan(router.routes, scope)
            assert indexed is None or indexed is scanned, path
            checked += indexed is not None
    assert checked > 150  # every operation route is indexed


@pytest.mark.parametrize("switches", [{}, {"route_index": False}], ids=["index", "scan"])
def test_wrong_method_unknown_path_and_trailing_slash_keep_starlettes_answers(api: Api) -> None:
    assert api.get("/v1/dice/roll").status_code == 405
    assert api.get("/v1/sessions/abc/dice/roll").status_code == 405
    assert api.get("/v1/nowhere").status_code == 404
    assert api.get("/v1/sessions/abc/nowhere").status_code == 404
    assert api.get("/v1/sessions/abc/log").status_code == 401  # found: asks for a token
    assert api.get("/problems/dice/limit-exceeded").status_code == 200
    assert api.post("/v1/dice/roll", {"expression": "1d6"}).status_code == 200


def test_a_path_ending_in_a_newline_is_left_to_starlettes_scan(api: Api) -> None:
    router = api.client.app.router
    assert router._candidates("/v1/sessions/abc/log\n") == []
    assert router._candidates("/v1/sessions/abc/log")  # the same path without it is indexed
