"""200 random NCB sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays

from . import ncb as players

MECHANICS = {  # every session mechanic of the system that writes (a read, ability-scores, is never logged)
    "activate-chrome", "add-combatant", "attack", "d20-test", "damage",
    "death-save", "eddies", "end-combat", "end-turn", "gm-adjust", "heal",
    "initiative", "install-chrome", "last-breath", "level-up", "long-rest", "move", "remove-combatant",
    "run-program", "short-rest", "stabilize", "start-combat", "take-action", "uninstall-chrome",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 100
REFUSALS = {"forbidden", "ncb/unknown-combatant", "ncb/not-your-turn", "ncb/no-combat", "ncb/combat-running", "ncb/not-dying"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_ncb_sessions_replay_exactly(batch: int) -> None:
    await assert_batch_replays("ncb", players, batch, per_batch=PER_BATCH, steps=STEPS, mechanics=MECHANICS, refusals=REFUSALS)
