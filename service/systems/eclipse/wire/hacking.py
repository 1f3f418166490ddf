"""Wire models of a hack, stateless and in a session."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field
from pydantic.config import JsonDict

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.hacking import Method
from service.systems.eclipse.wire.combat import EclipseTakeActionResult
from service.systems.eclipse.wire.common import CharacterId, EclipseModifier, EclipsePoolSpend, MAX_MODIFIERS, MAX_SPENDS
from service.systems.eclipse.wire.results import EclipseTestResult


MAX_INTRUSIONS = 64  # at one table at once


class EclipseIntrusionSpec(Model):
    """An intrusion already under way when the session starts: a run picked up where the last game left it."""

    hacker: str = Field(min_length=1, max_length=40, description="The id of the setup's character who is in the system.")
    system: str = Field(min_length=1, max_length=80, description="The system the hacker is in.")
    firewall: int = Field(ge=0, le=200, description="The system's Firewall, for escalating the intrusion later.")
    method: Method = Field("subtle", description="How the hacker got in: `subtle` (default) or `brute-force`.")
    privileges: Literal["user", "security", "admin"] = Field("user", description="What the hacker may do in the system.")
    status: Literal["spotted", "covert", "hidden"] | None = Field(
        None, description="How noticed the hacker is; default: where its method leaves a winner (`covert` subtle, `spotted` brute force)."
    )


class EclipseIntrusionState(Model):
    privileges: Literal["user", "security", "admin"]
    status: Literal["spotted", "covert", "hidden"]


class EclipseHackInput(Model):
    method: Method
    infosec: int = Field(ge=0, le=200)
    firewall: int = Field(ge=0, le=200)
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    firewall_modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS, description="Infosec is COG-linked: Insight or Flex.")
    current: EclipseIntrusionState | None = Field(None, description="An intrusion already under way, to escalate.")
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseHackResult(Model):
    method: Literal["brute-force", "subtle"]
    action: str = Field(description="`complex` (brute force) or `task` (subtle intrusion).")
    timeframe_hours: int
    hacker: EclipseTestResult
    firewall: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    success: bool
    intrusion: EclipseIntrusionState | None = Field(None, description="Privileges and status after the test (unchanged on a failure).")


class EclipseSessionHacker(Model):
    character: str = CharacterId
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


# For the published schema: a new intrusion names its `system` and `firewall`, an escalation its
# `intrusion` (the Firewall defaults to the intrusion's), never both; the rule refuses the rest itself.
NEW_OR_ESCALATION: JsonDict = {
    "anyOf": [
        {"required": ["system", "firewall"], "properties": {"system": {"type": "string"}, "firewall": {"type": "integer"}, "intrusion": {"type": "null"}}},
        {"required": ["intrusion"], "properties": {"intrusion": {"type": "string"}, "system": {"type": "null"}}},
    ]
}


class EclipseHackInSession(Model):
    model_config = ConfigDict(json_schema_extra=NEW_OR_ESCALATION)

    hacker: EclipseSessionHacker
    method: Method = Field(
        description="`brute-force` (−30, a complex action) or `subtle` (a task action); while an initiative order runs it counts against the hacker's action turn."
    )
    system: str | None = Field(
        None, min_length=1, max_length=80, description="The target system, for a new intrusion (with `firewall`; not with `intrusion`)."
    )
    intrusion: str | None = Field(None, max_length=20, description="An intrusion under way, to escalate (not with `system`).")
    firewall: int | None = Field(
        None, ge=0, le=200, description="The target's Firewall: required for a new intrusion; for an escalation it defaults to the intrusion's."
    )
    firewall_modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)


class EclipseHackInSessionResult(EclipseHackResult):
    intrusion_id: str | None
    action_turn: EclipseTakeActionResult | None = Field(
        description=(
            "The hacker's action turn with the hack counted in it (brute force: a complex action; subtle "
            "intrusion: a task action; both of mesh nature); null when no initiative order runs or the hacker is not in it."
        )
    )
