"""Real service processes (`python -m service`) on free loopback ports, for multi-replica tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import typing
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServiceProcess:
    def __init__(self, store: str, *, secret: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._env = {
            **os.environ,
            "NA_STORE": store,
            "NA_SEED_SECRET": secret,
            "NA_PORT": str(self.port),
            "NA_LOG_LEVEL": "warning",
            "NA_RATE_LIMIT_PER_SECOND": "0",
            # Room for a loaded machine where a test is not about the store timeout; those that are set it.
            "NA_STORE_TIMEOUT_SECONDS": "10",
            **(env or {}),
        }
        self.process: subprocess.Popen | None = None
        # The output is read as it comes: a pipe left full (64 KiB of log lines, a few hundred
        # 503s logged at ERROR) would block the service's next write to it, and so the service.
        self._output: list[bytes] = []
        self._reader: threading.Thread | None = None

    def start(self, timeout: float = 60.0) -> ServiceProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service"], cwd=ROOT, env=self._env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"service exited early:\n{self.process.stdout.read().decode()}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=0.5).status_code == 200:
                    self._reader = threading.Thread(target=self._drain, args=(self.process.stdout,), daemon=True)
                    self._reader.start()
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("service did not become ready")

    def stop(self) -> str:
        if self.process is None:
            return ""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._reader is not None:
            self._reader.join(timeout=10)  # a worker process that outlived the service may hold the pipe
            self._reader = None
        elif self.process.stdout:
            self._output.append(self.process.stdout.read())
        output = b"".join(self._output).decode()
        self._output = []
        self.process = None
        return output

    def _drain(self, stream: typing.IO[bytes]) -> None:
        for line in stream:
            self._output.append(line)

    def __enter__(self) -> ServiceProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
