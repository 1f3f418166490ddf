"""Operating-system entropy, for what must be unpredictable rather than replayable.

Fresh stateless seeds, session ids, seat tokens and request ids come from here; every die
comes from a `Stream` keyed by a seed, so it can be recomputed later.
"""

from __future__ import annotations

import base64
import os
import secrets

# Request ids and stateless seeds made ahead, a batch of each from one read of the OS's random
# source: every request needs an id and every unseeded roll a seed, and a read (a system call) per
# request cost more than the rest of either. Forgotten in a forked child, so two worker processes
# never hand out the same ones.
_REQUEST_IDS: list[str] = []
_SEEDS: list[str] = []
_BATCH = 64
os.register_at_fork(after_in_child=_REQUEST_IDS.clear)
os.register_at_fork(after_in_child=_SEEDS.clear)


def fresh_seed() -> str:
    """A 256-bit seed as 64 hex characters, each seed its own 32 bytes of the OS's random source."""
    try:
        return _SEEDS.pop()
    except IndexError:
        text = os.urandom(32 * _BATCH).hex()
        _SEEDS.extend(text[at : at + 64] for at in range(0, len(text), 64))
        return _SEEDS.pop()


def new_id() -> str:
    """A session id: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """A seat bearer token: 256 random bits."""
    return "nat_" + secrets.token_urlsafe(32)


def new_request_id() -> str:
    """A request id: 22 URL-safe characters (132 random bits), as long as a session id.

    Made in batches: 18 random bytes encode to exactly 24 characters, of which the first 22 are kept."""
    try:
        return _REQUEST_IDS.pop()
    except IndexError:
        text = base64.urlsafe_b64encode(os.urandom(18 * _BATCH)).decode("ascii")
        _REQUEST_IDS.extend(text[at : at + 22] for at in range(0, len(text), 24))
        return _REQUEST_IDS.pop()
