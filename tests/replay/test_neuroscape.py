"""200 random Neuroscape matches through sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays

from . import neuroscape as players

MECHANICS = {  # every session mechanic of the system
    "activate", "attack", "block", "choose-first", "concede", "deploy", "draw",
    "force-quit", "mulligan", "order-blockers", "pass", "play-script", "roll-off", "activate-trojan", "play-drug",
    "arrange-top", "order-triggers",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 400  # a match runs to its end in about a hundred actions
REFUSALS = {"neuroscape/not-a-player", "neuroscape/out-of-turn", "neuroscape/wrong-stage", "neuroscape/stale-substage"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_neuroscape_matches_replay_exactly(batch: int) -> None:
    await assert_batch_replays("neuroscape", players, batch, per_batch=PER_BATCH, steps=STEPS, mechanics=MECHANICS, refusals=REFUSALS)
