"""One client for REST and GraphQL, over an app on the memory store or on a real Redis."""

from __future__ import annotations

import uuid
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402

from service.api.app import create_app  # noqa: E402
from service.config import Settings  # noqa: E402

SECRET = "test-secret-" + "x" * 32


@dataclass
class Api:
    client: TestClient
    backend: str
    tokens: dict[str, str] = field(default_factory=dict)

    # -- REST --------------------------------------------------------------------------
    def post(self, path: str, body: Any = None, *, token: str | None = None, headers: dict | None = None):
        return self.client.post(path, json=body if body is not None else {}, headers=_headers(token, headers))

    def get(self, path: str, *, token: str | None = None, params: dict | None = None, headers: dict | None = None):
        return self.client.get(path, params=params, headers=_headers(token, headers))

    # -- GraphQL -----------------------------------------------------------------------
    def gql(self, query: str, variables: dict | None = None, *, token: str | None = None) -> dict:
        response = self.client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=_headers(token, None))
        assert response.status_code == 200, response.text
        return response.json()

    def gql_data(self, query: str, variables: dict | None = None, *, token: str | None = None) -> dict:
        answer = self.gql(query, variables, token=token)
        assert "errors" not in answer, answer["errors"]
        return answer["data"]

    def gql_error(self, query: str, variables: dict | None = None, *, token: str | None = None) -> dict:
        answer = self.gql(query, variables, token=token)
        assert answer.get("errors"), f"expected an error, got {answer}"
        return answer["errors"][0]

    # -- sessions ----------------------------------------------------------------------
    def create_session(self, system: str, seats: list[dict] | None = None, *, setup: dict | None = None, client_seed: str = "") -> dict:
        """Create a session; returns its body, with `tokens[seat name]` set on this client."""
        body: dict[str, Any] = {"system": system, "seats": seats or [{"name": "gm", "role": "gm"}, {"name": "ana"}]}
        if setup is not None:
            body["setup"] = setup
        if client_seed:
            body["clientSeed"] = client_seed
        response = self.post("/v1/sessions", body)
        assert response.status_code == 201, response.text
        created = response.json()
        for seat in created["seats"]:
            self.tokens[seat["name"]] = seat["token"]
        return created


def _headers(token: str | None, extra: dict | None) -> dict:
    headers = dict(extra or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


def make_settings(backend: str, redis_url: str | None = None, **overrides: Any) -> Settings:
    store = "memory" if backend == "memory" else redis_url
    # Most tests fire requests faster than any player would; the limiter has tests of its own.
    overrides.setdefault("rate_limit_per_second", 0)
    return Settings(store=store, seed_secret=SECRET, **overrides)


@pytest.fixture(params=["memory", "redis"])
def api(request) -> Iterator[Api]:
    """The app over each backend; Redis tests get a fresh key prefix on the shared server."""
    if request.param == "memory":
        app = create_app(make_settings("memory"))
    else:
        from service.sessions.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        app = create_app(make_settings("redis", url), store=RedisStore(url, prefix=f"t{uuid.uuid4().hex[:12]}"))
    with TestClient(app) as client:
        yield Api(client, request.param)


@pytest.fixture
def memory_api() -> Iterator[Api]:
    with TestClient(create_app(make_settings("memory"))) as client:
        yield Api(client, "memory")
