"""The second-edition skill list: each skill's linked aptitude and category, so a character
sheet may name a skill without repeating them. Field skills ("Know: Biology", "Pilot:
Groundcraft") are looked up by the part before the colon. A sheet may override either."""

from __future__ import annotations

from collections.abc import Mapping

from service.systems.eclipse.wire.common import Aptitude, SkillCategory

SKILLS: Mapping[str, tuple[Aptitude, SkillCategory]] = {
    "athletics": ("som", "physical"),
    "deceive": ("sav", "social"),
    "fray": ("ref", "combat"),
    "free fall": ("som", "physical"),
    "guns": ("ref", "combat"),
    "hardware": ("cog", "technical"),
    "infiltrate": ("ref", "physical"),
    "infosec": ("cog", "technical"),
    "interface": ("cog", "technical"),
    "kinesics": ("sav", "social"),
    "know": ("cog", "know"),
    "medicine": ("cog", "technical"),
    "melee": ("som", "combat"),
    "perceive": ("int", "mental"),
    "persuade": ("sav", "social"),
    "pilot": ("ref", "vehicle"),
    "program": ("cog", "technical"),
    "provoke": ("sav", "social"),
    "psi": ("wil", "psi"),
    "research": ("int", "technical"),
    "survival": ("int", "physical"),
}


def key(name: str) -> str:
    """How skills are matched: case and surrounding spaces do not matter."""
    return " ".join(name.lower().split())


def known(name: str) -> tuple[Aptitude, SkillCategory] | None:
    """(aptitude, category) of a skill of the list, or None."""
    normalized = key(name)
    return SKILLS.get(normalized) or SKILLS.get(normalized.split(":", 1)[0].strip())
