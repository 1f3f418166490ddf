"""Stable codes of every refusal in d e s e r t, one constant per rule.

A refusal is raised as `RuleViolation(code, detail, status=...)`: 409 when the table's
state forbids the action, 422 when the request itself breaks a rule, 404 when it names
something the table does not have, 403 when a seat acts for a character it does not hold.
"""

from __future__ import annotations

# -- the data the table submits -------------------------------------------------------------
# A control value outside 0-6 (a building or district can never be more controlled than 6).
CONTROL_OUT_OF_RANGE = "desert/control-out-of-range"
# A district type outside 1-6.
DISTRICT_TYPE_OUT_OF_RANGE = "desert/district-type-out-of-range"
# A security category that is not one of the six (Tracking … Neuro).
UNKNOWN_CATEGORY = "desert/unknown-category"
# A token draw that does not hold exactly six tokens (a seventh, or too few).
BAG_NOT_SIX = "desert/bag-not-six-tokens"
# Two sections of one building share a number, or two things share an id.
DUPLICATE_ID = "desert/duplicate-id"
# A stateless player screen needs exactly one of a district type or a section's checkboxes.
SCREEN_SOURCE = "desert/screen-source"
# A location names neither a district nor a building section, or both.
LOCATION_SHAPE = "desert/location-shape"

# -- lookups -------------------------------------------------------------------------------
UNKNOWN_CHARACTER = "desert/unknown-character"
UNKNOWN_BUILDING = "desert/unknown-building"
UNKNOWN_SECTION = "desert/unknown-section"
UNKNOWN_DISTRICT = "desert/unknown-district"
UNKNOWN_SECURITY_LOG = "desert/unknown-security-log"
UNKNOWN_LOG_ENTRY = "desert/unknown-log-entry"
UNKNOWN_MEMORY_LOG = "desert/unknown-memory-log"
UNKNOWN_CONSEQUENCE = "desert/unknown-consequence"

# -- held characters -----------------------------------------------------------------------
# The seat holds no character and named none.
NO_HELD_CHARACTER = "desert/no-held-character"
# Only held characters get reactions and move on the screen.
NOT_HELD = "desert/character-not-held"
# Another seat already holds that character.
ALREADY_HELD = "desert/character-already-held"
# A seat acts as a character another seat holds (see rules.onlyHolderActs).
NOT_YOUR_CHARACTER = "desert/not-your-character"

# -- the player screen and the security log ------------------------------------------------
# The character is at no location yet: it must move somewhere first.
NOT_PLACED = "desert/character-not-placed"
# A bypass or a strike needs a blue control token left in that category.
NOTHING_TO_BYPASS = "desert/nothing-to-bypass"
# Only a character marked as a hacker may edit a security log.
NOT_A_HACKER = "desert/not-a-hacker"
# A strike needs a standing statement; an edit needs new text.
CANNOT_EDIT_ENTRY = "desert/cannot-edit-entry"
# A stateless draw says the character volunteered in a category that holds a blue token.
NOT_A_FREE_CATEGORY = "desert/not-a-free-category"

# -- reactions and movement ----------------------------------------------------------------
# A building reaction draw while a required statement is still missing (rules.requireStatements).
STATEMENT_MISSING = "desert/statement-missing"
# A blue token came up and the table has not chosen positive or negative yet.
CHOICE_PENDING = "desert/reaction-choice-pending"
# There is no blue token waiting for the table's choice.
NO_CHOICE_PENDING = "desert/no-reaction-choice-pending"
# Leaving a section or district before its building/district reaction has been drawn.
REACTION_REQUIRED = "desert/reaction-required-before-moving"
# Moving to where the character already is.
ALREADY_THERE = "desert/already-there"
# A personal draw without the tokens the location's control value demands.
CONTROL_TOKENS_MISSING = "desert/control-tokens-missing"
# A personal draw without a token the character's approach grants automatically.
AUTOMATIC_TOKEN_MISSING = "desert/automatic-token-missing"

# -- encounters ----------------------------------------------------------------------------
# The district's daily roll, or this section's roll, has already been made.
ENCOUNTER_ALREADY_ROLLED = "desert/encounter-already-rolled"
# A building encounter already happened during this stay: its table is no longer rolled.
ENCOUNTER_ALREADY_HAPPENED = "desert/encounter-already-happened"

# -- memory logs and consequences ----------------------------------------------------------
# A limited or public memory log without the recorded consent of everyone else in it.
CONSENT_MISSING = "desert/consent-missing"
# A limited memory log names nobody who may see it.
AUDIENCE_MISSING = "desert/audience-missing"
# Only a compiled security log (one a building reaction was drawn for) can become a memory log.
LOG_NOT_COMPILED = "desert/security-log-not-compiled"
# Consent comes from characters who show up in the memory log.
NOT_IN_LOG = "desert/not-in-memory-log"
# A security log entry holds at most this many statements and bypasses.
LOG_FULL = "desert/security-log-full"
# The session holds as many of these as it may.
TABLE_FULL = "desert/table-full"
