"""The server's garbage-collector settings (service/heap.py): applied by both entry points, once the app is built."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from service import heap
from service.config import Settings

PROBE = """
import gc, json
from service import heap
before = gc.get_threshold()
kept = [{"n": i} for i in range(1000)]
cycle = []
cycle.append(cycle)
del cycle
heap.settle()
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count(),
                  "young": gc.get_count()[0], "kept": len(kept)}))
"""


def test_settle_freezes_what_survived_and_raises_only_the_youngest_threshold() -> None:
    # In a process of its own: a frozen heap is for good, and this one builds many apps.
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    assert found["before"][0] == 700  # CPython's default, which the server replaces
    assert found["after"] == [heap.YOUNG_THRESHOLD, found["before"][1], found["before"][2]]
    assert found["frozen"] > 1000  # the kept objects and everything imported
    assert found["young"] < 50  # collected just before the freeze


class Called(Exception):
    pass


def _entry_points(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> list[str]:
    """What each entry point did, up to the point it would serve: `main()` and a worker's `_worker()`."""
    import uvicorn

    import service.__main__ as entry
    from service import workers

    done: list[str] = []
    monkeypatch.setattr(heap, "settle", lambda: done.append("settle"))
    monkeypatch.setattr(Settings, "from_env", classmethod(lambda cls, env=None: settings))
    def create_app(settings: Settings, **_: Any) -> object:
        done.append("app")
        return object()

    monkeypatch.setattr("service.api.app.create_app", create_app)
    monkeypatch.setattr(workers, "exit_on_stop_signals", lambda: None)

    def serve(*_: Any, **__: Any) -> None:
        done.append("serve")
        raise Called

    monkeypatch.setattr(uvicorn, "run", serve)
    with pytest.raises(Called):
        entry.main()

    class Server:
        def __init__(self, config: Any) -> None:
            pass

        def run(self, sockets: Any) -> None:
            serve()

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.setattr(uvicorn, "Config", lambda app, **_: app)
    workers._worker(settings, sock=None)  # it reports the failure as its exit status
    return done


def test_both_entry_points_settle_the_heap_after_building_the_app_and_before_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _entry_points(monkeypatch, Settings()) == ["app", "settle", "serve"] * 2


def test_with_the_switch_off_the_collector_keeps_its_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _entry_points(monkeypatch, Settings(gc_tuning=False)) == ["app", "serve"] * 2
