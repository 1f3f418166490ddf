"""Desert's session examples over GraphQL: the REST example calls, in order, as mutations.

Every body maps directly onto its mutation's input, so all of them are sent. The blue draw in the
type 6 district, and the choice it leaves open, are read from the answers.
"""

from __future__ import annotations

from support.api import Api

from service.api.examples import IN_SESSION, SESSIONS

CREATE = "mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } seats { name token } } }"
DRAW = "drawn bag controlBefore controlAfter reaction { side step pending }"
CHOSEN = "character reaction { token side number text pending }"


def _mutation(api: Api, operation: str, answer: str) -> str:
    result = f"result {{ {answer} }}" if answer else ""
    return f"mutation M($id: ID!, $input: {api.input_type(operation)}) {{ {operation}(sessionId: $id, input: $input) {{ seq {result} }} }}"


def test_the_session_examples_are_accepted_in_order_over_graphql(memory_api: Api) -> None:
    created = memory_api.gql_data(CREATE, {"input": SESSIONS["desert"]})["createSession"]
    sid = created["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    calls = IN_SESSION["desert"]
    answers = []
    for seq, (seat, operation, body) in enumerate(calls):
        answer = {"desertBuildingReactionInSession": DRAW, "desertChooseReactionInSession": CHOSEN}.get(operation, "")
        data = memory_api.gql_data(_mutation(memory_api, operation, answer), {"id": sid, "input": body}, token=tokens[seat])[operation]
        assert data["seq"] == seq, operation
        answers.append(data.get("result"))
    # Marin's draw in the spire: six blues in the bag, so a blue, +1 control, and the side left to the table.
    assert calls[-2][1] == "desertBuildingReactionInSession" and calls[-1][1] == "desertChooseReactionInSession"
    drawn, chosen = answers[-2], answers[-1]
    assert drawn["bag"] == ["blue"] * 6 and drawn["drawn"] == "blue"
    assert (drawn["controlBefore"], drawn["controlAfter"]) == (5, 6)
    assert drawn["reaction"] == {"side": None, "step": 1, "pending": True}
    assert chosen == {"character": "marin", "reaction": {"token": "blue", "side": "negative", "number": 4, "text": "tag", "pending": False}}
