"""Bad input and faults: no input answers 500, and an unexpected failure is still a problem+json."""

from __future__ import annotations

import json

import orjson
import pytest
from starlette.requests import Request
from starlette.routing import Route
from starlette.testclient import TestClient

import service.systems.dice.mechanics as dice_mechanics
from service.api.app import create_app
from support.api import Api, make_settings
from support.live import keep_alive, serving

PROBLEM = "application/problem+json"
MAX_VALUE = 2**31 - 1
OVERFLOWS = ["-1000000000*1000000000*10", "1d6*1000000000*1000000000*10", "1000000000*3"]
ROLL = "mutation R($e: String!) { diceRoll(input: {expression: $e}) { result { total } } }"
ROLL_IN_SESSION = "mutation R($id: ID!, $e: String!) { diceRollInSession(sessionId: $id, input: {expression: $e}) { version result { total } } }"
HUGE = "-80974138036023730688153878528"
SYSTEMS = ["dice", "neurosystem", "ncb", "eclipse", "desert", "neuroscape"]
SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}]


def _snapshot(api: Api, sid: str) -> tuple[int, dict, list]:
    view = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    log = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"]).json()["entries"]
    return view["version"], view["state"], log


def _raw(api: Api, path: str, raw: bytes, *, content_type: str | None = "application/json", token: str | None = None):
    headers = {} if content_type is None else {"content-type": content_type}
    if token:
        headers["authorization"] = f"Bearer {token}"
    return api.client.post(path, content=raw, headers=headers)


# -- I1: dice arithmetic stays within GraphQL's Int, on every protocol ---------------------------


@pytest.mark.parametrize("expression", OVERFLOWS)
def test_dice_arithmetic_past_max_value_is_a_422_naming_the_limit(api: Api, expression: str) -> None:
    response = api.post("/v1/dice/roll", {"expression": expression})
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM, response.text
    problem = response.json()
    assert (problem["code"], problem["limit"], problem["maximum"]) == ("dice/limit-exceeded", "maxValue", MAX_VALUE)
    error = api.gql_error(ROLL, {"e": expression})
    assert error["extensions"]["code"] == "dice/limit-exceeded" and error["extensions"]["limit"] == "maxValue"


def test_the_largest_total_is_carried_alike_by_rest_and_graphql(memory_api: Api) -> None:
    for expression, total in (("1000000000*2 + 147483647", MAX_VALUE), ("-1000000000*2 - 147483647", -MAX_VALUE)):
        assert memory_api.post("/v1/dice/roll", {"expression": expression}).json()["result"]["total"] == total
        assert memory_api.gql_data(ROLL, {"e": expression})["diceRoll"]["result"]["total"] == total
    over = memory_api.post("/v1/dice/roll", {"expression": "1000000000*2 + 147483648"})
    assert over.status_code == 422 and over.json()["limit"] == "maxValue"


def test_a_session_roll_past_max_value_is_refused_and_changes_nothing(api: Api) -> None:
    sid = api.create_session("dice", SEATS)["session"]["id"]
    before = _snapshot(api, sid)
    for expression in OVERFLOWS:
        response = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": expression}, token=api.tokens["ana"])
        assert response.status_code == 422 and response.json()["limit"] == "maxValue", response.text
        error = api.gql_error(ROLL_IN_SESSION, {"id": sid, "e": expression}, token=api.tokens["ana"])
        assert error["extensions"]["limit"] == "maxValue"
    assert _snapshot(api, sid) == before


def test_ncb_damage_dice_past_max_value_name_the_notation_limit(memory_api: Api) -> None:
    body = {"dice": "1d6*1000000000*1000000000*10", "target": {"hp": 20, "maxHp": 20}}
    response = memory_api.post("/v1/ncb/damage", body)
    assert response.status_code == 422 and response.json()["limit"] == "maxValue", response.text


# -- I1: an unexpected exception is a problem+json 500, and the connection lives on ---------------


class _Unserializable:
    """What a roll returns when a handler breaks its contract: a total no JSON encoder takes."""

    def to_dict(self) -> dict:
        return {"formula": "1d6", "total": 10**30, "dice": [], "text": "1d6 = ?"}


def _app_with_a_failing_route():
    app = create_app(make_settings("memory"))

    async def boom(request: Request):
        raise RuntimeError("token nat_do-not-leak-me in a message")

    app.router.routes.append(Route("/test-only/boom", boom, methods=["GET"]))
    return app


