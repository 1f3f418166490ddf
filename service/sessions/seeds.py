"""Session seeds, derived from the service secret so every replica computes the same one.

Nothing secret is stored in Redis: the seed of epoch `e` of session `s` is
HMAC-SHA256(secret, encode(`session-seed`, s, e)), published only as its SHA-256
commitment until the session closes or the epoch rotates.
"""

from __future__ import annotations

import hashlib
import hmac

from service.dice.stream import encode_fields


def session_seed(secret: str, session_id: str, epoch: int) -> str:
    message = encode_fields("session-seed", session_id, epoch)
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def session_scope(session_id: str, epoch: int) -> str:
    return f"session:{session_id}:{epoch}"
