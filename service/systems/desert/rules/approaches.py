"""The six approaches a character may roll (d6) or pick for being at a building."""

from __future__ import annotations

from typing import Literal, NamedTuple

from service.dice.stream import Stream

ApproachName = Literal["sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"]

# number -> (name, what the character does, automatic token in personal draws)
APPROACHES: dict[int, tuple[ApproachName, str, str | None]] = {
    1: (
        "sponsorbaby",
        "Turn the building towards a brand: make the brand its identity and push its control to 6.",
        "one token of the promoted brand",
    ),
    2: (
        "rental",
        "Play a hired role (a contact type plus an attitude) for someone you meet here.",
        "one token of the role's attitude in draws with that person; 'obsessive' when overdoing it, "
        "'pleading' when breaking character",
    ),
    3: ("walk-in", "Get into a section you have no access to and record a memory log there.", None),
    4: ("sun", "Show up at a party and get people to call out your name as their reaction.", None),
    5: ("esper", "Win people's consent to memory logs featuring them, and trade what those reveal.", None),
    6: (
        "agitator",
        "Stir up violence: make 'violent' the building identity and push its control to 6.",
        "one 'violent' token",
    ),
}

APPROACH_DIE = 6
BY_NAME: dict[str, int] = {name: number for number, (name, _, _) in APPROACHES.items()}


class Approach(NamedTuple):
    number: int
    approach: ApproachName
    what_you_do: str
    automatic_token: str | None


def approach_entry(number: int) -> Approach:
    name, does, token = APPROACHES[number]
    return Approach(number, name, does, token)


def roll_or_pick(pick: str, stream: Stream) -> tuple[int | None, Approach]:
    """`roll` rolls one d6; a picked approach rolls nothing."""
    if pick != "roll":
        return None, approach_entry(BY_NAME[pick])
    face = stream.roll(APPROACH_DIE)
    return face, approach_entry(face)
