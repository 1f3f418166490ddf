"""The table's rules options: what the play text leaves open, each with its default."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model


class DesertRules(Model):
    """Table options for what the play text leaves open."""

    require_statements: bool = Field(
        default=True,
        description=(
            "Default true (configurable): a building or district reaction draw is refused while a category "
            "that still holds a blue control token has no statement in the character's security log."
        ),
    )
    only_holder_acts: bool = Field(
        default=True,
        description=(
            "Default true (configurable): statements, bypasses, moves, approaches and memory-log choices for a "
            "held character come only from the seat holding it; unheld characters may be played by any seat."
        ),
    )
    personal_control_count: Literal["at-least", "exactly"] = Field(
        default="at-least",
        description=(
            "Default `at-least` (configurable): at control N a personal draw needs at least N tokens of the "
            "controlled type; `exactly` demands precisely N (for N > 0)."
        ),
    )
    max_security_logs: int = Field(
        default=100,
        ge=10,
        le=300,
        description=(
            "Default 100 (configurable, 10-300): how many security logs the session keeps; beyond it the oldest "
            "ones that are neither current nor kept as memory logs are dropped (the action log keeps them all)."
        ),
    )
