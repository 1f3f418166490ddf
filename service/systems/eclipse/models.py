"""Wire models shared by the Eclipse Phase mechanics: the parts of a test request, and the
shape of every result."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.eclipse.combat import ArmorKind
from service.systems.eclipse.modifiers import Severity
from service.systems.eclipse.pools import Pool, TestUse
from service.systems.eclipse.superior import Choice, CriticalFailureEffect, CriticalSuccessEffect

Aptitude = Literal["cog", "int", "ref", "sav", "som", "wil"]
SkillCategory = Literal["active", "combat", "know", "mental", "physical", "psi", "social", "technical", "vehicle"]
TimeUnit = Literal["action-turns", "minutes", "hours", "days", "weeks", "months", "years"]
Rating = Field(ge=0, le=200)
CountsAs = Literal["critical", "critical-and-superior", "superior", "plain"]

# How a judged roll reports its degrees: what the roll measured, and what counts for effects.
SUPERIOR_SUCCESSES = Field(description="Superior successes the roll measured (33+: one, 66+: two), always reported, criticals included.")
SUPERIOR_FAILURES = Field(description="Superior failures the roll measured (under 66: one, under 33: two), always reported, criticals included.")
SUPERIOR_REPLACED = Field(
    description="Of those, how many buy nothing because the critical counts instead (`criticalReplacesSuperior`, e.g. 55 against 50: 1)."
)
COUNTS_AS = Field(
    description=(
        "What the result counts as for its effects: `critical` (a critical whose superior results, if any, it stands in for), "
        "`critical-and-superior` (a critical keeping its superior results, with `criticalReplacesSuperior` false), "
        "`superior`, or `plain`."
    )
)
SUPERIOR_FOR_EFFECT = Field(
    description="Superior results that buy choices, +1d6 damage, privileges or task time: the measured ones minus `superiorReplaced`."
)

# -- request parts --------------------------------------------------------------------------


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


# -- results --------------------------------------------------------------------------------


class EclipseModifierLine(Model):
    source: str
    value: int
    label: str


class EclipseModifiers(Model):
    listed: list[EclipseModifierLine]
    raw: int = Field(description="The plain sum of every modifier that was not set aside.")
    applied: int = Field(description="What reached the target number, after the ±cap.")
    capped: bool = Field(description="The cap cut the sum.")
    ignored: bool = Field(description="A pool point set the listed modifiers aside.")


class EclipsePoolSpendResult(Model):
    pool: str
    use: str
    spent: bool
    note: str


class EclipseTeamwork(Model):
    helpers: int = Field(description="Helpers listed.")
    counted: int = Field(description="Helpers who count (on Know, Technical and Vehicle tests, those with the skill at 40+).")
    bonus: int = Field(description="+10 per counted helper, capped at +30.")


class EclipseSuperiorResult(Model):
    applied: list[str] = Field(description="The choices the superior results paid for.")
    follow_up_modifier: int
    covertness_modifier: int
    time_steps: int
    damage_dice: list[int]


class EclipseTaskTime(Model):
    unit: str
    listed: float
    planned_percent: int
    planned: float
    spent_percent: float
    spent: float = Field(description="Time the success took, or the failure cost before it was noticed.")
    noticed_failure: bool
    planned_minutes: float = Field(description="`planned` in minutes (an action turn is 3 seconds; a month 30 days, a year 365).")
    spent_minutes: float = Field(description="`spent` in minutes.")


class EclipseDamageValue(Model):
    dice: list[int]
    bonus: int
    superior_dice: list[int] = Field(description="+1d6 per superior hit (or per `damage` choice).")
    doubled: bool
    total: int


class EclipseTestResult(Model):
    """A judged d100 test. `roll` is the 00–99 reading (after any flip-flop); `face` is the die face drawn (100 reads 00)."""

    face: int
    rolled: int = Field(description="The reading as rolled, before after-roll pool points.")
    roll: int
    base: int
    target: int
    modifiers: EclipseModifiers
    success: bool
    critical: bool
    outcome: Literal["critical-success", "success", "failure", "critical-failure"]
    superior_successes: int = SUPERIOR_SUCCESSES
    superior_failures: int = SUPERIOR_FAILURES
    superior_replaced: int = SUPERIOR_REPLACED
    counts_as: CountsAs = COUNTS_AS
    superior_for_effect: int = SUPERIOR_FOR_EFFECT
    defaulting: bool
    critical_ignored: bool = Field(description="Doubles that defaulting kept from being a critical success.")
    pool_spends: list[EclipsePoolSpendResult]
    teamwork: EclipseTeamwork | None = None
    superior: EclipseSuperiorResult | None = None
    critical_effect: str | None = None
    next_test_modifier: int = 0
    task: EclipseTaskTime | None = None
    damage: EclipseDamageValue | None = None


class EclipseOpposedResult(Model):
    a: EclipseTestResult
    b: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    reason: str


class EclipseHarm(Model):
    damage_value: int
    armor: int
    taken: int = Field(description="Damage after armor.")
    wounds: int = Field(description="Wounds from this hit: one per full wound threshold taken.")
    damage_total: int
    wounds_total: int
    condition: Literal["active", "incapacitated", "dead"]


class EclipseAttackResult(Model):
    attack: Literal["melee", "ranged"]
    defense_skill: str
    attacker: EclipseTestResult
    defender: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    reason: str
    hit: bool
    damage: EclipseDamageValue | None = None
    harm: EclipseHarm | None = None


class EclipseDamageResult(Model):
    damage: EclipseDamageValue
    harm: EclipseHarm


class EclipseIntrusionState(Model):
    privileges: Literal["user", "security", "admin"]
    status: Literal["spotted", "covert", "hidden"]


class EclipseHackResult(Model):
    method: Literal["brute-force", "subtle"]
    action: str = Field(description="`complex` (brute force) or `task` (subtle intrusion).")
    timeframe_hours: int
    hacker: EclipseTestResult
    firewall: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    success: bool
    intrusion: EclipseIntrusionState | None = Field(None, description="Privileges and status after the test (unchanged on a failure).")


class EclipseRepResult(Model):
    network: str
    favor: str
    granted: bool
    test: EclipseTestResult
    limit: int
    used_before: int
    used_after: int
    burnt_for_bonus: int
    burnt_for_favor: int
    score_before: int
    score_after: int


class EclipseInitiativeSlot(Model):
    name: str
    initiative: int
    ref: int
    roll: int
    count: int = Field(description="1d6 + Initiative: the count this character acts at.")
    roll_offs: list[int]
    position: int


class EclipseInitiativeResult(Model):
    order: list[EclipseInitiativeSlot]


class EclipseActionTurnResult(Model):
    legal: bool
    pattern: str | None = Field(None, description="The turn shape the actions fit, e.g. `complex-and-quick`.")
    reason: str


class EclipsePoolUseResult(Model):
    pool: str
    use: str
    cost: int
    remaining: int
    effect: str


class EclipsePoolValue(Model):
    current: int
    max: int


class EclipsePools(Model):
    insight: EclipsePoolValue
    moxie: EclipsePoolValue
    vigor: EclipsePoolValue
    flex: EclipsePoolValue


class EclipseRestored(Model):
    insight: int
    moxie: int
    vigor: int
    flex: int


class EclipseRechargeResult(Model):
    kind: Literal["short", "long"]
    rolled: int | None = Field(None, description="The 1d6 of a short recharge.")
    restored: EclipseRestored
    lost: int = Field(description="Recovered points no pool had room for.")
    pools: EclipsePools
    timeframe: str
    timeframe_minutes: int = Field(description="The same in minutes: 10 (short), 240 or 480 (long).")


class EclipseJudged(Model):
    roll: int
    target: int
    success: bool
    critical: bool
    outcome: Literal["critical-success", "success", "failure", "critical-failure"]
    superior_successes: int = SUPERIOR_SUCCESSES
    superior_failures: int = SUPERIOR_FAILURES
    superior_replaced: int = SUPERIOR_REPLACED
    counts_as: CountsAs = COUNTS_AS
    superior_for_effect: int = SUPERIOR_FOR_EFFECT
    defaulting: bool


class EclipseAfterRollResult(Model):
    pool: str
    use: str
    before: EclipseJudged
    after: EclipseJudged
