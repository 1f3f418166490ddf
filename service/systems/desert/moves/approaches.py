"""Approaches: rolled (d6) or picked, and in a session kept as the character's approach."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM
from service.systems.desert.rules.approaches import roll_or_pick
from service.systems.desert.rules.reaction_odds import approach_odds
from service.systems.desert.state import DesertState, acting_character
from service.systems.desert.wire.approaches import DesertApproachAtTable, DesertApproachChoice, DesertApproachPick, DesertApproachResult
from service.systems.desert.wire.sheets import DesertApproach


def resolve_approach(params: DesertApproachPick, stream: Stream) -> DesertApproachResult:
    face, entry = roll_or_pick(params.pick, stream)
    return DesertApproachResult(
        face=face, number=entry.number, approach=entry.approach, what_you_do=entry.what_you_do, automatic_token=entry.automatic_token
    )


def approach(state: DesertState, params: DesertApproachChoice, stream: Stream, actor: Actor) -> tuple[DesertState, DesertApproachAtTable]:
    found = acting_character(state, params.character, actor, as_holder=True)
    face, entry = roll_or_pick(params.pick, stream)
    details = DesertApproach(
        approach=entry.approach,
        brand=params.brand,
        role_attitude=params.role_attitude,
        contact_type=params.contact_type,
        meeting=params.meeting,
    )
    result = DesertApproachAtTable(
        face=face,
        number=entry.number,
        approach=entry.approach,
        what_you_do=entry.what_you_do,
        automatic_token=entry.automatic_token,
        character=found.id,
        details=details,
    )
    return state.with_character(found.model_copy(update={"approach": details})), result


def rolled_approach_odds(params: DesertApproachPick) -> Odds:
    return approach_odds(params.pick)


def rolled_approach_odds_at_table(state: DesertState, params: DesertApproachChoice, actor: Actor) -> Odds:
    acting_character(state, params.character, actor, as_holder=True)
    return approach_odds(params.pick)


SYSTEM.mechanic(
    "approach",
    "Roll (d6) or pick an approach",
    "Sponsorbaby, rental, walk-in, sun, esper or agitator, with the automatic token it grants in personal "
    "draws. In a session it becomes the character's approach, with its brand or rental role.",
    stateless=resolve_approach, session=approach,
    odds=rolled_approach_odds, session_odds=rolled_approach_odds_at_table,
)
