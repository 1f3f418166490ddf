"""The published schema says what the server accepts: cross-field rules the schema can express are in it."""

from __future__ import annotations

import jsonschema
import pytest
from support.api import Api

from .sheets import SETUP

TARGET = {"hp": 9, "maxHp": 9}
GUN = {"name": "Gun", "damageDice": "1d6"}
# (path after /v1/ or after the session's /v1/sessions/{id}/, body, accepted by schema and server alike)
STATELESS = [
    ("ncb/damage", {"target": TARGET, "amount": 3}, True),
    ("ncb/damage", {"target": TARGET, "dice": "1d6"}, True),
    ("ncb/damage", {"target": TARGET, "amount": None, "dice": "1d6"}, True),
    ("ncb/damage", {"target": TARGET, "amount": 3, "dice": "1d6"}, False),
    ("ncb/damage", {"target": TARGET}, False),
    ("ncb/heal", {"target": TARGET, "amount": 3, "dice": "1d6"}, False),
    ("ncb/heal", {"target": {"hp": 0, "maxHp": 9, "condition": "stable"}, "amount": 3}, True),
    ("ncb/damage", {"target": {"hp": 3, "maxHp": 9, "condition": "dying"}, "amount": 3}, False),
    ("ncb/damage", {"target": {"hp": 0, "maxHp": 9}, "amount": 3}, False),
    ("ncb/short-rest", {"hp": 0, "maxHp": 9, "condition": "up", "hitDice": 1}, False),
    ("ncb/long-rest", {"hp": 0, "maxHp": 9, "condition": "stable", "rules": {"longRestNeedsHp": False}}, True),
    ("ncb/long-rest", {"hp": 5, "maxHp": 9, "programSlots": [10]}, False),
    ("ncb/eddies", {"kind": "service", "amount": 5}, False),
    ("ncb/eddies", {"kind": "service", "amount": 5, "creditor": "Viktor"}, True),
    ("ncb/eddies", {"kind": "earn", "amount": 5}, True),
    ("ncb/level-up", {"level": 1, "hp": 8, "maxHp": 8, "subclass": "Solo"}, False),
    ("ncb/level-up", {"level": 2, "hp": 8, "maxHp": 8, "subclass": "Solo"}, True),
    ("ncb/initiative", {"participants": [{"id": "v"}, {"id": "goon"}]}, True),
]
IN_SESSION = [
    ("ncb/attack", {"attacker": "v", "target": "goon", "weaponName": "Unity"}, True),
    ("ncb/attack", {"attacker": "v", "target": "goon", "weapon": GUN}, True),
    ("ncb/attack", {"attacker": "v", "target": "goon", "weapon": GUN, "weaponName": "Unity"}, False),
    ("ncb/attack", {"attacker": "v", "target": "goon"}, False),
    ("ncb/start-combat", {"participants": []}, False),
    ("ncb/start-combat", {"participants": ["v", "v"]}, False),
    ("ncb/start-combat", {"participants": ["v", "goon"]}, True),
    ("ncb/add-combatant", {"combatant": {"id": "kid", "name": "Kid", "maxHp": 8, "subclass": "Solo"}}, False),
    ("ncb/add-combatant", {"combatant": {"id": "kid", "name": "Kid", "maxHp": 8, "level": 3, "subclass": "S"}}, True),
]


@pytest.fixture(scope="module")
def document(shared_client) -> dict:
    client, _ = shared_client
    return client.get("/openapi.json").json()


def _validator(document: dict, path: str) -> jsonschema.Draft202012Validator:
    ref = document["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return jsonschema.Draft202012Validator({"$ref": ref, "components": document["components"]})


@pytest.mark.parametrize(("path", "body", "accepted"), STATELESS)
def test_a_stateless_body_is_accepted_exactly_when_the_schema_allows_it(
    api: Api, document: dict, path: str, body: dict, accepted: bool
) -> None:
    assert _validator(document, f"/v1/{path}").is_valid(body) is accepted
    response = api.post(f"/v1/{path}", body)
    assert (response.status_code == 200) is accepted and response.status_code in (200, 422), response.text


@pytest.mark.parametrize(("path", "body", "accepted"), IN_SESSION)
def test_a_session_body_is_accepted_exactly_when_the_schema_allows_it(
    api: Api, document: dict, path: str, body: dict, accepted: bool
) -> None:
    assert _validator(document, f"/v1/sessions/{{sessionId}}/{path}").is_valid(body) is accepted
    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=SETUP)["session"]["id"]
    response = api.post(f"/v1/sessions/{sid}/{path}", body, token=api.tokens["gm"])
    assert (response.status_code == 200) is accepted and response.status_code in (200, 422), response.text
