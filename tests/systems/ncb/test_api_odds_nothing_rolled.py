"""Session odds of an NCB action that rolls nothing answer so, as Neuroscape's do: 200, `dice` certainly
"none rolled"; an add-combatant outside a combat seats the newcomer without a roll, so it is not refused."""

from __future__ import annotations

from support.api import Api

from service.systems.neuroscape.moves.odds import no_dice

from .sheets import GOON, SETUP

NEWCOMER = {**GOON, "id": "goon-2", "name": "Another goon"}


def test_adding_a_combatant_outside_a_combat_rolls_nothing(api: Api) -> None:
    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=SETUP)["session"]["id"]
    gm = api.tokens["gm"]
    for body in ({"combatant": NEWCOMER}, {"combatant": NEWCOMER, "joinCombat": True}):
        odds = api.post(f"/v1/sessions/{sid}/ncb/add-combatant/odds", body, token=gm)
        assert odds.status_code == 200, odds.text
        (dice,) = odds.json()["distributions"]
        assert dice["name"] == "dice" and [(o["outcome"], o["exact"]) for o in dice["outcomes"]] == [("none rolled", "1/1")]
        assert odds.json()["distributions"] == no_dice().wire()["distributions"]  # Neuroscape's answer, word for word
    # The action itself seats the newcomer and rolls nothing.
    added = api.post(f"/v1/sessions/{sid}/ncb/add-combatant", {"combatant": NEWCOMER}, token=gm)
    assert added.status_code == 200, added.text
    assert added.json()["result"]["initiative"] is None
