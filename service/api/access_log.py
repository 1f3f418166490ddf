"""The access line of a request, written the short way when logging is set up the service's way.

`logging` makes a `LogRecord` per line (with a walk up the stack in `findCaller`), passes it
through the logger's and every handler's filters and locks, and formats it field by field: about
30 µs of a request that otherwise costs a hundred or so. When the line would end up, unchanged,
on streams through `JsonFormatter`s (how `log_config` sets up `python -m service`: the root's
one stderr handler), `AccessLog` builds the same JSON object from its parts with orjson and
writes it to each such stream itself, under the handler's lock, as the handler would.

The process's standard error or output (what `log_config` writes to), when it passes each line on
as it is written (stderr is write-through; either is line-buffered on a terminal) and is UTF-8, is
given the line's bytes with one `os.write` to its descriptor, without its text layer decoding and
encoding them again: about 2 µs less per served request (`bench/served_pieces.py`). Nothing can be
waiting in such a stream's text layer but an unfinished line, so lines keep their order with
whatever else is written to it. Any other stream (a file the set-up opened, whose newline
translation cannot be read back; a block-buffered stream; a `StringIO`) is written as text and
flushed, as the handler would. The service's own handler (`LineHandler`, service/log_handler.py,
which `log_config` sets up) is handed the line's parts instead: it formats and writes the lines of
one event-loop turn together when the turn is over.

Whenever the set-up is anything else — a filter on the logger or a handler, a handler of another
class or formatter, no handler at all (logging's last resort) — the line goes through `logging`
as before, so what a test or an operator plugs in still sees a record. The check walks the
logger's chain on every line (a few attribute reads), so a handler added at run time is seen on
the next request.
"""

from __future__ import annotations

import codecs
import io
import logging
import os
import sys
import time
from typing import Any

from service.log_handler import LineHandler
from service.log_handler import write_all as _write_all
from service.observability import JsonFormatter, RequestContext

_LEVEL_NAMES = {logging.DEBUG: "DEBUG", logging.INFO: "INFO", logging.WARNING: "WARNING", logging.ERROR: "ERROR"}


class AccessLog:
    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self._descriptors: dict[logging.Handler, tuple[Any, int | None]] = {}  # a handler's stream, and its descriptor

    def enabled(self, level: int) -> bool:
        return self.logger.isEnabledFor(level)

    def write(self, level: int, message: str, context: RequestContext, fields: dict[str, Any]) -> None:
        """Log `message` with `fields` at `level` (already checked with `enabled`) for the request `context`."""
        handlers = self._streams(level)
        if handlers is None:
            self.logger.log(level, message, extra={"fields": fields})
            return
        created = time.time()
        levelname = _LEVEL_NAMES.get(level) or logging.getLevelName(level)
        parts = (created, levelname, self.logger.name, message, context, fields)
        for handler in handlers:
            formatter = handler.formatter
            assert isinstance(formatter, JsonFormatter)
            handler.acquire()
            try:
                stream = handler.stream
                kept = self._descriptors.get(handler)
                if kept is None or kept[0] is not stream:
                    if len(self._descriptors) >= 16:  # handlers come and go with the set-up: keep only a few
                        self._descriptors.clear()
                    kept = self._descriptors[handler] = (stream, _descriptor(stream, handler.terminator))
                if kept[1] is None:
                    stream.write(formatter.access_line(*parts).decode() + handler.terminator)
                    stream.flush()
                elif type(handler) is LineHandler:  # the service's own: written with its turn's other lines
                    handler.hold(kept[1], formatter, parts)
                else:
                    _write_all(kept[1], formatter.access_line(*parts) + b"\n")
            except Exception:  # as StreamHandler.emit: report through the handler, never fail the request
                handler.handleError(self.logger.makeRecord(self.logger.name, level, "(access log)", 0, message, (), None))
            finally:
                handler.release()

    def _streams(self, level: int) -> list[logging.StreamHandler[Any]] | None:
        """The handlers a record at `level` would reach, if all are plain JSON stream handlers; else None.

        Empty when there are handlers and none takes the level (logging writes nothing then); None
        when there is no handler at all (logging's last resort answers) or one of another kind.
        """
        logger: logging.Logger | None = self.logger
        if self.logger.filters:
            return None
        found: list[logging.StreamHandler[Any]] = []
        seen = 0
        while logger is not None:
            for handler in logger.handlers:
                seen += 1
                if level < handler.level:
                    continue
                if type(handler) is not logging.StreamHandler and type(handler) is not LineHandler:
                    return None  # a handler that may do more than write a formatted line
                if type(handler.formatter) is not JsonFormatter or handler.filters:
                    return None
                found.append(handler)
            logger = logger.parent if logger.propagate else None
        return found if seen else None


def _descriptor(stream: Any, terminator: str) -> int | None:
    """The descriptor to write a line's UTF-8 bytes to, for a standard stream that passes each line on
    as it is written; None for any other stream."""
    standard = stream is sys.stderr or stream is sys.stdout or stream is sys.__stderr__ or stream is sys.__stdout__
    if not standard or type(stream) is not io.TextIOWrapper or terminator != "\n" or os.linesep != "\n":
        return None
    passes_on = stream.line_buffering or (stream.write_through and type(stream.buffer) is io.FileIO)  # nothing held below it
    if not passes_on or codecs.lookup(stream.encoding).name != "utf-8":
        return None
    try:
        return stream.fileno()
    except (OSError, ValueError):  # no descriptor (io.UnsupportedOperation is an OSError), or closed
        return None


