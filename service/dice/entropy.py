"""Operating-system entropy, for what must be unpredictable rather than replayable.

Fresh stateless seeds, session ids, seat tokens and request ids come from here; every die
comes from a `Stream` keyed by a seed, so it can be recomputed later.
"""

from __future__ import annotations

import base64
import os
import secrets
from collections.abc import Callable

# Request ids and stateless seeds made ahead, a batch of each from one read of the OS's random
# source: every request needs an id and every unseeded roll a seed, and a read (a system call) per
# request cost more than the rest of either. Forgotten in a forked child, so two worker processes
# never hand out the same ones.
_REQUEST_IDS: list[str] = []
_SEEDS: list[str] = []
_BATCH = 64
os.register_at_fork(after_in_child=_REQUEST_IDS.clear)
os.register_at_fork(after_in_child=_SEEDS.clear)


def _next(kept: list[str], batch: Callable[[], str], step: int, width: int) -> str:
    """The next value made ahead in `kept`. When none is left, the text of one read (`batch`) is cut
    into values every `step` characters, each its first `width`."""
    if not kept:
        text = batch()
        kept.extend(text[at : at + width] for at in range(0, len(text), step))
    return kept.pop()


def _seed_batch() -> str:
    return os.urandom(32 * _BATCH).hex()


def _request_id_batch() -> str:
    return base64.urlsafe_b64encode(os.urandom(18 * _BATCH)).decode("ascii")


def fresh_seed() -> str:
    """A 256-bit seed as 64 hex characters, each seed its own 32 bytes of the OS's random source."""
    return _next(_SEEDS, _seed_batch, 64, 64)


def new_id() -> str:
    """A session id: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """A seat bearer token: 256 random bits."""
    return "nat_" + secrets.token_urlsafe(32)


def new_request_id() -> str:
    """A request id: 22 URL-safe characters (132 random bits), as long as a session id.

    Made in batches: 18 random bytes encode to exactly 24 characters, of which the first 22 are kept."""
    return _next(_REQUEST_IDS, _request_id_batch, 24, 22)
