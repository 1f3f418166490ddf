"""Two service processes on one Redis share a session: concurrent rolls, no nonce reused, log verifies."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from redis_cluster import CLUSTER
from support.api import SECRET
from support.processes import ServiceProcess

pytestmark = pytest.mark.slow


@pytest.fixture(params=[pytest.param("redis", marks=pytest.mark.redis), pytest.param("cluster", marks=CLUSTER)])
def replica_urls(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Two processes on one Redis, or the cluster tests' two shared processes on a Redis Cluster
    of three masters and three replicas."""
    if request.param == "cluster":
        yield request.getfixturevalue("cluster_replicas")
        return
    url = request.getfixturevalue("redis_url")
    with ServiceProcess(url, secret=SECRET) as one, ServiceProcess(url, secret=SECRET) as two:
        yield [one.url, two.url]


def test_two_processes_share_one_session_without_reusing_a_nonce(replica_urls: list[str]) -> None:
    asyncio.run(_play(*replica_urls))


async def _play(url_one: str, url_two: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        created = (await http.post(f"{url_one}/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}, {"name": "ana"}]})).json()
        sid = created["session"]["id"]
        tokens = {seat["name"]: seat["token"] for seat in created["seats"]}

        async def roll(base: str, token: str) -> dict:
            response = await http.post(f"{base}/v1/sessions/{sid}/dice/roll", json={"expression": "2d6"}, headers={"Authorization": f"Bearer {token}"})
            assert response.status_code == 200, response.text
            return response.json()

        # The second process reads what the first created, and the other way round.
        view = (await http.get(f"{url_two}/v1/sessions/{sid}", headers={"Authorization": f"Bearer {tokens['ana']}"})).json()
        assert view["id"] == sid

        per_side = 60
        jobs = [roll(url_one, tokens["gm"]) for _ in range(per_side)] + [roll(url_two, tokens["ana"]) for _ in range(per_side)]
        answers = await asyncio.gather(*jobs)
        nonces = sorted(answer["audit"]["nonce"] for answer in answers)
        assert nonces == list(range(2 * per_side))
        assert sorted(a["version"] for a in answers) == list(range(2, 2 * per_side + 2))

        headers = {"Authorization": f"Bearer {tokens['gm']}"}
        closed = (await http.post(f"{url_two}/v1/sessions/{sid}/close", headers=headers)).json()
        seed = closed["seeds"][0]["seed"]
        entries, cursor = [], None
        while True:
            params = {"limit": 200, **({"cursor": cursor} if cursor else {})}
            page = (await http.get(f"{url_one}/v1/sessions/{sid}/log", params=params, headers=headers)).json()
            entries += page["entries"]
            cursor = page["nextCursor"]
            if not cursor:
                break
        rolls = [e for e in entries if e["action"] == "dice/roll"]
        assert [e["audit"]["nonce"] for e in rolls] == list(range(2 * per_side))  # log order = nonce order
        by_seq = {e["seq"]: e for e in entries}  # each answer is the entry its commit wrote (writes are chained)
        for answer in answers:
            assert by_seq[answer["seq"]]["result"] == answer["result"] and by_seq[answer["seq"]]["audit"]["draws"] == answer["audit"]["draws"]
        for entry in rolls:
            verdict = (await http.post(f"{url_one}/v1/verify", json={"record": entry["audit"], "seed": seed})).json()
            assert verdict["match"], verdict
