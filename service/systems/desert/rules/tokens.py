"""The tokens of the draws: six to a bag, control values 0-6, and the colours of a building bag."""

from __future__ import annotations

from typing import Literal

BAG_SIZE = 6  # a building bag holds one token per category; a personal bag six the table assigns
MAX_CONTROL = 6  # a building or district is never more controlled than this

TokenColor = Literal["blue", "red", "orange", "blank"]
Side = Literal["positive", "negative"]
