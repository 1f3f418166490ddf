"""The inputs of the battle stage: `attack`, `block`, `order-blockers`."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.neuroscape.wire.actions import INSTANCE, SEAT, InstanceId, NeuroscapeActionBase


class NeuroscapeAttackOrder(Model):
    attacker: str = Field(pattern=INSTANCE)
    target: str | None = Field(None, pattern=SEAT, description="The seat attacked; needed with several opponents.")


class NeuroscapeAttackAction(NeuroscapeActionBase):
    attacks: list[NeuroscapeAttackOrder] = Field(max_length=40, description="Your attackers. Empty declares no attack.")


class NeuroscapeBlockOrder(Model):
    blocker: str = Field(pattern=INSTANCE, description="Your character that blocks.")
    attacker: str = Field(pattern=INSTANCE, description="The attacking character it blocks.")


class NeuroscapeBlockAction(NeuroscapeActionBase):
    blocks: list[NeuroscapeBlockOrder] = Field(max_length=40, description="Your blocks. Empty blocks nothing.")


class NeuroscapeBlockerOrder(Model):
    attacker: str = Field(pattern=INSTANCE)
    blockers: list[InstanceId] = Field(max_length=40, description="Its blockers, first to be dealt damage first.")


class NeuroscapeOrderBlockersAction(NeuroscapeActionBase):
    orders: list[NeuroscapeBlockerOrder] = Field(max_length=40)
