"""One app per store for the whole NCB suite, instead of one per test.

Building the app derives REST routes, the OpenAPI document and the GraphQL schema from
every registered mechanic, which takes seconds; so these tests build it once per store,
from a registry holding only `ncb` (and `dice`, usable in any session). The sessions each
test creates have fresh random ids, so they never meet. This `api` overrides the platform
fixture of the same name for these tests only.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from support.api import Api, make_settings

from service.api.app import create_app
from service.registry import Registry
from service.systems import REGISTRY

_SYSTEMS = ("ncb", "dice")


def _ncb_registry() -> Registry:
    registry = Registry()
    for system in _SYSTEMS:
        registry.add_system(REGISTRY.systems[system])
    for mechanic in REGISTRY.mechanics.values():
        if mechanic.system in _SYSTEMS:
            registry.add(mechanic)
    return registry


@pytest.fixture(scope="session", params=["memory", "redis"])
def shared_client(request) -> Iterator[tuple[TestClient, str]]:
    if request.param == "memory":
        app = create_app(make_settings("memory"), registry=_ncb_registry())
    else:
        from service.sessions.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        store = RedisStore(url, prefix=f"ncb{uuid.uuid4().hex[:12]}")
        app = create_app(make_settings("redis", url), store=store, registry=_ncb_registry())
    with TestClient(app) as client:
        yield client, request.param


@pytest.fixture
def api(shared_client: tuple[TestClient, str]) -> Api:
    client, backend = shared_client
    return Api(client, backend)
