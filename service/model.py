"""Base model for every request and response body: camelCase on the wire, strict on input."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Model(BaseModel):
    """Fields are snake_case in Python and camelCase in JSON; unknown fields are refused.

    Strict: `false` is not a number and `"3"` is not an integer, just as the published schema says.
    """

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="forbid",
        frozen=True,
        strict=True,
    )
