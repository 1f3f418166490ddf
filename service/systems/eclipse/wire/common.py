"""Wire models every theme shares: the literals of the sheet, a test request's parts, the pools."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.eclipse.rules.combat import ArmorKind
from service.systems.eclipse.rules.modifiers import Severity
from service.systems.eclipse.rules.pools import Pool, TestUse
from service.systems.eclipse.rules.superior import Choice, CriticalFailureEffect, CriticalSuccessEffect


Aptitude = Literal["cog", "int", "ref", "sav", "som", "wil"]


SkillCategory = Literal["active", "combat", "know", "mental", "physical", "psi", "social", "technical", "vehicle"]


TimeUnit = Literal["action-turns", "minutes", "hours", "days", "weeks", "months", "years"]


Rating = Field(ge=0, le=200)


class EclipseModifier(Model):
    """One modifier: a severity (minor 10, moderate 20, major 30) with a direction, or a plain value."""

    label: str = Field("", max_length=80, description="What the modifier is for (free text).")
    severity: Severity | None = Field(None, description="`minor` ±10, `moderate` ±20, `major` ±30.")
    penalty: bool = Field(False, description="With `severity`: true makes it a penalty.")
    value: int | None = Field(None, ge=-100, le=100, description="A plain value instead of a severity.")

    @model_validator(mode="after")
    def _one_form(self) -> EclipseModifier:
        if (self.severity is None) == (self.value is None):
            raise ValueError("give either `severity` (with `penalty`) or `value`")
        return self


class EclipsePoolSpend(Model):
    """One pool point on a test. Before the roll: `plus-twenty`, `ignore-modifiers` (sets every
    modifier aside). After the roll: `flip-flop`, `upgrade`, `downgrade-critical-failure` — spent
    only if it improves the result, so they can be asked for before seeing the dice."""

    pool: Pool
    use: TestUse


class EclipseTask(Model):
    """A task action: its listed timeframe, and whether it is taken slowly or rushed."""

    amount: float = Field(gt=0, le=1000, description="Listed timeframe, in `unit`.")
    unit: TimeUnit
    extra_time_steps: int = Field(0, ge=0, le=6, description="Each step: +25% of the timeframe for +10.")
    rush: bool = Field(False, description="−25% of the timeframe for −20.")


class EclipseWeapon(Model):
    """A damage value: `dice`d`sides` + `bonus` (second-edition weapons roll d10s)."""

    dice: int = Field(0, ge=0, le=20)
    sides: int = Field(10, ge=2, le=100)
    bonus: int = Field(0, ge=-50, le=200)
    armor: ArmorKind = Field("kinetic", description="Which armor soaks it: `kinetic`, `energy` or `none`.")


class EclipseResultOptions(Model):
    """What superior results and criticals buy, chosen before the roll in order of preference."""

    on_superior_success: list[Choice] = Field(
        default_factory=list,
        max_length=2,
        description="Per superior success, in order: quality (+10 to follow-up tests), quantity, detail, time (−25% of a task), covertness (+10), damage (+1d6). Repeat a choice to double it.",
    )
    on_superior_failure: list[Choice] = Field(
        default_factory=list,
        max_length=2,
        description="Per superior failure, in order (the GM's pick): quality (−10), quantity, detail, time (+25% of a task), covertness (−10).",
    )
    on_critical_success: CriticalSuccessEffect | None = Field(
        None, description="`double-damage`, `next-test-bonus` (+20 on the next test) or `extra-action`."
    )
    on_critical_failure: CriticalFailureEffect | None = Field(
        None, description="`next-test-penalty` (−20 on the next test), `lose-action` or `break-tool`."
    )


class EclipsePoolValue(Model):
    current: int
    max: int


class EclipsePools(Model):
    insight: EclipsePoolValue
    moxie: EclipsePoolValue
    vigor: EclipsePoolValue
    flex: EclipsePoolValue


MAX_MODIFIERS = 20


MAX_SPENDS = 4  # the rule (1 per test by default) is checked by the rule, with its own code


MAX_HELPERS = 10  # a list bound only: the rules cap the teamwork bonus at +30, not the number of helpers


CharacterId = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", description="A character id at this table.")


CharacterRef = Annotated[str, Field(min_length=1, max_length=40)]
