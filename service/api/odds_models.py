"""Wire models of an odds answer (`service.dice.odds.Odds.wire()` is the JSON they describe).

REST publishes `Odds` and `SessionOdds`; GraphQL serves the same shapes with one more field,
`svg`, the bar chart as SVG text, drawn only when a query selects it (REST sends the chart for
`Accept: image/svg+xml` instead).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, create_model

from service.model import Model


class OddsOutcome(Model):
    """One outcome and its exact chance: `exact` is the fraction `"n/d"`, `probability` its float."""

    outcome: int | str = Field(description="A number (a total, the damage) or a class in the mechanic's own words.")
    exact: str = Field(description='The exact probability as `"numerator/denominator"`.', examples=["1/2"])
    probability: float
    at_least_exact: str | None = Field(None, description="For numbers: the exact P(outcome ≥ this one).")
    at_least: float | None = Field(None, description="For numbers: P(outcome ≥ this one) as a float.")


class OddsDistribution(Model):
    """One random quantity of the mechanic, its outcomes worst to best (numbers ascending)."""

    name: str
    numeric: bool = Field(description="The outcomes are numbers: `mean`, `stdDev` and `atLeast` apply.")
    outcomes: list[OddsOutcome]
    target: int | None = Field(None, description="The number the outcome is compared with (a DN, a DV), when there is one.")
    mean_exact: str | None = None
    mean: float | None = None
    std_dev: float | None = None


class Odds(Model):
    """The exact odds of a mechanic before anything is rolled; the first distribution is its main outcome."""

    distributions: list[OddsDistribution]


class SessionOdds(Odds):
    """Odds against a session's state as your seat sees it, at the version it read (nothing is written)."""

    session_id: str
    version: int


_SVG = "The distributions as a small SVG bar chart (the same picture REST answers for `Accept: image/svg+xml`)."


def _with_chart(model: type[Odds]) -> Any:
    """The GraphQL twin of `model`, named the same, with the chart as a field."""
    return create_model(model.__name__, __base__=model, __module__=__name__ + ".graphql", svg=(str, Field(description=_SVG)))


OddsWithChart = _with_chart(Odds)
SessionOddsWithChart = _with_chart(SessionOdds)
