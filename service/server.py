"""uvicorn's httptools protocol with deadlines for slow clients and bounds on request heads.

uvicorn closes a keep-alive connection left idle after a response (`timeout_keep_alive`),
but nothing else: a fresh connection that sends nothing, a head sent a byte at a time or a
body that stops coming are kept open for ever, and httptools buffers a head of any size or
number of fields. This subclass adds, per connection:

- a deadline for the head: from the connection's start, or from the first byte of a request
  after an idle keep-alive, the request line and every header field must arrive within
  `header_timeout` seconds; past it the connection is closed (with a 408 once a request
  has begun);
- a bound on a body's silences: once the head is in, a body that is still due must keep
  coming, with no gap of more than `body_timeout` seconds (nginx's `client_body_timeout`);
- at most `max_headers` header fields and `max_header_bytes` bytes of request line and
  header fields; past either, `431` (`414` when the request target alone is too long) and
  the connection is closed.

The common case costs no timer: a head that arrives whole in one read is checked at its end
by a length and, only when the read was large, a sum of sizes. A timer runs only while a
connection owes the rest of a head or a body. The uvicorn internals relied on are pinned by
tests/api/test_server_protocol.py, which fails when an upgrade changes them.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httptools
import orjson
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from service.coalesce import CoalescingTransport
from service.errors import Problem


class _Refused(Exception):
    """Raised from a parser callback to stop parsing a request the protocol refuses."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.detail)
        self.problem = problem


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    max_headers: int = 100
    max_header_bytes: int = 32 * 1024
    linger: float = 2.0  # after a refusal, how long what the client still sends is read and dropped

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer: asyncio.TimerHandle | None = None  # the head's deadline, or the body's
        self._timing_head = False  # which of the two `_timer` is
        self._head_bytes = 0  # bytes read in earlier chunks of the head in progress
        self._chunk_bytes = 0  # the size of the chunk being parsed
        self._lingering = False  # refused: the answer is sent, the rest of the input is dropped

    # -- connection ----------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn narrows it so too
        # A response's head and body leave in one write (service/coalesce.py).
        super().connection_made(CoalescingTransport(transport, self.loop))  # type: ignore[arg-type]
        self._start_timer(self.header_timeout, head=True)  # a connection that never sends a byte is cut too

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # uvicorn's own, plus the refusals raised by the callbacks below and the deadlines.
        if self._lingering:
            return
        self._unset_keepalive_if_required()
        self._chunk_bytes = len(data)
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserCallbackError as exc:
            if isinstance(exc.__context__, _Refused):
                self._refuse(exc.__context__.problem)
            else:
                self._bad_request()
            return
        except httptools.HttpParserError:
            self._bad_request()
            return
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        # Attribute reads only, on the common path: a whole request in one chunk.
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope:  # the last head begun is complete
            if cycle.more_body and not cycle.response_complete and not cycle.disconnected:
                self._stop_timer()  # a body is due: bound its pauses
                self._start_timer(self.body_timeout, head=False)
            elif self._timer is not None:
                self._stop_timer()
        elif self.scope is not None:  # a head goes on in a later chunk: bound what is buffered meanwhile
            if self._head_bytes:
                self._head_bytes += len(data)
            else:  # it began in this chunk, maybe after another request: count what the parser has of it
                self._head_bytes = len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers) or 1
            if self._head_bytes > self.max_header_bytes:
                self._refuse(self._head_too_large())
            elif not self._timing_head or self._timer is None:  # (a body may have ended in this chunk)
                self._stop_timer()
                self._start_timer(self.header_timeout, head=True)

    def _bad_request(self) -> None:
        msg = "Invalid HTTP request received."
        self.logger.warning(msg)
        self.send_400_response(msg)

    def _in_head(self) -> bool:
        """A request has begun (uvicorn made its scope) and its head is not complete (no cycle for it)."""
        return self.scope is not None and (self.cycle is None or self.cycle.scope is not self.scope)

    def _awaiting_body(self) -> bool:
        cycle = self.cycle
        return cycle is not None and cycle.more_body and not cycle.response_complete and not cycle.disconnected

    # -- parser callbacks ----------------------------------------------------------------

    def on_headers_complete(self) -> None:
        if self._timer is not None:
            self._stop_timer()
        if len(self.headers) > self.max_headers:
            raise _Refused(_too_large(f"more than {self.max_headers} header fields"))
        # The head is at most what was read of it so far; only a large one is measured.
        if self._head_bytes + self._chunk_bytes > self.max_header_bytes:
            size = len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers)
            if size > self.max_header_bytes:
                raise _Refused(self._head_too_large())
        self._head_bytes = 0
        super().on_headers_complete()

    # -- deadlines and refusals ----------------------------------------------------------

    def _start_timer(self, seconds: float, *, head: bool) -> None:
        self._timer = self.loop.call_later(seconds, self._timed_out)
        self._timing_head = head

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _timed_out(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        if self._awaiting_body():
            if self.flow.read_paused:  # the app, not the client, is behind: reading waits for it
                self._start_timer(self.body_timeout, head=False)
                return
        elif not self._in_head() and self.cycle is not None:
            return  # a response is being made, or the keep-alive timeout watches the idle connection
        elif not self._answered():  # a pipelined head waits behind an answer still being made:
            self._start_timer(self.header_timeout, head=True)  # the service is late, not the client
            return
        if self._in_head() and self._answered():  # a request began: say why it ends
            self._refuse(Problem("request-timeout", f"the request head took over {self.header_timeout:g} s"))
        else:
            self.transport.close()

    def _answered(self) -> bool:
        """No response is being written on this connection (so one may be)."""
        return self.cycle is None or self.cycle.response_complete

    def _head_too_large(self) -> Problem:
        if len(self.url) > self.max_header_bytes:
            return Problem("uri-too-long", f"the request target is over {self.max_header_bytes} bytes")
        return _too_large(f"the request head is over {self.max_header_bytes} bytes")

    def _refuse(self, problem: Problem) -> None:
        """Answer with `problem` and end the connection.

        Closing a socket with unread input makes the kernel reset it, and a reset can destroy
        the answer before the client reads it. So, like nginx's lingering close, the answer is
        followed by an end of output, and input is read and dropped for `linger` seconds
        (or until the client closes) before the connection is closed.
        """
        self._stop_timer()
        if not self._answered():  # another answer is being written: there is no room for this one
            self.transport.close()
            return
        self._write_problem(problem)
        self._lingering = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(self.linger, self.transport.close)

    def _write_problem(self, problem: Problem) -> None:
        body = orjson.dumps(problem.body())
        head = [STATUS_LINE[problem.status]]
        for name, value in self.server_state.default_headers:
            head.extend([name, b": ", value, b"\r\n"])
        head.extend(
            [
                b"content-type: application/problem+json\r\n",
                b"content-length: " + str(len(body)).encode() + b"\r\n",
                b"connection: close\r\n\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(head))


def _too_large(detail: str) -> Problem:
    return Problem("headers-too-large", detail)


def bounded_protocol(
    *, header_timeout: float, body_timeout: float, max_headers: int, max_header_bytes: int
) -> type[BoundedHttpToolsProtocol]:
    """The protocol class to give uvicorn as `http=`, with these bounds."""
    bounds = {
        "header_timeout": header_timeout,
        "body_timeout": body_timeout,
        "max_headers": max_headers,
        "max_header_bytes": max_header_bytes,
    }
    return type("BoundedHttpToolsProtocol", (BoundedHttpToolsProtocol,), bounds)