def test_an_unexpected_exception_is_a_problem_500_that_shows_nothing_of_it() -> None:
    with TestClient(_app_with_a_failing_route()) as client:
        response = client.get("/test-only/boom")
    assert response.status_code == 500 and response.headers["content-type"] == PROBLEM
    assert response.json()["code"] == "internal-error"
    assert "nat_do-not-leak-me" not in response.text and "Traceback" not in response.text
    assert "RuntimeError" not in response.text and response.headers["x-request-id"]


def test_an_answer_that_cannot_be_serialized_is_a_problem_500(memory_api: Api, monkeypatch) -> None:
    monkeypatch.setattr(dice_mechanics, "roll", lambda expression, stream, limits: _Unserializable())
    response = memory_api.post("/v1/dice/roll", {"expression": "1d6"})
    assert response.status_code == 500 and response.headers["content-type"] == PROBLEM
    assert response.json()["code"] == "internal-error"


def test_after_a_500_the_keep_alive_connection_still_serves(monkeypatch) -> None:
    app = _app_with_a_failing_route()
    with serving(app) as port, keep_alive(port) as connection:
        failed = connection.request("GET", "/test-only/boom")
        assert failed.status == 500 and failed.getheader("content-type") == PROBLEM
        assert json.loads(failed.body)["code"] == "internal-error" and b"nat_do-not-leak-me" not in failed.body
        assert connection.request("GET", "/healthz").status == 200
        # The failure the issue met: an answer that the encoder refuses, on an operation route.
        monkeypatch.setattr(dice_mechanics, "roll", lambda expression, stream, limits: _Unserializable())
        body, headers = b'{"expression": "1d6"}', {"content-type": "application/json"}
        failed = connection.request("POST", "/v1/dice/roll", body, headers)
        assert failed.status == 500 and json.loads(failed.body)["code"] == "internal-error"
        monkeypatch.undo()
        assert connection.request("POST", "/v1/dice/roll", body, headers).status == 200


def test_a_dice_overflow_leaves_the_keep_alive_connection_serving() -> None:
    with serving(create_app(make_settings("memory"))) as port, keep_alive(port) as connection:
        headers = {"content-type": "application/json"}
        for expression in OVERFLOWS:
            refused = connection.request("POST", "/v1/dice/roll", json.dumps({"expression": expression}).encode(), headers)
            assert refused.status == 422 and json.loads(refused.body)["limit"] == "maxValue"
        assert connection.request("POST", "/v1/dice/roll", b'{"expression": "1d6"}', headers).status == 200


# -- I2: integers past 64 bits anywhere in a body ------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_huge_integer_in_a_session_setup_is_a_422_naming_where(memory_api: Api, system: str) -> None:
    raw = ('{"system": "%s", "seats": [{"name": "gm", "role": "gm"}], "setup": {"x": %s}}' % (system, HUGE)).encode()
    response = _raw(memory_api, "/v1/sessions", raw)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM, response.text
    problem = response.json()
    assert problem["code"] == "validation-failed" and problem["errors"][0]["loc"] == ["body", "setup", "x"]
    assert "64-bit" in problem["detail"]
    # GraphQL, with the integer written in the query text and sent as a variable.
    literal = 'mutation { createSession(input: {system: "%s", seats: [{name: "gm", role: gm}], setup: {x: %s}}) { session { id } } }'
    error = memory_api.gql_error(literal % (system, HUGE))
    assert error["extensions"]["code"] == "validation-failed" and error["extensions"]["status"] == 422
    assert "input.setup.x" in error["message"]
    query = "mutation C($setup: JSON) { createSession(input: {system: \"%s\", seats: [{name: \"gm\", role: gm}], setup: $setup}) { session { id } } }"
    raw = ('{"query": %s, "variables": {"setup": {"x": %s}}}' % (json.dumps(query % system), HUGE)).encode()
    response = _raw(memory_api, "/graphql", raw)
    assert response.status_code == 422 and response.json()["errors"][0]["loc"] == ["body", "variables", "setup", "x"]


def test_a_huge_integer_deep_in_a_valid_setup_is_named_by_its_path(memory_api: Api) -> None:
    body = {"system": "ncb", "seats": SEATS, "setup": {"combatants": [{"id": "v", "name": "V", "maxHp": 1}]}}
    raw = orjson.dumps(body).replace(b'"maxHp":1', b'"maxHp":' + HUGE.encode())
    response = _raw(memory_api, "/v1/sessions", raw)
    assert response.status_code == 422
    assert response.json()["errors"][0]["loc"] == ["body", "setup", "combatants", "0", "maxHp"]


