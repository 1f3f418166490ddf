"""Approaches: a d6 or a pick, and the automatic token each one grants."""

from __future__ import annotations

from service.systems.desert.rules.approaches import APPROACHES, roll_or_pick
from support.dice import ScriptedStream


def test_d6_order_of_the_approaches() -> None:
    assert [APPROACHES[n][0] for n in range(1, 7)] == ["sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"]


def test_rolling_uses_one_d6() -> None:
    stream = ScriptedStream(1)
    face, entry = roll_or_pick("roll", stream)
    assert (face, entry.approach, stream.sides) == (1, "sponsorbaby", [6])
    assert "brand" in entry.automatic_token


def test_picking_rolls_nothing() -> None:
    stream = ScriptedStream()
    face, entry = roll_or_pick("agitator", stream)
    assert face is None and entry.number == 6 and "violent" in entry.automatic_token and stream.sides == []


def test_only_sponsorbaby_rental_and_agitator_grant_tokens() -> None:
    granting = [APPROACHES[n][0] for n in range(1, 7) if APPROACHES[n][2]]
    assert granting == ["sponsorbaby", "rental", "agitator"]
    assert "obsessive" in APPROACHES[2][2] and "pleading" in APPROACHES[2][2]
