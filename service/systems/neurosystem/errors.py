"""Every NeuroSystem rule refusal: one constant per code, and one table of what each means.

`CODES[code]` is the status a session answers with, a title, and why. A rule raises
`refuse(CODE, detail)` and never chooses a status; a stateless call answers every one with 422.
In a session: 409 when the table's state forbids the action (it may succeed later), 422 when
the rules never allow what was asked, 404 when it names something the table does not hold.
"""

from __future__ import annotations

from typing import Any

from service.errors import Code, RuleViolation, refusal

UNKNOWN_DIE_SIZE = "neurosystem/unknown-die-size"
INVALID_CHECK = "neurosystem/invalid-check"
CONFLICTING_FIELDS = "neurosystem/conflicting-fields"
UNKNOWN_CHARACTER = "neurosystem/unknown-character"
UNKNOWN_NC = "neurosystem/unknown-nc"
UNKNOWN_CHECK = "neurosystem/unknown-check"
UNKNOWN_STAT = "neurosystem/unknown-stat"
AMBIGUOUS_STAT = "neurosystem/ambiguous-stat"
DUPLICATE_ID = "neurosystem/duplicate-id"
TABLE_FULL = "neurosystem/table-full"
CHECK_ALREADY_APPLIED = "neurosystem/check-already-applied"
NOT_ENOUGH_LUCK = "neurosystem/not-enough-luck"
NOT_ENOUGH_RESOLVE = "neurosystem/not-enough-resolve"
ALREADY_PUSHED = "neurosystem/already-pushed"
RESOLVE_LIMIT = "neurosystem/resolve-limit"
NO_BAD_SHIT = "neurosystem/no-bad-shit"
ALREADY_PUSHED_THROUGH = "neurosystem/already-pushed-through"
FLAT_CHECK_NO_LUCK = "neurosystem/flat-check-no-luck"
FLAT_CHECK_NO_PUSH = "neurosystem/flat-check-no-push"
UNKNOWN_DIE = "neurosystem/unknown-die"
DUPLICATE_DIE = "neurosystem/duplicate-die"
CHARACTER_DEAD = "neurosystem/character-dead"
ATTACK_TYPE_NEEDED = "neurosystem/attack-type-needed"
NO_INCOMING_DAMAGE = "neurosystem/no-incoming-damage"
NOT_DYING = "neurosystem/not-dying"
ALREADY_MEASURED = "neurosystem/already-measured"
STATE_ALREADY_HELD = "neurosystem/state-already-held"
DUPLICATE_STATE = "neurosystem/duplicate-state"
STATE_NOT_HELD = "neurosystem/state-not-held"
DAMAGE_NEEDS_DAMAGE_RULES = "neurosystem/damage-needs-damage-rules"
RESOLVE_ABOVE_MAX = "neurosystem/resolve-above-max"
ALREADY_IN_CYBERSPACE = "neurosystem/already-in-cyberspace"
NOT_IN_CYBERSPACE = "neurosystem/not-in-cyberspace"
LUCK_DICE_LIMIT = "neurosystem/luck-dice-limit"
DUPLICATE_STAT = "neurosystem/duplicate-stat"
STK_CHECK_NEEDED = "neurosystem/stk-check-needed"
MEASURE_LIMIT = "neurosystem/measure-limit"

