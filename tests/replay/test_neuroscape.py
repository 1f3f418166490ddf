"""200 random Neuroscape matches through sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import replay_batch

from .neuroscape import SEATS, chooser_for, setup_for

MECHANICS = {  # every session mechanic of the system
    "attack", "block", "choose-first", "concede", "deploy", "draw",
    "force-quit", "mulligan", "order-blockers", "pass", "roll-off",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 400  # a match runs to its end in about a hundred actions
REFUSALS = {"neuroscape/not-a-player", "neuroscape/out-of-turn", "neuroscape/wrong-stage", "neuroscape/stale-substage"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_neuroscape_matches_replay_exactly(batch: int) -> None:
    seeds = [f"neuroscape-{batch}-{n}" for n in range(PER_BATCH)]
    played = await replay_batch("neuroscape", SEATS, setup_for, chooser_for, seeds=seeds, steps=STEPS)
    missing = {name for name in MECHANICS if f"neuroscape/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= REFUSALS, played.refused
