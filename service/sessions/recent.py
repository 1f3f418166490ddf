"""What this replica last committed to each session it writes, so the next write can skip the read.

A write needs the session's document, version and log length. When this replica made the
last commit to a session, it already has them: it starts the next write from them and the
compare-and-set checks them. If another replica wrote in between, the compare-and-set
fails and the write starts again from a fresh read, so a stale entry costs a retry, never
a wrong answer. Entries are dropped oldest first beyond `size` sessions.

An entry keeps the document decoded, as the commit encoded it (decoding it again cost 5 µs a
write for a dice table and 26 µs for a 6 KB Neuroscape match), and the seats that tokens were
seen to match in it: seats never change, so a token checked once against every seat's hash is
not hashed and compared again while the entry lives.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

from service.registry import Actor
from service.sessions.doc import SessionDoc


class Kept(NamedTuple):
    version: int
    doc: SessionDoc  # decoded; what the commit encoded, never changed since
    log_length: int
    stamp: str
    actors: dict[str, tuple[Actor, str]]  # token -> the seat it matched in `doc`, and the token's hash
    drawn: int = 0  # dice the commit's action drew


class Recent:
    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._entries: OrderedDict[str, Kept] = OrderedDict()

    def get(self, session_id: str) -> Kept | None:
        return self._entries.get(session_id)

    def keep(self, session_id: str, kept: Kept) -> None:
        entries = self._entries
        entries[session_id] = kept
        entries.move_to_end(session_id)
        if len(entries) > self._size:
            entries.popitem(last=False)

    def drop(self, session_id: str) -> None:
        self._entries.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._entries)