CODES: dict[str, Code] = {
    UNKNOWN_DIE_SIZE: Code(422, "Not a NeuroSystem die rating", "Stats are rated d4, d6, d8, d10 or d12; nothing else."),
    INVALID_CHECK: Code(
        422,
        "The check record is not one the rules could produce",
        "A stateless follow-up (Luck, push, push-through) acts on the record an earlier answer gave: a face above "
        "its die, dice missing or misnumbered, or a push that never happened cannot be acted on.",
    ),
    CONFLICTING_FIELDS: Code(
        422, "Fields that exclude each other", "Two fields that exclude each other were both given, or neither of two one of which is needed."
    ),
    UNKNOWN_CHARACTER: Code(404, "No such character", "No character with that id sits at the table."),
    UNKNOWN_NC: Code(404, "No such NC", "No narrator character with that id is at the table."),
    UNKNOWN_CHECK: Code(404, "No such check", "No check with that id was made in this session."),
    UNKNOWN_STAT: Code(422, "No such stat", "The character or NC has no stat by that name (or, for a measure, no such value)."),
    AMBIGUOUS_STAT: Code(422, "Name the stat to roll", "The character has several stats of that category and none was named."),
    DUPLICATE_ID: Code(409, "The id is taken", "Characters and NCs at one table each have their own id."),
    TABLE_FULL: Code(
        409,
        "The table is full",
        "A service limit: at most 20 characters, 50 NCs and 50 open checks, 40 negative states besides damage per "
        "character, and counters up to 1,000,000.",
    ),
    CHECK_ALREADY_APPLIED: Code(
        409, "The check was applied", "An applied check (or one a scene end closed) takes no more Luck, pushes or applies."
    ),
    NOT_ENOUGH_LUCK: Code(409, "Not enough Luck", "The group's Luck pool never goes below zero."),
    NOT_ENOUGH_RESOLVE: Code(409, "No Resolve left", "Pushing, pushing through and winning a Death Measure cost 1 Resolve."),
    ALREADY_PUSHED: Code(409, "The check was pushed", "A check is pushed at most once."),
    RESOLVE_LIMIT: Code(
        409,
        "Only 1 Resolve per STK Check",
        "Under the `resolveLimit` rule `one-per-check` (the default) a pushed check cannot also be pushed through, nor a "
        "pushed-through check pushed.",
    ),
    NO_BAD_SHIT: Code(409, "No bad shit to push through", "Pushing through needs a stat die at or below the negative states carried."),
    ALREADY_PUSHED_THROUGH: Code(409, "The check was pushed through", "A check's bad shit is pushed through once."),
    FLAT_CHECK_NO_LUCK: Code(422, "Flat Checks take no Luck", "Luck adds d8s to STK Checks only."),
    FLAT_CHECK_NO_PUSH: Code(422, "Flat Checks cannot be pushed", "Only an STK Check is pushed; a Flat Check may be pushed through."),
    UNKNOWN_DIE: Code(422, "No such die on the check", "A push rerolls one, two or three of the check's own dice."),
    DUPLICATE_DIE: Code(422, "A die named twice", "A push names each die it rerolls once."),
    CHARACTER_DEAD: Code(409, "The character is dead", "Dead or destroyed characters make no more checks."),
    ATTACK_TYPE_NEEDED: Code(
        422, "Name the attack's type", "Protection counts only against the attack types it lists, so an attack on a protected target needs one."
    ),
    NO_INCOMING_DAMAGE: Code(
        422, "No incoming damage", "A defence needs the incoming damage category, given or taken from the attacking NC's standard damage."
    ),
    NOT_DYING: Code(409, "Not dying", "Death Measures are for dying or shutting-down characters."),
    ALREADY_MEASURED: Code(409, "Already measured this scene", "A dying character makes one Death Measure per scene."),
    STATE_ALREADY_HELD: Code(409, "The state is already held", "Each negative state is carried once."),
    DUPLICATE_STATE: Code(422, "A negative state listed twice", "A character's negative states list each state once."),
    STATE_NOT_HELD: Code(409, "The state is not held", "Only a negative state the character carries can be cured."),
    DAMAGE_NEEDS_DAMAGE_RULES: Code(
        422, "Damage comes through damage", "Damage categories follow the holding rule: take-damage or defend gives them, not add-negative-state."
    ),
    RESOLVE_ABOVE_MAX: Code(422, "Resolve above its maximum", "A character's Resolve is never above its maximum."),
    ALREADY_IN_CYBERSPACE: Code(409, "Already in that space", "Entering AVI or VRI where the character already is."),
    NOT_IN_CYBERSPACE: Code(409, "Not in AVI or VRI", "Leaving cyberspace needs the character to be in it."),
    LUCK_DICE_LIMIT: Code(422, "Too many Luck dice", "A service limit: one check carries at most 100 Luck dice."),
    DUPLICATE_STAT: Code(422, "A stat listed twice", "A character or NC lists each of its stats once."),
    STK_CHECK_NEEDED: Code(422, "An STK Check is needed", "Attacks and defences read an STK total, not a Flat Check."),
    MEASURE_LIMIT: Code(422, "Too many measure dice", "A service limit: a measure rolls at most 100 dice."),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code` with its table's status and title: `raise refuse(CODE, detail)`."""
    return refusal(CODES, code, detail, **extra)
