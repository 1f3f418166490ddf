"""The exact odds of a death save, and of where a dying character ends up.

`save_odds` reads the naturals of the roll mode through the parts of `read_death_save`, the save
`death_save` makes once its d20 is rolled (`natural_ways`: both dice walked under advantage or
disadvantage): the tallies each natural makes (`tally_death_save`), each stretch of naturals read
alike read at its ends (`runs`, the stretches found once for every save of the chain), and the vitals
after them (`vitals_after_save`): this save's result. The fate follows the text's clock from the current tallies: each of the
dying character's turns holds one death save, then bleeding out fails one more at the end of
the turn, until the character is stable, back up (a natural 20) or flatlined. Every turn adds
a failure, so the chain ends within three turns; later saves are rolled like this one, and
nobody stabilizes the character meanwhile. Both are summed in whole numbers of ways.
"""

from __future__ import annotations

from functools import partial

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.stream import Stream
from service.dice.walk import ordered, ordered_ways, walk
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import RollMode
from service.systems.ncb.rules.damage import FAILURES_TO_FLATLINE, Vitals, vitals_with
from service.systems.ncb.rules.dying import (
    DeathSaveResult,
    bleed_out,
    death_save,
    require_dying,
    tally_death_save,
    vitals_after_save,
)
from service.systems.ncb.rules.odds_d20 import NATURALS_APART, natural_sums
from service.systems.ncb.rules.odds_runs import runs

SAVE_RESULTS = ("flatlined", "failure", "success", "stabilized", "revived")
FATES = ("flatlined", "stabilized", "revived")
_FATE_OF = {"flatlined": "flatlined", "stable": "stabilized", "up": "revived"}


def save_odds(v: Vitals, rules: NcbRules, *, modifier: int = 0, mode: RollMode = "normal") -> Odds:
    require_dying(v, "a death save")
    faces, sums = natural_sums(mode)
    whole = sums[-1]
    # A save's failure turns into a success once as the natural grows (a 1 and a 20 apart): each stretch
    # of naturals tallied alike is read at its ends (`runs`, tested against `read_death_save` on every
    # natural). Where the stretches fall reads only the natural against the DV, which no save of the chain
    # changes (the tallies change; the exhaustion and the modifier do not). So they are found once, on
    # tallies of nothing, where a 1 (two failures) and a plain failure (one) never tally alike, as they do
    # on two failures (both flatline); each save of the chain then tallies one natural of each stretch.
    fresh = vitals_with(v, death_successes=0, death_failures=0)
    stretches = runs(faces, partial(tally_death_save, fresh, rules=rules, modifier=modifier), apart=NATURALS_APART)
    kinds = [(faces[first], sums[last + 1] - sums[first]) for first, last, _ in stretches]

    def step(now: Vitals) -> list[tuple[Vitals, str, int]]:
        """One save from `now`: each vitals after it, with the save's result and its ways out of `whole`."""
        tallies: dict[tuple[DeathSaveResult, int, int], int] = {}
        for natural, n in kinds:
            tallied = tally_death_save(now, natural, rules, modifier=modifier)
            tallies[tallied] = tallies.get(tallied, 0) + n
        return [(vitals_after_save(now, *key), key[0], n) for key, n in tallies.items()]

    def fate(saves: list[tuple[Vitals, str, int]], turns: int) -> dict[str, int]:
        """Where the character ends up after these saves, in ways out of `whole` to the power `turns`."""
        assert turns > 0, "every turn adds a failure: the chain ends within three turns"
        out: dict[str, int] = {}
        for after, _, n in saves:
            if after.condition == "dying":
                after, _ = bleed_out(after)
            if after.condition == "dying":
                for name, m in fate(step(after), turns - 1).items():
                    out[name] = out.get(name, 0) + n * m
            else:
                name = _FATE_OF[after.condition]
                out[name] = out.get(name, 0) + n * whole ** (turns - 1)
        return out

    saves = step(v)
    results: dict[str, int] = {}
    for _, result, n in saves:
        results[result] = results.get(result, 0) + n
    return Odds.of(
        Distribution.counted("result", ordered_ways(results, SAVE_RESULTS)),
        Distribution.counted("fate", ordered_ways(fate(saves, FAILURES_TO_FLATLINE), FATES)),
    )


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_save_odds = memoized(save_odds)


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
