"""Shared state under load, retries and a Redis outage, with real replicas on loopback."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import httpx
import pytest

from redis_cluster import CLUSTER
from service.dice.verify import VerifyRequest, verify
from support.api import SECRET
from redis_server import RedisServer, require_binary
from support.processes import ServiceProcess

pytestmark = pytest.mark.slow

SEATS = [{"name": f"p{i}", "role": "gm" if i == 0 else "player"} for i in range(4)]


async def _session(http: httpx.AsyncClient, base: str) -> tuple[str, list[str]]:
    created = (await http.post(f"{base}/v1/sessions", json={"system": "dice", "seats": SEATS})).json()
    return created["session"]["id"], [seat["token"] for seat in created["seats"]]


async def _log(http: httpx.AsyncClient, base: str, sid: str, token: str) -> list[dict]:
    entries, cursor = [], None
    while True:
        params = {"limit": 200, **({"cursor": cursor} if cursor else {})}
        page = (await http.get(f"{base}/v1/sessions/{sid}/log", params=params, headers={"Authorization": f"Bearer {token}"})).json()
        entries += page["entries"]
        cursor = page["nextCursor"]
        if not cursor:
            return entries


@pytest.fixture(scope="module", params=["redis", pytest.param("cluster", marks=CLUSTER)])
def replicas(request: pytest.FixtureRequest):
    """Two service processes on a Redis of their own, or the cluster tests' two shared processes
    on the test session's Redis Cluster (started once: a process takes seconds to boot)."""
    require_binary()
    if request.param == "cluster":
        yield request.getfixturevalue("cluster_replicas")
        return
    with RedisServer() as redis, ServiceProcess(redis.url, secret=SECRET) as one, ServiceProcess(redis.url, secret=SECRET) as two:
        yield [one.url, two.url]


def test_no_update_is_lost_when_two_replicas_share_a_hot_session(replicas) -> None:
    asyncio.run(_hammer(replicas))


async def _hammer(replicas: list[str]) -> None:
    clients, per_client = 32, 64  # 2048 counting actions on one session
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        sid, tokens = await _session(http, replicas[0])
        statuses: Counter[int] = Counter()

        async def client(index: int) -> None:
            base = replicas[index % 2]
            headers = {"Authorization": f"Bearer {tokens[index % len(tokens)]}"}
            for _ in range(per_client):
                response = await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers=headers)
                statuses[response.status_code] += 1

        await asyncio.gather(*(client(i) for i in range(clients)))
        total = clients * per_client
        assert statuses == {200: total}, statuses  # nothing failed for contention
        view = (await http.get(f"{replicas[1]}/v1/sessions/{sid}", headers={"Authorization": f"Bearer {tokens[0]}"})).json()
        assert view["version"] == total + 1 and view["nonce"] == total
        closed = (await http.post(f"{replicas[1]}/v1/sessions/{sid}/close", headers={"Authorization": f"Bearer {tokens[0]}"})).json()
        entries = await _log(http, replicas[0], sid, tokens[0])
    rolls = [e for e in entries if e["action"] == "dice/roll"]
    assert [e["audit"]["nonce"] for e in rolls] == list(range(total))  # gapless, each once, in order
    assert Counter(e["seat"] for e in rolls) == {f"seat-{i + 1}": total // len(SEATS) for i in range(len(SEATS))}
    seed = closed["seeds"][0]["seed"]
    assert all(verify(VerifyRequest.model_validate({"record": e["audit"], "seed": seed})).match for e in rolls)


def test_a_client_that_cuts_and_retries_every_request_acts_exactly_once_each(replicas) -> None:
    asyncio.run(_cut_and_retry(replicas))


async def _hang_up(base: str, path: str, body: bytes, headers: dict[str, str], after_s: float) -> None:
    """Send a request, then drop the connection (TCP reset) `after_s` later without reading an answer."""
    url = httpx.URL(base)
    _, writer = await asyncio.open_connection(url.host, url.port)
    lines = [f"POST {path} HTTP/1.1", f"Host: {url.host}:{url.port}", "Content-Type: application/json", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    await asyncio.sleep(after_s)
    writer.transport.abort()


async def _cut_and_retry(replicas: list[str]) -> None:
    intended = 40
    async with httpx.AsyncClient(timeout=30) as http:
        sid, tokens = await _session(http, replicas[0])
        headers = {"Authorization": f"Bearer {tokens[1]}"}
        for n in range(intended):
            key = {"Idempotency-Key": f"action-{n}", **headers}
            body = {"expression": "2d6"}
            # The first try hangs up before reading the answer: at once, or a little later, so
            # some are cut before the action runs, some while it runs and some after it.
            await _hang_up(replicas[n % 2], f"/v1/sessions/{sid}/dice/roll", b'{"expression": "2d6"}', key, (n % 4) * 0.002)
            answers = []
            for base in replicas:  # retries reach both replicas
                response = await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json=body, headers=key)
                assert response.status_code == 200, response.text
                answers.append(response.json())
            assert answers[0] == answers[1]
        view = (await http.get(f"{replicas[0]}/v1/sessions/{sid}", headers=headers)).json()
    assert view["version"] == intended + 1 and view["nonce"] == intended


def test_redis_outage_gives_prompt_503s_and_the_service_recovers_without_losing_acknowledged_actions(start_redis_server) -> None:
    redis = start_redis_server(appendonly=True, fsync="always")
    # 1 s: the 20 rolls before the kill (the first opens the connections) must all answer 200 on a
    # busy machine. After the kill the refusals are instant, so `slowest < 3.0` still stands apart.
    env = {"NA_STORE_TIMEOUT_SECONDS": "1.0"}
    with ServiceProcess(redis.url, secret=SECRET, env=env) as service:
        asyncio.run(_outage(service.url, redis))


async def _outage(base: str, redis) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        sid, tokens = await _session(http, base)
        headers = {"Authorization": f"Bearer {tokens[0]}"}
        acknowledged = 0
        for _ in range(20):
            assert (await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=headers)).status_code == 200
            acknowledged += 1

        redis.kill()  # a crash: only what AOF (fsync always) holds survives
        slowest = 0.0
        statuses: Counter[int] = Counter()

        async def attempt() -> None:
            nonlocal slowest
            started = time.monotonic()
            response = await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=headers)
            slowest = max(slowest, time.monotonic() - started)
            statuses[response.status_code] += 1
            if response.status_code == 503:
                assert response.headers["content-type"] == "application/problem+json"
                assert response.json()["code"] == "store-unavailable" and "retry-after" in response.headers

        await asyncio.gather(*(attempt() for _ in range(20)))
        assert statuses == {503: 20}, statuses
        assert slowest < 3.0  # answered within the store timeout, not hung
        ready = await http.get(f"{base}/readyz")
        assert ready.status_code == 503 and ready.json()["code"] == "store-unavailable"
        assert (await http.get(f"{base}/healthz")).status_code == 200  # alive, only not ready

        redis.start()  # same port and directory: the AOF is replayed
        deadline = time.monotonic() + 15
        while (await http.get(f"{base}/readyz")).status_code != 200:
            assert time.monotonic() < deadline, "the service did not recover"
            await asyncio.sleep(0.2)
        after = await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=headers)
        assert after.status_code == 200, after.text
        assert after.json()["audit"]["nonce"] == acknowledged  # every acknowledged roll survived, none twice
        entries = await _log(http, base, sid, tokens[0])
        assert [e["audit"]["nonce"] for e in entries] == list(range(acknowledged + 1))
