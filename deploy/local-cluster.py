"""The compose setup without Docker: Redis, N service processes and a balancer, on loopback.

    .venv/bin/python deploy/local-cluster.py --replicas 3 --port 8080

Starts a private redis-server (AOF on, in a temporary directory, on a free port, requiring a
fresh password as compose and Kubernetes do), N `python -m service` processes sharing it
(NA_REPLICA_ID replica-1..N, so X-Served-By tells which one answered) and deploy/balancer.py
in front. Once everything answers it prints one JSON line to stdout:

    {"balancer": "http://127.0.0.1:8080", "replicas": ["http://127.0.0.1:..."], "redis": "redis://:<password>@..."}

Service logs (JSON lines) go to stderr. SIGINT or SIGTERM stops everything: the replicas
drain their requests, Redis stops, its directory is removed. NA_SEED_SECRET is taken from
the environment, or made fresh for this run (sessions then die with the cluster anyway).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from balancer import serve_until_signalled, start  # deploy/ is this script's directory, first on sys.path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def _redis_answers(port: int, password: str) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(f"AUTH {password}\r\nPING\r\n".encode())
            reply = b""
            while len(reply) < 12 and (chunk := sock.recv(64)):
                reply += chunk
            return reply.startswith(b"+OK\r\n+PONG")
    except OSError:
        return False


def _stop(process: subprocess.Popen[bytes], timeout: float) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Cluster:
    def __init__(self, replicas: int, *, redis_server: str, secret: str, log_level: str) -> None:
        self.replicas = replicas
        self.redis_server = redis_server
        self.secret = secret
        self.log_level = log_level
        self.directory = tempfile.mkdtemp(prefix="neon-arbiter-cluster-")
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_url = ""
        self.redis_password = secrets.token_hex(16)
        self.services: list[tuple[subprocess.Popen[bytes], str]] = []

    def start(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        self._start_redis(deadline)
        for index in range(1, self.replicas + 1):
            port = free_port()
            env = {
                **os.environ,
                "NA_STORE": self.redis_url,
                "NA_SEED_SECRET": self.secret,
                "NA_HOST": "127.0.0.1",
                "NA_PORT": str(port),
                "NA_REPLICA_ID": f"replica-{index}",
                "NA_LOG_LEVEL": self.log_level,
            }
            process = subprocess.Popen([sys.executable, "-m", "service"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
            self.services.append((process, f"http://127.0.0.1:{port}"))
        for process, url in self.services:  # started together, so they import in parallel
            while not _answers(f"{url}/readyz"):
                if process.poll() is not None:
                    raise RuntimeError(f"the replica at {url} exited with {process.returncode}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the replica at {url} did not become ready")
                time.sleep(0.1)

    def _start_redis(self, deadline: float) -> None:
        # Another process may take the probed port before redis binds it: probe again.
        for _ in range(5):
            port = free_port()
            self.redis = subprocess.Popen(
                [self.redis_server, "--port", str(port), "--bind", "127.0.0.1", "--dir", self.directory,
                 "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no",
                 "--logfile", "redis.log", "--requirepass", self.redis_password],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            while self.redis.poll() is None and not _redis_answers(port, self.redis_password) and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.redis.poll() is None and _redis_answers(port, self.redis_password):
                self.redis_url = f"redis://:{self.redis_password}@127.0.0.1:{port}/0"
                return
            _stop(self.redis, 5)
        raise RuntimeError(f"redis-server did not start; see {self.directory}/redis.log")

    @property
    def backends(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", int(url.rsplit(":", 1)[1])) for _, url in self.services]

    def stop(self) -> None:
        for process, _ in self.services:  # SIGTERM to all first: they drain side by side
            if process.poll() is None:
                process.terminate()
        for process, _ in self.services:
            _stop(process, 30)
        if self.redis is not None:
            _stop(self.redis, 10)
        shutil.rmtree(self.directory, ignore_errors=True)


async def _balance(cluster: Cluster, port: int) -> None:
    server, url = await start(("127.0.0.1", port), cluster.backends)
    replicas = [url for _, url in cluster.services]
    print(json.dumps({"balancer": url, "replicas": replicas, "redis": cluster.redis_url}), flush=True)
    await serve_until_signalled(server)


def main() -> None:
    parser = argparse.ArgumentParser(description="Redis + N service processes + a balancer, on loopback.")
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--port", type=int, default=8080, help="balancer port (0: any free one)")
    parser.add_argument("--redis-server", default=os.environ.get("REDIS_SERVER") or shutil.which("redis-server") or "redis-server")
    parser.add_argument("--log-level", default=os.environ.get("NA_LOG_LEVEL", "info"))
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds for everything to answer")
    args = parser.parse_args()
    secret = os.environ.get("NA_SEED_SECRET") or secrets.token_hex(32)

    # Until the balancer runs, a signal must still stop what has been started.
    def interrupted(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    cluster = Cluster(args.replicas, redis_server=args.redis_server, secret=secret, log_level=args.log_level)
    try:
        cluster.start(args.timeout)
        asyncio.run(_balance(cluster, args.port))
    except KeyboardInterrupt:
        pass
    except RuntimeError as exc:
        print(f"local-cluster: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
