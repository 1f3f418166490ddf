"""What the adapters hand every operation: the parts of one app, built once by `create_app`."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.clients import Clients
from service.sessions.service import Sessions
from service.sessions.store import Store


@dataclass(frozen=True, slots=True)
class Services:
    sessions: Sessions
    store: Store
    clients: Clients  # whose request it is: the address, or the seat a token was seen to match
    idempotency_ttl_ms: int  # how long a stateless Idempotency-Key answer is kept
    max_body_bytes: int
