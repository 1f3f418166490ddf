"""200 random NeuroSystem sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import replay_batch

from .neurosystem import SEATS, chooser_for, setup_for

MECHANICS = {  # every session mechanic of the system
    "add-character", "add-nc", "add-negative-state", "apply-check", "attack", "death-measure",
    "defend", "end-scene", "enter-cyberspace", "flat-check", "gain-apathy", "gain-dissonance",
    "leave-cyberspace", "push", "push-through", "remove-character", "remove-nc", "remove-negative-state",
    "set-luck", "set-resolve", "spend-luck", "stat-measure", "stk-check", "take-damage",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 100
REFUSALS = {"forbidden", "neurosystem/unknown-character", "neurosystem/unknown-check", "neurosystem/check-already-applied"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_neurosystem_sessions_replay_exactly(batch: int) -> None:
    seeds = [f"neurosystem-{batch}-{n}" for n in range(PER_BATCH)]
    played = await replay_batch("neurosystem", SEATS, setup_for, chooser_for, seeds=seeds, steps=STEPS)
    missing = {name for name in MECHANICS if f"neurosystem/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= REFUSALS, played.refused
