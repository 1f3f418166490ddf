"""The table rules NeuroSystem's text leaves open: each option, its choices and its default."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model

ResolveLimit = Literal["one-per-check", "push-and-push-through"]
ProtectionMatch = Literal["either-includes", "attack-includes"]

RESOLVE_LIMIT_DESCRIPTION = (
    "How the one-Resolve-per-STK-Check limit meets pushing through bad shit. "
    "`one-per-check` (the default): the limit counts every Resolve spent on the check, so a pushed "
    "check cannot also be pushed through and a pushed-through check cannot be pushed. "
    "`push-and-push-through`: the limit counts pushes only, so a check may be pushed (1 Resolve) and "
    "its bad shit pushed through (1 more). Flat Checks are never pushed, so they may always be pushed "
    "through once. Configurable per session in `setup.rules.resolveLimit`, per stateless call here."
)
PROTECTION_MATCH_DESCRIPTION = (
    "How a type a protection lists must relate to the attack's tags for the protection to count. "
    "`either-includes` (the default): one set of tags includes the other, so a `kinetic` vest stops a `kinetic "
    "ranged` attack and a `kinetic ranged` resonance shield stops an attack given only as `kinetic` (the text's "
    "own example), while neither stops `laser ranged` or `kinetic melee`. `attack-includes`: the attack carries "
    "every tag of the listed type, so that shield no longer stops an attack given only as `kinetic`. "
    "Configurable per session in `setup.rules.protectionMatch`, per stateless call in `reductions.protectionMatch`."
)


class NeurosystemRules(Model):
    """Table rules the text leaves open."""

    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)
    protection_match: ProtectionMatch = Field(default="either-includes", description=PROTECTION_MATCH_DESCRIPTION)
