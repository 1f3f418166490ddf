"""200 random NCB sessions, each replayed from its log to the same final state."""

from __future__ import annotations

import pytest

from support.replaying import assert_batch_replays, play_and_replay

from service.sessions.replay import replay
from service.systems import REGISTRY

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


async def test_a_log_written_when_ability_scores_was_logged_still_replays() -> None:
    # Before reads were kept out of the log, `ncb/ability-scores` in a session was a logged write
    # that changed nothing and drew nothing; replay passes over such an entry.
    seed = "ncb-old-read"
    played = await play_and_replay("ncb", players.SEATS, players.setup_for(seed), players.chooser_for(seed), seed=seed, steps=20)
    final = played.final
    old_read = {"seq": 0, "action": "ncb/ability-scores", "seat": final["seats"][0]["id"], "input": {"combatant": "v"},
                "result": {"combatant": "v"}, "audit": None}
    entries = [*played.entries[:3], old_read, *played.entries[3:]]
    replayed = replay(
        REGISTRY,
        session_id=final["id"],
        system="ncb",
        setup=final["setup"],
        seats=final["seats"],
        client_seed=final["clientSeed"],
        seeds={s["epoch"]: s["seed"] for s in final["seeds"]},
        entries=entries,
    )
    assert replayed.state == final["state"] == played.replayed.state
    assert replayed.actions == len(played.entries) + 1
