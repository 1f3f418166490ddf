"""Wire models of the session endpoints."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from service.dice.audit import AuditRecord
from service.model import Model

Role = Literal["gm", "player", "spectator"]


class SeatSpec(Model):
    name: str = Field(min_length=1, max_length=80)
    role: Role = "player"


class CreateSession(Model):
    system: str = Field(min_length=1, max_length=40, description="`dice` or a game system id.")
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    client_seed: str = Field(default="", max_length=200, description="Mixed into every draw of the session.")
    setup: dict[str, Any] | None = Field(default=None, description="System-specific setup, validated by the system.")


class SeatView(Model):
    id: str
    name: str
    role: Role


class IssuedSeat(SeatView):
    token: str = Field(description="Bearer token for this seat. Shown once; only its hash is kept.")


class EpochSeed(Model):
    epoch: int
    seed_commitment: str
    seed: str | None = Field(default=None, description="Revealed after the epoch ends or the session closes.")


class SessionView(Model):
    id: str
    system: str
    version: int
    epoch: int
    nonce: int
    client_seed: str
    closed: bool
    created_at: str
    updated_at: str
    seats: list[SeatView]
    seeds: list[EpochSeed]
    viewer: SeatView | None = None
    state: dict[str, Any]


class SessionCreated(Model):
    session: SessionView
    seats: list[IssuedSeat]


class LogEntry(Model):
    seq: int
    version: int
    at: str
    seat: str
    action: str
    visibility: str = Field(default="public", description="`public`, `gm`, `blind` or `self`.")
    hidden: bool = Field(default=False, description="True when this seat may not see the entry's input, result and audit.")
    input: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    audit: AuditRecord | None = None


class LogPage(Model):
    entries: list[LogEntry]
    next_cursor: str | None = Field(default=None, description="Pass as `cursor` for the next page.")


class LogQuery(Model):
    model_config = {**Model.model_config, "strict": False}  # query strings arrive as text

    cursor: str | None = Field(default=None, max_length=20, pattern=r"^[0-9]+$")
    limit: int = Field(default=50, ge=1, le=200)


class Empty(Model):
    pass


class SeedRotation(Model):
    epoch: int = Field(description="The new epoch.")
    seed_commitment: str = Field(description="Commitment of the new epoch's seed.")
    revealed: EpochSeed = Field(
        description="The epoch that just ended, with its seed; the seed stays null until the close when "
        "something drawn under it is hidden from a seat (a `gm`, `blind` or `self` roll, or a game's secret draws)."
    )


class ActionAnswer(Model):
    """Envelope of every session action (the mechanic's result is in `result`, null when hidden from you)."""

    session_id: str
    version: int
    seq: int
    audit: AuditRecord | None = None
