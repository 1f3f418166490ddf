"""The speed switches: parsed strictly, and on or off, the same answers."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.config import ConfigError, Settings
from support.api import make_settings, pin_entropy, redis_store

SWITCHES = {
    "NA_GRAPHQL_PLANS": "graphql_plans",
    "NA_GRAPHQL_DIRECT_ARGUMENTS": "graphql_direct_arguments",
    "NA_MECHANIC_ROUTES": "mechanic_routes",
    "NA_REDIS_OWN_CONNECTIONS": "redis_own_connections",
    "NA_REDIS_PIPELINING": "redis_pipelining",
    "NA_CHAINED_WRITES": "chained_writes",
    "NA_PLAIN_ENDPOINTS": "plain_endpoints",
    "NA_GC_TUNING": "gc_tuning",
}


@pytest.mark.parametrize("variable", SWITCHES)
def test_each_switch_is_on_by_default_and_reads_on_and_off(variable: str) -> None:
    name = SWITCHES[variable]
    assert getattr(Settings.from_env({}), name) is True
    assert getattr(Settings.from_env({variable: ""}), name) is True
    for off in ("off", "OFF", "false", "0", " off "):
        assert getattr(Settings.from_env({variable: off}), name) is False, off
    for on in ("on", "True", "1"):
        assert getattr(Settings.from_env({variable: on}), name) is True, on


@pytest.mark.parametrize("variable", SWITCHES)
@pytest.mark.parametrize("value", ["no", "yes", "2", "enabled", "o n"])
def test_any_other_value_refuses_to_start(variable: str, value: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        Settings.from_env({variable: value})


def test_the_readme_documents_each_switch_with_its_default() -> None:
    table = (Path(__file__).resolve().parents[2] / "README.md").read_text().split("## Configuration", 1)[1]
    for variable in SWITCHES:
        assert f"| `{variable}` | `on` |" in table, variable


# -- on or off, the same answers ----------------------------------------------------------------

# The heap switch acts in the server's entry points, not in the app (tests/api/test_heap.py).
OFF = [
    pytest.param({name: False}, id=variable.removeprefix("NA_").lower())
    for variable, name in SWITCHES.items()
    if name != "gc_tuning"
]
# What a client reads besides the body; the request id is fresh per request and left out.
HEADERS = ("content-type", "content-length", "etag", "allow", "location", "retry-after", "cache-control")
_TIME = re.compile(rb'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"')  # createdAt, updatedAt, a log entry's `at`

ROLL = "mutation Roll($e: String!) { diceRoll(input: {expression: $e}) { result { total formula dice { results { result active } } } audit { seed draws { sides face } } } }"
ROLL_INPUT = "mutation R($input: DiceRollInput!) { diceRoll(input: $input) { result { total text } audit { nonce } } }"
IN_SESSION = "mutation($id: ID!, $e: String!, $v: Int) { diceRollInSession(sessionId: $id, input: {expression: $e}, expectedVersion: $v) { version seq result { total } } }"
LOG = "query($id: ID!, $n: Int) { sessionLog(sessionId: $id, limit: $n) { entries { seq action hidden } nextCursor } }"


def _answers(client: TestClient, tag: str) -> list[tuple]:
    """One run of requests over every switched path: REST and GraphQL, answers and refusals, sessions."""
    out: list[tuple] = []

    def keep(response: Any) -> Any:
        headers = {name: response.headers.get(name) for name in HEADERS}
        out.append((response.request.method, response.request.url.path, response.status_code, _TIME.sub(b'"<time>"', response.content), headers))
        return response

    def post(path: str, body: Any = None, **kwargs: Any) -> Any:
        return keep(client.post(path, json=body, follow_redirects=False, **kwargs))

    def gql(query: str, variables: dict, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        # A fresh text per run (of the same length: errors keep their locations): learned, then planned.
        return post("/graphql", {"query": f"# {tag}\n{query}", "variables": variables}, headers=headers)

    post("/v1/dice/roll", {"expression": "4d6kh3+2", "seed": "s"})
    post("/v1/dice/roll", {"expression": "2d20kh1", "clientSeed": "c"})  # the service picks the seed
    post("/v1/dice/roll", {"expression": "1d6"}, headers={"Idempotency-Key": "k-1"})
    post("/v1/dice/roll", {"expression": "1d6"}, headers={"Idempotency-Key": "k-1"})  # the stored answer
    post("/v1/dice/roll", {"expression": "1000001d6"})
    post("/v1/dice/roll", {"expression": 7})
    keep(client.post("/v1/dice/roll", content=b'{"expression": "1d6"', headers={"Content-Type": "application/json"}))
    keep(client.post("/v1/dice/roll", content=b"1d6", headers={"Content-Type": "text/plain"}))
    keep(client.post("/v1/dice/roll", content=b"x" * 300_000, headers={"Content-Type": "application/json"}))
    post("/v1/ncb/d20-test", {"modifier": 2, "dv": 10, "seed": "s"})
    post("/v1/verify", {"record": {}})
    keep(client.get("/v1/mechanics"))
    keep(client.get("/v1/dice/roll"))  # 405
    keep(client.get("/v1/nowhere"))
    post("/v1/ncb/nowhere", {})
    post("/v1/dice/roll/", {"expression": "1d6"})  # trailing slash: a redirect
    post("/v1/dice/roll%0A", {"expression": "1d6", "seed": "s"})
    keep(client.get("/problems/dice/limit-exceeded"))
    keep(client.get("/problems/nope"))
    keep(client.get("/healthz"))

    created = post("/v1/sessions", {"system": "dice", "seats": [{"name": "gm", "role": "gm"}, {"name": "ana"}]}).json()
    sid, gm, ana = created["session"]["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    auth, bad = {"Authorization": f"Bearer {gm}"}, {"Authorization": "Bearer nat_forged"}
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "3d6"}, headers=auth)
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6", "visibility": "blind"}, headers={"Authorization": f"Bearer {ana}"})
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, headers={**auth, "If-Match": '"1"'})  # 412
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, headers={**auth, "Idempotency-Key": "s-1"})
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, headers={**auth, "Idempotency-Key": "s-1"})
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"})  # 401
    post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, headers=bad)  # 403
    post("/v1/sessions/nope/dice/roll", {"expression": "1d6"}, headers=auth)  # 404
    keep(client.get(f"/v1/sessions/{sid}", headers=auth))
    keep(client.get(f"/v1/sessions/{sid}/log", params={"limit": 2}, headers={"Authorization": f"Bearer {ana}"}))
    post(f"/v1/sessions/{sid}", {})  # 405
    post(f"/v1/sessions/{sid}/close", {}, headers=auth)

    for _ in range(3):  # learned, then answered by its plan (if plans are on)
        gql(ROLL, {"e": "4d6kh3+2"})
        gql(ROLL_INPUT, {"input": {"expression": "2d8!", "seed": "g"}})
    gql(ROLL, {"e": "1000001d6"})  # a refusal
    gql(ROLL, {"e": 7})  # variables that do not coerce
    gql(ROLL, {})
    gql(ROLL_INPUT, {"input": {"expression": "1d6", "nope": 1}})
    gql("mutation { diceRoll(input: {expression: \"1d6\"}) { result { nope } } }", {})
    created = post("/v1/sessions", {"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}).json()
    sid, gm = created["session"]["id"], created["seats"][0]["token"]
    for version in (1, 2, 2, 3):
        gql(IN_SESSION, {"id": sid, "e": "2d6", "v": version}, gm)  # the second 2: a version conflict
    gql(IN_SESSION, {"id": sid, "e": "2d6"})  # no token
    gql(LOG, {"id": sid, "n": 2}, gm)
    gql(LOG, {"id": sid, "n": 2}, gm)
    gql(LOG, {"id": sid, "n": 2.5}, gm)

    metrics = client.get("/metrics").text  # the route templates the requests were counted under
    out.append(sorted(line for line in metrics.splitlines() if line.startswith("neon_arbiter_http_requests_total{")))
    return out


def _run(backend: str, switches: dict[str, bool], request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    pin_entropy(monkeypatch)
    url = request.getfixturevalue("redis_url") if backend == "redis" else None
    settings = make_settings(backend, url, **switches)
    store = redis_store(settings, url) if url else None
    with TestClient(create_app(settings, store=store)) as client:
        return _answers(client, tag="run-" + uuid.uuid4().hex)


@pytest.mark.parametrize("backend", ["memory", "redis"])
@pytest.mark.parametrize("off", OFF)
def test_the_same_requests_answer_the_same_with_a_switch_off(backend: str, off: dict[str, bool], request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    on = _run(backend, {}, request, monkeypatch)
    assert len(on) > 50 and {status for _, _, status, _, _ in on[:-1]} >= {200, 201, 307, 401, 403, 404, 405, 412, 413, 415, 422}
    assert _run(backend, off, request, monkeypatch) == on
