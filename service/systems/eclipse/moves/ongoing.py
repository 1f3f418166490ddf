"""An ongoing pool bonus: +5 or +10 on every skill test linked to one aptitude."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM
from service.systems.eclipse.rules.pools import ongoing_bonus, spend
from service.systems.eclipse.state import character, control, editable, pools_wire
from service.systems.eclipse.wire.ongoing import EclipseOngoingResult, EclipsePoolOngoingInSession


def pool_ongoing(state: dict, params: EclipsePoolOngoingInSession, actor: Actor) -> tuple[dict, EclipseOngoingResult]:
    new = editable(state)
    char = character(new, params.character)
    control(actor, char)
    bonus = ongoing_bonus(params.pool, params.aptitude, params.points)
    char["pools"] = spend(char["pools"], params.pool, params.points)
    # One ongoing bonus per aptitude: a new one replaces a weaker one rather than stacking.
    kept = [o for o in char["ongoing"] if o["aptitude"] != params.aptitude]
    char["ongoing"] = kept + [{"pool": params.pool, "aptitude": params.aptitude, "bonus": bonus}]
    return new, EclipseOngoingResult(character=char["id"], pool=params.pool, aptitude=params.aptitude, bonus=bonus, pools=pools_wire(char))


SYSTEM.mechanic(
    "pool-ongoing",
    "Spend 1 or 2 points for +5 or +10 on every skill test linked to one aptitude",
    "Insight, Moxie or Vigor, on one of its own aptitudes; lasts until the next recharge or the day changes.",
    session=pool_ongoing,
)
