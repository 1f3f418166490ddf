"""Wire models of a dice roll's input, and of dice fulfillment for Foundry VTT.

The roll's result is `service.dice.results.DiceRollResult`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model

Visibility = Literal["public", "gm", "blind", "self"]

_VISIBILITY = (
    "Who sees the roll: `public` everyone; `gm` the GM seats and the roller; `blind` the GM "
    "seats only (not even the roller); `self` the roller only. Everyone sees it once the session closes."
)


class DiceRollInput(Model):
    expression: str = Field(
        min_length=1,
        max_length=1000,
        description=(
            "Dice notation: `NdM`, `d%`, integers, `+ - *`, parentheses; per-term modifiers "
            "`khN klN dhN dlN` (keep/drop), `r<cond>` / `ro<cond>` (reroll / reroll once), "
            "`!` or `!<cond>` (explode), `minN maxN`, a success threshold like `>=8`, and "
            "`adv` / `dis` on a single die (`d20adv`). Conditions: `N`, `=N`, `<N`, `>N`, `<=N`, `>=N`. "
            "With `dialect: foundry`, Foundry VTT's modifiers instead: `x` / `xo` (explode / explode once), "
            "`r` (reroll once) / `rr` (reroll recursively), each capped by a count before its condition (`r2=1`), "
            "`cs<cond>` / `cf<cond>` (count successes / failures), `k` / `d` (keep highest / drop lowest), "
            "`even` / `odd` (count them), `sf<cond>` (subtract failures), `ms<cond>N` (margin of success), "
            "and Fate dice `NdF` and coins `Ndc` (`c1` / `c0` calls heads / tails). "
            "Literals go up to 10^9, and every value computed on the way, total included, stays within "
            "±2147483647 (`maxValue`), else the answer is a 422 naming the limit."
        ),
        examples=["4d6kh3", "1d20+5", "2d20kl1+3", "10d10>=8", "3d6!"],
    )
    dialect: Literal["default", "foundry"] = Field(
        default="default",
        description=(
            "How to read `expression`: `default` (ours, where `r` rerolls until the condition fails) or "
            "`foundry` (Foundry VTT's v12/v13, where `r` rerolls once and `rr` recursively; `x`, `xo`, `cs`, `cf`, "
            "`k`, `d`, `even`, `odd`, `sf`, `ms`, `dF`, `dc`; its `df` modifier is refused). "
            "The normalized `formula` is written back in the same dialect."
        ),
    )
    format: Literal["default", "foundry"] = Field(
        default="default",
        description=(
            "`foundry` adds `foundry` to the result: the roll as Foundry VTT's `Roll.fromData` reads it. "
            "`default` leaves it out."
        ),
    )


class DiceSessionRollInput(DiceRollInput):
    visibility: Visibility = Field(default="public", description=_VISIBILITY)


class FulfillTerm(Model):
    """Dice of one size that Foundry asks for, e.g. `{denomination: "d20", count: 2}`."""

    denomination: str = Field(
        pattern=r"^(d[1-9][0-9]{0,8}|dc|df)$",
        description=(
            "Foundry's die denomination: `d` and the number of faces (`d6`, `d20`, `d100`), or `dc` (a coin: "
            "faces 0 tails, 1 heads) or `df` (a Fate die: faces -1, 0, +1)."
        ),
    )
    count: int = Field(ge=1, le=1000, description="How many dice of it, in the order Foundry rolls them.")


class DiceFulfillInput(Model):
    terms: list[FulfillTerm] = Field(
        min_length=1,
        max_length=1000,
        description=(
            "The dice Foundry asks to fulfil, in order. Together they draw at most `maxDice` dice, each of at most "
            "`maxSides` faces (the roll budget), else the answer is a 422 naming the limit."
        ),
        examples=[[{"denomination": "d20", "count": 2}, {"denomination": "d6", "count": 1}]],
    )


class DiceSessionFulfillInput(DiceFulfillInput):
    visibility: Visibility = Field(default="public", description=_VISIBILITY)


class DiceFulfillResult(Model):
    faces: list[list[int]] = Field(
        description=(
            "One list per requested term, in order: its faces, in the order they were drawn. A coin is drawn as a d2 "
            "and a Fate die as a d3: the audit record holds those draws, and the face answered is the draw minus 1 "
            "(coin: 0 tails, 1 heads) or minus 2 (Fate: -1, 0, +1), as Foundry's `Coin` and `FateDie` results are."
        )
    )
