"""A stand-in for `Stream` that returns the faces a test scripts, to pin exact scenarios."""

from __future__ import annotations


class ScriptedStream:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.asked: list[int] = []  # the sides of every die asked for, in order

    def roll(self, sides: int) -> int:
        assert self.faces, f"the scenario ran out of scripted faces (asked for a d{sides})"
        face = self.faces.pop(0)
        assert 1 <= face <= sides, f"scripted face {face} does not fit a d{sides}"
        self.asked.append(sides)
        return face

    @property
    def exhausted(self) -> bool:
        return not self.faces


def d100(reading: int) -> int:
    """The face that reads as `reading` (00 is face 100)."""
    return 100 if reading == 0 else reading
