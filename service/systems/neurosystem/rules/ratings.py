"""Die ratings: Style, Training and Knowledge are each rated by one die size.

A rating is written `d4`, `d6`, `d8`, `d10` or `d12` (case does not matter); nothing else
is a NeuroSystem rating, so anything else is refused with the rule's code.
"""

from __future__ import annotations

import re

from service.systems.neurosystem import errors

SIZES: tuple[int, ...] = (4, 6, 8, 10, 12)
LUCK_SIDES = 8  # every point of Luck adds one d8
MEASURE_SIDES = 8  # Stat and Death Measures roll d8s

_RATING = re.compile(r"d(\d{1,3})")
_WRITTEN = {f"d{sides}": sides for sides in SIZES}  # each rating as it is written most often: no pattern to match


def parse_rating(text: str, *, what: str = "die rating") -> int:
    """`"d8"` → 8; anything but d4/d6/d8/d10/d12 is a 422 naming the allowed sizes.

    >>> parse_rating("D10")
    10
    """
    sides = _WRITTEN.get(text)
    if sides is not None:
        return sides
    match = _RATING.fullmatch(text.strip().lower())
    sides = int(match.group(1)) if match else None
    if sides not in SIZES:
        raise errors.refuse(
            errors.UNKNOWN_DIE_SIZE,
            f"{what} {text!r} is not a NeuroSystem die rating: use d4, d6, d8, d10 or d12",
        )
    return sides


def rating_name(sides: int) -> str:
    return f"d{sides}"


def normalize_rating(text: str, *, what: str = "die rating") -> str:
    """The canonical spelling of a valid rating (`"D8 "` → `"d8"`)."""
    return rating_name(parse_rating(text, what=what))
