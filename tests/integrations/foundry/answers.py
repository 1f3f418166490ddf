"""Recorded service answers for the Foundry module's tests (`integrations/foundry/test`).

Each fixture is one request and the service's answer to it, on the memory store with pinned
entropy, so the answer is the same on every run: `test_foundry_fixtures.py` checks that the
checked-in files still are what the service answers. To re-record after a deliberate change:

    .venv/bin/python tests/integrations/foundry/answers.py
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"

# name -> (path, body); `{session}` is a session created first (with seats gm and ana, ana acting).
REQUESTS: dict[str, tuple[str, dict[str, Any]]] = {
    "roll-successes": ("/v1/dice/roll", {"expression": "6d10cs>=8", "dialect": "foundry", "format": "foundry", "seed": "fixture-successes"}),
    "roll-parenthetical": ("/v1/dice/roll", {"expression": "(2d6+3)*2", "format": "foundry", "seed": "fixture-parenthetical"}),
    "roll-modifiers": (
        "/v1/dice/roll",
        {"expression": "4d6kh3 + 2d6xo>=2 + 3d6r<=5 - 1", "dialect": "foundry", "format": "foundry", "seed": "fixture-modifiers"},
    ),
    "roll-failures": ("/v1/dice/roll", {"expression": "5d6cf<=2 + d20adv", "dialect": "foundry", "format": "foundry", "seed": "fixture-failures"}),
    "fulfill-stateless": (
        "/v1/dice/fulfill",
        {"terms": [{"denomination": "d20", "count": 2}, {"denomination": "d6", "count": 3}, {"denomination": "d20", "count": 1}], "seed": "fixture-fulfill"},
    ),
    "roll-fate-coins": ("/v1/dice/roll", {"expression": "4dF + 3dcc1 + 2dc", "dialect": "foundry", "format": "foundry", "seed": "fixture-fate"}),
    "roll-rarer-modifiers": (
        "/v1/dice/roll",
        {"expression": "4d6k3 + 4d6d + 6d6r2=1 + 6d6even - 6d6odd + 4dFkl2", "dialect": "foundry", "format": "foundry", "seed": "fixture-rarer"},
    ),
    "roll-subtract-failures": ("/v1/dice/roll", {"expression": "8d6sf<3 + 1d4", "dialect": "foundry", "format": "foundry", "seed": "fixture-sf"}),
    "roll-margin": (
        "/v1/dice/roll",
        {"expression": "3d6ms>10 + (2d10ms<=12) * 2 + 6d10cs>=8ms2", "dialect": "foundry", "format": "foundry", "seed": "fixture-margin"},
    ),
    "fulfill-coin-fate": (
        "/v1/dice/fulfill",
        {"terms": [{"denomination": "dc", "count": 3}, {"denomination": "df", "count": 4}, {"denomination": "d2", "count": 2}], "seed": "fixture-coin-fate"},
    ),
    "fulfill-session": ("/v1/sessions/{session}/dice/fulfill", {"terms": [{"denomination": "d8", "count": 2}, {"denomination": "d12", "count": 1}]}),
    "roll-session": ("/v1/sessions/{session}/dice/roll", {"expression": "2d20kh1 + 4", "dialect": "foundry", "format": "foundry"}),
}


def record() -> dict[str, dict[str, Any]]:
    """Every fixture, answered now by a fresh app."""
    import pytest

    from support.api import make_settings, pin_entropy  # first: it quiets the test client's warning
    from starlette.testclient import TestClient

    from service.api.app import create_app

    answers: dict[str, dict[str, Any]] = {}
    with pytest.MonkeyPatch.context() as patch:
        pin_entropy(patch)
        with TestClient(create_app(make_settings("memory"))) as client:
            created = client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}, {"name": "ana"}]}).json()
            session = created["session"]["id"]
            token = next(seat["token"] for seat in created["seats"] if seat["name"] == "ana")
            for name, (path, body) in REQUESTS.items():
                url = path.format(session=session)
                headers = {"Authorization": f"Bearer {token}"} if "{session}" in path else {}
                response = client.post(url, json=body, headers=headers)
                assert response.status_code == 200, (name, response.text)
                answers[name] = {"request": {"method": "POST", "path": url, "body": body}, "answer": response.json()}
    return answers


def stored() -> dict[str, dict[str, Any]]:
    return {path.stem: json.loads(path.read_text()) for path in sorted(FIXTURES.glob("*.json"))}


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    for name, fixture in record().items():
        (FIXTURES / f"{name}.json").write_text(json.dumps(fixture, indent=2) + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    main()
