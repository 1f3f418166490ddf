"""The Neuroscape session examples, sent in order through GraphQL as `test_examples.py` sends them over REST.

Every body maps directly onto its mutation's input (`expectSubstage` stays a String in the SDL), so
each call is the operationId as a mutation field and the body as `input`, from the seat that sends it
in `IN_SESSION`; a seat `*` is the one the match waits for, read with the `session` query. The table
is the `neuroscape-drill` example (house rules: 14-card opening hands, 5 cards drawn a turn). Beyond
being accepted and logged in turn, the answers are checked against the rules text: a d20 each with
the highest roll winning the roll-off, attackers running, blocks and their damage (an attacker
deals each blocker in the order chosen, blockers all strike back), triggers resolving in the order
named, a trojan revealed when activated, and the last player standing winning when the other concedes.
"""

from __future__ import annotations

from support.api import Api

from service.api.examples import IN_SESSION, session_table

CREATE = "mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } seats { id name token } } }"
ANSWER = (
    "seq result { events { kind seat card instance target amount faces reason item } "
    "flow { stage substage turn active awaiting winner outcome } }"
)
AWAITED = "query S($id: ID!) { session(sessionId: $id) { state } }"  # the state as JSON, as the seat reads it


def _mutation(api: Api, field: str) -> str:
    return (
        f"mutation M($id: ID!, $input: {api.input_type(field)}) "
        f"{{ {field}(sessionId: $id, input: $input) {{ {ANSWER} }} }}"
    )


