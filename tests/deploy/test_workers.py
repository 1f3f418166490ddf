"""NA_WORKERS: N forked workers share the port, each answers, and SIGTERM stops them all with exit 0."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import httpx
import pytest

from service.config import ConfigError, Settings
from support.api import SECRET
from support.processes import ServiceProcess

pytestmark = pytest.mark.slow


def _children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _until_both_answer(url: str, timeout: float = 120.0) -> None:
    """/readyz passes once one worker serves; the other may still be booting (seconds on a busy
    machine). Until each has answered a request of its own, on a connection of its own."""
    deadline = time.monotonic() + timeout
    seen: set[str] = set()
    while seen != {"pool-w0", "pool-w1"}:
        assert time.monotonic() < deadline, f"only {sorted(seen)} answered within {timeout} s"
        response = httpx.get(f"{url}/healthz", timeout=10)
        assert response.status_code == 200
        seen.add(response.headers["x-served-by"])
        time.sleep(0.05)


def _served_by(url: str, count: int) -> set[str]:
    """Who answers `count` requests, each on a connection of its own (a worker takes a connection)."""
    seen = set()
    for _ in range(count):
        response = httpx.get(f"{url}/healthz", timeout=10)
        assert response.status_code == 200
        seen.add(response.headers["x-served-by"])
    return seen


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc")
def test_two_workers_each_answer_on_the_one_port_and_stop_together(redis_url: str) -> None:
    service = ServiceProcess(redis_url, secret=SECRET, env={"NA_WORKERS": "2", "NA_REPLICA_ID": "pool", "NA_LOG_LEVEL": "info"})
    service.start(timeout=180)
    try:
        parent = service.process.pid
        workers = _children(parent)
        assert len(workers) == 2
        _until_both_answer(service.url)  # before one is stopped, else the other may not serve yet
        answered = []
        for paused in workers:  # with one worker stopped, the other takes every connection
            os.kill(paused, signal.SIGSTOP)
            try:
                answered.append(_served_by(service.url, 4))
            finally:
                os.kill(paused, signal.SIGCONT)
        assert answered in ([{"pool-w0"}, {"pool-w1"}], [{"pool-w1"}, {"pool-w0"}])

        # A session made through one worker is played through either: the state is in Redis.
        created = httpx.post(f"{service.url}/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}).json()
        sid, auth = created["session"]["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        for paused in workers:
            os.kill(paused, signal.SIGSTOP)
            try:
                rolled = httpx.post(f"{service.url}/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers=auth, timeout=10)
            finally:
                os.kill(paused, signal.SIGCONT)
            assert rolled.status_code == 200

        service.process.send_signal(signal.SIGTERM)
        assert service.process.wait(timeout=60) == 0
        assert not any(Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text() for pid in workers)
        # Each worker wrote the access line of the roll it answered (its log handler's lines are written by its exit).
        lines = [json.loads(line) for line in service.stop().splitlines() if line.startswith("{")]
        rolls = [line["replica"] for line in lines if line["logger"] == "service.access" and line["route"].endswith("/dice/roll")]
        assert sorted(rolls) == ["pool-w0", "pool-w1"]
    finally:
        service.stop()


def test_more_than_one_worker_needs_a_shared_store() -> None:
    with pytest.raises(ConfigError, match="NA_WORKERS"):
        Settings.from_env({"NA_WORKERS": "2"})
    with pytest.raises(ConfigError, match="NA_WORKERS"):
        Settings.from_env({"NA_WORKERS": "0"})
    assert Settings.from_env({"NA_WORKERS": "3", "NA_STORE": "redis://localhost:6379/0", "NA_SEED_SECRET": SECRET}).workers == 3
    assert Settings.from_env({}).workers == 1
