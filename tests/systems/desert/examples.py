"""The play chapter's own table: Sam the sponsorbaby at the wiekhaus in a type 2 district."""

from __future__ import annotations

from service.declare import dump_state
from service.registry import Actor
from service.systems.desert.setup import DesertSetup, first_state
from service.systems.desert.state import DesertState

REACTIONS = {"positive": ["display", "welcome", "open up"], "negative": ["tag", "call", "disable"]}

ENCOUNTERS = [
    {"encounter": "a neighbour asks for help with a parcel", "timeOfDay": "daytime"},
    {"encounter": "a man in a flowerprint jacket comes up the cellar steps", "timeOfDay": "evening"},
    {"encounter": "a party spills into the garden", "timeOfDay": "past-midnight"},
    {"encounter": "a courier is lost", "timeOfDay": "daytime"},
    {"encounter": "someone argues about the district vote", "timeOfDay": "evening"},
    {"encounter": "a drone crashes into the hedge", "timeOfDay": "past-midnight"},
]

# Section 1, the garden: a single blue token in Tracking. Section 2, the wall: gait
# recognition makes two blue tokens (Tracking and Access). Section 3, the cellar: two
# Tracking checkboxes, which still put only one blue token in the bag.
WIEK = {
    "id": "wiek",
    "name": "wiekhaus",
    "control": 1,
    "identity": "intimate",
    "sections": [
        {"number": 1, "name": "garden", "checkboxes": ["tracking"]},
        {"number": 2, "name": "wall", "checkboxes": ["tracking", "access"]},
        {"number": 3, "name": "cellar", "checkboxes": ["tracking", "tracking"]},
    ],
    "reactions": REACTIONS,
    "encounters": ENCOUNTERS,
}

OLD_TOWN = {"id": "old-town", "name": "entertainment district", "type": 2, "control": 2, "identity": "nostalgic", "reactions": REACTIONS}

SAM = {"id": "sam", "name": "Sam", "approach": {"approach": "sponsorbaby", "brand": "CZ"}}
TIMUR = {"id": "timur", "name": "Timur"}
MARIN = {"id": "marin", "name": "Marin", "hacker": True}

SETUP = {
    "buildings": [WIEK],
    "districts": [OLD_TOWN],
    "characters": [SAM, TIMUR, MARIN],
    "timeOfDay": "evening",
}

ANA = Actor(seat="seat-1", name="ana", role="player")
BEN = Actor(seat="seat-2", name="ben", role="player")


def table(**changes) -> dict:
    """A fresh session state of the example table (as stored), with `changes` merged into the setup."""
    return dump_state(DesertState, first_state(DesertSetup.model_validate({**SETUP, **changes})))
