"""200 random d e s e r t sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays

from . import desert as players

MECHANICS = {  # every session mechanic of the system
    "add-building", "add-character", "add-consequence", "add-district", "advance-time", "approach",
    "building-reaction", "bypass", "choose-reaction", "consent-memory-log", "encounter", "hack-security-log",
    "hold-character", "keep-memory-log", "make-statement", "move", "personal-reaction",
    "set-memory-log-access", "settle-consequence",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 100
REFUSALS = {
    "desert/not-your-character", "desert/character-not-placed", "desert/reaction-required-before-moving",
    "desert/statement-missing", "desert/unknown-memory-log", "desert/consent-missing",
}  # fmt: skip


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_desert_sessions_replay_exactly(batch: int) -> None:
    await assert_batch_replays("desert", players, batch, per_batch=PER_BATCH, steps=STEPS, mechanics=MECHANICS, refusals=REFUSALS)
