"""200 random Eclipse Phase sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays

from . import eclipse as players

MECHANICS = {  # every session mechanic of the system
    "add-character", "advance-time", "attack", "damage", "delay", "edit-character",
    "end-combat", "end-intrusion", "finish-actions", "hack", "heal", "initiative",
    "next-turn", "opposed-test", "pool-after-roll", "pool-ongoing", "pool-use", "recharge",
    "rep-test", "take-action", "test",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 50
REFUSALS = {
    "eclipse/not-your-character", "eclipse/unknown-character", "eclipse/not-in-combat", "eclipse/pool-empty", "eclipse/unknown-intrusion",
    "eclipse/out-of-turn", "eclipse/action-budget-exceeded", "eclipse/recharge-allocation",
}  # fmt: skip


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_eclipse_sessions_replay_exactly(batch: int) -> None:
    await assert_batch_replays("eclipse", players, batch, per_batch=PER_BATCH, steps=STEPS, mechanics=MECHANICS, refusals=REFUSALS)
