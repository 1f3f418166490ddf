"""Slow and oversized clients, against a real `python -m service` over raw sockets.

The bounds are set to one second here so the tests are quick; the defaults are in
service/config.py and the README. `SLACK` allows for a busy machine.
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from support.api import SECRET
from support.processes import ServiceProcess

pytestmark = pytest.mark.slow

BOUND = 1.0
SLACK = 2.0


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    env = {
        "NA_HEADER_TIMEOUT_SECONDS": str(BOUND),
        "NA_KEEPALIVE_TIMEOUT_SECONDS": str(BOUND),
        "NA_BODY_TIMEOUT_SECONDS": str(BOUND),
    }
    with ServiceProcess("memory", secret=SECRET, env=env) as process:
        yield process


def _connect(service: ServiceProcess) -> socket.socket:
    return socket.create_connection(("127.0.0.1", service.port), timeout=10)


def _wait_for_close(sock: socket.socket, limit: float, *, trickle: bytes = b"") -> tuple[float, bytes]:
    """Seconds until the service ends its output, and what it sent; `trickle` is sent a byte per 100 ms."""
    start = time.monotonic()
    received = b""
    pending = trickle
    while time.monotonic() - start < limit:
        if pending:
            try:
                sock.send(pending[:1])
            except OSError:  # the service has closed the connection
                return time.monotonic() - start, received
            pending = pending[1:]
        readable, _, _ = select.select([sock], [], [], 0.1)
        if readable:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                return time.monotonic() - start, received
            if not chunk:
                return time.monotonic() - start, received
            received += chunk
    raise AssertionError(f"the connection was still open after {limit} s")


def _request(sock: socket.socket, head: bytes, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    """Send a request and read one response (Content-Length framed)."""
    try:
        sock.sendall(head + body)
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused while still sending: the answer is read below all the same
    return _answers(sock, 1)[0]


def _answers(sock: socket.socket, count: int) -> list[tuple[int, dict[str, str], bytes]]:
    """Read `count` responses (Content-Length framed); pipelined answers may come in one read."""
    data = b""
    answers = []
    for _ in range(count):
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            assert chunk, f"the connection closed without an answer: {data!r}"
            data += chunk
        raw_head, _, data = data.partition(b"\r\n\r\n")
        status_line, *lines = raw_head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
        length = int(headers.get("content-length", "0"))
        while len(data) < length:
            chunk = sock.recv(65536)
            assert chunk, "the connection closed in the middle of the answer"
            data += chunk
        answers.append((int(status_line.split()[1]), headers, data[:length]))
        data = data[length:]
    return answers


def _get(path: str = "/healthz", extra: list[str] | None = None) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *(extra or [])]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def test_a_head_sent_a_byte_at_a_time_is_cut_within_the_header_timeout(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        elapsed, received = _wait_for_close(sock, BOUND + SLACK + 3, trickle=b"a" * 200)
    assert BOUND - 0.2 <= elapsed <= BOUND + SLACK
    assert received.startswith(b"HTTP/1.1 408 ")
    assert json.loads(received.partition(b"\r\n\r\n")[2])["code"] == "request-timeout"


def test_a_connection_that_never_sends_is_cut_within_the_header_timeout(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        elapsed, received = _wait_for_close(sock, BOUND + SLACK + 3)
    assert BOUND - 0.2 <= elapsed <= BOUND + SLACK and received == b""


def test_an_idle_keep_alive_connection_is_closed_after_the_keepalive_timeout(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        status, headers, _ = _request(sock, _get())
        assert status == 200 and headers.get("connection") != "close"
        elapsed, received = _wait_for_close(sock, BOUND + SLACK + 3)
    # The service's keep-alive timer starts when it has sent the answer; this clock only once the
    # answer is read, which a busy machine may delay: 0.5 s of that allowed, still far from a close
    # that came at once.
    assert BOUND - 0.5 <= elapsed <= BOUND + SLACK and received == b""


def test_a_body_that_stops_coming_is_cut_within_the_body_timeout(service: ServiceProcess) -> None:
    head = b"POST /v1/dice/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    with _connect(service) as sock:
        sock.sendall(head + b'{"expres')
        elapsed, _ = _wait_for_close(sock, BOUND + SLACK + 3)
    assert BOUND - 0.2 <= elapsed <= BOUND + SLACK


def test_a_megabyte_header_is_refused_with_431(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        status, headers, body = _request(sock, _get(extra=["X-Big: " + "a" * 1024 * 1024]))
    assert status == 431 and headers["connection"] == "close"
    assert headers["content-type"] == "application/problem+json" and json.loads(body)["code"] == "headers-too-large"


def test_two_thousand_headers_are_refused_with_431(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        status, _, body = _request(sock, _get(extra=[f"X-Field-{i}: {i}" for i in range(2000)]))
    assert status == 431 and json.loads(body)["code"] == "headers-too-large"


def test_a_request_target_over_the_head_limit_is_refused_with_414(service: ServiceProcess) -> None:
    with _connect(service) as sock:
        status, _, body = _request(sock, _get("/healthz?" + "q" * 64 * 1024))
    assert status == 414 and json.loads(body)["code"] == "uri-too-long"


def test_requests_with_many_headers_below_the_limits_are_served_on_one_connection(service: ServiceProcess) -> None:
    # 90 fields (99 with the request's own) and 24 KiB: under 100 fields and 32 KiB.
    many = [f"X-Field-{i}: " + "v" * 256 for i in range(90)]
    body = b'{"expression": "4d6kh3+2", "seed": "fixed"}'
    post = (
        "POST /v1/dice/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n" + "".join(f"{line}\r\n" for line in many[:8]) + "\r\n"
    ).encode()
    with _connect(service) as sock:
        status, _, _ = _request(sock, _get(extra=many))
        assert status == 200
        status, _, answer = _request(sock, post, body)
        assert status == 200 and json.loads(answer)["audit"]["seed"] == "fixed"
        # A head that comes in pieces, each well within the deadline, is served too.
        pieces = _get(extra=many)
        for start in range(0, len(pieces), 4096):
            sock.sendall(pieces[start : start + 4096])
            time.sleep(0.05)
        status, _, _ = _request(sock, b"")
        assert status == 200


def test_a_large_body_followed_by_the_start_of_a_pipelined_request_is_not_taken_for_a_large_head(service: ServiceProcess) -> None:
    body = b'{"expression": "1d6", "seed": "fixed"' + b" " * 40_000 + b"}"  # over the head limit, under the body limit
    post = f"POST /v1/dice/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    with _connect(service) as sock:
        sock.sendall(post.encode() + body + b"GET /healthz HTTP/1.1\r\nHo")
        time.sleep(0.2)
        sock.sendall(b"st: 127.0.0.1\r\n\r\n")
        assert [status for status, _, _ in _answers(sock, 2)] == [200, 200]


def test_a_head_pipelined_behind_a_long_answer_is_not_cut_while_the_answer_runs(service: ServiceProcess) -> None:
    # The head deadline bounds what a client owes; while the service is still answering the
    # request before it (here an event stream that never ends), the client owes nothing.
    created = httpx.post(f"{service.url}/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}).json()
    sid, token = created["session"]["id"], created["seats"][0]["token"]
    stream = f"GET /v1/sessions/{sid}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n"
    with _connect(service) as sock:
        sock.sendall(stream.encode() + b"GET /healthz HTTP/1.1\r\nHo")
        time.sleep(BOUND * 2.5)
        rolled = httpx.post(f"{service.url}/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers={"Authorization": f"Bearer {token}"})
        assert rolled.status_code == 200
        received = b""
        while b"id: 0" not in received:
            chunk = sock.recv(65536)
            assert chunk, f"the stream was cut: {received!r}"
            received += chunk
    assert received.startswith(b"HTTP/1.1 200 ")


def test_long_lived_streams_outlast_every_bound(service: ServiceProcess) -> None:
    # A subscription (WebSocket) and an event stream (SSE) stay open past the head, body and
    # keep-alive bounds: those bound what a client owes, not how long an answer may run.
    from websockets.sync.client import connect

    created = httpx.post(f"{service.url}/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}).json()
    sid, token = created["session"]["id"], created["seats"][0]["token"]
    with connect(f"ws://127.0.0.1:{service.port}/graphql", subprotocols=["graphql-transport-ws"], open_timeout=10) as ws:
        ws.send(json.dumps({"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}))
        assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
        with httpx.stream("GET", f"{service.url}/v1/sessions/{sid}/events", headers={"Authorization": f"Bearer {token}"}, timeout=10) as events:
            assert events.status_code == 200
            time.sleep(BOUND * 2.5)
            rolled = httpx.post(f"{service.url}/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers={"Authorization": f"Bearer {token}"})
            assert rolled.status_code == 200
            lines = events.iter_lines()
            assert next(line for line in lines if line.startswith("id:")) == "id: 0"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_the_head_deadline_counts_from_the_head_not_from_a_body_before_it() -> None:
    # The body's pause bound ends with the body: a pipelined head that starts in the same read
    # gets a head deadline of its own, counted from there.
    bound = 4.0
    env = {"NA_HEADER_TIMEOUT_SECONDS": str(bound), "NA_BODY_TIMEOUT_SECONDS": str(bound)}
    body = b'{"expression": "1d6", "seed": "fixed"}'
    post = f"POST /v1/dice/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    with ServiceProcess("memory", secret=SECRET, env=env) as process, _connect(process) as sock:
        assert httpx.post(f"{process.url}/v1/dice/roll", json={"expression": "1d6"}).status_code == 200  # warm
        sock.sendall(post.encode() + body[:10])
        time.sleep(bound * 0.5)
        sock.sendall(body[10:] + b"GET /healthz HTTP/1.1\r\nHo")
        time.sleep(bound * 0.65)  # 1.15 bounds after the body began, 0.65 after the head did
        sock.sendall(b"st: 127.0.0.1\r\n\r\n")
        assert [status for status, _, _ in _answers(sock, 2)] == [200, 200]
