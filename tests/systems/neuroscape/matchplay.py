"""Playing a Neuroscape match through the API, over REST or GraphQL, each seat with its own token.

A `Table` reads the match as a seat sees it and sends that seat's actions; `play_to_the_end`
drives both seats with a plain strategy (draw RAM until six are in play, deploy characters,
attack with everything, never block) until the match has a winner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from support.api import Api, mechanic_field

ANSWER = """version seq
  result { events { kind seat card instance target slot amount faces reason }
           flow { stage substage turn active awaiting winner outcome } private { drawn card instance } }
  audit { nonce scope seedCommitment draws { sides face } }"""


def gql_action(api: Api, action: str) -> str:
    return api.mechanic_query("neuroscape", action, ANSWER, in_session=True)


SESSION = "query S($id: ID!) { session(sessionId: $id) { version state } }"
LOG = """query L($id: ID!, $cursor: String) { sessionLog(sessionId: $id, cursor: $cursor, limit: 200) {
  entries { seq seat action input result audit { nonce scope seedCommitment clientSeed epoch algorithm draws { sides face } } }
  nextCursor } }"""


@dataclass
class Table:
    api: Api
    session: str
    names: dict[str, str]  # seat id -> seat name (its token is api.tokens[name])
    graphql: bool = False
    answers: list[tuple[str, dict]] = field(default_factory=list)  # (seat, answer) of every accepted action

    def token(self, seat: str) -> str:
        return self.api.tokens[self.names[seat]]

    def view(self, seat: str) -> dict:
        """The whole session as `seat` reads it (version and state)."""
        if self.graphql:
            return self.api.gql_data(SESSION, {"id": self.session}, token=self.token(seat))["session"]
        response = self.api.get(f"/v1/sessions/{self.session}", token=self.token(seat))
        assert response.status_code == 200, response.text
        return response.json()

    def log(self, seat: str) -> list[dict]:
        if self.graphql:
            return self.api.gql_data(LOG, {"id": self.session}, token=self.token(seat))["sessionLog"]["entries"]
        response = self.api.get(f"/v1/sessions/{self.session}/log", token=self.token(seat), params={"limit": 200})
        assert response.status_code == 200, response.text
        return response.json()["entries"]

    def send(self, seat: str, action: str, body: dict) -> tuple[int, dict]:
        """Send one action; (HTTP status or 200/4xx from the GraphQL error, answer or problem)."""
        if self.graphql:
            answer = self.api.gql(gql_action(self.api, action), {"id": self.session, "input": body}, token=self.token(seat))
            if answer.get("errors"):
                error = answer["errors"][0]
                return error["extensions"]["status"], {**error["extensions"], "detail": error["message"]}
            return 200, answer["data"][mechanic_field("neuroscape", action, in_session=True)]
        response = self.api.post(f"/v1/sessions/{self.session}/neuroscape/{action}", body, token=self.token(seat))
        return response.status_code, response.json()

    def act(self, seat: str, action: str, body: dict | None = None) -> dict:
        status, answer = self.send(seat, action, body or {})
        assert status == 200, (action, answer)
        self.answers.append((seat, answer))
        return answer


def plain_strategy(state: dict) -> tuple[str, dict]:
    """The awaited seat's move from its own view: the first matching legal action."""
    menu = state["you"]["legalActions"]
    actions = [entry["action"] for entry in menu]
    first = {entry["action"]: entry for entry in reversed(menu)}
    me = next(p for p in state["players"] if p["seat"] == state["you"]["seat"])
    if "draw" in first:
        entry = first["draw"]
        if "total" not in entry:
            return "draw", {"main": entry["main"], "ram": entry["ram"]}
        ram = entry["total"] - entry["minMain"] if len(me["ram"]) < 6 else entry["total"] - entry["maxMain"]
        return "draw", {"main": entry["total"] - ram, "ram": ram}
    if "mulligan" in first:
        return "mulligan", {"bottom": []}
    if "roll-off" in first:
        return "roll-off", {}
    if "choose-first" in first:
        return "choose-first", {"goFirst": True}
    if "order-triggers" in first:  # as they went off
        return "order-triggers", {"order": first["order-triggers"]["triggers"]}
    if "arrange-top" in first:  # as they lie
        entry = first["arrange-top"]
        return "arrange-top", {"deck": entry["deck"], "order": list(range(entry["count"]))}
    for entry in menu:
        if entry["action"] == "deploy" and state["cards"][entry["card"]]["type"] == "character":
            return "deploy", {"card": entry["card"], **entry["targets"][0]}
    if "attack" in first and first["attack"]["attackers"]:
        target = first["attack"]["targets"][0]
        return "attack", {"attacks": [{"attacker": a, "target": target} for a in first["attack"]["attackers"]]}
    assert "pass" in actions, actions
    return "pass", {}


def play_to_the_end(table: Table, seats: list[str], *, strategy: Callable[[dict], tuple[str, Any]] = plain_strategy,
                    limit: int = 600) -> dict:
    """Play until the match is over; returns the final session as the first seat reads it."""
    flow = table.view(seats[0])["state"]["flow"]
    for _ in range(limit):
        if flow["stage"] == "over":
            return table.view(seats[0])
        seat = flow["awaiting"][0]
        action, body = strategy(table.view(seat)["state"])
        flow = table.act(seat, action, body)["result"]["flow"]
    raise AssertionError(f"no winner after {limit} actions")
