"""Exact odds of the desert's draws: a building reaction, a personal reaction, an approach, an encounter.

Every draw here is one die (a six-token bag, a d6 table), and an orange token one more d6, so the
odds go through each face of each die and read it with the very function the draw reads it with
(`token_change`, `drawn_on`, `approach_entry`, `district_encounter_happens`, `building_entry_on`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.systems.desert.rules.approaches import APPROACH_DIE, APPROACHES, approach_entry
from service.systems.desert.rules.building_reactions import token_change
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.rules.encounters import ENCOUNTER_DIE, building_entry_on, district_encounter_happens
from service.systems.desert.rules.personal_reactions import drawn_on, identity_after
from service.systems.desert.rules.tokens import Side, TokenColor
from service.systems.desert.wire.reactions import DesertReaction, DesertToken
from service.systems.desert.wire.sheets import DesertApproach, DesertEncounterEntry, DesertReactionSet

COLOURS: tuple[TokenColor, ...] = ("blue", "red", "orange", "blank")
NO_REACTION = "no-reaction"
ENCOUNTER, NO_ENCOUNTER = "encounter", "no-encounter"


def reaction_label(reaction: DesertReaction | None) -> str:
    """`positive-2`, `negative-1`; `step-2-pending` for a blue whose side the table has to pick."""
    return NO_REACTION if reaction is None else change_label(reaction.side, reaction.step)


def change_label(side: Side | None, step: int | None) -> str:
    """`reaction_label` of the reaction a token's change (`token_change`) makes: its side and step."""
    if step is None:
        return NO_REACTION
    if side is None:
        return f"step-{step}-pending"
    return f"{side}-{step}"


@memoized
def building_draw_odds(
    bag: Sequence[TokenColor], *, control: int, blues_before: int, side: Side | None, reactions: DesertReactionSet | None
) -> Odds:
    """The colour drawn, the reaction that follows and the control value after it.

    Each token is read through `token_change`, the part of `token_effect` that says what it changes
    (the reaction's text and sheet number, which `reactions` gives, are not among the odds)."""
    colours: dict[Outcome, int] = dict.fromkeys(COLOURS, 0)
    following: dict[Outcome, int] = {}
    after: dict[Outcome, int] = {}
    # One die with a face per token; tokens of one colour change the same, so each colour is read once
    # (in the order its first token lies in the bag), weighted by how many of it the bag holds.
    for token, count in Counter(bag).items():
        colours[token] += 6 * count
        faces: Sequence[int | None] = range(1, 7) if token == "orange" else [None]
        ways = count * (6 // len(faces))
        for face in faces:
            value, side_now, step = token_change(token, control=control, blues_before=blues_before, side=side, face=face)
            label = change_label(side_now, step)
            following[label] = following.get(label, 0) + ways
            after[value] = after.get(value, 0) + ways
    return Odds.of(
        Distribution.counted("drawn", colours),
        Distribution.counted("reaction", following),
        Distribution.counted("controlAfter", after),
    )


@memoized
def personal_draw_odds(
    bag: Sequence[DesertToken], *, control_six: bool, controlled_type: str, approach: DesertApproach | None, identity: str
) -> Odds:
    """The label drawn (as the bag spells it) and the location's identity after the draw."""
    labels: Counter[Outcome] = Counter()
    identities: Counter[Outcome] = Counter()
    faces: Sequence[int | None] = [None] if control_six else range(1, len(bag) + 1)
    for face in faces:
        _, token = drawn_on(bag, controlled_type=controlled_type, face=face)
        labels[token.label] += 1
        identities[identity_after(approach, token.label, identity)] += 1
    return Odds.of(Distribution.counted("drawn", labels), Distribution.counted("identityAfter", identities))


@memoized
def approach_odds(pick: str) -> Odds:
    """A rolled approach is each of the six with one chance in six; a picked one is certain."""
    chances: Counter[Outcome] = Counter({name: 0 for name, _, _ in APPROACHES.values()})
    if pick == "roll":
        for face in range(1, APPROACH_DIE + 1):
            chances[approach_entry(face).approach] += 1
    else:
        chances[pick] = 1
    return Odds.of(Distribution.counted("approach", chances))


def _encounter_odds(readings: list[tuple[bool, str | None]], *, entries: bool) -> Odds:
    """From each face's reading (whether it brings an encounter, and which), the encounter's chance and,
    for a building's table (`entries`), each entry's."""
    happened: Counter[Outcome] = Counter({ENCOUNTER: 0, NO_ENCOUNTER: 0})
    which: Counter[Outcome] = Counter()
    for fits, encounter in readings:
        happened[ENCOUNTER if fits else NO_ENCOUNTER] += 1
        which[(encounter or ENCOUNTER) if fits else NO_ENCOUNTER] += 1
    found = [Distribution.counted("encounter", happened)]
    if entries:
        found.append(Distribution.counted("entry", which))
    return Odds.of(found)


@memoized
def district_encounter_odds(district_type: int) -> Odds:
    """An encounter when the d6 shows the district type or lower: type in 6."""
    faces = range(1, ENCOUNTER_DIE + 1)
    return _encounter_odds([(district_encounter_happens(district_type, face), None) for face in faces], entries=False)


@memoized
def building_encounter_odds(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay) -> Odds:
    """Whether the rolled entry takes place now, and which encounter it is."""
    entries = [building_entry_on(table, time_of_day, face) for face in range(1, ENCOUNTER_DIE + 1)]
    return _encounter_odds([(fits, entry.encounter) for entry, fits in entries], entries=True)


@memoized
def no_encounter_roll() -> Odds:
    """No encounter roll is due: certainly no encounter."""
    return Odds.of(Distribution.counted("encounter", {ENCOUNTER: 0, NO_ENCOUNTER: 1}))
