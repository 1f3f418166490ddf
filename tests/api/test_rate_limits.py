"""Rate limits cannot be dodged: a bucket per verified seat, else per address; X-Forwarded-For only from trusted proxies."""

from __future__ import annotations

import json
import secrets
from functools import partial

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.api.ratelimit import RateLimit
from service.config import ConfigError, Settings
from service.contracts import OPENAPI
from support.api import make_settings

ROLL = {"expression": "1d6"}


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps' limiters read a clock that stands still: no token comes back during a test, however
    long its requests take on a busy machine, so each answer is the bucket's arithmetic alone."""
    monkeypatch.setattr("service.api.app.RateLimit", partial(RateLimit, clock=lambda: 1000.0))


def _client(*, rate: float = 1, burst: int = 3, peer: str = "203.0.113.9", **settings) -> TestClient:
    app = create_app(make_settings("memory", rate_limit_per_second=rate, rate_limit_burst=burst, **settings))
    return TestClient(app, client=(peer, 40000))


def _roll(client: TestClient, headers: dict | None = None) -> int:
    return client.post("/v1/dice/roll", json=ROLL, headers=headers or {}).status_code


def _made_up_token() -> dict:
    return {"Authorization": f"Bearer nat_{secrets.token_urlsafe(32)}"}


def test_random_tokens_all_spend_the_bucket_of_their_address() -> None:
    with _client(burst=3) as client:
        assert [_roll(client, _made_up_token()) for _ in range(4)] == [200, 200, 200, 429]
        assert _roll(client) == 429  # and the address itself has nothing left


def test_a_verified_seat_has_a_bucket_of_its_own() -> None:
    with _client(rate=0.01, burst=4) as client:
        created = client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})
        sid, token = created.json()["session"]["id"], created.json()["seats"][0]["token"]
        seat = {"Authorization": f"Bearer {token}"}
        # Its first use is charged to the address (the token is not yet known to be a seat's).
        assert client.get(f"/v1/sessions/{sid}", headers=seat).status_code == 200
        assert [_roll(client, _made_up_token()) for _ in range(3)] == [200, 200, 429]
        # Now verified, the seat spends its own bucket, and made-up tokens still cannot.
        rolls = [client.post(f"/v1/sessions/{sid}/dice/roll", json=ROLL, headers=seat).status_code for _ in range(5)]
        assert rolls == [200, 200, 200, 200, 429]
        assert _roll(client, _made_up_token()) == 429


def test_x_forwarded_for_from_an_untrusted_peer_is_ignored() -> None:
    with _client(burst=3) as client:
        answers = [_roll(client, {"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(4)]
        assert answers == [200, 200, 200, 429]


def test_x_forwarded_for_from_a_trusted_proxy_names_the_client() -> None:
    with _client(burst=3, peer="10.0.0.2", trusted_proxies=("10.0.0.0/8",)) as client:
        ana = {"X-Forwarded-For": "198.51.100.1"}
        assert [_roll(client, ana) for _ in range(4)] == [200, 200, 200, 429]
        # Another client behind the same proxy has its own bucket.
        assert _roll(client, {"X-Forwarded-For": "198.51.100.2"}) == 200
        # What a client writes left of its own address proves nothing; the right-most untrusted hop counts,
        # through any number of trusted proxies.
        assert _roll(client, {"X-Forwarded-For": "192.0.2.77, 198.51.100.1"}) == 429
        assert _roll(client, {"X-Forwarded-For": "198.51.100.1, 10.0.0.9"}) == 429
        assert _roll(client, {"X-Forwarded-For": "198.51.100.1"}) == 429


def test_ratelimit_headers_state_the_rate_and_what_is_left() -> None:
    with _client(rate=2, burst=5) as client:
        answers = [client.post("/v1/dice/roll", json=ROLL) for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert {a.headers["ratelimit-limit"] for a in answers} == {"2"}
    assert [int(a.headers["ratelimit-remaining"]) for a in answers[:5]] == [4, 3, 2, 1, 0]
    refused = answers[5]
    assert refused.headers["ratelimit-remaining"] == "0"
    assert int(refused.headers["retry-after"]) == int(refused.headers["ratelimit-reset"]) == 1


def test_trusted_proxies_are_addresses_or_networks() -> None:
    settings = Settings.from_env({"NA_TRUSTED_PROXIES": "10.0.0.7, 172.16.0.0/12,,::1"})
    assert settings.trusted_proxies == ("10.0.0.7/32", "172.16.0.0/12", "::1/128")
    assert Settings.from_env({}).trusted_proxies == ()
    with pytest.raises(ConfigError, match="NA_TRUSTED_PROXIES"):
        Settings.from_env({"NA_TRUSTED_PROXIES": "nginx"})


def test_openapi_documents_429_on_every_limited_operation() -> None:
    document = json.loads(OPENAPI.read_text())
    limited = document["components"]["responses"]["RateLimited"]
    assert {"Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= set(limited["headers"])
    for path, methods in document["paths"].items():
        for operation in methods.values():
            documented = operation["responses"].get("429") == {"$ref": "#/components/responses/RateLimited"}
            assert documented == (path not in ("/healthz", "/readyz")), (path, operation["operationId"])


@pytest.mark.slow
def test_over_a_real_socket_x_forwarded_for_counts_only_from_a_trusted_proxy_even_from_localhost() -> None:
    """uvicorn on its own trusts X-Forwarded-For from 127.0.0.1 and rewrites the client's address before
    the app sees it, so a local client could name a fresh address per request and never be limited.
    The server leaves that to the service: NA_TRUSTED_PROXIES alone says whose header counts."""
    import httpx

    from support.api import SECRET
    from support.processes import ServiceProcess

    limited = {"NA_RATE_LIMIT_PER_SECOND": "0.001", "NA_RATE_LIMIT_BURST": "2"}  # a token per 1,000 s

    def rolls(env: dict[str, str]) -> list[int]:
        with ServiceProcess("memory", secret=SECRET, env=env) as service:
            return [
                httpx.post(f"{service.url}/v1/dice/roll", json=ROLL, headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                for i in range(4)
            ]

    assert rolls(limited) == [200, 200, 429, 429]
    assert rolls({**limited, "NA_TRUSTED_PROXIES": "127.0.0.1"}) == [200, 200, 200, 200]
