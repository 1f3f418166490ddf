"""An ongoing pool bonus: +5 or +10 on every skill test linked to one aptitude."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM
from service.systems.eclipse.rules.pools import ongoing_bonus, spend
from service.systems.eclipse.state import EclipseState, Ongoing, control
from service.systems.eclipse.wire.ongoing import EclipseOngoingResult, EclipsePoolOngoingInSession


def pool_ongoing(state: EclipseState, params: EclipsePoolOngoingInSession, actor: Actor) -> tuple[EclipseState, EclipseOngoingResult]:
    char = state.character(params.character)
    control(actor, char)
    bonus = ongoing_bonus(params.pool, params.aptitude, params.points)
    pools = spend(char.pools, params.pool, params.points)
    # One ongoing bonus per aptitude: a new one replaces a weaker one rather than stacking.
    kept = tuple(o for o in char.ongoing if o.aptitude != params.aptitude)
    ongoing = (*kept, Ongoing(pool=params.pool, aptitude=params.aptitude, bonus=bonus))
    char = char.model_copy(update={"pools": pools, "ongoing": ongoing})
    return state.with_character(char), EclipseOngoingResult(
        character=char.id, pool=params.pool, aptitude=params.aptitude, bonus=bonus, pools=char.pools_wire
    )


SYSTEM.mechanic(
    "pool-ongoing",
    "Spend 1 or 2 points for +5 or +10 on every skill test linked to one aptitude",
    "Insight, Moxie or Vigor, on one of its own aptitudes; lasts until the next recharge or the day changes.",
    session=pool_ongoing,
)
