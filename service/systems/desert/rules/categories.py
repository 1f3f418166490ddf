"""The six security categories of the player screen, in screen order.

Each category watches one side of a character, and a blue control token on it means the
character has to tell the table about that side while it is here.
"""

from __future__ import annotations

from typing import Literal

Category = Literal["tracking", "access", "network", "audio", "video", "neuro"]

# Screen order matters: a district of type N watches the first N categories.
CATEGORIES: tuple[Category, ...] = ("tracking", "access", "network", "audio", "video", "neuro")

# What a character must disclose when a category holds a blue control token.
REQUIREMENTS: dict[str, str] = {
    "tracking": "where you go",
    "access": "who you are",
    "network": "what you interact with",
    "audio": "what you say",
    "video": "what you do",
    "neuro": "what you feel",
}


def is_category(value: object) -> bool:
    return isinstance(value, str) and value in REQUIREMENTS
