"""Replay sessions handed over as JSON on stdin, in this process, and print what each replay came to.

Run by `test_elsewhere.py` in a child process with another string-hash seed: a state or a result
that depended on the process that made it (set order, object ids, memory) would not replay here.
"""

from __future__ import annotations

import sys

import orjson

from service.systems import REGISTRY
from service.sessions.replay import ReplayMismatch, replay


def main() -> None:
    out = []
    for session in orjson.loads(sys.stdin.buffer.read()):
        final = session["final"]
        try:
            replayed = replay(
                REGISTRY,
                session_id=final["id"],
                system=final["system"],
                setup=final["setup"],
                seats=final["seats"],
                client_seed=final["clientSeed"],
                seeds={s["epoch"]: s["seed"] for s in final["seeds"]},
                entries=session["entries"],
            )
        except ReplayMismatch as mismatch:
            out.append({"mismatch": str(mismatch)})
            continue
        out.append({"state": replayed.state, "epoch": replayed.epoch, "nonce": replayed.nonce, "closed": replayed.closed})
    sys.stdout.buffer.write(orjson.dumps(out))


if __name__ == "__main__":
    main()
