"""Seat tokens: shown once at creation, stored only as SHA-256, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find_seat(seats: list[dict], token: str) -> dict | None:
    """The seat whose hash matches; every seat is compared so timing does not tell which."""
    wanted = token_hash(token)
    found = None
    for seat in seats:
        if hmac.compare_digest(seat["tokenHash"], wanted):
            found = seat
    return found
