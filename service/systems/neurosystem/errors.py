"""Stable codes of every NeuroSystem rule refusal, one constant per code.

Each is raised as `RuleViolation(code, detail, status=...)`; the REST layer renders it as
problem+json with `type` `/problems/{code}`, GraphQL puts it in `extensions.code`.
"""

from __future__ import annotations

# A die rating other than d4, d6, d8, d10 or d12 (422).
UNKNOWN_DIE_SIZE = "neurosystem/unknown-die-size"
# A check record sent to a stateless follow-up (Luck, push, push-through) is inconsistent (422).
INVALID_CHECK = "neurosystem/invalid-check"
# Two fields that exclude each other were both given, or a needed one is missing (422).
CONFLICTING_FIELDS = "neurosystem/conflicting-fields"

# No character / NC / open or past check with that id in the session (404).
UNKNOWN_CHARACTER = "neurosystem/unknown-character"
UNKNOWN_NC = "neurosystem/unknown-nc"
UNKNOWN_CHECK = "neurosystem/unknown-check"
# The character or NC has no stat by that name, or several and none was named (422).
UNKNOWN_STAT = "neurosystem/unknown-stat"
AMBIGUOUS_STAT = "neurosystem/ambiguous-stat"
# An id is already taken at the table (409).
DUPLICATE_ID = "neurosystem/duplicate-id"
# The table is full: characters, NCs or open checks (409).
TABLE_FULL = "neurosystem/table-full"

# The check was already applied (or closed by a scene end); it takes no more actions (409).
CHECK_ALREADY_APPLIED = "neurosystem/check-already-applied"
# The group's Luck pool cannot pay for the Luck asked (409).
NOT_ENOUGH_LUCK = "neurosystem/not-enough-luck"
# The character has no Resolve left to spend (409).
NOT_ENOUGH_RESOLVE = "neurosystem/not-enough-resolve"
# A check is pushed at most once (409).
ALREADY_PUSHED = "neurosystem/already-pushed"
# Only one Resolve may be spent on an STK Check; see the `resolveLimit` rule (409).
RESOLVE_LIMIT = "neurosystem/resolve-limit"
# Pushing through needs bad shit on the dice, and happens once per check (409).
NO_BAD_SHIT = "neurosystem/no-bad-shit"
ALREADY_PUSHED_THROUGH = "neurosystem/already-pushed-through"
# Flat Checks take no Luck and cannot be pushed (422).
FLAT_CHECK_NO_LUCK = "neurosystem/flat-check-no-luck"
FLAT_CHECK_NO_PUSH = "neurosystem/flat-check-no-push"
# A push names a die the check does not have, or the same die twice (422).
UNKNOWN_DIE = "neurosystem/unknown-die"
DUPLICATE_DIE = "neurosystem/duplicate-die"
# Dead or destroyed characters make no checks (409).
CHARACTER_DEAD = "neurosystem/character-dead"

# Protection can only be matched against an attack whose type is named (422).
ATTACK_TYPE_NEEDED = "neurosystem/attack-type-needed"
# A defence needs an incoming damage category, given or taken from the attacking NC (422).
NO_INCOMING_DAMAGE = "neurosystem/no-incoming-damage"

# Death Measures are for dying / shutting-down characters, once per scene (409).
NOT_DYING = "neurosystem/not-dying"
ALREADY_MEASURED = "neurosystem/already-measured"

# Negative states: damage categories come through damage, others once each (409 / 422).
STATE_ALREADY_HELD = "neurosystem/state-already-held"
STATE_NOT_HELD = "neurosystem/state-not-held"
DAMAGE_NEEDS_DAMAGE_RULES = "neurosystem/damage-needs-damage-rules"
# Resolve above its maximum (422).
RESOLVE_ABOVE_MAX = "neurosystem/resolve-above-max"

# AVI / VRI: entering where one already is, or leaving from nowhere (409).
ALREADY_IN_CYBERSPACE = "neurosystem/already-in-cyberspace"
NOT_IN_CYBERSPACE = "neurosystem/not-in-cyberspace"
# One check carries at most 100 Luck dice (a service limit that keeps requests small) (422).
LUCK_DICE_LIMIT = "neurosystem/luck-dice-limit"
# A character or NC lists the same stat twice (422).
DUPLICATE_STAT = "neurosystem/duplicate-stat"
# Attacks and defences are read from an STK Check, not a Flat Check (422).
STK_CHECK_NEEDED = "neurosystem/stk-check-needed"
# A measure rolls at most 100 dice (a service limit) (422).
MEASURE_LIMIT = "neurosystem/measure-limit"
