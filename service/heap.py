"""The garbage collector, set for a server: the start-up heap frozen, the young generation larger.

CPython's cyclic collector runs its youngest generation after 700 more container objects were
made than freed, and a full collection once enough survived. A serving process breaks both
assumptions:
- its start-up heap (the GraphQL schema, every pydantic model, the route tables, the examples:
  about 230,000 objects) lives as long as the process, yet every full collection walks it again:
  165 ms each, 7 of them in 8 s of session rolls on Redis at 64 connections;
- 64 requests in flight hold a few thousand live containers between them, so the 700 is crossed
  over and over by objects that reference counting frees a moment later: 1,224 young
  collections in the same 8 s, 0.17 ms each.
Together that was about a sixth of the CPU, and every full collection stalled all requests in
flight at once (the p99). `settle()` runs once the app is built, before serving: one collection,
then `gc.freeze()` moves the survivors out of the collector's sight (they are still freed by
reference counting; a fork shares them untouched), and the youngest threshold goes to 7,000.
With it, the same load ran 4 young collections and no full one.

Switch: NA_GC_TUNING (on by default; off leaves CPython's defaults). The gain is in
bench/switches.py (`no-gc-tuning`) and in the README. Tests do not call it: a test process
builds many apps, and a frozen heap would keep each one's cycles for ever.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 7000


def settle() -> None:
    """Collect once, freeze what survived, and raise the youngest generation's threshold."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
