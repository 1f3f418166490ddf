"""Wire models of a dice roll's input; the result is `service.dice.results.DiceRollResult`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model


class DiceRollInput(Model):
    expression: str = Field(
        min_length=1,
        max_length=1000,
        description=(
            "Dice notation: `NdM`, `d%`, integers, `+ - *`, parentheses; per-term modifiers "
            "`khN klN dhN dlN` (keep/drop), `r<cond>` / `ro<cond>` (reroll / reroll once), "
            "`!` or `!<cond>` (explode), `minN maxN`, a success threshold like `>=8`, and "
            "`adv` / `dis` on a single die (`d20adv`). Conditions: `N`, `=N`, `<N`, `>N`, `<=N`, `>=N`. "
            "Literals go up to 10^9, and every value computed on the way, total included, stays within "
            "±2147483647 (`maxValue`), else the answer is a 422 naming the limit."
        ),
        examples=["4d6kh3", "1d20+5", "2d20kl1+3", "10d10>=8", "3d6!"],
    )


class DiceSessionRollInput(DiceRollInput):
    visibility: Literal["public", "gm", "blind", "self"] = Field(
        default="public",
        description=(
            "Who sees the roll: `public` everyone; `gm` the GM seats and the roller; `blind` the GM "
            "seats only (not even the roller); `self` the roller only. Everyone sees it once the session closes."
        ),
    )
