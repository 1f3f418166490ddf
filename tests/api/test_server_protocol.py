"""The uvicorn internals service/server.py builds on, pinned: an upgrade that changes them fails here.

`BoundedHttpToolsProtocol` replaces uvicorn's `data_received` and hooks `connection_made`,
`connection_lost`, `on_message_begin` and `on_headers_complete`; it reads `url`, `headers`,
`cycle` (`more_body`, `response_complete`, `disconnected`), `flow.read_paused`, `transport`
and `server_state.default_headers`, hands uvicorn a `CoalescingTransport` for the connection's
`transport` (service/coalesce.py), and relies on uvicorn's keep-alive timer being armed in
`on_response_complete` and cancelled in `_unset_keepalive_if_required`. When a hash below no
longer matches, read the new uvicorn source of that function, adapt service/server.py (its
copy of `data_received` above all), run tests/api/test_slow_clients.py, then update the hash.
"""

from __future__ import annotations

import hashlib
import inspect

import uvicorn
from uvicorn.protocols.http import flow_control, httptools_impl
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from service.server import BoundedHttpToolsProtocol, bounded_protocol

# Read for uvicorn 0.54.0 (first 16 hex digits of the SHA-256 of each function's source).
PINNED = {
    "HttpToolsProtocol.__init__": "4f08999410347141",
    "HttpToolsProtocol.connection_made": "6efb565ff3d36b91",
    "HttpToolsProtocol.connection_lost": "c91a4c9bf2e29c55",
    "HttpToolsProtocol.data_received": "010a7ae59a5d3b1a",
    "HttpToolsProtocol.on_message_begin": "96d377fdc7c2baef",
    "HttpToolsProtocol.on_url": "37be44e962b04ca8",
    "HttpToolsProtocol.on_header": "65d62c044f61fdbd",
    "HttpToolsProtocol.on_headers_complete": "1ea8589acfad92d8",
    "HttpToolsProtocol.on_response_complete": "64e254f28e389e76",
    "HttpToolsProtocol.shutdown": "d7351fa33f00d430",
    "HttpToolsProtocol._unset_keepalive_if_required": "00a6a4e47214e68e",
    "RequestResponseCycle.__init__": "4d2f220910c33c12",
    # Writes a response's head and its body with two `transport.write` calls, which
    # service/coalesce.py joins; anything else it calls on the transport passes through.
    "RequestResponseCycle.send": "abdd8601b326a8da",
}
PINNED_FLOW_CONTROL = "126debcdaa894c83"


def _digest(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def test_the_uvicorn_functions_the_protocol_relies_on_are_the_ones_it_was_written_against() -> None:
    changed = []
    for name, pinned in PINNED.items():
        owner, function = name.split(".")
        if _digest(inspect.getsource(getattr(getattr(httptools_impl, owner), function))) != pinned:
            changed.append(name)
    if _digest(inspect.getsource(flow_control.FlowControl)) != PINNED_FLOW_CONTROL:
        changed.append("FlowControl")
    assert not changed, (
        f"uvicorn {uvicorn.__version__} changed {', '.join(changed)}: service/server.py was written "
        "against 0.54.0; re-read these, adapt it and update the hashes (see this module's docstring)"
    )


def test_the_protocol_is_the_one_uvicorn_would_pick_with_its_standard_extras() -> None:
    # uvicorn[standard] installs httptools, so "auto" serves with HttpToolsProtocol: the bounds
    # are added to the implementation production would run anyway, not to another one.
    assert AutoHTTPProtocol is httptools_impl.HttpToolsProtocol
    assert issubclass(BoundedHttpToolsProtocol, httptools_impl.HttpToolsProtocol)


def test_uvicorn_serves_with_the_protocol_class_it_is_given() -> None:
    protocol = bounded_protocol(header_timeout=3, body_timeout=4, max_headers=50, max_header_bytes=8192)
    config = uvicorn.Config(lambda scope, receive, send: None, http=protocol, timeout_keep_alive=2)
    config.load()
    assert config.http_protocol_class is protocol and config.timeout_keep_alive == 2
    assert (protocol.header_timeout, protocol.body_timeout, protocol.max_headers, protocol.max_header_bytes) == (3, 4, 50, 8192)
