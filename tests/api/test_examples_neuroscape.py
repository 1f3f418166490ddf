"""The Neuroscape session examples, sent in order through GraphQL as `test_examples.py` sends them over REST.

Every body maps directly onto its mutation's input (`expectSubstage` stays a String in the SDL), so
each call is the operationId as a mutation field and the body as `input`, from the seat that sends it
in `IN_SESSION`. Beyond being accepted and logged in turn, the answers are checked against the rules
text: five cards each, both hands kept, a d20 for every player with the highest roll winning, and the
last player standing wins when the other concedes.
"""

from __future__ import annotations

from support.api import Api

from service.api.examples import IN_SESSION, SESSIONS

CREATE = "mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } seats { id name token } } }"
ANSWER = "seq result { events { kind seat amount faces reason } flow { stage substage awaiting winner outcome } }"


def _mutation(api: Api, field: str) -> str:
    return (
        f"mutation M($id: ID!, $input: {api.input_type(field)}) "
        f"{{ {field}(sessionId: $id, input: $input) {{ {ANSWER} }} }}"
    )


def _send_all(api: Api) -> tuple[dict[str, str], list[dict]]:
    """Create the example session over GraphQL and send every call in order; the seat ids by name, and each answer."""
    created = api.gql_data(CREATE, {"input": SESSIONS["neuroscape"]})["createSession"]
    sid = created["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    answers = []
    for seat, operation, body in IN_SESSION["neuroscape"]:
        answers.append(api.gql_data(_mutation(api, operation), {"id": sid, "input": body}, token=tokens[seat])[operation])
    return {seat["name"]: seat["id"] for seat in created["seats"]}, answers


def test_the_neuroscape_session_examples_are_accepted_in_order_over_graphql(memory_api: Api) -> None:
    seats, answers = _send_all(memory_api)
    assert [a["seq"] for a in answers] == list(range(len(IN_SESSION["neuroscape"])))
    ana, bo = seats["Ana"], seats["Bo"]
    draws, mulligans, (rolled,), (conceded,) = answers[:2], answers[2:4], answers[4:5], answers[5:]
    # Both players draw 5 cards; each sees only its own, the other learns how many.
    assert [[(e["kind"], e["seat"], e["amount"]) for e in a["result"]["events"]] for a in draws] == [
        [("drew", ana, 5)],
        [("drew", bo, 5)],
    ]
    # Both keep their hands (nothing goes under the deck); then the match waits for the roll-off from either.
    assert [(e["kind"], e["amount"]) for a in mulligans for e in a["result"]["events"]] == [("mulligan", 0), ("mulligan", 0)]
    assert mulligans[-1]["result"]["flow"]["substage"] == "roll-off"
    assert sorted(mulligans[-1]["result"]["flow"]["awaiting"]) == sorted([ana, bo])
    # A d20 each; ties re-roll; the highest last roll wins and alone chooses who goes first.
    events = rolled["result"]["events"]
    rolls = [e for e in events if e["kind"] == "roll-off"]
    assert rolls and all(len(e["faces"]) == 1 and 1 <= e["faces"][0] <= 20 for e in rolls)
    last = [e for e in rolls if e["amount"] == max(r["amount"] for r in rolls)]
    winner = max(last, key=lambda e: e["faces"][0])["seat"]
    assert events[-1] == {"kind": "roll-off-won", "seat": winner, "amount": None, "faces": None, "reason": None}
    assert rolled["result"]["flow"]["substage"] == "choose-first" and rolled["result"]["flow"]["awaiting"] == [winner]
    # Bo concedes at the choice, whoever won the roll-off: Ana is the last player standing.
    flow = conceded["result"]["flow"]
    assert (flow["stage"], flow["winner"]) == ("over", ana)
    assert ("eliminated", bo, "conceded") in [(e["kind"], e["seat"], e["reason"]) for e in conceded["result"]["events"]]
