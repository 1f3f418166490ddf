"""SIGTERM drains: a request in flight completes, new connections are refused, the process exits 0.

The request is kept in flight from the outside: its headers and half its body are sent,
then SIGTERM, then the rest of the body. The service has no slow route, and needs none.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import time

import httpx
import pytest

from support.api import SECRET
from support.processes import ServiceProcess

pytestmark = pytest.mark.slow

BODY = b'{"expression": "4d6kh3 + 2"}'


def _wait_until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.05)


def _in_flight(url: str) -> float:
    """Requests being served, less the scrape asking."""
    text = httpx.get(f"{url}/metrics", timeout=5).text
    value = re.search(r"^neon_arbiter_http_requests_in_flight (\S+)$", text, re.M)
    assert value is not None
    return float(value.group(1)) - 1


def _refuses_connections(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except ConnectionRefusedError:
        return True
    return False


def _start_half_sent_request(service: ServiceProcess) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", service.port), timeout=30)
    head = (
        "POST /v1/dice/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(BODY)}\r\nX-Request-ID: in-flight-at-sigterm\r\n\r\n"
    ).encode()
    sock.sendall(head + BODY[:10])
    _wait_until(lambda: _in_flight(service.url) >= 1, 30, "the service is serving the half-sent request")
    return sock


def _read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while chunk := sock.recv(65536):  # the server closes the connection after this answer
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode().split("\r\n")
    headers = {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in header_lines)}
    return int(status_line.split()[1]), headers, body


def test_a_request_in_flight_at_sigterm_completes_and_the_process_exits_0() -> None:
    service = ServiceProcess("memory", secret=SECRET, env={"NA_LOG_LEVEL": "info", "NA_SHUTDOWN_GRACE_SECONDS": "20"})
    service.start(timeout=120)
    try:
        with _start_half_sent_request(service) as sock:
            service.process.send_signal(signal.SIGTERM)
            _wait_until(lambda: _refuses_connections(service.port), 30, "the listening socket is closed")
            sock.sendall(BODY[10:])
            status, headers, body = _read_response(sock)
        assert status == 200  # and the connection closed after it (_read_response read to EOF)
        assert headers["x-request-id"] == "in-flight-at-sigterm"
        assert json.loads(body)["result"]["formula"] == "4d6kh3 + 2"
        assert service.process.wait(timeout=30) == 0
    finally:
        output = service.stop()

    lines = [json.loads(line) for line in output.splitlines()]  # every line is one JSON object
    [served] = [line for line in lines if line.get("request_id") == "in-flight-at-sigterm" and line["logger"] == "service.access"]
    assert (served["route"], served["status"]) == ("/v1/dice/roll", 200)
    messages = [line["message"] for line in lines]
    assert messages.index("Shutting down") < messages.index("request", messages.index("Shutting down"))


def test_a_request_still_unfinished_after_the_grace_period_does_not_hold_the_process() -> None:
    service = ServiceProcess("memory", secret=SECRET, env={"NA_LOG_LEVEL": "info", "NA_SHUTDOWN_GRACE_SECONDS": "1"})
    service.start(timeout=120)
    try:
        with _start_half_sent_request(service):
            started = time.monotonic()
            service.process.send_signal(signal.SIGTERM)
            assert service.process.wait(timeout=30) == 0
            assert time.monotonic() - started < 15
    finally:
        output = service.stop()
    assert "timeout graceful shutdown exceeded" in output
