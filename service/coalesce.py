"""A transport that sends a response's head and body in one write.

uvicorn writes the status line and headers as soon as the app sends `http.response.start`,
then the body in a second `transport.write`. Each write is a syscall and, on a socket, a TCP
segment the kernel carries to the client on the sender's time, so a small JSON answer cost two
of each. This wrapper holds a write back until the event loop's next turn; whatever else is
written in the same turn (the body, sent by the same task straight after the head) goes out
with it, joined. A streamed response (SSE) still gets its head out on the loop's next turn,
and each later chunk the same way.

Everything but `write`, `writelines`, `write_eof`, `close` and `abort` is the wrapped
transport's own. What is held back is sent before the transport is shut or closed; `abort`
drops it, as the wrapped transport drops its own buffer.
"""

from __future__ import annotations

import asyncio
from typing import Any


class CoalescingTransport:
    __slots__ = ("_transport", "_loop", "_held")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(bytes(data))

    def writelines(self, chunks: Any) -> None:
        for chunk in chunks:
            self.write(chunk)

    def flush(self) -> None:
        """Send what is held, in one write."""
        held = self._held
        if not held:
            return
        self._held = []
        if not self._transport.is_closing():
            self._transport.write(held[0] if len(held) == 1 else b"".join(held))

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._held = []
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._held))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
