"""200 random Eclipse Phase sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import replay_batch

from .eclipse import SEATS, chooser_for, setup_for

MECHANICS = {  # every session mechanic of the system
    "add-character", "advance-time", "attack", "damage", "delay", "edit-character",
    "end-combat", "end-intrusion", "finish-actions", "hack", "heal", "initiative",
    "next-turn", "opposed-test", "pool-after-roll", "pool-ongoing", "pool-use", "recharge",
    "rep-test", "take-action", "test",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 50
REFUSALS = {"eclipse/not-your-character", "eclipse/unknown-character", "eclipse/not-in-combat", "eclipse/pool-empty", "eclipse/unknown-intrusion"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_eclipse_sessions_replay_exactly(batch: int) -> None:
    seeds = [f"eclipse-{batch}-{n}" for n in range(PER_BATCH)]
    played = await replay_batch("eclipse", SEATS, setup_for, chooser_for, seeds=seeds, steps=STEPS)
    missing = {name for name in MECHANICS if f"eclipse/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= REFUSALS, played.refused
