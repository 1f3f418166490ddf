"""A dice stream that returns the faces a test scripts, and checks each fits its die."""

from __future__ import annotations


class ScriptedDice:
    def __init__(self, *faces: int) -> None:
        self._faces = list(faces)
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        assert self._faces, f"the script ran out of faces (a d{sides} was asked for)"
        face = self._faces.pop(0)
        assert 1 <= face <= sides, f"scripted face {face} does not fit a d{sides}"
        self.rolled.append((sides, face))
        return face

    @property
    def left(self) -> int:
        return len(self._faces)
