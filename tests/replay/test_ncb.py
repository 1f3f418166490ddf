"""200 random NCB sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import replay_batch

from .ncb import SEATS, chooser_for, setup_for

MECHANICS = {  # every session mechanic of the system
    "ability-scores", "activate-chrome", "add-combatant", "attack", "d20-test", "damage",
    "death-save", "eddies", "end-combat", "end-turn", "gm-adjust", "heal",
    "initiative", "install-chrome", "level-up", "long-rest", "move", "remove-combatant",
    "run-program", "short-rest", "stabilize", "start-combat", "take-action", "uninstall-chrome",
}
BATCHES, PER_BATCH, STEPS = 4, 50, 100
REFUSALS = {"forbidden", "ncb/unknown-combatant", "ncb/not-your-turn", "ncb/no-combat", "ncb/combat-running", "ncb/not-dying"}


@pytest.mark.parametrize("batch", range(BATCHES))
async def test_random_ncb_sessions_replay_exactly(batch: int) -> None:
    seeds = [f"ncb-{batch}-{n}" for n in range(PER_BATCH)]
    played = await replay_batch("ncb", SEATS, setup_for, chooser_for, seeds=seeds, steps=STEPS)
    missing = {name for name in MECHANICS if f"ncb/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= REFUSALS, played.refused
