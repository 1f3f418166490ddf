"""Wire models of a session: the setup (rules and characters) and each session action (the GM's sheet actions are in `sheet_models`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.config import JsonDict

from service.model import Model
from service.systems.eclipse.actions import ActionKind, Nature
from service.systems.eclipse.combat import AttackKind, DefenseSkill
from service.systems.eclipse.hacking import Method
from service.systems.eclipse.models import (
    Aptitude,
    EclipseAfterRollResult,
    EclipseAttackResult,
    EclipseDamageResult,
    EclipseHackResult,
    EclipseInitiativeSlot,
    EclipseModifier,
    EclipseOpposedResult,
    EclipsePools,
    EclipsePoolSpend,
    EclipsePoolUseResult,
    EclipseRechargeResult,
    EclipseRepResult,
    EclipseResultOptions,
    EclipseTask,
    EclipseTestResult,
    EclipseWeapon,
    SkillCategory,
)
from service.systems.eclipse.pools import Pool, SpecialUse
from service.systems.eclipse.rep import Favor, Network
from service.systems.eclipse.requests import (
    ALLOCATION_DESCRIPTION,
    MAX_ALLOCATION,
    MAX_HELPERS,
    MAX_MODIFIERS,
    MAX_SPENDS,
    SHORT_NEEDS_ALLOCATION,
    EclipseAllocation,
)
from service.systems.eclipse.rules import EclipseRules

CharacterId = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", description="A character id at this table.")
CharacterRef = Annotated[str, Field(min_length=1, max_length=40)]
MAX_CHARACTERS = 32
MAX_KEPT_TESTS = 8  # tests kept per character for after-roll pool points; older ones drop out

# -- setup ----------------------------------------------------------------------------------


class EclipseAptitudes(Model):
    cog: int = Field(ge=0, le=60)
    int_: int = Field(ge=0, le=60, alias="int")
    ref: int = Field(ge=0, le=60)
    sav: int = Field(ge=0, le=60)
    som: int = Field(ge=0, le=60)
    wil: int = Field(ge=0, le=60)


class EclipseSkillSpec(Model):
    name: str = Field(min_length=1, max_length=60, description="e.g. `Guns`, `Infosec`, `Know: Biology`.")
    rating: int = Field(ge=0, le=200, description="The skill rating, linked aptitude included (second-edition sheets).")
    aptitude: Aptitude | None = Field(None, description="Linked aptitude; defaults from the second-edition skill list.")
    category: SkillCategory | None = Field(None, description="Skill category; defaults from the skill list.")
    specialization: str | None = Field(None, min_length=1, max_length=80, description="Its one specialization (+10 where it applies).")


class EclipsePoolMaxima(Model):
    insight: int = Field(0, ge=0, le=40)
    moxie: int = Field(0, ge=0, le=40)
    vigor: int = Field(0, ge=0, le=40)
    flex: int = Field(0, ge=0, le=40)


class EclipseRepSpec(Model):
    network: Network
    score: int = Field(ge=0, le=99)


class EclipseArmor(Model):
    energy: int = Field(0, ge=0, le=200)
    kinetic: int = Field(0, ge=0, le=200)


class EclipseCharacterSpec(Model):
    id: str = CharacterId
    name: str = Field(min_length=1, max_length=80)
    player: str | None = Field(
        None, max_length=80, description="Seat name of the player who runs it; omit for a GM character. Players adding a character always own it."
    )
    aptitudes: EclipseAptitudes
    skills: list[EclipseSkillSpec] = Field(default_factory=list, max_length=80)
    pools: EclipsePoolMaxima = Field(default_factory=EclipsePoolMaxima, description="Pool maxima; pools start full.")
    rep: list[EclipseRepSpec] = Field(default_factory=list, max_length=7)
    armor: EclipseArmor = Field(default_factory=EclipseArmor)
    durability: int = Field(ge=1, le=1000)
    wound_threshold: int | None = Field(None, ge=1, le=200, description="Default: Durability ÷ 5, rounded up (second edition).")
    death_rating: int | None = Field(
        None, ge=1, le=2000, description="Default: Durability × 1.5 (biomorphs) or × 2 (`synthetic`), rounded up (second edition)."
    )
    synthetic: bool = False
    flat: bool = Field(False, description="A flat or biomorph without biomods: long recharges take 8 hours.")
    initiative: int = Field(ge=0, le=50, description="The Initiative score added to 1d6.")
    damage: int = Field(0, ge=0, le=5000)
    wounds: int = Field(0, ge=0, le=1000)
    traumas: int = Field(0, ge=0, le=1000)


class EclipseSetup(Model):
    rules: EclipseRules = Field(default_factory=EclipseRules)
    characters: list[EclipseCharacterSpec] = Field(default_factory=list, max_length=MAX_CHARACTERS)


class EclipseClock(Model):
    day: int
    minute: int = Field(description="Minute of the day, 0 (00:00) to 1439 (23:59).")
    time: str = Field(description="The same as text, e.g. `day 3, 14:05`.")
    week: int = Field(description="Day ÷ 7: weeks start on day 0, 7, 14…")
    arc: int
    resets: list[str] = Field(description="What the change of day, week or arc renewed.")


# -- tests ----------------------------------------------------------------------------------


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


class EclipseRepTestInSession(Model):
    character: str = CharacterId
    network: Network
    favor: Favor
    secrecy: int = Field(0, ge=0, le=60)
    burn_for_bonus: int = Field(0, ge=0, le=99)
    burn_for_extra_favor: bool = False
    retries: int = Field(0, ge=0, le=10)
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseRepInSessionResult(EclipseRepResult):
    character: str
    pools: EclipsePools


# -- combat ---------------------------------------------------------------------------------


class EclipseSessionAttacker(Model):
    character: str = CharacterId
    skill: str | None = Field(None, max_length=60, description="Default: `Guns` at range, `Melee` in melee.")
    specialization: bool = False
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseSessionDefender(Model):
    character: str = CharacterId
    defense: DefenseSkill | None = Field(None, description="Against melee: `fray` or `melee` (default: the higher).")
    modifiers: list[EclipseModifier] = Field(default_factory=list, max_length=MAX_MODIFIERS)
    pool_spends: list[EclipsePoolSpend] = Field(default_factory=list, max_length=MAX_SPENDS)


class EclipseActionRecord(Model):
    kind: str
    nature: str
    label: str


class EclipseTakeActionResult(Model):
    character: str
    turn: int
    actions: list[EclipseActionRecord] = Field(description="The character's actions this action turn, the new one last.")
    pattern: str = Field(description="The turn shape they fit: `complex-and-quick`, `task-and-quick` or `three-quick` (`+extra` per extra action used).")


class EclipseAttackInSession(Model):
    attack: AttackKind
    attacker: EclipseSessionAttacker
    defender: EclipseSessionDefender
    weapon: EclipseWeapon


class EclipseAttackInSessionResult(EclipseAttackResult):
    attacker_character: str
    defender_character: str
    action_turn: EclipseTakeActionResult | None = Field(
        description=(
            "The attacker's action turn with the attack counted in it (a `rules.attackAction` action, complex by "
            "default, of physical nature); null when no initiative order runs or the attacker is not in it."
        )
    )


class EclipseDamageInSession(Model):
    character: str = CharacterId
    weapon: EclipseWeapon


class EclipseDamageInSessionResult(EclipseDamageResult):
    character: str


class EclipseInitiativeInSession(Model):
    characters: list[CharacterRef] | None = Field(None, max_length=MAX_CHARACTERS, description="Who fights; default every character able to act.")


class EclipseTurnState(Model):
    turn: int
    order: list[EclipseInitiativeSlot]
    acting: str | None = Field(
        description=(
            "The character whose turn it is: only it may take actions, attack or hack (other seats get 409 "
            "`eclipse/out-of-turn`; the GM's seat may act for anyone). None once everyone has acted."
        )
    )
    finished: list[str] = Field(description="Characters whose actions this action turn are over.")


class EclipseFinishActions(Model):
    character: str = CharacterId


class EclipseTakeActionInSession(Model):
    character: str = CharacterId
    kind: ActionKind
    nature: Nature = "physical"
    label: str = Field("", max_length=80)


class EclipseNextTurn(Model):
    expected_turn: int | None = Field(None, ge=0, description="Refuse if the turn already moved on (two clients pressing at once).")


class EclipseEndCombat(Model):
    note: str = Field("", max_length=200)


class EclipseEndCombatResult(Model):
    ended: bool
    turns: int


class EclipseDelayInSession(Model):
    character: str = CharacterId
    count: int = Field(ge=-20, le=100, description="The later Initiative count to act at; it stays the character's count.")


# -- pools and time -------------------------------------------------------------------------


class EclipsePoolUseInSession(Model):
    character: str = CharacterId
    pool: Pool
    use: SpecialUse
    network: Network | None = Field(None, description="For `refresh-rep`.")
    favor: Favor | None = Field(None, description="For `refresh-rep`: `minor` or `moderate`.")


class EclipsePoolUseInSessionResult(EclipsePoolUseResult):
    character: str
    pools: EclipsePools


class EclipsePoolOngoingInSession(Model):
    character: str = CharacterId
    pool: Literal["insight", "moxie", "vigor"]
    aptitude: Aptitude
    points: Literal[1, 2] = Field(description="1 point: +5, 2 points: +10 to skill tests linked to the aptitude.")


class EclipseOngoingResult(Model):
    character: str
    pool: str
    aptitude: str
    bonus: int
    pools: EclipsePools


AdvanceClock = Field(
    False, description="GM only: the time this takes passes on the table's clock (rolling the day and week counters as `advance-time` does)."
)


class EclipseRechargeInSession(Model):
    model_config = ConfigDict(json_schema_extra=SHORT_NEEDS_ALLOCATION)

    character: str = CharacterId
    kind: Literal["short", "long"]
    allocation: list[EclipseAllocation] = Field(default_factory=list, max_length=MAX_ALLOCATION, description=ALLOCATION_DESCRIPTION)
    advance_clock: bool = AdvanceClock


class EclipseRechargeInSessionResult(EclipseRechargeResult):
    character: str
    at: str = Field(description="When the recharge started on the table's clock; it counts against the limits for 24 hours.")
    used_last_24_hours: int = Field(description="Recharges of this kind in the 24 hours up to now, this one included.")
    clock: EclipseClock | None = Field(None, description="The clock after the recharge, when `advanceClock` was asked.")


class EclipseAdvanceTime(Model):
    minutes: int = Field(0, ge=0, le=10080)
    hours: int = Field(0, ge=0, le=8760)
    days: int = Field(0, ge=0, le=365)
    weeks: int = Field(0, ge=0, le=52)
    new_arc: bool = Field(False, description="A new story arc begins: Major favors are available again.")


class EclipseAddCharacter(Model):
    character: EclipseCharacterSpec


class EclipseCharacterAdded(Model):
    id: str
    name: str
    player: str | None


# -- hacking --------------------------------------------------------------------------------


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


class EclipseEndIntrusion(Model):
    intrusion: str = Field(min_length=1, max_length=20)


class EclipseEndIntrusionResult(Model):
    intrusion: str
    ended: bool

