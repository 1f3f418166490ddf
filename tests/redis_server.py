"""A throwaway redis-server for tests: its own port, its own dir, gone at the end.

    with RedisServer() as server:       # started, answering PING
        server.url                      # redis://127.0.0.1:<port>/0
        server.stop(); server.start()   # an outage, then the same server on the same port

With `appendonly=True` the data survives a stop/start, as a real restart would.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

BINARY = os.environ.get("REDIS_SERVER", "/usr/bin/redis-server")


def require_binary() -> None:
    """Skip when there is no redis-server to start, but fail on CI: CI must test Redis."""
    if shutil.which(BINARY):
        return
    reason = f"{BINARY} not found and REDIS_URL not set"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the Redis tests (install redis-server)", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _is_ours(port: int, directory: str) -> bool:
    """Answers PING, and is the server we started (another one may hold the port)."""
    reply = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"CONFIG GET dir\r\nPING\r\n")
            while not reply.endswith(b"+PONG\r\n"):  # -LOADING (reading the AOF) times out
                chunk = sock.recv(4096)
                if not chunk:
                    break
                reply += chunk
    except OSError:
        return False
    return directory.encode() in reply and reply.endswith(b"+PONG\r\n")


class RedisServer:
    def __init__(self, *, appendonly: bool = False, fsync: str = "everysec") -> None:
        self.appendonly = appendonly
        self.fsync = fsync  # "always": every acknowledged write is on disk before the reply
        self.port = 0
        # Real path: the server reports its dir resolved, and `_is_ours` compares it.
        self._dir = os.path.realpath(tempfile.mkdtemp(prefix="redis-test-"))
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        assert self.port, "start() the server first"
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout_s: float = 10.0) -> None:
        assert self._process is None, "already running"
        # The first start picks a port; another process may grab it between our probe
        # and redis binding it (xdist workers), so pick again. A restart keeps its port.
        for _ in range(1 if self.port else 5):
            port = self.port or self._pick_port()
            if self._launch(port, timeout_s):
                self.port = port
                return
        raise RuntimeError(f"redis-server did not start; see {self._dir}/redis.log")

    def _pick_port(self) -> int:
        return free_port()

    def _launch(self, port: int, timeout_s: float) -> bool:
        # stdin/stdout detached: a pytest capture must not hold the process's pipes.
        process = subprocess.Popen(
            self._command(port),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if process.poll() is not None:  # exited: most likely the port was taken
                return False
            if _is_ours(port, self._dir):
                self._process = process
                return True
            time.sleep(0.02)
        process.kill()
        process.wait()
        return False

    def _command(self, port: int) -> list[str]:
        return [BINARY, "--port", str(port), "--bind", "127.0.0.1", "--dir", self._dir,
                "--save", "", "--appendonly", "yes" if self.appendonly else "no", "--appendfsync", self.fsync,
                "--logfile", "redis.log", "--daemonize", "no"]

    def stop(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process = None

    def kill(self) -> None:
        """Die at once (SIGKILL), as in a crash: nothing is flushed on the way out."""
        if self._process is None:
            return
        self._process.kill()
        self._process.wait()
        self._process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
