"""200 seeded random dice sessions replay from their logs to the same final state, draw for draw."""

from __future__ import annotations

import pytest

from service.sessions.replay import ReplayMismatch, replay
from service.registry import REGISTRY
from support.replaying import play_and_replay

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
EXPRESSIONS = ["1d20", "4d6kh3", "2d20kl1+3", "3d6!", "10d10>=8", "2d6ro1", "d%", "1d4+1d6+1d8"]
VISIBILITY = ["public", "gm", "blind", "self"]


def choose_dice(state, seats, pick):
    if pick(12) == 1:
        return "gm", "session/rotate-seed", {}
    seat = seats[pick(len(seats)) - 1]["name"]
    return seat, "dice/roll", {"expression": EXPRESSIONS[pick(len(EXPRESSIONS)) - 1], "visibility": VISIBILITY[pick(4) - 1]}


@pytest.mark.parametrize("batch", range(4))
async def test_random_dice_sessions_replay_exactly(batch: int) -> None:
    for n in range(50):
        final, replayed = await play_and_replay("dice", SEATS, None, choose_dice, seed=f"dice-{batch}-{n}", steps=12)
        assert replayed.state == final["state"]
        assert (replayed.epoch, replayed.nonce, replayed.closed) == (final["epoch"], final["nonce"], True)


async def test_a_tampered_log_does_not_replay() -> None:
    final, _ = await play_and_replay("dice", SEATS, None, choose_dice, seed="tamper", steps=3)
    entries = [  # a forged entry: a d6 that showed 7
        {"seq": 0, "action": "dice/roll", "seat": "seat-2", "input": {"expression": "1d6", "visibility": "public"},
         "result": {"formula": "1d6", "total": 7, "dice": [], "text": ""}, "audit": {"draws": [{"sides": 6, "face": 7}]}},
    ]
    with pytest.raises(ReplayMismatch):
        replay(REGISTRY, session_id=final["id"], system="dice", setup=None, seats=final["seats"], client_seed="", seeds={0: "x"}, entries=entries)
