"""One client for REST and GraphQL, over an app on the memory store or on a real Redis."""

from __future__ import annotations

import types
import typing
import uuid
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import BaseModel

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
    _input_types: dict[str, str] = field(default_factory=dict, repr=False)  # mutation field -> its input type

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

    def input_type(self, field_name: str) -> str:
        """The GraphQL type of a mutation's `input` argument, as a variable declares it (`NcbAttackInput!`), of a mutation or a query."""
        if not self._input_types:  # asked of this app's schema (apps in one run may serve different systems)
            for item in [f for root in ("Mutation", "Query") for f in self.gql_data(_ROOT_ARGS, {"root": root})["__type"]["fields"]]:
                for arg in item["args"]:
                    if arg["name"] == "input":
                        kind = arg["type"]
                        self._input_types[item["name"]] = f"{kind['ofType']['name']}!" if kind["kind"] == "NON_NULL" else kind["name"]
        return self._input_types[field_name]

    def mechanic_query(self, system: str, name: str, answer: str, *, in_session: bool = False) -> str:
        """The mutation for one mechanic, stateless (`$input`) or in a session (`$id`, `$input`, `$v`), asking for `answer`."""
        field_name = mechanic_field(system, name, in_session=in_session)
        kind = self.input_type(field_name)
        if in_session:
            return (
                f"mutation M($id: ID!, $input: {kind}, $v: Int) "
                f"{{ {field_name}(sessionId: $id, input: $input, expectedVersion: $v) {{ {answer} }} }}"
            )
        return f"mutation M($input: {kind}) {{ {field_name}(input: $input) {{ {answer} }} }}"

    def mechanic(self, system: str, name: str, body: dict, answer: str, *, session: str | None = None, token: str | None = None) -> dict:
        """Call one mechanic over GraphQL (in `session` when given); returns its field of `data`."""
        query = self.mechanic_query(system, name, answer, in_session=session is not None)
        variables = {"input": body} if session is None else {"id": session, "input": body}
        return self.gql_data(query, variables, token=token)[mechanic_field(system, name, in_session=session is not None)]

    def mechanic_error(self, system: str, name: str, body: dict, answer: str = "__typename", *, session: str | None = None, token: str | None = None) -> dict:
        """Call one mechanic over GraphQL expecting a refusal; returns the first error."""
        query = self.mechanic_query(system, name, answer, in_session=session is not None)
        variables = {"input": body} if session is None else {"id": session, "input": body}
        return self.gql_error(query, variables, token=token)

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


_ROOT_ARGS = 'query($root: String!) { __type(name: $root) { fields { name args { name type { kind name ofType { name } } } } } }'


def pascal(name: str) -> str:
    """A mechanic's name as GraphQL spells it inside a field: `last-breath` -> `LastBreath`."""
    return "".join(part.capitalize() for part in name.split("-"))


def mechanic_field(system: str, name: str, *, in_session: bool = False) -> str:
    """The mutation field of a mechanic: `ncb`, `last-breath` -> `ncbLastBreath` (`ncbLastBreathInSession`)."""
    return system + pascal(name) + ("InSession" if in_session else "")


def selection(model: type[BaseModel]) -> str:
    """Every field of a wire model, nested models expanded: the whole result, as REST returns it."""
    parts = []
    for name, info in model.model_fields.items():
        inner = _model_in(info.annotation)
        alias = info.alias or name
        parts.append(f"{alias} {{ {selection(inner)} }}" if inner else alias)
    return " ".join(parts)


def _model_in(hint: Any) -> type[BaseModel] | None:
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return hint
    if typing.get_origin(hint) in (list, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(hint):
            found = _model_in(arg)
            if found is not None:
                return found
    return None


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


@pytest.fixture
def switches() -> dict[str, bool]:
    """Settings the `api` fixture's app is built with; a module overrides this to run with a switch off."""
    return {}


@pytest.fixture(params=["memory", "redis"])
def api(request, switches: dict[str, bool]) -> Iterator[Api]:
    """The app over each backend; Redis tests get a fresh key prefix on the shared server."""
    if request.param == "memory":
        app = create_app(make_settings("memory", **switches))
    else:
        url = request.getfixturevalue("redis_url")
        settings = make_settings("redis", url, **switches)
        app = create_app(settings, store=redis_store(settings, url))
    with TestClient(app) as client:
        yield Api(client, request.param)


# These tests check what the API answers, not how long the store may take: a create stalled past the 2 s
# default once, on a machine running other work on both cores. The store timeout has tests of its own
# (tests/sessions, tests/resilience), with stores and processes of their own.
BEHAVIOUR_STORE_TIMEOUT_S = 10.0


def redis_store(settings: Settings, url: str) -> Any:
    """A RedisStore on `url` under a fresh key prefix, as `settings` would make it (its timeout aside)."""
    from service.sessions.redis_store import RedisStore

    return RedisStore(
        url, prefix=f"t{uuid.uuid4().hex[:12]}", own_connections=settings.redis_own_connections, timeout_s=BEHAVIOUR_STORE_TIMEOUT_S
    )


@pytest.fixture
def memory_api() -> Iterator[Api]:
    with TestClient(create_app(make_settings("memory"))) as client:
        yield Api(client, "memory")


def pin_entropy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session ids, seat tokens and stateless seeds from counters (restarted by each call), so two
    apps fed the same requests give the same answers."""
    import itertools

    counter = itertools.count()
    monkeypatch.setattr("service.sessions.service.new_id", lambda: f"pinned-session-{next(counter):06d}")
    monkeypatch.setattr("service.sessions.service.new_token", lambda: f"nat_pinned-token-{next(counter):06d}")
    monkeypatch.setattr("service.api.operations.fresh_seed", lambda: f"{next(counter):064x}")
