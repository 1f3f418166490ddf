"""What a declaration says reaches the wire: random vs deterministic vs read, typed state, refusals.

The toy system (toy_system.py) is declared with `system(…)` and `SYSTEM.mechanic(…)` only; every
form and policy below is the registry's, the same for each game.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from support.api import Api, make_settings
from toy_system import TOY, TOO_MUCH, ToyState

from service.api.app import create_app
from service.api.openapi import build_openapi
from service.api.operations import build_operations
from service.declare import load_state
from service.model import Model
from service.registry import Actor, Registry, system

REGISTRY = Registry.of(TOY)


@pytest.fixture(params=["memory", "redis"])
def toy(request: pytest.FixtureRequest) -> Iterator[Api]:
    if request.param == "memory":
        app = create_app(make_settings("memory"), registry=REGISTRY)
    else:
        from service.sessions.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        app = create_app(make_settings("redis", url), store=RedisStore(url, prefix=f"t{uuid.uuid4().hex[:12]}"), registry=REGISTRY)
    with TestClient(app) as client:
        yield Api(client, request.param)


def _session(toy: Api, cap: int = 10) -> str:
    created: str = toy.create_session("toy", setup={"cap": cap})["session"]["id"]
    return created


# -- random and deterministic --------------------------------------------------------------


def test_a_random_mechanic_takes_a_seed_and_answers_an_audit_record(toy: Api) -> None:
    first = toy.post("/v1/toy/flip", {"sides": 20, "seed": "fixed"}).json()
    again = toy.post("/v1/toy/flip", {"sides": 20, "seed": "fixed"}).json()
    assert first == again and first["audit"]["seed"] == "fixed" and len(first["audit"]["draws"]) == 1
    assert first["result"]["face"] == first["audit"]["draws"][0]["face"]


def test_a_deterministic_mechanic_takes_no_seed_and_answers_no_audit(toy: Api) -> None:
    answer = toy.post("/v1/toy/add", {"amount": 3, "total": 4})
    assert answer.status_code == 200 and answer.json() == {"result": {"total": 7}}
    seeded = toy.post("/v1/toy/add", {"amount": 3, "seed": "fixed"})
    assert seeded.status_code == 422 and seeded.json()["code"] == "validation-failed"
    assert toy.mechanic("toy", "add", {"amount": 2}, "result { total }") == {"result": {"total": 2}}


def test_the_contract_shows_which_mechanics_take_a_seed() -> None:
    schemas = build_openapi(build_operations(REGISTRY))["components"]["schemas"]
    assert {"seed", "clientSeed"} <= set(schemas["ToyFlipRequest"]["properties"])
    assert not {"seed", "clientSeed"} & set(schemas["ToyAddRequest"]["properties"])
    assert "audit" in schemas["ToyFlipResponse"]["properties"] and "audit" not in schemas["ToyAddResponse"]["properties"]


# -- reads -----------------------------------------------------------------------------------


def test_a_read_is_a_get_and_a_graphql_query(toy: Api) -> None:
    assert toy.post("/v1/toy/tally", {}).status_code == 405
    assert toy.get("/v1/toy/tally", params={"times": "2"}).json() == {"result": {"total": 0, "flips": 0}}
    assert toy.get("/v1/toy/tally", params={"times": "9"}).status_code == 422
    data = toy.gql_data("query { toyTally(times: 3) { result { total } } }")
    assert data == {"toyTally": {"result": {"total": 0}}}


def test_a_read_in_a_session_writes_no_log_entry_and_bumps_no_version(toy: Api) -> None:
    sid = _session(toy)
    gm = toy.tokens["gm"]
    assert toy.post(f"/v1/sessions/{sid}/toy/add", {"amount": 4}, token=gm).status_code == 200
    before = toy.get(f"/v1/sessions/{sid}", token=gm).json()
    read = toy.get(f"/v1/sessions/{sid}/toy/tally", params={"times": "2"}, token=toy.tokens["ana"])
    assert read.status_code == 200 and read.headers["etag"] == f'"{before["version"]}"'
    assert read.json() == {"sessionId": sid, "version": before["version"], "result": {"total": 8, "flips": 0}}
    assert toy.get(f"/v1/sessions/{sid}", token=gm).json() == before
    assert [e["action"] for e in toy.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"]] == ["toy/add"]
    query = "query Q($id: ID!) { toyTallyInSession(sessionId: $id, times: 1) { version result { total } } }"
    assert toy.gql_data(query, {"id": sid}, token=gm)["toyTallyInSession"] == {"version": before["version"], "result": {"total": 4}}


def test_a_read_in_a_session_still_asks_for_a_seat(toy: Api) -> None:
    sid = _session(toy)
    assert toy.get(f"/v1/sessions/{sid}/toy/tally").status_code == 401
    assert toy.get(f"/v1/sessions/{sid}/toy/tally", token="not-a-seat").status_code in (401, 403)


# -- typed state -------------------------------------------------------------------------------


def test_handlers_get_and_return_the_typed_state_and_the_session_stores_its_json(toy: Api) -> None:
    sid = _session(toy, cap=5)
    gm = toy.tokens["gm"]
    faces = [toy.post(f"/v1/sessions/{sid}/toy/flip", {"sides": 6}, token=gm).json()["result"]["face"] for _ in range(3)]
    assert toy.post(f"/v1/sessions/{sid}/toy/add", {"amount": 5}, token=gm).json()["result"] == {"total": 5}
    state = toy.get(f"/v1/sessions/{sid}", token=gm).json()["state"]
    assert state == {"total": 5, "flips": faces, "seenBy": state["seenBy"]}  # the system's view, over the typed state
    assert state["seenBy"] is not None


def test_the_stored_state_loads_lists_back_into_tuples() -> None:
    assert load_state(ToyState, {"cap": 3, "total": 1, "flips": [2, 5]}) == ToyState(cap=3, total=1, flips=(2, 5))


# -- refusals ----------------------------------------------------------------------------------


def test_a_rule_refusal_is_422_stateless_and_its_tables_status_in_a_session(toy: Api) -> None:
    alone = toy.post("/v1/toy/add", {"amount": 8, "total": 5, "cap": 10})
    assert (alone.status_code, alone.json()["code"], alone.json()["status"]) == (422, TOO_MUCH, 422)
    error = toy.mechanic_error("toy", "add", {"amount": 8, "total": 5})
    assert (error["extensions"]["code"], error["extensions"]["status"]) == (TOO_MUCH, 422)

    sid = _session(toy, cap=6)
    gm = toy.tokens["gm"]
    before = toy.get(f"/v1/sessions/{sid}", token=gm).json()
    shared = toy.post(f"/v1/sessions/{sid}/toy/add", {"amount": 7}, token=gm)
    assert (shared.status_code, shared.json()["code"], shared.json()["title"]) == (409, TOO_MUCH, "The pile would pass its cap")
    assert toy.get(f"/v1/sessions/{sid}", token=gm).json() == before


def test_every_code_has_a_problem_page(toy: Api) -> None:
    page = toy.get(f"/problems/{TOO_MUCH}")
    assert page.status_code == 200
    assert page.json() == {
        "type": f"/problems/{TOO_MUCH}",
        "code": TOO_MUCH,
        "status": 409,
        "title": "The pile would pass its cap",
        "why": "A pile holds at most `cap` counters.",
        "system": "toy",
        "statelessStatus": 422,
    }
    assert toy.get("/problems/toy/no-such-rule").status_code == 404


def test_each_operation_lists_the_codes_it_may_answer_with() -> None:
    paths = build_openapi(build_operations(REGISTRY))["paths"]
    stateless = paths["/v1/toy/add"]["post"]["x-problem-codes"]
    in_session = paths["/v1/sessions/{sessionId}/toy/add"]["post"]["x-problem-codes"]
    assert stateless[TOO_MUCH] == 422 and stateless["validation-failed"] == 422
    assert in_session[TOO_MUCH] == 409 and in_session["version-conflict"] == 412
    flip = paths["/v1/toy/flip"]["post"]["x-problem-codes"]
    assert TOO_MUCH in flip  # no list of its own: every code of its system


# -- declarations that cannot be served are refused when declared -------------------------------


class _In(Model):
    n: int = 0


class _Out(Model):
    n: int


def test_a_declaration_without_models_in_its_annotations_is_refused() -> None:
    game = system("bad", "Bad")

    def untyped(params, stream):  # type: ignore[no-untyped-def]  # the point of the test
        return {}

    with pytest.raises(AssertionError, match="annotated with a model"):
        game.mechanic("untyped", "No models", stateless=untyped)


def test_a_session_write_must_return_the_state_and_the_output() -> None:
    game = system("bad", "Bad")

    def half(state: dict, params: _In, actor: Actor) -> _Out:
        return _Out(n=1)

    with pytest.raises(AssertionError, match="returns tuple"):
        game.mechanic("half", "Returns no state", session=half)
    game.mechanic("half", "A read may", session=half, read=True)


def test_a_mechanic_cannot_name_a_code_its_system_lacks() -> None:
    game = system("bad", "Bad")

    def fine(params: _In) -> _Out:
        return _Out(n=params.n)

    with pytest.raises(AssertionError, match="codes its system does not have"):
        game.mechanic("fine", "Fine", stateless=fine, errors=("bad/nothing",))


def test_a_reads_required_parameter_is_required_over_graphql_too(toy: Api) -> None:
    sid = _session(toy)
    missing = toy.gql("query Q($id: ID!) { toyPeekInSession(sessionId: $id) { version } }", {"id": sid}, token=toy.tokens["gm"])
    assert "counter" in missing["errors"][0]["message"] and "required" in missing["errors"][0]["message"]
    asked = toy.gql_data("query Q($id: ID!) { toyPeekInSession(sessionId: $id, counter: 3) { result { flips } } }", {"id": sid}, token=toy.tokens["gm"])
    assert asked == {"toyPeekInSession": {"result": {"flips": 0}}}
    assert toy.get(f"/v1/sessions/{sid}/toy/peek", token=toy.tokens["gm"]).status_code == 422
