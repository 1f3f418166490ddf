"""Defending and attacking: the STK total read on the defend or attack table, then reductions.

A defence shifts the incoming damage and what lands follows the holding rule; an attack gives
a category that moves the NC's damage track. Both are lowered by mitigation, range and protection.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.systems.neurosystem.options import ProtectionMatch
from service.systems.neurosystem.rules import damage, negative_states
from service.systems.neurosystem.rules.reductions import Protection, Reduction, reduction
from service.systems.neurosystem.wire.combat import (
    NeurosystemAttackResult,
    NeurosystemDefendResult,
    NeurosystemProtection,
    NeurosystemRange,
    NeurosystemReductionResult,
)


def reduction_for(
    mitigation: Sequence[int],
    distance: NeurosystemRange | None,
    protection: Sequence[NeurosystemProtection],
    attack_type: Sequence[str] | None,
    match: ProtectionMatch,
) -> Reduction:
    return reduction(
        mitigation=mitigation,
        ideal_range=distance.ideal if distance else None,
        distance=distance.distance if distance else None,
        protections=[Protection(p.name, p.rating, tuple(p.against)) for p in protection],
        attack_type=attack_type,
        match=match,
    )


def reductions_result(found: Reduction) -> NeurosystemReductionResult:
    return NeurosystemReductionResult(
        mitigation=found.mitigation,
        range=found.range,
        protection=found.protection,
        protection_used=found.protection_used,
        total=found.total,
    )


def defend(
    total: int, incoming: str, found: Reduction, held: Sequence[str], mechanical: bool
) -> tuple[NeurosystemDefendResult, str | None]:
    level = damage.severity(incoming) or 0
    shift, after_check = damage.defended(level, total)
    landed = damage.reduced(after_check, found.total)
    after, gained = negative_states.gain_damage(held, landed, mechanical=mechanical)
    result = NeurosystemDefendResult(
        stk_total=total,
        incoming=incoming,
        shift=shift,
        after_check=damage.label(after_check, mechanical=mechanical),
        reductions=reductions_result(found),
        landed=damage.label(landed, mechanical=mechanical),
        landed_severity=landed,
        suffered=gained,
        negative_states=after,
    )
    return result, gained


def attack(total: int, current: int, found: Reduction, mechanical: bool) -> NeurosystemAttackResult:
    dealt = damage.attack_severity(total)
    hit = damage.reduced(dealt, found.total)
    track, movement = damage.escalate(current, hit)
    return NeurosystemAttackResult(
        stk_total=total,
        table_result=damage.label(dealt, mechanical=mechanical),
        reductions=reductions_result(found),
        hit=damage.label(hit, mechanical=mechanical),
        hit_severity=hit,
        track_before=damage.label(current, mechanical=mechanical),
        track_after=damage.label(track, mechanical=mechanical),
        track_severity=track,
        movement=movement,
    )
