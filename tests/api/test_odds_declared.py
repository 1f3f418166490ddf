"""Odds derived from a declaration alone: a small game declares `odds` and `session_odds`, and the
API serves them, the session form against the current state for the seat that asks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import Field
from starlette.testclient import TestClient
from support.api import Api, make_settings

from service.api.app import create_app
from service.dice.odds import Distribution, Odds
from service.dice.stream import Stream
from service.model import Model
from service.registry import Actor, Registry, system

COIN = system("coin", "A coin, or a small die")


class Toss(Model):
    sides: int = Field(2, ge=2, le=6)


class Tossed(Model):
    face: int


def toss(params: Toss, stream: Stream) -> Tossed:
    return Tossed(face=stream.roll(params.sides))


def toss_in_session(state: dict[str, Any], params: Toss, stream: Stream, actor: Actor) -> tuple[dict[str, Any], Tossed]:
    tossed = toss(params, stream)
    return {**state, "tosses": state.get("tosses", 0) + 1}, tossed


def toss_odds(params: Toss) -> Odds:
    return Odds.of(Distribution.counted("face", dict.fromkeys(range(1, params.sides + 1), 1)))


def toss_odds_in_session(state: dict[str, Any], params: Toss, actor: Actor) -> Odds:
    # The distribution's name says what the function was given: the seat, and the state it read.
    name = f"face for {actor.name} after {state.get('tosses', 0)} tosses"
    return Odds.of(Distribution.counted(name, dict.fromkeys(range(1, params.sides + 1), 1)))


COIN.mechanic("toss", "Toss it", stateless=toss, session=toss_in_session, odds=toss_odds, session_odds=toss_odds_in_session)
COIN.mechanic("flip", "Toss it, no odds", stateless=toss, session=toss_in_session)

ODDS = "query O($id: ID!, $input: TossInput!) { coinTossOddsInSession(sessionId: $id, input: $input) { version distributions { name } } }"


@pytest.fixture(scope="module")
def coin() -> Iterator[Api]:
    app = create_app(make_settings("memory"), registry=Registry.of(COIN))
    with TestClient(app) as client:
        yield Api(client, "memory")


def test_the_declaration_gives_the_odds_routes_and_fields(coin: Api) -> None:
    assert coin.post("/v1/coin/toss/odds", {"sides": 4}).json()["distributions"][0]["outcomes"][3]["exact"] == "1/4"
    assert coin.post("/v1/coin/flip/odds", {"sides": 4}).status_code == 404  # declared without odds
    listing = {m["key"]: (m["odds"], m["sessionOdds"]) for m in coin.get("/v1/mechanics").json()["mechanics"]}
    assert listing == {"coin/toss": (True, True), "coin/flip": (False, False)}


def test_session_odds_get_the_current_state_and_the_seat(coin: Api) -> None:
    sid = coin.create_session("coin")["session"]["id"]
    ana, gm = coin.tokens["ana"], coin.tokens["gm"]
    version = coin.post(f"/v1/sessions/{sid}/coin/toss", {}, token=ana).json()["version"]
    rest = coin.post(f"/v1/sessions/{sid}/coin/toss/odds", {"sides": 3}, token=ana).json()
    assert rest["version"] == version and rest["distributions"][0]["name"] == "face for ana after 1 tosses"
    data = coin.gql_data(ODDS, {"id": sid, "input": {}}, token=gm)["coinTossOddsInSession"]
    assert data["distributions"][0]["name"] == "face for gm after 1 tosses"
    assert coin.post(f"/v1/sessions/{sid}/coin/toss", {}, token=gm).json()["version"] == version + 1  # the odds wrote nothing
