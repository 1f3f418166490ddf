"""What this replica last committed to each session it writes, so the next write can skip the read.

A write needs the session's document, version and log length. When this replica made the
last commit to a session, it already has them: it starts the next write from them and the
compare-and-set checks them. If another replica wrote in between, the compare-and-set
fails and the write starts again from a fresh read, so a stale entry costs a retry, never
a wrong answer. Entries are dropped oldest first beyond `size` sessions.
"""

from __future__ import annotations

from collections import OrderedDict

from service.sessions.store import Loaded


class Recent:
    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._entries: OrderedDict[str, Loaded] = OrderedDict()

    def get(self, session_id: str) -> Loaded | None:
        return self._entries.get(session_id)

    def keep(self, session_id: str, loaded: Loaded) -> None:
        self._entries[session_id] = loaded
        self._entries.move_to_end(session_id)
        if len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def drop(self, session_id: str) -> None:
        self._entries.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._entries)
