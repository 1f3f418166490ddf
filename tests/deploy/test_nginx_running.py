"""deploy/nginx.conf run by Debian's nginx in front of two replicas on one Redis.

The shipped file is rendered for loopback: the two replicas' ports instead of `api:8000` (and no
Docker resolver: Debian's nginx 1.22 has no `resolve` in an upstream), a free port instead of
8080, and the pid and temporary files in a directory of the test's. Everything else is the file
as shipped. `.ci/run` installs nginx when it is missing.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from deploy_files import DEPLOY
from live_through import check, follow_through
from redis_server import RedisServer, require_binary

from support.processes import ServiceProcess, free_port

pytestmark = pytest.mark.slow

SECRET = "nginx-test-secret-" + "n" * 32


def nginx_binary() -> str:
    found = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}{os.pathsep}/usr/sbin{os.pathsep}/sbin")
    if found:
        return found
    reason = "nginx not found: apt-get install nginx (.ci/run does)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the nginx tests", pytrace=False)
    pytest.skip(reason)


def _replace_once(text: str, pattern: str, replacement: str) -> str:
    rendered, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
    assert count == 1, f"deploy/nginx.conf has no single line matching {pattern!r}: update the rendering"
    return rendered


def render(conf: str, *, replicas: list[int], port: int, directory: Path) -> str:
    """The shipped file, pointed at loopback replicas and a directory of its own."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in replicas)
    conf = _replace_once(conf, r"^\s*server api:8000 resolve max_fails=1 fail_timeout=5s;$", servers)
    conf = _replace_once(conf, r"^\s*resolver 127\.0\.0\.11 .*;$", "")
    conf = _replace_once(conf, r"^(\s*)listen 8080;$", rf"\g<1>listen 127.0.0.1:{port};")
    conf = _replace_once(conf, r"^pid /tmp/nginx\.pid;$", f"pid {directory}/nginx.pid;")
    temp = "".join(f"    {kind}_temp_path {directory}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return _replace_once(conf, r"^http \{$", "http {\n" + temp)


@dataclass
class Proxy:
    url: str
    replicas: list[ServiceProcess]
    log: Path


@pytest.fixture(scope="module")
def nginx_in_front() -> Iterator[Proxy]:
    binary = nginx_binary()
    require_binary()
    directory = Path(tempfile.mkdtemp(prefix="neon-arbiter-nginx-"))
    directory.chmod(0o755)  # run as root, nginx's workers are `nobody` and must reach it
    with RedisServer() as redis:
        replicas = [ServiceProcess(redis.url, secret=SECRET, env={"NA_REPLICA_ID": f"replica-{i}"}) for i in (1, 2)]
        process = None
        try:
            with ThreadPoolExecutor(len(replicas)) as starting:  # side by side: each takes seconds to import
                list(starting.map(ServiceProcess.start, replicas))
            port = free_port()
            conf = directory / "nginx.conf"
            conf.write_text(render((DEPLOY / "nginx.conf").read_text(), replicas=[r.port for r in replicas], port=port, directory=directory))
            command = [binary, "-p", str(directory), "-e", "stderr", "-c", str(conf), "-g", "daemon off;"]
            checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
            assert checked.returncode == 0, checked.stderr
            log = directory / "nginx.log"
            with log.open("w") as output:
                process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                assert process.poll() is None, log.read_text()
                try:
                    if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "nginx did not answer"
                time.sleep(0.1)
            yield Proxy(url, replicas, log)
        finally:
            if process is not None:
                process.terminate()  # SIGTERM: nginx's fast shutdown
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            for replica in replicas:
                replica.stop()
            shutil.rmtree(directory, ignore_errors=True)


def test_the_rendering_changes_only_the_addresses_and_paths() -> None:
    shipped = (DEPLOY / "nginx.conf").read_text()
    rendered = render(shipped, replicas=[8001, 8002], port=9000, directory=Path("/tmp/x"))
    kept = [line for line in shipped.splitlines() if not re.search(r"api:8000|resolver 127|listen 8080|^pid ", line)]
    assert all(line in rendered.splitlines() for line in kept)
    assert "server 127.0.0.1:8001" in rendered and "server 127.0.0.1:8002" in rendered and "listen 127.0.0.1:9000;" in rendered


def test_a_subscription_and_an_event_stream_follow_a_session_through_nginx(nginx_in_front: Proxy) -> None:
    seen = asyncio.run(follow_through(nginx_in_front.url))
    check(seen)
    assert set(seen.rolls_served_by) == {"replica-1", "replica-2"}  # round robin per request


def test_nginx_keeps_metrics_private_passes_request_ids_and_answers_431_for_a_huge_head(nginx_in_front: Proxy) -> None:
    with httpx.Client(base_url=nginx_in_front.url, timeout=10) as http:
        assert http.get("/metrics").status_code == 404
        assert http.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["x-request-id"] == "abc-123"
        made = http.get("/healthz").headers["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", made), made  # nginx's $request_id, which the service keeps
        huge = http.get("/healthz", headers={"X-Padding": "p" * 9000})
    assert huge.status_code == 431
    assert huge.headers["content-type"] == "application/problem+json"
    assert huge.json()["code"] == "headers-too-large"
    for replica in nginx_in_front.replicas:  # each replica's metrics are still there, on its own port
        assert httpx.get(f"{replica.url}/metrics", timeout=10).status_code == 200
