"""deploy/local-cluster.py: one session, created through the balancer, played on every replica.

The script starts Redis, three `python -m service` processes and the balancer on loopback;
X-Served-By tells which replica answered each request. A session is also followed live
through the balancer, by a GraphQL subscription and an event stream.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from deploy_files import DEPLOY, ROOT
from live_through import check, follow_through
from redis_server import require_binary

pytestmark = pytest.mark.slow

REPLICAS = 3
SECRET = "local-cluster-test-secret-" + "s" * 32


class _Cluster:
    def __init__(self, process: subprocess.Popen[str], info: dict, log: Path) -> None:
        self.process = process
        self.balancer: str = info["balancer"]
        self.replicas: list[str] = info["replicas"]
        self.redis: str = info.get("redis", "")
        self.log = log

    def stop(self, timeout: float = 60) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:  # never leave a replica behind
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.process.returncode


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[_Cluster]:
    require_binary()
    log = tmp_path / "cluster.log"
    env = {**os.environ, "NA_SEED_SECRET": SECRET, "NA_LOG_LEVEL": "info"}
    with log.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, str(DEPLOY / "local-cluster.py"), "--replicas", str(REPLICAS), "--port", "0", "--timeout", "180"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr, text=True,
            start_new_session=True,  # its own process group, so a hung run can be ended whole
        )
    assert process.stdout is not None
    try:
        line = process.stdout.readline()  # one JSON line once every part answers (or EOF on failure)
        if not line:
            process.wait(timeout=30)
            pytest.fail(f"local-cluster.py exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        running = _Cluster(process, json.loads(line), log)
        yield running
    finally:
        _Cluster(process, {"balancer": "", "replicas": []}, log).stop()


def test_a_session_created_through_the_balancer_is_played_on_every_replica(cluster: _Cluster) -> None:
    served: list[str] = []
    with httpx.Client(base_url=cluster.balancer, timeout=30) as http:  # one keep-alive connection

        def call(method: str, path: str, **kwargs) -> httpx.Response:
            response = http.request(method, path, **kwargs)
            assert response.status_code < 300, response.text
            served.append(response.headers["x-served-by"])
            return response

        created = call("POST", "/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}, {"name": "ana"}]}).json()
        sid = created["session"]["id"]
        tokens = [seat["token"] for seat in created["seats"]]
        rolls = 2 * REPLICAS
        nonces = []
        for i in range(rolls):
            auth = {"Authorization": f"Bearer {tokens[i % 2]}"}
            answer = call("POST", f"/v1/sessions/{sid}/dice/roll", json={"expression": "3d6"}, headers=auth).json()
            nonces.append(answer["audit"]["nonce"])
        gm = {"Authorization": f"Bearer {tokens[0]}"}
        entries = call("GET", f"/v1/sessions/{sid}/log", params={"limit": 100}, headers=gm).json()["entries"]
        seed = call("POST", f"/v1/sessions/{sid}/close", headers=gm).json()["seeds"][0]["seed"]
        verdicts = [call("POST", "/v1/verify", json={"record": e["audit"], "seed": seed}).json() for e in entries]

    assert set(served) == {f"replica-{i}" for i in range(1, REPLICAS + 1)}
    assert nonces == list(range(rolls))
    assert [e["seq"] for e in entries] == list(range(rolls))
    assert [e["audit"]["nonce"] for e in entries] == list(range(rolls)), "every roll logged, no nonce skipped"
    assert all(v["match"] for v in verdicts)

    # Each replica counts what it served: the dice of all of them add up to every roll's.
    drawn = 0.0
    for replica in cluster.replicas:
        for line in httpx.get(f"{replica}/metrics", timeout=10).text.splitlines():
            if line.startswith('neon_arbiter_dice_rolled_total{system="dice"}'):
                drawn += float(line.split()[-1])
    assert drawn == 3 * rolls

    assert cluster.stop() == 0
    lines = [json.loads(line) for line in cluster.log.read_text().splitlines() if line.startswith("{")]
    requests = [line for line in lines if line["logger"] == "service.access"]
    assert {line["replica"] for line in requests} == set(served)
    text = cluster.log.read_text()
    password = cluster.redis.removeprefix("redis://:").split("@")[0]
    assert len(password) == 32, "the cluster's Redis requires a password, and the replicas' store URL carries it"
    for secret in [*tokens, seed, SECRET, password]:
        assert secret not in text
    for replica in cluster.replicas:  # the cluster took its replicas down with it
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"{replica}/healthz", timeout=2)


def test_a_subscription_and_an_event_stream_follow_a_session_through_the_balancer(cluster: _Cluster) -> None:
    seen = asyncio.run(follow_through(cluster.balancer))
    check(seen)
    # Round robin put the rolls on more than one replica: events reach a stream from any of them.
    assert len(set(seen.rolls_served_by)) >= 2
