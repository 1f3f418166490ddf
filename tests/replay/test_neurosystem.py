"""200 random NeuroSystem sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays

from . import neurosystem as players

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
    await assert_batch_replays("neurosystem", players, batch, per_batch=PER_BATCH, steps=STEPS, mechanics=MECHANICS, refusals=REFUSALS)
