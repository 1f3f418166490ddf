"""Audit records: everything a third party needs to recompute every die of one action."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from service.dice.stream import ALGORITHM, Stream, commitment
from service.model import Model


class DrawRecord(Model):
    sides: int = Field(ge=1, le=1_000_000)
    face: int = Field(ge=1, le=1_000_000)


class AuditRecord(Model):
    """One random action. `seed` is present for stateless calls and once a session seed is revealed."""

    algorithm: str = Field(default=ALGORITHM, description="Stream algorithm and version.")
    scope: str = Field(max_length=200, description="`stateless`, or `session:{id}:{epoch}`.")
    epoch: int | None = Field(default=None, ge=0, description="Session seed epoch, for session actions.")
    nonce: int = Field(ge=0, description="Counts random actions within the scope.")
    client_seed: str = Field(default="", max_length=200)
    seed_commitment: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the seed, hex.")
    seed: str | None = Field(default=None, max_length=200, description="The seed, when it may be known.")
    draws: list[DrawRecord] = Field(default_factory=list, max_length=100_000)


def record(stream: Stream, *, reveal: bool, epoch: int | None = None) -> AuditRecord:
    return AuditRecord(
        scope=stream.scope,
        epoch=epoch,
        nonce=stream.nonce,
        client_seed=stream.client_seed,
        seed_commitment=commitment(stream.seed),
        seed=stream.seed if reveal else None,
        draws=[DrawRecord(sides=d.sides, face=d.face) for d in stream.draws],
    )


def record_dict(stream: Stream, *, reveal: bool, epoch: int | None = None, seed_commitment: str | None = None) -> dict[str, Any]:
    """The wire form of `record` without model overhead (hot path).

    `seed_commitment`, when the caller already holds the stream seed's (a session keeps its epoch's).
    """
    return {
        "algorithm": ALGORITHM,
        "scope": stream.scope,
        "epoch": epoch,
        "nonce": stream.nonce,
        "clientSeed": stream.client_seed,
        "seedCommitment": seed_commitment or commitment(stream.seed),
        "seed": stream.seed if reveal else None,
        "draws": [{"sides": d.sides, "face": d.face} for d in stream.draws],
    }