def _send_all(api: Api) -> tuple[dict[str, str], list[tuple[str, str, dict]]]:
    """Create the example table over GraphQL and send every call in order; the seat ids by name, and
    each call as (the seat id that sent it, operationId, answer)."""
    created = api.gql_data(CREATE, {"input": session_table("neuroscape")})["createSession"]
    sid = created["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    names = {seat["id"]: seat["name"] for seat in created["seats"]}
    sent = []
    for named, operation, body in IN_SESSION["neuroscape"]:
        seat = named
        if named == "*":
            awaiting = api.gql_data(AWAITED, {"id": sid}, token=tokens["Ana"])["session"]["state"]["flow"]["awaiting"]
            assert len(awaiting) == 1, awaiting
            seat = names[awaiting[0]]
        answer = api.gql_data(_mutation(api, operation), {"id": sid, "input": body}, token=tokens[seat])[operation]
        sent.append(({v: k for k, v in names.items()}[seat], operation, answer))
    return {name: seat for seat, name in names.items()}, sent


def _played(sent: list[tuple[str, str, dict]]) -> list[tuple[str, dict]]:
    """(seat, body) of every call that plays a card from the hand, in the order sent."""
    hand = ("neuroscapeDeployInSession", "neuroscapePlayScriptInSession", "neuroscapePlayDrugInSession")
    bodies = [body for _, operation, body in IN_SESSION["neuroscape"]]
    return [(seat, body) for (seat, operation, _), body in zip(sent, bodies, strict=True) if operation in hand]


def _events(sent: list[tuple[str, str, dict]], operation: str, index: int = 0) -> list[dict]:
    return [answer for _, op, answer in sent if op == operation][index]["result"]["events"]


def test_the_neuroscape_session_examples_are_accepted_in_order_over_graphql(memory_api: Api) -> None:
    seats, sent = _send_all(memory_api)
    answers = [answer for _, _, answer in sent]
    assert [a["seq"] for a in answers] == list(range(len(IN_SESSION["neuroscape"])))
    ana, bo = seats["Ana"], seats["Bo"]
    # The drill's opening hand: 14 cards each; each sees only its own, the other learns how many.
    assert [[(e["kind"], e["seat"], e["amount"]) for e in a["result"]["events"]] for a in answers[:2]] == [
        [("drew", ana, 14)],
        [("drew", bo, 14)],
    ]
    # A d20 each; ties re-roll; the highest last roll wins and chooses to go first.
    rolls = [e for e in answers[4]["result"]["events"] if e["kind"] == "roll-off"]
    assert rolls and all(len(e["faces"]) == 1 and 1 <= e["faces"][0] <= 20 for e in rolls)
    last = [e for e in rolls if e["amount"] == max(r["amount"] for r in rolls)]
    first = max(last, key=lambda e: e["faces"][0])["seat"]
    second = bo if first == ana else ana
    assert answers[5]["result"]["flow"]["active"] == first and answers[5]["result"]["flow"]["turn"] == 1
    # Five turns, taken in turn: the first player's are odd, the second's even.
    started = [(e["seat"], e["amount"]) for a in answers for e in a["result"]["events"] if e["kind"] == "turn-started"]
    assert started == [(first, 1), (second, 2), (first, 3), (second, 4), (first, 5)]
    assert [seat for seat, op, _ in sent if op == "neuroscapeDeployInSession"] == [first, first, second, first, second]
    # Turn 1: the first player's Tidal Audit looks at the top 3 of Ana's deck, which holds 2; they go back reordered.
    looked = [e for a in answers for e in a["result"]["events"] if e["kind"] == "looked-at-top"]
    assert [(e["seat"], e["target"], e["amount"]) for e in looked] == [(first, ana, 2)]
    assert [e["kind"] for e in _events(sent, "neuroscapeArrangeTopInSession")] == ["arranged-top"]
    # Turn 3: Lockstep runs the second player's Sable Circuit; Redshift refreshes the first's.
    assert ("ran", "c12") in [(e["kind"], e["instance"]) for a in answers for e in a["result"]["events"]]
    assert ("refreshed", "c6") in [(e["kind"], e["instance"]) for a in answers for e in a["result"]["events"]]
    # Turn 4: c12 attacks; both blockers' Brace triggers resolve in the order named (t2 first).
    assert [(e["kind"], e["instance"]) for e in _events(sent, "neuroscapeAttackInSession")] == [("attacks", "c12")]
    ordered = [e for e in _events(sent, "neuroscapeOrderTriggersInSession") if e["kind"] == "triggered"]
    assert [(e["item"], e["instance"]) for e in ordered] == [("t2", "c18"), ("t1", "c6")]
    damage = next(a for a in answers if any(e["kind"] == "destroyed" for e in a["result"]["events"]))["result"]["events"]
    # c12 (ATK 4) deals c18, first in the order, 4 (short of its DEF 6); c6 and c18 (ATK 4 + 1 each) destroy it.
    dealt = [(e["instance"], e["amount"]) for e in damage if e["kind"] == "damage"]
    assert dealt == [("c18", 4), ("c12", 10)]
    assert ("destroyed", "c12") in [(e["kind"], e["instance"]) for e in damage]
    # Turn 5: c18 is force quit; the second player's trojan is revealed as Wormlight and resolves.
    quit_events = _events(sent, "neuroscapeForceQuitInSession")
    assert ("force-quit", first, "c18") in [(e["kind"], e["seat"], e["instance"]) for e in quit_events]
    revealed = _events(sent, "neuroscapeActivateTrojanInSession")
    assert ("trojan-revealed", second, "wormlight") in [(e["kind"], e["seat"], e["card"]) for e in revealed]
    # Why no shuffle can refuse a card: each player leaves only deck - hand cards undrawn, so holds at least
    # copies - (deck - hand) of each card, as many as either player plays of it.
    setup = session_table("neuroscape")["setup"]
    deck = setup["players"][0]["deck"]["main"]
    left = sum(entry["count"] for entry in deck) - setup["rules"]["openingHand"]
    played = [(seat, answer_body["card"]) for seat, answer_body in _played(sent)]
    for entry in deck:
        most = max(played.count((seat, entry["card"])) for seat in (ana, bo))
        assert 1 <= most <= entry["count"] - left, entry
    # Bo concedes: Ana is the last player standing.
    flow = answers[-1]["result"]["flow"]
    assert (flow["stage"], flow["winner"]) == ("over", ana)
    assert ("eliminated", bo, "conceded") in [(e["kind"], e["seat"], e["reason"]) for e in answers[-1]["result"]["events"]]