def test_a_huge_integer_in_a_mechanic_body_is_a_422_naming_where(memory_api: Api) -> None:
    # Stateless: before, the rule ran on it and answered "cooling down" for 10**28 turns.
    raw = b'{"implant": {"name": "Sandevistan", "active": {"unit": "rounds", "amount": 1}, "cooldownLeft": 80974138036023730688153878528}}'
    response = _raw(memory_api, "/v1/ncb/activate-chrome", raw)
    assert response.status_code == 422 and response.json()["code"] == "validation-failed", response.text
    assert response.json()["errors"][0]["loc"] == ["body", "implant", "cooldownLeft"]
    # In a session: refused, and the session unchanged.
    sid = memory_api.create_session("dice", SEATS)["session"]["id"]
    before = _snapshot(memory_api, sid)
    raw = ('{"expression": "1d6", "visibility": "public", "n": %s}' % HUGE).encode()
    response = _raw(memory_api, f"/v1/sessions/{sid}/dice/roll", raw, token=memory_api.tokens["ana"])
    assert response.status_code == 422 and response.json()["errors"][0]["loc"] == ["body", "n"]
    assert _snapshot(memory_api, sid) == before


def test_the_64_bit_edges_themselves_pass_the_body_check(memory_api: Api) -> None:
    # In range: the schema answers (a seed must be a string), not the integer check.
    for edge in (b"9223372036854775807", b"-9223372036854775808"):
        response = _raw(memory_api, "/v1/dice/roll", b'{"expression": "1d6", "seed": ' + edge + b"}")
        assert response.status_code == 422 and response.json()["errors"][0]["type"] != "int_out_of_range"
    for past in (b"9223372036854775808", b"-9223372036854775809", b"1" + b"0" * 5000):
        response = _raw(memory_api, "/v1/dice/roll", b'{"expression": "1d6", "seed": ' + past + b"}")
        assert response.status_code == 422 and response.json()["errors"][0]["type"] == "int_out_of_range"


# -- I3: media type and duplicate keys -----------------------------------------------------------


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", "text/json"])
def test_a_non_json_body_on_a_json_operation_is_415(memory_api: Api, content_type: str) -> None:
    sid = memory_api.create_session("dice", SEATS)["session"]["id"]
    before = _snapshot(memory_api, sid)
    calls = [
        ("/v1/dice/roll", b'{"expression": "1d6"}', None),
        ("/v1/sessions", orjson.dumps({"system": "dice", "seats": SEATS}), None),
        (f"/v1/sessions/{sid}/dice/roll", b'{"expression": "1d6"}', memory_api.tokens["ana"]),
        ("/graphql", orjson.dumps({"query": "{ mechanics { systems } }"}), None),
    ]
    for path, raw, token in calls:
        response = _raw(memory_api, path, raw, content_type=content_type, token=token)
        assert response.status_code == 415 and response.headers["content-type"] == PROBLEM, (path, response.text)
        assert response.json()["code"] == "unsupported-media-type"
    assert _snapshot(memory_api, sid) == before


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json", None]
)
def test_json_media_types_and_a_missing_one_are_read_as_json(memory_api: Api, content_type: str | None) -> None:
    response = _raw(memory_api, "/v1/dice/roll", b'{"expression": "1d6"}', content_type=content_type)
    assert response.status_code == 200, response.text
    response = _raw(memory_api, "/graphql", orjson.dumps({"query": "{ mechanics { systems } }"}), content_type=content_type)
    assert response.status_code == 200 and "errors" not in response.json()


def test_a_graphql_body_past_the_limit_is_413_declared_or_not(memory_api: Api) -> None:
    raw = orjson.dumps({"query": "{ mechanics { systems } }", "variables": {"pad": "x" * 600_000}})
    declared = _raw(memory_api, "/graphql", raw)  # Content-Length says it: refused before reading
    streamed = memory_api.client.post("/graphql", content=iter([raw[:1000], raw[1000:]]), headers={"content-type": "application/json"})
    for response in (declared, streamed):  # without Content-Length, refused as the chunks come
        assert response.status_code == 413 and response.headers["content-type"] == PROBLEM, response.text
        assert response.json()["code"] == "body-too-large"
    fits = _raw(memory_api, "/graphql", orjson.dumps({"query": "{ mechanics { systems } }", "variables": {"pad": "x" * 1000}}))
    assert fits.status_code == 200 and "errors" not in fits.json()


