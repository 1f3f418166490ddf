"""200 random d e s e r t sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import replay_batch

from .desert import SEATS, chooser_for, setup_for

MECHANICS = {  # every session mechanic of the system
    "add-building", "add-character", "add-consequence", "add-district", "advance-time", "approach",
    "building-reaction", "bypass", "choose-reaction", "consent-memory-log", "encounter", "hack-security-log",
    "hold-character", "keep-memory-log", "make-statement", "move", "personal-reaction", "player-screen",
    "set-memory-log-access", "settle-consequence",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 100
REFUSALS = {
    "desert/not-your-character", "desert/character-not-placed", "desert/reaction-required-before-moving",
    "desert/statement-missing", "desert/unknown-memory-log", "desert/consent-missing",
}  # fmt: skip


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_desert_sessions_replay_exactly(batch: int) -> None:
    seeds = [f"desert-{batch}-{n}" for n in range(PER_BATCH)]
    played = await replay_batch("desert", SEATS, setup_for, chooser_for, seeds=seeds, steps=STEPS)
    missing = {name for name in MECHANICS if f"desert/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= REFUSALS, played.refused
