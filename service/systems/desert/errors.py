"""Every d e s e r t refusal: one stable code each (`desert/<rule>`), and its one entry in `CODES`.

In a session a code answers with its status here: 409 when the table's state forbids the action
(it may be allowed later), 422 when the rules never allow what was asked, 404 when it names
something the table does not have, 403 when a seat plays a character another seat holds.
A stateless call answers every one of them with 422. Raise sites never choose a status:
`raise refuse(CODE, detail)` reads it here.
"""

from __future__ import annotations

from typing import Any

from service.errors import Code, RuleViolation, refusal

# -- the data the table submits -------------------------------------------------------------
CONTROL_OUT_OF_RANGE = "desert/control-out-of-range"
DISTRICT_TYPE_OUT_OF_RANGE = "desert/district-type-out-of-range"
UNKNOWN_CATEGORY = "desert/unknown-category"
BAG_NOT_SIX = "desert/bag-not-six-tokens"
DUPLICATE_ID = "desert/duplicate-id"
SCREEN_SOURCE = "desert/screen-source"
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
NO_HELD_CHARACTER = "desert/no-held-character"
NOT_HELD = "desert/character-not-held"
ALREADY_HELD = "desert/character-already-held"
NOT_YOUR_CHARACTER = "desert/not-your-character"

# -- the player screen and the security log ------------------------------------------------
NOT_PLACED = "desert/character-not-placed"
NOTHING_TO_BYPASS = "desert/nothing-to-bypass"
NOT_A_HACKER = "desert/not-a-hacker"
CANNOT_EDIT_ENTRY = "desert/cannot-edit-entry"
NOT_A_FREE_CATEGORY = "desert/not-a-free-category"

# -- reactions and movement ----------------------------------------------------------------
STATEMENT_MISSING = "desert/statement-missing"
CHOICE_PENDING = "desert/reaction-choice-pending"
NO_CHOICE_PENDING = "desert/no-reaction-choice-pending"
REACTION_REQUIRED = "desert/reaction-required-before-moving"
ALREADY_THERE = "desert/already-there"
CONTROL_TOKENS_MISSING = "desert/control-tokens-missing"
AUTOMATIC_TOKEN_MISSING = "desert/automatic-token-missing"

# -- encounters ----------------------------------------------------------------------------
ENCOUNTER_ALREADY_ROLLED = "desert/encounter-already-rolled"
ENCOUNTER_ALREADY_HAPPENED = "desert/encounter-already-happened"

# -- memory logs and consequences ----------------------------------------------------------
CONSENT_MISSING = "desert/consent-missing"
AUDIENCE_MISSING = "desert/audience-missing"
LOG_NOT_COMPILED = "desert/security-log-not-compiled"
NOT_IN_LOG = "desert/not-in-memory-log"
LOG_FULL = "desert/security-log-full"
TABLE_FULL = "desert/table-full"

