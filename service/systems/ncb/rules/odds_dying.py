"""The exact odds of a death save, and of where a dying character ends up.

`save_odds` reads each natural of the roll mode once through `read_death_save`, the save
`death_save` makes once its d20 is rolled (`natural_ways`: both dice walked under advantage or
disadvantage): this save's result. The fate follows the text's clock from the current tallies: each of the
dying character's turns holds one death save, then bleeding out fails one more at the end of
the turn, until the character is stable, back up (a natural 20) or flatlined. Every turn adds
a failure, so the chain ends within three turns; later saves are rolled like this one, and
nobody stabilizes the character meanwhile.
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.stream import Stream
from service.dice.walk import marginal, ordered, walk
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import RollMode
from service.systems.ncb.rules.damage import Vitals
from service.systems.ncb.rules.dying import DeathSave, bleed_out, death_save, read_death_save, require_dying
from service.systems.ncb.rules.odds_d20 import natural_ways

SAVE_RESULTS = ("flatlined", "failure", "success", "stabilized", "revived")
FATES = ("flatlined", "stabilized", "revived")
_FATE_OF = {"flatlined": "flatlined", "stable": "stabilized", "up": "revived"}


@memoized
def save_odds(v: Vitals, rules: NcbRules, *, modifier: int = 0, mode: RollMode = "normal") -> Odds:
    require_dying(v, "a death save")
    steps: dict[Vitals, dict[tuple[Vitals, str], Fraction]] = {}

    def step(now: Vitals) -> dict[tuple[Vitals, str], Fraction]:
        """One save from `now`: each vitals after it, with the save's result."""
        if now not in steps:
            ways, whole = natural_ways(mode)
            counted: dict[tuple[Vitals, str], int] = {}
            for natural, n in ways.items():
                key = _after(read_death_save(now, (natural,), natural, rules, modifier=modifier, mode=mode))
                counted[key] = counted.get(key, 0) + n
            steps[now] = {key: Fraction(n, whole) for key, n in counted.items()}
        return steps[now]

    def fate(now: Vitals) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for (after, _), p in step(now).items():
            if after.condition == "dying":
                after, _ = bleed_out(after)
            ends = fate(after) if after.condition == "dying" else {_FATE_OF[after.condition]: Fraction(1)}
            for name, q in ends.items():
                out[name] = out.get(name, Fraction(0)) + p * q
        return out

    return Odds.of(
        Distribution.of("result", ordered(marginal(step(v), lambda o: o[1]), SAVE_RESULTS)),
        Distribution.of("fate", ordered(fate(v), FATES)),
    )


def _after(saved: tuple[Vitals, DeathSave]) -> tuple[Vitals, str]:
    after, rolled = saved
    return after, rolled.result


TURN_ENDS = ("flatlined", "dying", "stable", "up")


@memoized
def turn_end_odds(v: Vitals, rules: NcbRules, *, saved: bool) -> Odds:
    """The `condition` a turn's end leaves: a dying combatant's save (unless `saved` already), then bleeding out."""

    def end(stream: Stream) -> str:
        now = v
        if now.condition == "dying" and not saved:
            now, _ = death_save(now, stream, rules)
        if now.condition == "dying":
            now, _ = bleed_out(now)
        return str(now.condition)

    return Odds.of(Distribution.of("condition", ordered(walk(end), TURN_ENDS)))
