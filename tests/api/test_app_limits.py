"""Each app applies the roll budget of its own settings, however many apps one process builds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.dice.notation import DEFAULT_LIMITS
from support.api import Api, make_settings


@pytest.fixture
def two_apps() -> Iterator[tuple[Api, Api]]:
    """A narrow app (4 dice of at most 8 sides, 12 characters) built first, then a default one."""
    narrow = create_app(make_settings("memory", max_dice=4, max_sides=8, max_expression_length=12))
    wide = create_app(make_settings("memory"))  # built last: module-level limits would be its
    with TestClient(narrow) as a, TestClient(wide) as b:
        yield Api(a, "memory"), Api(b, "memory")


def _refused(api: Api, path: str, body: dict, limit: str, *, token: str | None = None) -> None:
    response = api.post(path, body, token=token)
    assert response.status_code == 422, response.text
    assert response.json()["limit"] == limit


@pytest.mark.parametrize(
    ("expression", "limit"), [("5d6", "maxDice"), ("1d10", "maxSides"), ("1d6+1d6+1d6+1", "maxLength")]
)
def test_a_stateless_roll_keeps_to_its_own_apps_limits(two_apps: tuple[Api, Api], expression: str, limit: str) -> None:
    narrow, wide = two_apps
    _refused(narrow, "/v1/dice/roll", {"expression": expression, "seed": "s"}, limit)
    assert wide.post("/v1/dice/roll", {"expression": expression, "seed": "s"}).status_code == 200
    _refused(narrow, "/v1/dice/roll", {"expression": expression, "seed": "s"}, limit)  # still its own


def test_a_session_roll_keeps_to_its_own_apps_limits(two_apps: tuple[Api, Api]) -> None:
    narrow, wide = two_apps
    wide_id = wide.create_session("dice")["session"]["id"]
    narrow_id = narrow.create_session("dice")["session"]["id"]
    _refused(narrow, f"/v1/sessions/{narrow_id}/dice/roll", {"expression": "5d6"}, "maxDice", token=narrow.tokens["gm"])
    answer = wide.post(f"/v1/sessions/{wide_id}/dice/roll", {"expression": "5d6"}, token=wide.tokens["gm"])
    assert answer.status_code == 200 and len(answer.json()["audit"]["draws"]) == 5
    assert narrow.post(f"/v1/sessions/{narrow_id}/dice/roll", {"expression": "4d8"}, token=narrow.tokens["gm"]).status_code == 200


def test_a_games_damage_formula_keeps_to_its_own_apps_limits(two_apps: tuple[Api, Api]) -> None:
    narrow, wide = two_apps
    body = {"target": {"hp": 30, "maxHp": 30}, "dice": "5d6", "seed": "s"}
    _refused(narrow, "/v1/ncb/damage", body, "maxDice")
    hit = wide.post("/v1/ncb/damage", body)
    assert hit.status_code == 200, hit.text
    assert len(hit.json()["audit"]["draws"]) == 5


def test_default_settings_give_the_default_limits_themselves() -> None:
    # The parse cache looks `DEFAULT_LIMITS` up without hashing it: default settings keep that path.
    assert create_app(make_settings("memory")).state.sessions.limits is DEFAULT_LIMITS
