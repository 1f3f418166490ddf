"""The service's log handler: a stream handler that writes one event-loop turn's access lines together.

Each request's access line (service/api/access_log.py) was formatted and written as its request
ended: 3.3 µs of CPU timed alone, but 11–13 µs of an 84 µs REST roll over HTTP (the access logger
at `info` against `warning`, `bench/http.py`'s roll, the log on a file), of which the write itself
was about 4. Work done once a request, between everything else a served request does, costs
several times what it costs in a loop of its own. So `log_config` gives the root this handler,
and the access log hands it the parts of each line (`hold`) rather than the line: when the event
loop's turn is over (`loop.call_soon`), the turn's lines are formatted one after the other and
written with one call, in the order their requests ended. Under load a turn ends dozens of
requests (about 30 lines a write at 64 connections); the REST roll costs 2–3 µs less over HTTP.
Writing the held lines with one call but formatting each as its request ended saved about 1.

A held line reads exactly as a line written at once (its time is when its request ended), and it
never waits behind anything this handler writes:

- a record logged through `logging` to this handler writes the held lines first (`emit`), so the
  lines of one stream keep their order;
- `flush` and `setStream` write them, and `logging.shutdown` flushes every handler before
  closing it (when the process exits, or when logging is set up anew);
- `HELD_LINES_MAX` lines held, or a line for another descriptor, writes them at once;
- with no event loop running, a line is written at once.

What another writer puts on the same descriptor (a traceback Python prints, a `print`) may come
before the lines of the turn it was written in. A process killed outright loses the lines of the
turn it was killed in, as it loses the answers of that turn not yet sent.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any, TextIO

from service.observability import JsonFormatter

HELD_LINES_MAX = 256

# A line's parts, as `JsonFormatter.access_line` takes them after the formatter itself:
# (created, levelname, logger, message, context, fields).
Parts = tuple[Any, ...]


def write_all(descriptor: int, data: bytes) -> None:
    while data:
        data = data[os.write(descriptor, data) :]


class LineHandler(logging.StreamHandler[TextIO]):
    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self._held: list[tuple[JsonFormatter, Parts]] = []
        self._held_for = -1  # the descriptor the held lines go to
        self._due: asyncio.AbstractEventLoop | None = None  # the loop whose turn's end writes them

    def hold(self, descriptor: int, formatter: JsonFormatter, parts: Parts) -> None:
        """Write the access line of `parts` to `descriptor` when the running loop's turn is over.

        Called under the handler's lock. A write made at once that fails raises, for the caller to report."""
        if self._held and descriptor != self._held_for:
            self._write_held()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: nothing would write it later
            write_all(descriptor, formatter.access_line(*parts) + b"\n")
            return
        self._held.append((formatter, parts))
        self._held_for = descriptor
        if len(self._held) >= HELD_LINES_MAX:
            self._write_held()
        elif self._due is not loop:  # (a loop closed before its turn ended leaves `_due` stale: the next loop takes over)
            self._due = loop
            loop.call_soon(self._turn_over)

    def _turn_over(self) -> None:
        self.acquire()
        try:
            self._due = None
            self._write_held()
        except Exception:  # the requests are answered: report as StreamHandler.emit does, never into the loop
            self.handleError(logging.makeLogRecord({"name": "service.access", "levelno": logging.ERROR, "msg": "(access lines)"}))
        finally:
            self.release()

    def _write_held(self) -> None:
        """Format and write the held lines, in one call (they are dropped if it fails, as a failed line is)."""
        held, self._held = self._held, []
        if held:
            write_all(self._held_for, b"\n".join([formatter.access_line(*parts) for formatter, parts in held]) + b"\n")

    def emit(self, record: logging.LogRecord) -> None:
        if self._held:  # under the lock `handle` holds
            try:
                self._write_held()
            except Exception:
                self.handleError(record)
        super().emit(record)

    def flush(self) -> None:
        self.acquire()
        try:
            if self._held:
                self._write_held()
        finally:
            self.release()
        super().flush()
