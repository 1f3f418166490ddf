"""Operating-system entropy, for what must be unpredictable rather than replayable.

Fresh stateless seeds, session ids and seat tokens come from here; every die comes
from a `Stream` keyed by a seed, so it can be recomputed later.
"""

from __future__ import annotations

import secrets


def fresh_seed() -> str:
    """A 256-bit seed as 64 hex characters."""
    return secrets.token_hex(32)


def new_id() -> str:
    """A session id: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """A seat bearer token: 256 random bits."""
    return "nat_" + secrets.token_urlsafe(32)
