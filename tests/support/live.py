"""An app served by a real uvicorn in a thread of the test process, for what only a socket shows.

In the same process, so a test may add a route or monkeypatch a handler first; `keep_alive` gives
one HTTP/1.1 connection that fails loudly if the server drops it between requests.
"""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from support.processes import free_port


@contextmanager
def serving(app) -> Iterator[int]:
    """Serve `app` on a free loopback port for the duration of the block; yields the port."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="critical"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield server.config.port
    finally:
        server.should_exit = True
        thread.join(timeout=30)


class KeepAlive:
    """One connection; `request` refuses to open a second one behind the caller's back."""

    def __init__(self, port: int) -> None:
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self._socket = None

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        self._connection.request(method, path, body=body, headers=headers or {})
        if self._socket is None:
            self._socket = self._connection.sock
        assert self._connection.sock is self._socket, "the connection was reopened"
        response = self._connection.getresponse()  # RemoteDisconnected if the server dropped it
        response.body = response.read()
        return response

    def close(self) -> None:
        self._connection.close()


@contextmanager
def keep_alive(port: int) -> Iterator[KeepAlive]:
    connection = KeepAlive(port)
    try:
        yield connection
    finally:
        connection.close()
