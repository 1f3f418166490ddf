"""The published JSON Schema says which fields exclude each other, and the service agrees with it.

`incoming` or `attacker`, `dice` or `diceFrom`, `against` or `againstFrom`, a reference's
`character` or `nc`: exactly one each; `dn` and `against` of an STK Check: not both. Each body
below is checked against the OpenAPI document and sent to a session: the schema accepts it
exactly when the service does, and a refused one changes nothing.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from service.contracts import OPENAPI
from support.api import Api

from .test_api import _act, _ok, _session, _snapshot

DOCUMENT = json.loads(OPENAPI.read_text())
DN_OF_GANGER = {"nc": "ganger", "stat": "Defense"}
FROM_VEX = {"character": "vex", "value": "resolve"}

CASES = [
    ("stk-check", {"character": "vex"}, None),
    ("stk-check", {"character": "vex", "dn": 10}, None),
    ("stk-check", {"character": "vex", "against": DN_OF_GANGER}, None),
    ("stk-check", {"character": "vex", "dn": None, "against": DN_OF_GANGER}, None),
    ("stk-check", {"character": "vex", "dn": 10, "against": DN_OF_GANGER}, "neurosystem/conflicting-fields"),
    ("defend", {"incoming": "wounded"}, None),
    ("defend", {"attacker": "ganger", "incoming": None}, None),
    ("defend", {"incoming": "wounded", "attacker": "ganger"}, "neurosystem/conflicting-fields"),
    ("defend", {}, "neurosystem/no-incoming-damage"),
    ("stat-measure", {"dice": 3, "against": 2}, None),
    ("stat-measure", {"diceFrom": FROM_VEX, "against": 1}, None),
    ("stat-measure", {"dice": 3, "againstFrom": {"nc": "ganger", "value": "Defense"}}, None),
    ("stat-measure", {"dice": 3, "diceFrom": FROM_VEX, "against": 1}, "neurosystem/conflicting-fields"),
    ("stat-measure", {"against": 1}, "neurosystem/conflicting-fields"),
    ("stat-measure", {"dice": 3, "againstFrom": {"nc": "ganger", **FROM_VEX}}, "neurosystem/conflicting-fields"),
    ("stat-measure", {"dice": 3, "againstFrom": {"value": "Defense"}}, "neurosystem/conflicting-fields"),
]


def _schema_accepts(path: str, body: dict) -> bool:
    operation = DOCUMENT["paths"][f"/v1/sessions/{{sessionId}}/neurosystem/{path}"]["post"]
    schema = {**operation["requestBody"]["content"]["application/json"]["schema"], "components": DOCUMENT["components"]}
    return Draft202012Validator(schema).is_valid(body)


@pytest.mark.parametrize(("path", "body", "code"), CASES)
def test_the_schema_accepts_a_session_action_exactly_when_the_service_does(api: Api, path: str, body: dict, code: str | None) -> None:
    sid = _session(api)
    if path == "defend":
        body = {"check": _ok(api, sid, "stk-check", {"character": "vex"})["id"], **body}
    assert _schema_accepts(path, body) is (code is None)
    before = _snapshot(api, sid)
    response = _act(api, sid, path, body)
    if code is None:
        assert response.status_code == 200, response.text
    else:
        assert (response.status_code, response.json()["code"]) == (422, code), response.text
        assert _snapshot(api, sid) == before


def test_what_the_schema_cannot_say_is_on_the_fields() -> None:
    schemas = DOCUMENT["components"]["schemas"]
    assert "at most `resolveMax`" in schemas["NeurosystemCharacter"]["properties"]["resolve"]["description"]
    assert "at most the maximum" in schemas["NeurosystemSetResolve"]["properties"]["resolve"]["description"]
    assert "neurosystem/invalid-check" in schemas["NeurosystemPushRequest"]["properties"]["check"]["description"]
