"""Each system's replay test lists every session mechanic the system declares, so a new mechanic
fails here until the system's random chooser (tests/replay/<system>.py) plays it too."""

from __future__ import annotations

import importlib

import pytest

from service.systems import REGISTRY


@pytest.mark.parametrize("system", ["neurosystem", "ncb", "eclipse", "desert", "neuroscape"])
def test_the_replay_test_lists_every_session_mechanic(system: str) -> None:
    listed = importlib.import_module(f"{__package__}.test_{system}").MECHANICS
    declared = {m.name for m in REGISTRY.mechanics.values() if m.system == system and m.apply is not None}
    assert listed == declared, f"not played by the replay chooser: {sorted(declared - listed)}; gone: {sorted(listed - declared)}"
