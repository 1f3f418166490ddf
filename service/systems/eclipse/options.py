"""The table's rule options: where the rules text leaves a choice open, the default is the
published second-edition reading, and every option can be changed per session (`setup.rules`)
or per stateless request (`rules`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model


class EclipseRules(Model):
    """Rule options. Every field has the documented default; change any of them per table."""

    critical_replaces_superior: bool = Field(
        True,
        description=(
            "What counts for effects when a roll is both a critical and a superior result (55 against 50). "
            "The superior successes or failures the roll measured are reported either way. True (default, "
            "second-edition reading): the critical counts instead of them, so they buy no choices, damage dice, "
            "privileges or task time (`superiorReplaced`, `countsAs: critical`). False: both count "
            "(`countsAs: critical-and-superior`)."
        ),
    )
    critical_beats_success: bool = Field(
        True,
        description=(
            "In an opposed test where both sides succeed, a critical success beats a non-critical one "
            "whatever the rolls (second-edition reading; default true). Set false to compare rolls only."
        ),
    )
    opposed_tie: Literal["deadlock", "higher-target"] = Field(
        "deadlock",
        description=(
            "Both sides succeed with the same roll and the same kind of success: `deadlock` (default) means "
            "neither wins; `higher-target` lets the higher modified target number win (deadlock if equal). "
            "An attack always needs a strictly higher roll, so a tied attack misses either way."
        ),
    )
    modifier_cap: int = Field(60, ge=0, le=100, description="Largest total modifier either way; the rules say ±60 (default 60).")
    pool_points_per_test: int = Field(
        1, ge=1, le=4, description="Pool points one test may take; the rules say 1 unless stated otherwise (default 1)."
    )
    aptitude_check_multiplier: int = Field(
        3,
        ge=1,
        le=5,
        description="An aptitude check's target number is the aptitude times this (second-edition ×3; default 3).",
    )
    defaulting_multiplier: int = Field(
        1,
        ge=1,
        le=5,
        description=(
            "Defaulting on a missing skill rolls against the linked aptitude times this (second edition: the "
            "aptitude itself, since skills include it; default 1)."
        ),
    )
    wound_penalty: int = Field(
        10,
        ge=0,
        le=30,
        description=(
            "Penalty per wound and per trauma not being ignored, applied to a session character's tests "
            "(second-edition −10; default 10, 0 turns it off)."
        ),
    )
    short_recharges_per_day: int = Field(2, ge=0, le=10, description="Short recharges per 24 hours (rules: 2; default 2).")
    long_recharges_per_day: int = Field(1, ge=0, le=10, description="Long recharges per 24 hours (rules: 1; default 1).")
    minor_favors_per_week: int = Field(3, ge=0, le=20, description="Minor favors per network per week (rules: 3; default 3).")
    moderate_favors_per_week: int = Field(1, ge=0, le=20, description="Moderate favors per network per week (rules: 1; default 1).")
    major_favors_per_arc: int = Field(1, ge=0, le=20, description="Major favors per network per story arc (rules: 1; default 1).")
    failed_favor_counts: bool = Field(
        False,
        description=(
            "Whether a failed rep test still uses up the favor against the weekly / story-arc limits "
            "(default false: only a granted favor counts)."
        ),
    )
    attack_action: Literal["complex", "quick"] = Field(
        "complex",
        description=(
            "What a session `attack` takes from the attacker's action turn while an initiative order runs. The "
            "rules text lists the turn (1 complex + 1 quick, 1 task + 1 quick, or 3 quick) but not what an attack "
            "is; the default `complex` follows the published second edition, so a second attack in the same turn "
            "needs an extra action. `quick` is for tables that play faster attacks. A brute-force hack is always a "
            "complex action and a subtle intrusion a task action, as the text says."
        ),
    )
    initiative_ties: Literal["ref-then-roll-off", "simultaneous"] = Field(
        "ref-then-roll-off",
        description=(
            "Equal Initiative totals: `ref-then-roll-off` (default) orders by REF, then by d100 roll-offs; "
            "`simultaneous` lets tied characters share a position."
        ),
    )


DEFAULT_RULES = EclipseRules()


def default_rules() -> EclipseRules:
    """The default rules for a request that names none: one shared instance (a frozen model), not a
    new one built and checked for every request."""
    return DEFAULT_RULES