CODES: dict[str, Code] = {
    CONTROL_OUT_OF_RANGE: Code(
        422,
        "A control value runs from 0 to 6",
        "A building or district is never more controlled than 6.",
    ),
    DISTRICT_TYPE_OUT_OF_RANGE: Code(
        422,
        "A district type runs from 1 to 6",
        "The type counts the watched categories, of six.",
    ),
    UNKNOWN_CATEGORY: Code(
        422,
        "Not a security category",
        "The six are tracking, access, network, audio, video and neuro.",
    ),
    BAG_NOT_SIX: Code(
        422,
        "A draw holds exactly six tokens",
        "A seventh token, or too few (none is allowed at control 6).",
    ),
    DUPLICATE_ID: Code(
        422,
        "That id is taken",
        "Two sections of one building share a number, two things share an id, or the id is already at the "
        "table (nothing ever leaves it, so the id stays taken).",
    ),
    SCREEN_SOURCE: Code(
        422,
        "Name one source",
        "A stateless screen or encounter takes a district type or a section (a table), not both.",
    ),
    LOCATION_SHAPE: Code(
        422,
        "A location is a district or a building section",
        "Name a district, or a building with a section number.",
    ),
    UNKNOWN_CHARACTER: Code(404, "No such character at this table"),
    UNKNOWN_BUILDING: Code(404, "No such building at this table"),
    UNKNOWN_SECTION: Code(404, "The building has no such section"),
    UNKNOWN_DISTRICT: Code(404, "No such district at this table"),
    UNKNOWN_SECURITY_LOG: Code(
        404,
        "No such security log",
        "Old logs no character is at are dropped past rules.maxSecurityLogs.",
    ),
    UNKNOWN_LOG_ENTRY: Code(404, "The security log has no such entry"),
    UNKNOWN_MEMORY_LOG: Code(404, "No such memory log"),
    UNKNOWN_CONSEQUENCE: Code(404, "No such consequence card"),
    NO_HELD_CHARACTER: Code(409, "This seat holds no character", "Hold one, or name the character."),
    NOT_HELD: Code(
        409,
        "The character is not held",
        "Only held characters get reactions and consequence cards, and move on the screen.",
    ),
    ALREADY_HELD: Code(409, "The character is already held", "Every character is held by one seat at most."),
    NOT_YOUR_CHARACTER: Code(
        403,
        "Another seat holds that character",
        "Only the holding seat plays it (rules.onlyHolderActs).",
    ),
    NOT_PLACED: Code(409, "The character is nowhere yet", "Move it to a section or district first."),
    NOTHING_TO_BYPASS: Code(
        409,
        "No blue control token left to replace",
        "A bypass or a strike turns one blue token of the category red.",
    ),
    NOT_A_HACKER: Code(
        409,
        "The character is not a hacker",
        "Only a character marked as a hacker edits security logs.",
    ),
    CANNOT_EDIT_ENTRY: Code(
        422,
        "That entry cannot be edited so",
        "A strike or a rewrite needs a standing statement (never a bypass, never a struck one), and a rewrite its new text.",
    ),
    NOT_A_FREE_CATEGORY: Code(
        422,
        "The category is watched",
        "Only a free category takes a volunteered statement; a watched one requires it.",
    ),
    STATEMENT_MISSING: Code(
        409,
        "A required statement is missing",
        "Every watched category needs a statement (or a bypass) before the draw (rules.requireStatements).",
    ),
    CHOICE_PENDING: Code(
        409,
        "A blue token waits for its side",
        "Choose positive or negative first (choose-reaction).",
    ),
    NO_CHOICE_PENDING: Code(409, "No blue token waits for a side"),
    REACTION_REQUIRED: Code(
        409,
        "The reaction here is not drawn yet",
        "A character leaves a section or district only after its building or district reaction.",
    ),
    ALREADY_THERE: Code(409, "The character is already there"),
    CONTROL_TOKENS_MISSING: Code(
        422,
        "The control value's tokens are missing",
        "At control N the draw needs N tokens of the controlled type (rules.personalControlCount).",
    ),
    AUTOMATIC_TOKEN_MISSING: Code(
        422,
        "The approach's automatic token is missing",
        "A brand, 'violent', a role's attitude, 'obsessive' or 'pleading' belongs in the draw.",
    ),
    ENCOUNTER_ALREADY_ROLLED: Code(
        409,
        "The encounter roll is made",
        "A district rolls once a day, a building section once a stay.",
    ),
    ENCOUNTER_ALREADY_HAPPENED: Code(
        409,
        "An encounter already took place in this stay",
        "A building's table is rolled until one takes place.",
    ),
    CONSENT_MISSING: Code(
        409,
        "Someone in the memory log has not consented",
        "Limited and public memory logs need everyone else's recorded consent.",
    ),
    AUDIENCE_MISSING: Code(422, "A limited memory log names its audience"),
    LOG_NOT_COMPILED: Code(
        409,
        "The security log is not compiled",
        "It becomes a memory log once a building reaction was drawn for it.",
    ),
    NOT_IN_LOG: Code(409, "The character is not in that memory log", "Consent comes from those who show up in it."),
    LOG_FULL: Code(409, "The security log is full", "A security log holds at most 40 statements and bypasses."),
    TABLE_FULL: Code(
        409,
        "The table holds no more of these",
        "Characters, buildings, districts, memory logs and consequence cards each have a cap.",
    ),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code`, with its status and title from `CODES`; callers `raise refuse(...)`."""
    return refusal(CODES, code, detail, **extra)


def table_full(what: str, limit: int) -> RuleViolation:
    return refuse(TABLE_FULL, f"a session holds at most {limit} {what}")
