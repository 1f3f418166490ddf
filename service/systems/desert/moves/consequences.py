"""Consequence cards: written for a held character, seen by the whole table, marked once they land."""

from __future__ import annotations

from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse, table_full
from service.systems.desert.state import DesertState, character, require_held
from service.systems.desert.wire.consequences import DesertConsequence, DesertConsequenceInput, DesertSettleInput

MAX_CONSEQUENCES = 300


def add_consequence(state: DesertState, params: DesertConsequenceInput, actor: Actor) -> tuple[DesertState, DesertConsequence]:
    require_held(state, character(state, params.character))
    if len(state.consequences) >= MAX_CONSEQUENCES:
        raise table_full("consequence cards", MAX_CONSEQUENCES)
    state, card_id = state.with_next_id("consequence")
    card = DesertConsequence(id=card_id, character=params.character, text=params.text, when=params.when, settled=False, day=state.day)
    return state.with_consequence(card), card


def settle_consequence(state: DesertState, params: DesertSettleInput, actor: Actor) -> tuple[DesertState, DesertConsequence]:
    card = next((c for c in state.consequences if c.id == params.consequence), None)
    if card is None:
        raise refuse(errors.UNKNOWN_CONSEQUENCE, f"no consequence card {params.consequence!r}")
    card = card.model_copy(update={"settled": True})
    return state.with_consequence(card), card


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
