"""Consequence cards: written for a held character, seen by the whole table, marked once they land."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.errors import table_full
from service.systems.desert.state import character, fresh, next_id, require_held
from service.systems.desert.wire.consequences import DesertConsequence, DesertConsequenceInput, DesertSettleInput


MAX_CONSEQUENCES = 300


def add_consequence(state: dict, params: DesertConsequenceInput, stream: Stream, actor: Actor) -> tuple[dict, DesertConsequence]:
    state = fresh(state)
    require_held(state, character(state, params.character))
    if len(state["consequences"]) >= MAX_CONSEQUENCES:
        raise table_full("consequence cards", MAX_CONSEQUENCES)
    card = {
        "id": next_id(state, "consequence"),
        "character": params.character,
        "text": params.text,
        "when": params.when,
        "settled": False,
        "day": state["day"],
    }
    state["consequences"].append(card)
    return state, DesertConsequence.model_validate(card)


def settle_consequence(state: dict, params: DesertSettleInput, stream: Stream, actor: Actor) -> tuple[dict, DesertConsequence]:
    state = fresh(state)
    card = next((c for c in state["consequences"] if c["id"] == params.consequence), None)
    if card is None:
        raise refuse(errors.UNKNOWN_CONSEQUENCE, f"no consequence card {params.consequence!r}")
    card["settled"] = True
    return state, DesertConsequence.model_validate(card)


SYSTEM.mechanic(
    "add-consequence",
    "Write a consequence card for a held character",
    "Names the character and roughly when it lands; the whole table sees it.",
    session=add_consequence,
)

SYSTEM.mechanic(
    "settle-consequence",
    "Mark a consequence card as landed",
    "",
    session=settle_consequence,
)
