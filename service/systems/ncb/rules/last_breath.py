"""Last Breath: once per long rest, a character dropped to 0 HP may stand at 1 HP instead.

The text makes it a choice ("may"), so nothing here spends it unasked. A hit that drops a
character with Last Breath ready leaves it dying and says so (`last_breath_offered`);
the character's player takes it with a flag on that hit, or with the `last-breath`
follow-up before anything else touches the character's HP or death saves. Taking it costs
one level of exhaustion: at the sixth level (5e-2024 effects) that level flatlines.
Massive damage, finishing blows and Overkill kill outright and never offer it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from service.systems.ncb.rules import exhaustion
from service.systems.ncb.options import NcbRules

if TYPE_CHECKING:  # damage applies Last Breath, so it imports this module
    from service.systems.ncb.rules.damage import Condition, Vitals


@dataclass(frozen=True, slots=True)
class LastBreath:
    hp: int
    condition: Condition
    exhaustion: int
    result: Literal["last-breath", "flatlined"]
    cause: Literal["exhaustion"] | None
    last_breath: bool  # still available: never, once taken


def take(v: Vitals, rules: NcbRules) -> tuple[Vitals, LastBreath]:
    """1 HP instead of 0, one level of exhaustion, and Last Breath spent until a long rest."""
    level = v.exhaustion + 1
    after = replace(
        v,
        hp=1,
        condition="up",
        death_successes=0,
        death_failures=0,
        last_breath=False,
        last_breath_offered=False,
        exhaustion=min(level, exhaustion.MAX_EXHAUSTION),
    )
    if exhaustion.is_lethal(level, rules):
        after = replace(after, hp=0, condition="flatlined")
        return after, LastBreath(0, "flatlined", after.exhaustion, "flatlined", "exhaustion", False)
    return after, LastBreath(1, "up", after.exhaustion, "last-breath", None, False)
