"""Every Eclipse Phase rule refusal in one table: code -> the status a session answers with, a title, why.

404 when a named thing is not at the table; 409 when the table's state forbids the action (an
empty pool, a spent favor, another character's turn); 422 when the rules never allow what was
asked; 403 when a seat reaches for a character or a power that is not its own. A stateless call
carries its whole situation in the body, so there the registry answers every refusal with 422.
"""

from __future__ import annotations

from typing import Any

from service.errors import Code, RuleViolation, refusal

UNKNOWN_CHARACTER = "eclipse/unknown-character"
DUPLICATE_CHARACTER = "eclipse/duplicate-character"
TABLE_FULL = "eclipse/table-full"
DUPLICATE_ENTRY = "eclipse/duplicate-entry"
INVALID_SHEET = "eclipse/invalid-sheet"
UNKNOWN_SKILL = "eclipse/unknown-skill"
SKILL_NEEDS_APTITUDE = "eclipse/skill-needs-aptitude"
NO_SPECIALIZATION = "eclipse/no-specialization"
TEST_SUBJECT = "eclipse/test-subject"
DUPLICATE_HELPER = "eclipse/duplicate-helper"
SELF_HELP = "eclipse/self-help"
TOO_MANY_POOL_POINTS = "eclipse/too-many-pool-points"
ONE_POOL_POINT_PER_TEST = "eclipse/one-pool-point-per-test"
POOL_NOT_LINKED = "eclipse/pool-not-linked"
POOL_EMPTY = "eclipse/pool-empty"
POOL_USE_HAS_NO_EFFECT = "eclipse/pool-use-has-no-effect"
NO_TEST_TO_CHANGE = "eclipse/no-test-to-change"
UNKNOWN_TEST = "eclipse/unknown-test"
NOT_THIS_CHARACTERS_TEST = "eclipse/not-this-characters-test"
SUPERIOR_CHOICE = "eclipse/superior-choice-not-applicable"
TASK_TIMING = "eclipse/task-timing"
RECHARGE_LIMIT = "eclipse/recharge-limit"
RECHARGE_ALLOCATION = "eclipse/recharge-allocation"
FAVOR_LIMIT = "eclipse/favor-limit-reached"
REP_TOO_LOW = "eclipse/rep-too-low"
FAVOR_REFRESH = "eclipse/favor-refresh"
NO_FAVOR_TO_REFRESH = "eclipse/no-favor-to-refresh"
UNKNOWN_NETWORK = "eclipse/unknown-network"
ACTION_BUDGET = "eclipse/action-budget-exceeded"
NOT_IN_COMBAT = "eclipse/not-in-combat"
OUT_OF_TURN = "eclipse/out-of-turn"
DELAY_COUNT = "eclipse/delay-count"
CANNOT_ACT = "eclipse/cannot-act"
UNKNOWN_INTRUSION = "eclipse/unknown-intrusion"
NOT_THIS_HACKERS_INTRUSION = "eclipse/not-this-hackers-intrusion"
NOT_YOUR_CHARACTER = "eclipse/not-your-character"
GM_ONLY = "eclipse/gm-only"
HEAL = "eclipse/heal"
DEAD_CANNOT_BE_HEALED = "eclipse/dead-cannot-be-healed"
EDIT_NOTHING = "eclipse/edit-nothing"
TIME_STEP = "eclipse/time-step"

