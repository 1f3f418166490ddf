"""Seat tokens: shown once at creation, stored only as SHA-256, compared in constant time (`SessionDoc.seat_with`)."""

from __future__ import annotations

import hashlib
from collections import OrderedDict


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class VerifiedTokens:
    """Hashes of the tokens this process has seen match a seat, the most recently seen kept.

    The rate limiter charges a request to its seat only when its token is here, so a client
    cannot get a fresh bucket by sending a fresh made-up token. Per process and bounded: a
    seat forgotten (or never seen by this replica) is charged to its address until it is
    verified again.
    """

    def __init__(self, limit: int = 100_000) -> None:
        self.limit = limit
        self._seen: OrderedDict[str, None] = OrderedDict()

    def add(self, hashed: str) -> None:
        seen = self._seen
        if hashed in seen:
            seen.move_to_end(hashed)
            return
        seen[hashed] = None
        if len(seen) > self.limit:
            seen.popitem(last=False)

    def __contains__(self, hashed: object) -> bool:
        return hashed in self._seen

    def __len__(self) -> int:
        return len(self._seen)
