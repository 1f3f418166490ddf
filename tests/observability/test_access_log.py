"""The access line's short path (service/api/access_log.py) writes what `logging` would have written."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest

from service.observability import JsonFormatter, Metrics, utc_millis

REPLICA = "replica-test"  # the shared app's (conftest.py)
TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
VARYING = {"time", "duration_ms", "request_id"}


class Records:
    """Counts the records `logging` makes for the access logger."""

    def __init__(self) -> None:
        self.access = 0
        self._factory = logging.getLogRecordFactory()

    def __call__(self, *args: object, **kwargs: object) -> logging.LogRecord:
        record = self._factory(*args, **kwargs)
        self.access += record.name == "service.access"
        return record


@contextmanager
def root_stream() -> Iterator[tuple[io.StringIO, logging.StreamHandler, Records]]:
    """The root's only handler a plain JSON stream handler, at INFO, as `log_config` sets up the service.

    Entered inside the test, so that pytest's own capturing handler (added for the test's call)
    is set aside too.
    """
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter(replica=REPLICA))
    root = logging.getLogger()
    level, handlers = root.level, root.handlers[:]
    records = Records()
    logging.setLogRecordFactory(records)
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    try:
        yield stream, handler, records
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        logging.setLogRecordFactory(records._factory)


def _access(stream: io.StringIO, request_id: str) -> list[dict]:
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    return [line for line in lines if line["logger"] == "service.access" and line["request_id"] == request_id]


def _send(client, request_id: str) -> None:
    client.post("/v1/dice/roll", json={"expression": "2d6"}, headers={"X-Request-ID": request_id, "traceparent": TRACEPARENT})


def test_the_short_path_writes_the_line_logging_writes_without_making_a_record(client) -> None:
    with root_stream() as (stream, handler, records):
        _send(client, "short-1")
        assert records.access == 0  # no LogRecord: the line was written from its parts
        [short] = _access(stream, "short-1")
        handler.addFilter(lambda record: True)  # a filter the short path cannot apply: logging's path
        _send(client, "long-1")
        assert records.access == 1
        [long] = _access(stream, "long-1")
    assert list(short) == list(long)  # the same members, in the same order
    assert {k: v for k, v in short.items() if k not in VARYING} == {k: v for k, v in long.items() if k not in VARYING}
    assert (short["trace_id"], short["span_id"], short["replica"]) == ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7", REPLICA)
    assert short["time"].endswith("Z") and short["duration_ms"] >= 0


def test_a_handler_filter_still_sees_every_access_record(client) -> None:
    with root_stream() as (stream, handler, records):
        handler.addFilter(lambda record: record.name != "service.access")
        _send(client, "filtered-1")
        assert records.access == 1 and _access(stream, "filtered-1") == []


def test_the_short_path_honours_a_handler_level_and_the_logger_level(client) -> None:
    access = logging.getLogger("service.access")
    with root_stream() as (stream, handler, records):
        handler.setLevel(logging.WARNING)
        _send(client, "quiet-1")
        assert _access(stream, "quiet-1") == []
        handler.setLevel(logging.NOTSET)
        access.setLevel(logging.WARNING)
        try:
            _send(client, "quiet-2")
        finally:
            access.setLevel(logging.NOTSET)
        assert _access(stream, "quiet-2") == [] and records.access == 0
        _send(client, "loud-1")
        assert len(_access(stream, "loud-1")) == 1


def test_a_second_handler_of_another_kind_sends_the_line_through_logging_to_both(client) -> None:
    other = io.StringIO()
    plain = logging.StreamHandler(other)  # no JsonFormatter: only logging can format for it
    access = logging.getLogger("service.access")
    with root_stream() as (stream, _, records):
        access.addHandler(plain)
        try:
            _send(client, "both-1")
        finally:
            access.removeHandler(plain)
        assert records.access == 1
        assert len(_access(stream, "both-1")) == 1 and other.getvalue() == "request\n"


def test_utc_millis_is_isoformat_to_the_millisecond() -> None:
    rng = random.Random(18)
    stamps = [rng.uniform(0, 4e9) for _ in range(20000)]
    stamps += [1764608614 + k / 1e6 for k in range(-2000, 2000)] + [1764608614.9999995, 1764608614.0005, 0.0]
    for stamp in stamps:
        assert utc_millis(stamp) == datetime.fromtimestamp(stamp, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def test_request_latency_buckets_count_a_duration_on_a_bound_in_that_bound() -> None:
    metrics = Metrics(replica_id="r")
    for seconds in (0.005, 0.0050001, 10.0, 10.5):
        metrics.observe_request("GET", "/healthz", 200, seconds)

    def bucket(le: str) -> float | None:
        return metrics.registry.get_sample_value(
            "neon_arbiter_http_request_duration_seconds_bucket", {"method": "GET", "route": "/healthz", "le": le}
        )

    assert (bucket("0.005"), bucket("0.01"), bucket("10.0"), bucket("+Inf")) == (1, 2, 3, 4)
    assert metrics.registry.get_sample_value(
        "neon_arbiter_http_request_duration_seconds_sum", {"method": "GET", "route": "/healthz"}
    ) == pytest.approx(20.5100001)


def test_requests_in_flight_count_the_request_being_served() -> None:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from service.api.middleware import ObservabilityMiddleware

    metrics = Metrics(replica_id="r")

    async def peek(request: Request) -> PlainTextResponse:
        return PlainTextResponse(str(metrics.registry.get_sample_value("neon_arbiter_http_requests_in_flight")))

    app = ObservabilityMiddleware(Starlette(routes=[Route("/peek", peek)]), metrics=metrics, replica_id="r")
    with TestClient(app) as client:
        assert client.get("/peek").text == "1.0"
    assert metrics.registry.get_sample_value("neon_arbiter_http_requests_in_flight") == 0


@pytest.mark.parametrize(("seconds", "shown"), [(0.0012345678, 1.235), (0.0000004, 0.0), (0.0000005, 0.0), (0.0000015, 0.002), (2.5, 2500.0), (0.123456, 123.456)])
def test_a_requests_duration_is_written_in_milliseconds_to_the_microsecond(seconds: float, shown: float) -> None:
    from service.api.middleware import ObservabilityMiddleware
    from service.observability import RequestContext

    middleware = ObservabilityMiddleware(lambda scope, receive, send: None, metrics=Metrics(replica_id="r"), replica_id="r")
    with root_stream() as (stream, _, _):
        middleware._log("POST", "/v1/dice/roll", 200, seconds, None, RequestContext("duration-1"))
    [line] = _access(stream, "duration-1")
    assert line["duration_ms"] == shown


@contextmanager
def standard_error(tmp_path, monkeypatch: pytest.MonkeyPatch, *, buffered: bool = False, **text: bool) -> Iterator[tuple[io.TextIOWrapper, str]]:
    """`sys.stderr` a UTF-8 text stream on a file of its own, write-through unless `text` says otherwise,
    over the file itself (as the process's own) or a `buffered` writer; and the file's path."""
    path = str(tmp_path / "stderr.log")
    raw = io.FileIO(path, "w")
    stream = io.TextIOWrapper(io.BufferedWriter(raw) if buffered else raw, encoding="utf-8", **{"write_through": True, **text})
    monkeypatch.setattr("sys.stderr", stream)
    try:
        yield stream, path
    finally:
        stream.close()


def _lines(text: str, request_id: str) -> list[str]:
    return [line for line in text.splitlines() if f'"request_id":"{request_id}"' in line]


def test_standard_error_takes_the_lines_bytes_in_one_write_in_order_with_other_records(client, tmp_path, monkeypatch) -> None:
    from service.api import access_log

    writes: list[bytes] = []
    real = access_log._write_all
    monkeypatch.setattr(access_log, "_write_all", lambda fd, data: (writes.append(data), real(fd, data)))
    with standard_error(tmp_path, monkeypatch) as (stream, path), root_stream() as (text, beside, records):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter(replica=REPLICA))
        logging.getLogger().addHandler(handler)  # beside the StringIO one: both take the short path
        _send(client, "raw-1")
        logging.getLogger("service.test").warning("between the two")  # through logging, the same stream
        _send(client, "raw-2")
        assert records.access == 0
    with open(path, encoding="utf-8") as written:
        content = written.read()
    assert len(writes) == 2 and all(data.endswith(b"\n") and data.count(b"\n") == 1 for data in writes)
    # Byte for byte what the text path wrote to the StringIO handler for the same line.
    for request_id in ("raw-1", "raw-2"):
        assert _lines(content, request_id) == _lines(text.getvalue(), request_id) and len(_lines(content, request_id)) == 1
    order = [line for line in content.splitlines() if "raw-" in line or "between the two" in line]
    assert ['"raw-1"' in order[0], "between the two" in order[1], '"raw-2"' in order[2]] == [True, True, True]


@pytest.mark.parametrize("buffered", [False, True], ids=["block-buffered text", "write-through onto a buffered writer"])
def test_a_stream_that_may_hold_text_back_is_written_as_text(client, tmp_path, monkeypatch, buffered: bool) -> None:
    from service.api import access_log

    monkeypatch.setattr(access_log, "_write_all", lambda fd, data: pytest.fail("written past the text layer"))
    held = {"buffered": True} if buffered else {"write_through": False}
    with standard_error(tmp_path, monkeypatch, **held) as (stream, path), root_stream() as (_, handler, _records):
        handler.setStream(sys.stderr)
        _send(client, "held-1")
        stream.flush()
    with open(path, encoding="utf-8") as written:
        assert len(_lines(written.read(), "held-1")) == 1


def test_a_failed_write_goes_to_the_handlers_error_and_the_request_is_answered(client, tmp_path, monkeypatch) -> None:
    failures: list[logging.LogRecord] = []
    with standard_error(tmp_path, monkeypatch) as (stream, _), root_stream() as (_, handler, _records):
        handler.setStream(sys.stderr)
        monkeypatch.setattr(handler, "handleError", failures.append)
        _send(client, "before-1")  # the descriptor is found and kept
        saved = os.dup(stream.fileno())
        os.close(stream.fileno())  # the descriptor gone under the stream
        try:
            answer = client.post("/v1/dice/roll", json={"expression": "2d6"}, headers={"X-Request-ID": "lost-1"})
        finally:
            os.dup2(saved, stream.fileno())
            os.close(saved)
    # The access line's failure reported once (the test client's own log line fails on the same stream too).
    assert answer.status_code == 200 and [record.name for record in failures].count("service.access") == 1