@pytest.mark.parametrize(
    ("raw", "loc"),
    [
        (b'{"expression": "1d6", "expression": "1000d6"}', ["body", "expression"]),
        (b'{"expression": "1d6", "\\u0065xpression": "1000d6"}', ["body", "expression"]),  # the same key, escaped
        (b'{"expression": "1d6", "seed": "a:b", "seed": "c"}', ["body", "seed"]),
    ],
)
def test_duplicate_keys_in_a_rest_body_are_refused_naming_the_key(memory_api: Api, raw: bytes, loc: list[str]) -> None:
    response = _raw(memory_api, "/v1/dice/roll", raw)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM, response.text
    problem = response.json()
    assert problem["code"] == "validation-failed" and problem["errors"][0]["loc"] == loc
    assert problem["errors"][0]["type"] == "duplicate_key" and repr(loc[-1]) in problem["detail"]


def test_duplicate_keys_nested_in_a_session_body_are_refused_and_change_nothing(memory_api: Api) -> None:
    raw = b'{"system": "dice", "seats": [{"name": "gm", "role": "gm", "role": "player"}]}'
    response = _raw(memory_api, "/v1/sessions", raw)
    assert response.status_code == 422 and response.json()["errors"][0]["loc"] == ["body", "seats", "0", "role"]
    sid = memory_api.create_session("dice", SEATS)["session"]["id"]
    before = _snapshot(memory_api, sid)
    raw = b'{"expression": "1d6", "visibility": "public", "visibility": "blind"}'
    response = _raw(memory_api, f"/v1/sessions/{sid}/dice/roll", raw, token=memory_api.tokens["ana"])
    assert response.status_code == 422 and response.json()["errors"][0]["loc"] == ["body", "visibility"]
    assert _snapshot(memory_api, sid) == before


def test_duplicate_keys_in_a_graphql_body_are_refused(memory_api: Api) -> None:
    roll = json.dumps(ROLL)
    for raw, loc in (
        (b'{"query": %s, "query": "{ mechanics { systems } }", "variables": {"e": "1d6"}}' % roll.encode(), ["body", "query"]),
        (b'{"query": %s, "variables": {"e": "1d6", "e": "1000d6"}}' % roll.encode(), ["body", "variables", "e"]),
    ):
        response = _raw(memory_api, "/graphql", raw)
        assert response.status_code == 422 and response.headers["content-type"] == PROBLEM, response.text
        assert response.json()["errors"][0]["loc"] == loc and response.json()["errors"][0]["type"] == "duplicate_key"
    once = b'{"query": %s, "variables": {"e": "1d6"}}' % roll.encode()
    assert "errors" not in _raw(memory_api, "/graphql", once).json()


# -- an integer written with a zero fraction is an integer, as JSON Schema counts it ------------


def test_an_integer_written_as_a_whole_float_is_accepted_as_that_integer(memory_api: Api) -> None:
    whole = _raw(memory_api, "/v1/ncb/damage", b'{"amount": 3.0, "target": {"hp": 20.0, "maxHp": 2e1}}')
    plain = memory_api.post("/v1/ncb/damage", {"amount": 3, "target": {"hp": 20, "maxHp": 20}})
    assert whole.status_code == plain.status_code == 200, whole.text
    assert whole.json()["result"] == plain.json()["result"]
    assert whole.json()["result"]["outcome"]["hpAfter"] == 17


def test_a_fraction_where_an_integer_belongs_is_still_refused(memory_api: Api) -> None:
    response = _raw(memory_api, "/v1/ncb/damage", b'{"amount": 3.5, "target": {"hp": 20, "maxHp": 20}}')
    assert response.status_code == 422 and response.json()["code"] == "validation-failed"
    assert response.json()["errors"][0]["loc"] == ["body", "amount"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # GraphiQL sends the operation name it last parsed along with the editor's current text.
        ({"query": "mutation { diceRoll(input: {expression: \"1d6\"}) { result { total } } }", "operationName": "Roll"}, 'Unknown operation named "Roll"'),
        ({"query": ""}, "the query is empty"),
    ],
)
def test_an_unknown_operation_name_or_an_empty_query_is_a_query_error_not_a_500(memory_api: Api, body: dict, message: str) -> None:
    response = memory_api.client.post("/graphql", json=body)
    assert response.status_code == 200, response.text
    error = response.json()["errors"][0]
    assert message in error["message"] and error["extensions"]["code"] == "graphql/invalid-query"
    assert response.json()["data"] is None
