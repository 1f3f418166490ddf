"""Stateful fuzzing: create real sessions, then throw schema-generated requests at every session operation.

Plain schemathesis runs only ever see unknown session ids (404). Here a hypothesis state machine
creates sessions of every system, keeps their tokens, and drives each session operation with
bodies schemathesis generates: no request may produce a server error or break the schema.
"""

from __future__ import annotations

import json

import hypothesis.strategies as st
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, rule
from schemathesis.specs.openapi.checks import positive_data_acceptance
from starlette.testclient import TestClient

from service.api.app import create_app
from service.contracts import OPENAPI
from support.api import make_settings

app = create_app(make_settings("memory"))
rest = schemathesis.openapi.from_asgi("/openapi.json", app)
DOCUMENT = json.loads(OPENAPI.read_text())
SESSION_OPS = sorted(
    (path, method.upper())
    for path, methods in DOCUMENT["paths"].items()
    for method in methods
    if path.startswith("/v1/sessions/{sessionId}/") and not path.endswith("/events")
)


def _system_of(path: str) -> str:
    return path.split("/")[4]


class SessionFuzz(RuleBasedStateMachine):
    sessions = Bundle("sessions")

    @initialize()
    def client(self) -> None:
        self.http = TestClient(app)

    @rule(target=sessions, system=st.sampled_from(["dice", "neurosystem", "ncb", "eclipse", "desert", "neuroscape"]))
    def create(self, system: str):
        seats = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}]
        response = self.http.post("/v1/sessions", json={"system": system, "seats": seats})
        assert response.status_code in (201, 422), response.text  # 422: the system needs a setup
        if response.status_code != 201:
            return None
        created = response.json()
        return (system, created["session"]["id"], [seat["token"] for seat in created["seats"]])

    @rule(session=sessions, data=st.data())
    def act(self, session, data) -> None:
        if session is None:
            return
        system, session_id, tokens = session
        candidates = [op for op in SESSION_OPS if _system_of(op[0]) in (system, "dice") or op[0].count("/") == 4]
        path, method = data.draw(st.sampled_from(candidates))
        case = data.draw(rest[path][method].as_strategy())
        case.path_parameters = {"sessionId": session_id}
        token = data.draw(st.sampled_from(tokens))
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        case.headers.pop("If-Match", None)
        response = case.call()
        assert response.status_code < 500, response.text
        case.validate_response(response, excluded_checks=[positive_data_acceptance])


SessionFuzz.TestCase.settings = settings(
    max_examples=20, stateful_step_count=10, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
test_session_operations_survive_stateful_fuzzing = SessionFuzz.TestCase
