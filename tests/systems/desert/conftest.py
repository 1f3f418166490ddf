"""The `api` fixture, built once per test module for each store.

Building the app (every system's REST routes, OpenAPI document and GraphQL schema) costs
seconds of CPU; desert's HTTP tests only ever touch sessions they create themselves, so
one app per module and store keeps the suite fast without sharing any state between tests.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from support.api import Api, make_settings


@pytest.fixture(scope="module", params=["memory", "redis"])
def api(request) -> Iterator[Api]:
    if request.param == "memory":
        app = create_app(make_settings("memory"))
    else:
        from service.sessions.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        app = create_app(make_settings("redis", url), store=RedisStore(url, prefix=f"t{uuid.uuid4().hex[:12]}"))
    with TestClient(app) as client:
        yield Api(client, request.param)
