"""Wire models of success tests, opposed tests and pool points after the roll, stateless and in a session."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.kept_tests import MAX_KEPT_TESTS
from service.systems.eclipse.rules.pools import Pool, TestKind
from service.systems.eclipse.wire.clock import EclipseClock
from service.systems.eclipse.wire.common import (
    Aptitude,
    CharacterId,
    CharacterRef,
    EclipseModifier,
    EclipsePoolSpend,
    EclipsePools,
    EclipseResultOptions,
    EclipseTask,
    EclipseWeapon,
    MAX_HELPERS,
    MAX_MODIFIERS,
    MAX_SPENDS,
    SkillCategory,
)
from service.systems.eclipse.wire.results import EclipseJudged, EclipseTestResult


class EclipseHelper(Model):
    rating: int | None = Field(None, ge=0, le=200, description="The helper's rating in the skill; omit if it lacks the skill.")


class EclipseSide(EclipseResultOptions):
    """One test's own numbers: the target and everything that modifies it."""

    target: int = Field(ge=0, le=200, description="Skill rating, aptitude check (aptitude ×3) or rep score.")
    aptitude: Aptitude | None = Field(None, description="The aptitude the test is linked to (decides which pools may help).")
    kind: TestKind = Field("skill", description="`skill`, `aptitude-check`, `rep` or `infection` (Moxie serves the last two).")
    skill_category: SkillCategory | None = Field(None, description="Know, Technical and Vehicle tests only count helpers at 40+.")
    specialization: bool = Field(False, description="The skill's specialization applies: +10.")
    defaulting: bool = Field(False, description="Rolling against the linked aptitude for a missing skill: no critical successes.")
    retries: int = Field(0, ge=0, le=10, description="Earlier failed attempts at this action: −10 each.")
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    helpers: list[EclipseHelper] = Field(
        default_factory=list,
        max_length=MAX_HELPERS,
        description=(
            "Teamwork: +10 for each helper who counts (on Know, Technical and Vehicle tests only those rated 40+), "
            f"capped at +30; more than three may be listed. At most {MAX_HELPERS} entries."
        ),
    )
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseTestInput(EclipseSide):
    task: EclipseTask | None = Field(None, description="Make it a task action with this timeframe.")
    damage: EclipseWeapon | None = Field(None, description="Damage rolled on a success (with superior `damage` dice and `double-damage`).")
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseOpposedTestInput(Model):
    a: EclipseSide
    b: EclipseSide
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseAfterRollInput(Model):
    roll: int = Field(ge=0, le=99, description="The 00–99 reading the test got.")
    target: int = Field(ge=-200, le=400, description="The modified target number it was judged against.")
    defaulting: bool = False
    aptitude: Aptitude | None = None
    kind: TestKind = "skill"
    pool: Pool
    use: Literal["flip-flop", "upgrade", "downgrade-critical-failure"]
    points_already_spent: int = Field(0, ge=0, le=4, description="Pool points the test already took.")
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseOpposedResult(Model):
    a: EclipseTestResult
    b: EclipseTestResult
    winner: Literal["a", "b", "none", "tie"]
    reason: str


class EclipseAfterRollResult(Model):
    pool: str
    use: str
    before: EclipseJudged
    after: EclipseJudged


class EclipseSessionSide(EclipseResultOptions):
    character: str = CharacterId
    skill: str | None = Field(None, max_length=60, description="The skill to test; a missing skill defaults to its linked aptitude.")
    aptitude_check: Aptitude | None = Field(None, description="Test an aptitude instead (aptitude × 3).")
    default_aptitude: Aptitude | None = Field(None, description="Linked aptitude of a skill outside the built-in list, for defaulting.")
    specialization: bool = Field(False, description="The skill's specialization applies: +10.")
    retries: int = Field(0, ge=0, le=10)
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    helpers: list[CharacterRef] = Field(
        default_factory=list,
        max_length=MAX_HELPERS,
        description=(
            "Helping characters' ids: +10 for each one who counts (on Know, Technical and Vehicle tests only those "
            f"with the skill at 40+), capped at +30; more than three may be listed. At most {MAX_HELPERS} entries."
        ),
    )
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseTestInSession(EclipseSessionSide):
    task: EclipseTask | None = None
    damage: EclipseWeapon | None = None
    advance_clock: bool = Field(
        False, description="GM only, with a `task`: the time the task took (or cost before the failure was noticed) passes on the table's clock."
    )


class EclipseSessionTestResult(Model):
    character: str
    subject: str
    test_id: str = Field(description="The id the table keeps this test under, for `pool-after-roll`.")
    test: EclipseTestResult
    pools: EclipsePools
    clock: EclipseClock | None = Field(None, description="The clock after the task, when `advanceClock` was asked.")


class EclipseOpposedInSession(Model):
    a: EclipseSessionSide
    b: EclipseSessionSide


class EclipseOpposedInSessionResult(EclipseOpposedResult):
    a_character: str
    b_character: str
    a_test_id: str = Field(description="Side a's test id, for `pool-after-roll`.")
    b_test_id: str = Field(description="Side b's test id, for `pool-after-roll`.")


class EclipseAfterRollInSession(Model):
    character: str = CharacterId
    pool: Pool
    use: Literal["flip-flop", "upgrade", "downgrade-critical-failure"]
    test: str | None = Field(
        None,
        min_length=1,
        max_length=20,
        description=(
            "The id of the character's test to change (`testId` of a `test` or `opposed-test` result); default: its latest. "
            f"The table keeps the last {MAX_KEPT_TESTS} tests of each character; an older or unknown id is refused (404), "
            "another character's test too (422), and a test that already took its pool point (409)."
        ),
    )


class EclipseAfterRollInSessionResult(EclipseAfterRollResult):
    character: str
    test_id: str
    pools: EclipsePools
