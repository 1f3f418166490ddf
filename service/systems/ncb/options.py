"""The table's rule options: where RULES.CORE is silent, a documented default (mostly 5e's).

A session keeps one `NcbRules` (set under `setup.rules` at creation); every stateless
request takes the same object as an optional `rules` field. Each field's description
says the default and what changing it does, so it shows in OpenAPI and GraphQL docs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model

_DICE_CAP = r"^[1-9]d(4|6|8|10|12)$"


class NcbRules(Model):
    """Rule options for one table (or one stateless call). Every field has a default."""

    dv_ties_succeed: bool = Field(
        False,
        description="A d20 test whose total equals its DV fails: the text says to beat the DV. This covers "
        "ability tests, the Medicine check that stabilizes and saves against a program's DC. Default false; "
        "set true for meet-or-beat (5e).",
    )
    ac_ties_hit: bool = Field(
        False,
        description="An attack whose total equals the target's AC (cover included) misses: the text makes the "
        "attack a d20 test (its natural 20 is the critical hit), and a d20 test beats its number. Default "
        "false; set true to hit on a tie (5e).",
    )
    critical_dice: Literal["double-dice", "max-plus-roll"] = Field(
        "double-dice",
        description="Critical-hit weapon damage: `double-dice` (5e: roll the damage dice twice, modifiers "
        "once) is the default; `max-plus-roll` takes one set at its maximum and rolls the other.",
    )
    crit_ignores_reduction: Literal["always", "helpless-only"] = Field(
        "always",
        description="When damage reduction skips a critical hit. Default `always` (the text: reduction does "
        "not apply to critical-hit damage); `helpless-only` lets plating soften crits except against "
        "helpless targets.",
    )
    reduction_cap: int = Field(
        5,
        ge=0,
        le=10,
        description="Highest damage reduction armor plus tech plating and chrome may reach. Default 5 (the text).",
    )
    standard_damage_cap: str = Field(
        "2d8",
        pattern=_DICE_CAP,
        description="Largest damage dice a standard weapon may carry, compared by their maximum roll. "
        "Default `2d8` (the text's 5e band, 1d6-2d8).",
    )
    heavy_damage_cap: str = Field(
        "2d10",
        pattern=_DICE_CAP,
        description="Largest damage dice a heavy sniper or anti-materiel weapon may carry. Default `2d10` (the text).",
    )
    death_save_dv: int = Field(
        10,
        ge=2,
        le=20,
        description="A death save succeeds on a d20 total at or above this: a threshold, met or beaten, since "
        "the text gives no number. Default 10 (5e).",
    )
    death_save_natural_20: Literal["regain-1-hp", "success"] = Field(
        "regain-1-hp",
        description="A natural 20 on a death save: `regain-1-hp` (5e default: back on your feet at 1 HP) "
        "or just one `success`.",
    )
    crit_on_dying: Literal["two-failures", "flatline"] = Field(
        "two-failures",
        description="A critical hit on a target already at 0 HP: `two-failures` (5e default) or `flatline` "
        "(treat it as a finishing blow).",
    )
    nc_at_zero_hp: Literal["flatlined", "dying"] = Field(
        "flatlined",
        description="What 0 HP means for an NC: `flatlined` (5e default: non-player combatants die at 0) "
        "or `dying` (death saves like a character).",
    )
    helpless_target_advantage: bool = Field(
        True, description="Attacks against a helpless target roll with advantage (5e). Default true."
    )
    melee_crits_helpless: bool = Field(
        True,
        description="A melee hit on a helpless target is a critical hit (5e: hits within 5 feet of an "
        "unconscious or paralyzed creature). Default true.",
    )
    exhaustion: Literal["5e-2024", "tracked-only"] = Field(
        "5e-2024",
        description="Effects of exhaustion: `5e-2024` (default: each level -2 to every d20 test and -5 ft "
        "speed; the sixth level flatlines) or `tracked-only` (counted, no effect).",
    )
    long_rest_needs_hp: bool = Field(
        True, description="A long rest only helps a character with at least 1 HP at its start (5e). Default true."
    )
    stabilize_dv: int = Field(
        10, ge=1, le=30, description="DV of the Medicine check that stabilizes a dying character. Default 10 (5e)."
    )
    chrome_slots: int = Field(
        6, ge=0, le=12, description="Body slots for chrome when a character sheet does not say. Default 6."
    )
    chrome_capacity: int = Field(
        10, ge=0, le=100, description="Chrome capacity pool when a character sheet does not say. Default 10."
    )


DEFAULT_RULES = NcbRules()


def default_rules() -> NcbRules:
    """The default rules for a request that names none: one shared instance (a frozen model), where
    `default_factory=NcbRules` built and checked 18 fields for every request (1.5 µs)."""
    return DEFAULT_RULES
