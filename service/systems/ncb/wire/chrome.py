"""Chrome: installing, removing and using implants."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.ncb.wire.checks import Economy
from service.systems.ncb.wire.eddies import NcbLedgerResult
from service.systems.ncb.wire.sheet import MAX_EDDIES, CombatantId, NcbChromeTotals, NcbImplant, NcbImplantView


class NcbBody(Model):
    chrome_slots: int = Field(6, ge=0, le=12)
    chrome_capacity: int = Field(10, ge=0, le=100)
    installed: list[NcbImplantView] = Field(default_factory=list, max_length=12)


class NcbInstallChromeParams(Model):
    body: NcbBody = Field(default_factory=NcbBody)
    implant: NcbImplant
    price: int = Field(0, ge=0, le=MAX_EDDIES, description="Paid from eddies; what they cannot cover becomes debt.")
    eddies: int = Field(0, ge=0, le=MAX_EDDIES)
    clinic: str = Field("ripperdoc", min_length=1, max_length=80, description="Who is owed any debt.")


class NcbInstallChromeAction(Model):
    combatant: CombatantId
    implant: NcbImplant
    price: int = Field(0, ge=0, le=MAX_EDDIES, description="Paid from eddies; what they cannot cover becomes debt.")
    clinic: str = Field("ripperdoc", min_length=1, max_length=80, description="Who is owed any debt.")


class NcbUninstallChromeParams(Model):
    body: NcbBody
    name: str = Field(min_length=1, max_length=60)


class NcbUninstallChromeAction(Model):
    combatant: CombatantId
    name: str = Field(min_length=1, max_length=60)


class NcbChromeResult(Model):
    combatant: str | None = None
    implant: str
    installed: list[NcbImplantView]
    slots_used: int
    slots: int
    capacity_used: int
    capacity: int
    bonuses: NcbChromeTotals
    payment: NcbLedgerResult | None = None


class NcbActivateChromeParams(Model):
    implant: NcbImplantView


class NcbActivateChromeAction(Model):
    combatant: CombatantId
    name: str = Field(min_length=1, max_length=60)
    economy: Economy = Field("action", description="What activating it spends in combat (the implant's text decides).")


class NcbActivateChromeResult(Model):
    combatant: str | None = None
    implant: NcbImplantView = Field(description="The implant after activation, its cooldown running.")
    economy: str | None = None
