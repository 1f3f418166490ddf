"""A table's setup and the first state of its session."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.ncb.options import NcbRules
from service.systems.ncb.state import NcbState, add
from service.systems.ncb.wire.sheet import MAX_COMBATANTS, NcbCombatantSpec


class NcbSetup(Model):
    """`setup` of `POST /v1/sessions` for an `ncb` session."""

    rules: NcbRules = Field(default_factory=NcbRules, description="Rule options for this table; all have defaults.")
    combatants: list[NcbCombatantSpec] = Field(default_factory=list, max_length=MAX_COMBATANTS)


def first_state(setup: NcbSetup | None) -> NcbState:
    """The rules chosen and every combatant seated, each checked against them; no combat yet."""
    setup = setup or NcbSetup()
    state = NcbState(rules=setup.rules)
    for spec in setup.combatants:
        state = add(state, spec)
    return state
