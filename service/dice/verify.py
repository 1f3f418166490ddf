"""Recompute the draws of an audit record and say whether they match."""

from __future__ import annotations

from pydantic import Field

from service.dice.audit import AuditRecord, DrawRecord
from service.dice.stream import ALGORITHM, Stream, commitment
from service.model import Model


class VerifyRequest(Model):
    record: AuditRecord
    seed: str | None = Field(
        default=None, max_length=200, description="The revealed seed, when the record does not carry it."
    )


class Mismatch(Model):
    index: int
    recorded: DrawRecord
    recomputed: DrawRecord


class VerifyResult(Model):
    match: bool
    checked: int = Field(description="How many draws were recomputed.")
    reason: str | None = Field(default=None, description="Why the record does not verify, if it does not.")
    first_mismatch: Mismatch | None = None


def verify(request: VerifyRequest) -> VerifyResult:
    rec = request.record
    seed = request.seed if request.seed is not None else rec.seed
    if rec.algorithm != ALGORITHM:
        return VerifyResult(match=False, checked=0, reason=f"unknown algorithm {rec.algorithm!r}")
    if seed is None:
        return VerifyResult(match=False, checked=0, reason="no seed: it is revealed when the session closes or rotates")
    if commitment(seed) != rec.seed_commitment:
        return VerifyResult(match=False, checked=0, reason="the seed does not match the seed commitment")
    if rec.seed is not None and request.seed is not None and rec.seed != request.seed:
        return VerifyResult(match=False, checked=0, reason="the record carries a different seed")
    stream = Stream(seed=seed, scope=rec.scope, nonce=rec.nonce, client_seed=rec.client_seed)
    for index, draw in enumerate(rec.draws):
        face = stream.roll(draw.sides)
        if face != draw.face:
            return VerifyResult(
                match=False,
                checked=index + 1,
                reason=f"draw {index} differs",
                first_mismatch=Mismatch(
                    index=index, recorded=draw, recomputed=DrawRecord(sides=draw.sides, face=face)
                ),
            )
    return VerifyResult(match=True, checked=len(rec.draws))
