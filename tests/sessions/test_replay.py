"""200 seeded random dice sessions replay from their logs to the same final state, draw for draw."""

from __future__ import annotations

import pytest

from service.sessions.replay import ReplayMismatch, replay
from service.systems import REGISTRY
from support.replaying import play_and_replay, replay_batch

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
EXPRESSIONS = ["1d20", "4d6kh3", "2d20kl1+3", "3d6!", "10d10>=8", "2d6ro1", "d%", "1d4+1d6+1d8"]
VISIBILITY = ["public", "gm", "blind", "self"]


REFUSED = ["2d", "1000000d6"]  # not an expression; over the dice limit


def choose_dice(state, seats, pick):
    seat = seats[pick(len(seats)) - 1]["name"]
    if pick(12) == 1:  # only the GM may rotate: a player's try is refused
        return seat, "session/rotate-seed", {}
    expression = REFUSED[pick(2) - 1] if pick(10) == 1 else EXPRESSIONS[pick(len(EXPRESSIONS)) - 1]
    return seat, "dice/roll", {"expression": expression, "visibility": VISIBILITY[pick(4) - 1]}


@pytest.mark.parametrize("batch", range(4))
async def test_random_dice_sessions_replay_exactly(batch: int) -> None:
    seeds = [f"dice-{batch}-{n}" for n in range(50)]
    played = await replay_batch("dice", SEATS, lambda seed: None, lambda seed: choose_dice, seeds=seeds, steps=12)
    assert played.logged.keys() == {"dice/roll", "session/rotate-seed", "session/close"}
    assert played.refused.keys() == {"forbidden", "dice/invalid-expression", "dice/limit-exceeded"}


async def test_a_tampered_log_does_not_replay() -> None:
    final = (await play_and_replay("dice", SEATS, None, choose_dice, seed="tamper", steps=3)).final
    entries = [  # a forged entry: a d6 that showed 7
        {"seq": 0, "action": "dice/roll", "seat": "seat-2", "input": {"expression": "1d6", "visibility": "public"},
         "result": {"formula": "1d6", "total": 7, "dice": [], "text": ""}, "audit": {"draws": [{"sides": 6, "face": 7}]}},
    ]
    with pytest.raises(ReplayMismatch):
        replay(REGISTRY, session_id=final["id"], system="dice", setup=None, seats=final["seats"], client_seed="", seeds={0: "x"}, entries=entries)


def _replay_entries(final: dict, entries: list[dict]):
    seeds = {s["epoch"]: s["seed"] for s in final["seeds"]}
    return replay(REGISTRY, session_id=final["id"], system="dice", setup=None, seats=final["seats"],
                  client_seed=final["clientSeed"], seeds=seeds, entries=entries)


async def test_a_log_recorded_before_a_result_gained_a_field_still_replays_but_a_changed_value_does_not() -> None:
    played = await play_and_replay("dice", SEATS, None, lambda s, seats, pick: ("ana", "dice/roll", {"expression": "4d6kh3+2"}),
                                   seed="old-log", steps=3)
    rolls = [e for e in played.entries if e["action"] == "dice/roll"]
    assert len(rolls) == 3 and all("tree" in e["result"] for e in rolls)
    old = [{**e, "result": {k: v for k, v in e["result"].items() if k != "tree"}} if e in rolls else e for e in played.entries]
    assert _replay_entries(played.final, old).actions == len(played.entries)  # as a log of the earlier service holds it

    changed = [{**e, "result": {**e["result"], "total": e["result"]["total"] + 1}} if e is old[0] else e for e in old]
    assert old[0]["action"] == "dice/roll"
    with pytest.raises(ReplayMismatch, match="total"):
        _replay_entries(played.final, changed)


FOUNDRY_ACTIONS = [
    ("dice/fulfill", {"terms": [{"denomination": "dc", "count": 2}, {"denomination": "df", "count": 4}, {"denomination": "d20", "count": 1}]}),
    ("dice/roll", {"expression": "4dF + 2dcc1 + 6d6sf<3 + 3d6ms>10", "dialect": "foundry", "format": "foundry"}),
    ("dice/roll", {"expression": "5d6r2=1 + 6d6even + 4d6k3 + 4d6d + 3d6x1>=5", "dialect": "foundry"}),
]


async def test_foundry_coins_fate_dice_and_rarer_modifiers_replay_exactly_and_a_forged_coin_does_not() -> None:
    steps = iter(FOUNDRY_ACTIONS * 2)

    def choose(state, seats, pick):
        action = next(steps, None)
        return None if action is None else ("ana", *action)

    played = await play_and_replay("dice", SEATS, None, choose, seed="foundry-rarer", steps=10)
    assert played.logged.count("dice/fulfill") == 2 and played.logged.count("dice/roll") == 4
    assert _replay_entries(played.final, played.entries).actions == len(played.entries)
    first = next(e for e in played.entries if e["action"] == "dice/fulfill")
    forged = {**first, "result": {"faces": [[2, 2], *first["result"]["faces"][1:]]}}  # a coin that showed 2
    with pytest.raises(ReplayMismatch):
        _replay_entries(played.final, [forged if e is first else e for e in played.entries])
