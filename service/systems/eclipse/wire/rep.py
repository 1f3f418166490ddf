"""Wire models of a rep test, stateless and in a session."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.rep import Favor, Network
from service.systems.eclipse.wire.common import (
    CharacterId,
    EclipseModifier,
    EclipsePoolSpend,
    EclipsePools,
    MAX_MODIFIERS,
    MAX_SPENDS,
)
from service.systems.eclipse.wire.results import EclipseTestResult


class EclipseRepTestInput(Model):
    network: Network
    score: int = Field(ge=0, le=99)
    favor: Favor
    used: int = Field(0, ge=0, le=50, description="Favors of this size already used in this network this week (story arc for Major).")
    secrecy: int = Field(0, ge=0, le=60, description="Penalty taken to keep the request secret.")
    burn_for_bonus: int = Field(0, ge=0, le=99, description="Rep burnt for a bonus of twice the points.")
    burn_for_extra_favor: bool = Field(False, description="Burn rep (5 / 10 / 20) if the favor is beyond the limit.")
    retries: int = Field(0, ge=0, le=10)
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS, description="Moxie or Flex.")
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseRepResult(Model):
    network: str
    favor: str
    granted: bool
    test: EclipseTestResult
    limit: int
    used_before: int
    used_after: int
    burnt_for_bonus: int
    burnt_for_favor: int
    score_before: int
    score_after: int


class EclipseRepTestInSession(Model):
    character: str = CharacterId
    network: Network
    favor: Favor
    secrecy: int = Field(0, ge=0, le=60)
    burn_for_bonus: int = Field(0, ge=0, le=99)
    burn_for_extra_favor: bool = False
    retries: int = Field(0, ge=0, le=10)
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseRepInSessionResult(EclipseRepResult):
    character: str
    pools: EclipsePools
