"""A stream that returns the faces a test names, so a scenario pins every die."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.dice.stream import Draw


@dataclass
class Scripted:
    faces: list[int]
    draws: list[Draw] = field(default_factory=list)

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.draws = []

    def roll(self, sides: int) -> int:
        assert self.faces, f"the scenario rolled one die too many (a d{sides})"
        face = self.faces.pop(0)
        assert 1 <= face <= sides, f"scripted face {face} cannot show on a d{sides}"
        self.draws.append(Draw(sides, face))
        return face

    def roll_many(self, count: int, sides: int) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    @property
    def sides(self) -> list[int]:
        return [draw.sides for draw in self.draws]
