"""Stable codes of the Eclipse Phase rule refusals, one constant per rule.

Each is raised as `RuleViolation(code, detail, status=...)`: 404 when a named thing does
not exist, 409 when the table's state forbids the action (an empty pool, a spent favor),
422 when the request itself asks for something the rules do not allow. A stateless call
carries its whole situation in the body, so there every refusal is a 422.
"""

from __future__ import annotations

# A character id that is not at the table (404).
UNKNOWN_CHARACTER = "eclipse/unknown-character"
# A character id given twice when adding characters (409).
DUPLICATE_CHARACTER = "eclipse/duplicate-character"
# A table already holding its maximum of characters (409).
TABLE_FULL = "eclipse/table-full"
# A skill or rep network listed twice on one sheet (422).
DUPLICATE_ENTRY = "eclipse/duplicate-entry"
# A sheet whose numbers contradict each other (death rating below durability) (422).
INVALID_SHEET = "eclipse/invalid-sheet"
# A skill the character does not have and may not default on (422).
UNKNOWN_SKILL = "eclipse/unknown-skill"
# A skill name with no built-in linked aptitude and none given (422).
SKILL_NEEDS_APTITUDE = "eclipse/skill-needs-aptitude"
# The specialization bonus asked for a skill that has no specialization (422).
NO_SPECIALIZATION = "eclipse/no-specialization"
# A test names both a skill and an aptitude, or neither (422).
TEST_SUBJECT = "eclipse/test-subject"
# The same helper listed twice (422).
DUPLICATE_HELPER = "eclipse/duplicate-helper"
# A character helping itself (422).
SELF_HELP = "eclipse/self-help"
# More pool points on one test than the rules allow (422 in a request, 409 on a test already boosted).
ONE_POOL_POINT_PER_TEST = "eclipse/one-pool-point-per-test"
# A pool used on a test whose aptitude it is not linked to, or for a use it does not offer (422).
POOL_NOT_LINKED = "eclipse/pool-not-linked"
# Spending more pool points than the pool holds (409).
POOL_EMPTY = "eclipse/pool-empty"
# An after-roll pool use that would not change the result (409).
POOL_USE_HAS_NO_EFFECT = "eclipse/pool-use-has-no-effect"
# An after-roll pool use with no test of that character to act on (409).
NO_TEST_TO_CHANGE = "eclipse/no-test-to-change"
# A test id that is not among the character's kept tests (404).
UNKNOWN_TEST = "eclipse/unknown-test"
# A test id kept for another character than the one spending the pool point (422).
NOT_THIS_CHARACTERS_TEST = "eclipse/not-this-characters-test"
# A superior-result choice that does not fit the test (time without a task, damage on a failure) (422).
SUPERIOR_CHOICE = "eclipse/superior-choice-not-applicable"
# Taking extra time and rushing the same task (422).
TASK_TIMING = "eclipse/task-timing"
# A third short recharge (or second long one) in the same day (409).
RECHARGE_LIMIT = "eclipse/recharge-limit"
# A short recharge that does not say where its points go (422).
RECHARGE_ALLOCATION = "eclipse/recharge-allocation"
# A favor beyond its weekly or story-arc limit, without burning rep for it (409).
FAVOR_LIMIT = "eclipse/favor-limit-reached"
# Burning more rep than the score holds (409).
REP_TOO_LOW = "eclipse/rep-too-low"
# Refreshing a Major favor, or a favor that was not used (422 / 409).
FAVOR_REFRESH = "eclipse/favor-refresh"
# A character with no score in the named rep network (422).
UNKNOWN_NETWORK = "eclipse/unknown-network"
# An action that does not fit in the character's action turn (409).
ACTION_BUDGET = "eclipse/action-budget-exceeded"
# A combat action with no combat running, or a character outside the initiative order (409).
NOT_IN_COMBAT = "eclipse/not-in-combat"
# Acting in a running action turn when it is another character's turn (409).
OUT_OF_TURN = "eclipse/out-of-turn"
# Delaying to an Initiative count that is not later than the current one (422).
DELAY_COUNT = "eclipse/delay-count"
# An incapacitated or dead character trying to act (409).
CANNOT_ACT = "eclipse/cannot-act"
# An intrusion id that does not exist (404).
UNKNOWN_INTRUSION = "eclipse/unknown-intrusion"
# A GM-only action attempted by a player, or a player acting for a character not theirs (403).
NOT_YOUR_CHARACTER = "eclipse/not-your-character"
GM_ONLY = "eclipse/gm-only"
# Healing a dead character, or healing by nothing (409 / 422).
HEAL = "eclipse/heal"
# An edit-character request that changes nothing (422).
EDIT_NOTHING = "eclipse/edit-nothing"
# Advancing time by nothing (422).
TIME_STEP = "eclipse/time-step"
