"""The service's log handler (service/log_handler.py): one event-loop turn's access lines, formatted and
written together when the turn is over, reading as lines written at once and in order with other records."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import logging.config
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from service import log_handler
from service.api.access_log import AccessLog
from service.log_handler import LineHandler
from service.observability import JsonFormatter, RequestContext, log_config

REPLICA = "replica-test"  # the shared app's (conftest.py)
FIELDS = {"method": "POST", "route": "/v1/dice/roll", "status": 200, "duration_ms": 0.5}


@contextmanager
def line_handler(tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[LineHandler, io.StringIO, str, list[bytes]]]:
    """The root's handlers: a `LineHandler` on `sys.stderr` (a write-through UTF-8 stream on a file, as the
    process's own) and a plain one on a `StringIO` (the text path, for comparison); the file's path and
    every write the line handler makes."""
    path = str(tmp_path / "stderr.log")
    stream = io.TextIOWrapper(io.FileIO(path, "w"), encoding="utf-8", write_through=True)
    monkeypatch.setattr("sys.stderr", stream)
    writes: list[bytes] = []
    real = log_handler.write_all
    monkeypatch.setattr(log_handler, "write_all", lambda fd, data: (writes.append(data), real(fd, data)))
    ours, text = LineHandler(sys.stderr), io.StringIO()
    beside = logging.StreamHandler(text)
    for handler in (ours, beside):
        handler.setFormatter(JsonFormatter(replica=REPLICA))
    root, client_log = logging.getLogger(), logging.getLogger("httpx")  # the test's own client logs its requests
    level, handlers, client_level = root.level, root.handlers[:], client_log.level
    root.handlers[:] = [ours, beside]
    root.setLevel(logging.INFO)
    client_log.setLevel(logging.WARNING)
    try:
        yield ours, text, path, writes
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        client_log.setLevel(client_level)
        stream.close()


def _written(path: str) -> list[str]:
    with open(path, encoding="utf-8") as file:
        return file.read().splitlines()


def _ids(lines: list[str]) -> list[str]:
    return [json.loads(line).get("request_id") or json.loads(line)["message"] for line in lines]


async def _roll(app, request_id: str) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as http:
        answer = await http.post("/v1/dice/roll", json={"expression": "2d6"}, headers={"X-Request-ID": request_id})
    assert answer.status_code == 200


def test_a_turns_lines_are_written_together_when_it_ends_and_read_as_lines_written_at_once(client, tmp_path, monkeypatch) -> None:
    async def play() -> tuple[int, int]:
        for n in range(3):
            await _roll(client.app, f"turn-{n}")
        before = len(writes)
        await asyncio.sleep(0)  # the turn is over
        return before, len(writes)

    with line_handler(tmp_path, monkeypatch) as (_, text, path, writes):
        assert asyncio.run(play()) == (0, 1)
    [data] = writes
    lines = _written(path)
    assert data.decode().splitlines() == lines and _ids(lines) == ["turn-0", "turn-1", "turn-2"]
    # Byte for byte what the plain handler wrote as each request ended.
    assert lines == text.getvalue().splitlines()


def test_a_record_logged_meanwhile_comes_after_the_lines_held_before_it(client, tmp_path, monkeypatch) -> None:
    async def play() -> None:
        await _roll(client.app, "order-1")
        logging.getLogger("service.test").warning("between the two")  # through logging, the same stream
        await _roll(client.app, "order-2")
        await asyncio.sleep(0)

    with line_handler(tmp_path, monkeypatch) as (_, _text, path, writes):
        asyncio.run(play())
    assert _ids(_written(path)) == ["order-1", "between the two", "order-2"]
    assert len(writes) == 2  # the held line before the record, and the turn's last


def test_with_no_loop_running_a_line_is_written_at_once(tmp_path, monkeypatch) -> None:
    with line_handler(tmp_path, monkeypatch) as (_, _text, path, writes):
        AccessLog(logging.getLogger("service.access")).write(logging.INFO, "request", RequestContext("no-loop-1"), FIELDS)
        assert _ids(_written(path)) == ["no-loop-1"] and len(writes) == 1


def test_flush_writes_what_is_held(tmp_path, monkeypatch) -> None:
    async def play(handler: LineHandler) -> list[str]:
        access = AccessLog(logging.getLogger("service.access"))
        access.write(logging.INFO, "request", RequestContext("held-1"), FIELDS)
        access.write(logging.INFO, "request", RequestContext("held-2"), FIELDS)
        assert _written(path) == []
        handler.flush()  # as logging.shutdown does before the process exits
        return _written(path)

    with line_handler(tmp_path, monkeypatch) as (handler, _text, path, writes):
        assert _ids(asyncio.run(play(handler))) == ["held-1", "held-2"] and len(writes) == 1


def test_at_most_so_many_lines_are_held(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(log_handler, "HELD_LINES_MAX", 3)

    async def play() -> list[str]:
        access = AccessLog(logging.getLogger("service.access"))
        for n in range(4):
            access.write(logging.INFO, "request", RequestContext(f"many-{n}"), FIELDS)
        return _written(path)

    with line_handler(tmp_path, monkeypatch) as (_, _text, path, writes):
        assert _ids(asyncio.run(play())) == ["many-0", "many-1", "many-2"]  # the fourth is held, then written at the turn's end
        assert _ids(_written(path)) == ["many-0", "many-1", "many-2", "many-3"] and len(writes) == 2


def test_a_line_for_another_descriptor_writes_the_held_ones_first(tmp_path) -> None:
    first, second = (os.open(tmp_path / name, os.O_WRONLY | os.O_CREAT) for name in ("first.log", "second.log"))
    formatter = JsonFormatter(replica=REPLICA)
    handler = LineHandler(io.StringIO())

    def parts(request_id: str) -> tuple:
        return (1_700_000_000.0, "INFO", "service.access", "request", RequestContext(request_id), FIELDS)

    async def play() -> list[str]:
        handler.hold(first, formatter, parts("to-first"))
        handler.hold(second, formatter, parts("to-second"))
        return _written(str(tmp_path / "first.log"))

    try:
        assert _ids(asyncio.run(play())) == ["to-first"]
        assert _ids(_written(str(tmp_path / "second.log"))) == ["to-second"]  # at the turn's end
    finally:
        os.close(first)
        os.close(second)


def test_a_failed_write_is_reported_once_and_the_next_turn_writes_again(client, tmp_path, monkeypatch) -> None:
    failures: list[logging.LogRecord] = []

    async def play(handler: LineHandler) -> None:
        await _roll(client.app, "kept-1")  # the descriptor is found and kept
        await asyncio.sleep(0)
        descriptor = sys.stderr.fileno()
        saved = os.dup(descriptor)
        os.close(descriptor)  # the descriptor gone under the stream
        try:
            await _roll(client.app, "lost-1")  # still answered
            await asyncio.sleep(0)  # its write fails, in the loop's callback
        finally:
            os.dup2(saved, descriptor)
            os.close(saved)
        await _roll(client.app, "after-1")
        await asyncio.sleep(0)

    with line_handler(tmp_path, monkeypatch) as (handler, _text, path, _writes):
        monkeypatch.setattr(handler, "handleError", failures.append)
        asyncio.run(play(handler))
    assert [record.name for record in failures] == ["service.access"]
    assert _ids(_written(path)) == ["kept-1", "after-1"]


def test_log_config_gives_the_root_the_line_handler_and_the_access_log_holds_its_lines(monkeypatch) -> None:
    root = logging.getLogger()
    level, handlers = root.level, root.handlers[:]
    try:
        logging.config.dictConfig(log_config("info", replica=REPLICA))
        [handler] = root.handlers
        assert type(handler) is LineHandler and type(handler.formatter) is JsonFormatter
        assert AccessLog(logging.getLogger("service.access"))._streams(logging.INFO) == [handler]
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
