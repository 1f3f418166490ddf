"""The one scripted dice stream: a stand-in for `service.dice.stream.Stream` whose faces a test names.

`ScriptedStream(3, 5)` shows a 3 on the first die asked for and a 5 on the second, whatever their
sides; a face that cannot show on the die asked for, or a die asked for after the script is spent,
fails the test with an assertion naming the die. `then=` gives a face for every die after the
script instead (`then=highest` explodes every time, `then=lowest` rerolls every `r1`). Like the
real stream it records every draw in `draws`.
"""

from __future__ import annotations

from collections.abc import Callable

from service.dice.notation import DEFAULT_LIMITS
from service.dice.stream import Draw, Stream


def highest(sides: int) -> int:
    """The top face of a die: every exploding die explodes again."""
    return sides


def lowest(sides: int) -> int:
    """Face 1 of any die."""
    return 1


def d100(reading: int) -> int:
    """The percentile face that reads as `reading` (00 is face 100)."""
    return 100 if reading == 0 else reading


class ScriptedStream:
    """Dice showing the given faces in order; records each draw as `Stream` does."""

    limits = DEFAULT_LIMITS  # the roll budget a stream the service makes carries by default

    def __init__(self, *faces: int, then: Callable[[int], int] | None = None, nonce: int = 0) -> None:
        self.faces = list(faces)  # the scripted faces not yet shown
        self.then = then
        self.nonce = nonce  # what a session audit record reads from a stream
        self.draws: list[Draw] = []

    def roll(self, sides: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
        else:
            assert self.then is not None, (
                f"the script ran out of faces: a d{sides} was asked for after {len(self.draws)} dice {self.sides}"
            )
            face = self.then(sides)
        assert 1 <= face <= sides, f"scripted face {face} cannot show on a d{sides} (die {len(self.draws) + 1})"
        self.draws.append(Draw(sides, face))
        return face

    # The real stream's own, over the scripted `roll`: a shuffle takes its dice as the service's does.
    roll_many = Stream.roll_many
    shuffle = Stream.shuffle

    @property
    def sides(self) -> list[int]:
        """The sides of every die asked for, in order."""
        return [draw.sides for draw in self.draws]

    @property
    def exhausted(self) -> bool:
        """Every scripted face has been shown."""
        return not self.faces