CODES: dict[str, Code] = {
    UNKNOWN_CHARACTER: Code(404, "No such character at the table", "A character id must name a character at this table."),
    DUPLICATE_CHARACTER: Code(409, "The character is already at the table", "Each character id is used once per table."),
    TABLE_FULL: Code(409, "The table is full", "A table holds at most 32 characters and 64 intrusions at once."),
    DUPLICATE_ENTRY: Code(
        422, "An entry is listed twice", "A skill or rep network on one sheet, a character in a setup or in an initiative list, counts once."
    ),
    INVALID_SHEET: Code(422, "The sheet contradicts itself", "A Death Rating is never below the Durability."),
    UNKNOWN_SKILL: Code(422, "No such skill", "A skill outside the skill list needs its linked aptitude to default on; a removed skill must be there."),
    SKILL_NEEDS_APTITUDE: Code(422, "The skill needs its linked aptitude", "A skill that is not on the skill list names its linked aptitude."),
    NO_SPECIALIZATION: Code(422, "No such specialization", "The +10 of a specialization needs the skill to have one."),
    TEST_SUBJECT: Code(
        422, "The test does not say what it tests", "A test names a skill or an aptitude check, an opposed test two characters, a hack its target."
    ),
    DUPLICATE_HELPER: Code(422, "A helper is listed twice", "Each helper counts once."),
    SELF_HELP: Code(422, "A character cannot help itself", "Teamwork is other characters helping."),
    TOO_MANY_POOL_POINTS: Code(
        422, "More pool points than a test takes", "A test takes one pool point (`rules.poolPointsPerTest`), however many are offered."
    ),
    ONE_POOL_POINT_PER_TEST: Code(
        409, "The test has taken its pool point", "A test that already took its pool point (`rules.poolPointsPerTest`) takes no more after the roll."
    ),
    POOL_NOT_LINKED: Code(
        422, "The pool does not serve that", "Insight serves COG/INT, Moxie SAV/WIL (and rep), Vigor REF/SOM, Flex anything; each pool has its own uses."
    ),
    POOL_EMPTY: Code(409, "Not enough points in the pool", "A pool spends only the points it holds, until the next recharge."),
    POOL_USE_HAS_NO_EFFECT: Code(409, "The pool point would change nothing", "A pool point is spent only where it improves the result."),
    NO_TEST_TO_CHANGE: Code(409, "No test to change", "A pool point after the roll needs a test of that character to act on."),
    UNKNOWN_TEST: Code(404, "No such kept test", "The table keeps the last 8 tests of each character."),
    NOT_THIS_CHARACTERS_TEST: Code(422, "Another character's test", "A character spends its pool points on its own tests."),
    SUPERIOR_CHOICE: Code(
        422, "The superior-result choice does not fit the test", "Time applies to tasks only; damage is a superior-success choice only."
    ),
    TASK_TIMING: Code(422, "A task cannot be slow and rushed", "A task takes extra time or is rushed, not both."),
    RECHARGE_LIMIT: Code(409, "No recharge left in these 24 hours", "2 short and 1 long recharge per 24 hours of the table's clock (`rules`)."),
    RECHARGE_ALLOCATION: Code(422, "The short recharge does not say where its points go", "The player places a short recharge's 1d6 points."),
    FAVOR_LIMIT: Code(
        409, "The favor limit is reached", "Minor 3 and Moderate 1 a week, Major 1 a story arc, per network, unless rep is burnt for one more."
    ),
    REP_TOO_LOW: Code(409, "Not enough rep to burn", "Burning rep spends points the score holds."),
    FAVOR_REFRESH: Code(422, "That favor cannot be refreshed", "Moxie refreshes a Minor (1 point) or Moderate (2 points) favor of a named network."),
    NO_FAVOR_TO_REFRESH: Code(409, "No favor of that size to refresh", "A refreshed favor is one used this week."),
    UNKNOWN_NETWORK: Code(422, "No score in that network", "A rep test or a favor refresh names a network on the character's sheet."),
    ACTION_BUDGET: Code(
        409, "The action does not fit the action turn", "A turn holds 1 complex + 1 quick, 1 task + 1 quick, or 3 quick actions, extra actions on top."
    ),
    NOT_IN_COMBAT: Code(409, "No combat to act in", "Combat actions need a running initiative order with the character in it."),
    OUT_OF_TURN: Code(409, "Not this character's turn", "While an initiative order runs, characters act in it; the GM's seat acts for anyone."),
    DELAY_COUNT: Code(422, "A delay goes to a later count", "Delaying moves a character to a lower Initiative count than its own."),
    CANNOT_ACT: Code(409, "The character cannot act", "Incapacitated and dead characters do not act."),
    UNKNOWN_INTRUSION: Code(404, "No such intrusion", "An intrusion id names an intrusion under way at the table."),
    NOT_THIS_HACKERS_INTRUSION: Code(409, "Another hacker's intrusion", "A hacker escalates its own intrusion."),
    NOT_YOUR_CHARACTER: Code(403, "Not this seat's character", "A player runs the characters marked as theirs; the GM runs every one."),
    GM_ONLY: Code(403, "Only the GM may do this", "Moving the clock, healing and editing sheets are the GM's."),
    HEAL: Code(422, "Healing by nothing", "A heal removes some damage or wounds."),
    DEAD_CANNOT_BE_HEALED: Code(409, "The dead are not healed", "A dead morph stays dead; edit the sheet for a new morph."),
    EDIT_NOTHING: Code(422, "The edit changes nothing", "An edit changes at least one field of the sheet."),
    TIME_STEP: Code(422, "The clock does not move", "Time passes by some minutes, hours, days or weeks, a new arc, or a described task."),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code` with the status and title of the table; `raise refuse(...)`."""
    return refusal(CODES, code, detail, **extra)
