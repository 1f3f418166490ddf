"""Seating a match at the session's table: players sit at player seats only, by default the N-th
player at the N-th player seat, and a setup that seats a player elsewhere is refused at creation
(REST and GraphQL) and by the stateless setup check alike."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neuroscape.setup import NeuroscapeSetup
from service.systems.neuroscape import SYSTEM

initial_state = SYSTEM.initial_state  # the first state as a session stores it
from support.api import Api

TABLE = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "eve", "role": "spectator"}, {"name": "bo"}]
STARTERS = [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]
CREATE = "mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } } }"
CHECK = "mutation K($input: NeuroscapeCheckSetupInput!) { neuroscapeCheckSetup(input: $input) { result { legal seats } } }"


def _actors(table: list[dict]) -> list[Actor]:
    return [Actor(f"seat-{n}", s["name"], s.get("role", "player")) for n, s in enumerate(table, start=1)]


def test_the_nth_player_sits_at_the_nth_player_seat():
    state = initial_state(NeuroscapeSetup.model_validate({"players": STARTERS}), seats=_actors(TABLE))
    assert state["order"] == ["seat-2", "seat-4"] and list(state["players"]) == ["seat-2", "seat-4"]
    assert state["flow"]["awaiting"] == ["seat-2", "seat-4"]
    named = {"players": [{"seat": "seat-4", "starterDeck": "gridrunners"}, {"seat": "seat-2", "starterDeck": "bastion-choir"}]}
    assert initial_state(NeuroscapeSetup.model_validate(named), seats=_actors(TABLE))["order"] == ["seat-4", "seat-2"]


BAD_SEATING = [
    pytest.param([{"seat": "seat-9", **STARTERS[0]}, STARTERS[1]], "neuroscape/no-such-seat", "seat-9", id="missing-seat"),
    pytest.param([{"seat": "seat-1", **STARTERS[0]}, STARTERS[1]], "neuroscape/seat-not-player", "gm", id="gm-seat"),
    pytest.param([STARTERS[0], {"seat": "seat-3", **STARTERS[1]}], "neuroscape/seat-not-player", "spectator", id="spectator-seat"),
    pytest.param([*STARTERS, {"starterDeck": "gridrunners"}], "neuroscape/no-such-seat", "2 player seat", id="too-few-player-seats"),
    pytest.param([{"seat": "seat-4", **STARTERS[0]}, STARTERS[1]], "neuroscape/bad-players", "seat-4, seat-4", id="seat-twice"),
]


@pytest.mark.parametrize(("players", "code", "named"), BAD_SEATING)
def test_seating_a_player_off_the_table_is_refused_by_the_rule(players: list[dict], code: str, named: str):
    with pytest.raises(RuleViolation) as refused:
        initial_state(NeuroscapeSetup.model_validate({"players": players}), seats=_actors(TABLE))
    assert (refused.value.code, refused.value.status) == (code, 422) and named in refused.value.detail


@pytest.mark.parametrize(("players", "code", "named"), BAD_SEATING[:3])
def test_session_creation_refuses_a_bad_seating_over_rest_and_graphql(api: Api, players: list[dict], code: str, named: str):
    body = {"system": "neuroscape", "seats": TABLE, "setup": {"players": players}}
    response = api.post("/v1/sessions", body)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == code and named in response.json()["detail"]
    error = api.gql_error(CREATE, {"input": body})
    assert error["extensions"]["code"] == code and error["extensions"]["status"] == 422


def test_a_table_with_a_gm_first_seats_the_players_after_it_and_plays(api: Api):
    created = api.create_session("neuroscape", TABLE, setup={"players": STARTERS})
    sid = created["session"]["id"]
    ana = api.get(f"/v1/sessions/{sid}", token=api.tokens["ana"]).json()["state"]
    assert ana["turnOrder"] == ["seat-2", "seat-4"] and ana["you"]["seat"] == "seat-2"
    gm = api.gql_data("query S($id: ID!) { session(sessionId: $id) { state } }", {"id": sid}, token=api.tokens["gm"])
    assert "you" not in gm["session"]["state"]
    drawn = api.post(f"/v1/sessions/{sid}/neuroscape/draw", {"main": 5}, token=api.tokens["bo"])
    assert drawn.status_code == 200 and len(drawn.json()["result"]["private"]["drawn"]) == 5
    refused = api.post(f"/v1/sessions/{sid}/neuroscape/draw", {"main": 5}, token=api.tokens["gm"])
    assert (refused.status_code, refused.json()["code"]) == (403, "neuroscape/not-a-player")


def test_the_setup_check_seats_players_as_creation_does(api: Api):
    plain = api.post("/v1/neuroscape/check-setup", {"players": STARTERS}).json()["result"]
    assert plain["seats"] == ["seat-1", "seat-2"]  # no table given: player seats only
    at_table = {"players": STARTERS, "sessionSeats": TABLE}
    assert api.post("/v1/neuroscape/check-setup", at_table).json()["result"] == {"legal": True, "seats": ["seat-2", "seat-4"], "violations": []}
    assert api.gql_data(CHECK, {"input": at_table})["neuroscapeCheckSetup"]["result"] == {"legal": True, "seats": ["seat-2", "seat-4"]}
    for players, code, _ in (p.values for p in BAD_SEATING):
        refused = api.post("/v1/neuroscape/check-setup", {"players": players, "sessionSeats": TABLE})
        assert (refused.status_code, refused.json()["code"]) == (422, code)
        created = api.post("/v1/sessions", {"system": "neuroscape", "seats": TABLE, "setup": {"players": players}})
        assert (created.status_code, created.json()["code"]) == (422, code)
