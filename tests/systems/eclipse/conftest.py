"""The shared `api` fixture, built once per module and backend instead of once per test.

Building the whole app (every game's REST routes, OpenAPI and GraphQL schema) takes seconds;
these tests only create sessions of their own, so one app per backend per module keeps the
suite fast without changing what is tested: the same app, on the memory store and on Redis.
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
        app = create_app(make_settings("redis", url), store=RedisStore(url, prefix=f"e{uuid.uuid4().hex[:12]}"))
    with TestClient(app) as client:
        yield Api(client, request.param)
