"""Every NCB rule refusal, one stable code each (`ncb/<rule>`), with the HTTP status it gets.

409 means the table's state forbids the action right now; 422 means the request itself
asks for something the rules do not allow; 404 names something that does not exist.
Stateless forms answer every refusal with 422 (same code): the state they judge is in the
request itself.
"""

from __future__ import annotations

from typing import Any

from service.errors import RuleViolation

# -- who and what ----------------------------------------------------------------------
UNKNOWN_COMBATANT = "ncb/unknown-combatant"  # 404: no combatant with that id in the session
DUPLICATE_COMBATANT = "ncb/duplicate-combatant"  # 409: the id is already taken at this table
TABLE_FULL = "ncb/table-full"  # 409: the session already holds the maximum number of combatants
CANNOT_ACT = "ncb/cannot-act"  # 409: the actor is dying, stable, helpless, flatlined or annihilated
TARGET_DOWN = "ncb/target-flatlined"  # 409: the target is already flatlined or annihilated
TOTAL_COVER = "ncb/total-cover"  # 422: a target behind total cover cannot be targeted
AMOUNT_OR_DICE = "ncb/amount-or-dice"  # 422: give exactly one of a fixed amount or a dice formula
DICE_TOTAL = "ncb/dice-total"  # 422: a damage or healing formula rolled a total outside -9999..9999

# -- the combat tracker ----------------------------------------------------------------
NO_COMBAT = "ncb/no-combat"  # 409: the mechanic needs a running combat and none is running
COMBAT_RUNNING = "ncb/combat-running"  # 409: a combat is already running (or resting mid-fight)
NOT_IN_COMBAT = "ncb/not-in-combat"  # 409: the combatant is not in the running combat's order
ALREADY_IN_COMBAT = "ncb/already-in-combat"  # 409: the combatant already has an initiative
NOT_YOUR_TURN = "ncb/not-your-turn"  # 409: an action or bonus action outside the actor's own turn
ACTION_USED = "ncb/action-used"  # 409: the one action of this turn is already spent
BONUS_ACTION_USED = "ncb/bonus-action-used"  # 409: the one bonus action of this turn is already spent
REACTION_USED = "ncb/reaction-used"  # 409: the reaction is spent until the combatant's next turn
MOVEMENT_EXHAUSTED = "ncb/movement-exhausted"  # 409: the move goes past this turn's remaining movement

# -- weapons ---------------------------------------------------------------------------
WEAPON_DICE = "ncb/weapon-dice"  # 422: damage dice must be one plain term like `2d6` (d4-d12)
WEAPON_OUT_OF_BAND = "ncb/weapon-out-of-band"  # 422: damage dice above the weapon scale's cap
UNKNOWN_WEAPON = "ncb/unknown-weapon"  # 404: the attacker carries no weapon with that name
WEAPON_CHOICE = "ncb/weapon-choice"  # 422: name a carried weapon or describe one, not both or neither

# -- dying -----------------------------------------------------------------------------
NOT_DYING = "ncb/not-dying"  # 409: death saves and stabilizing need a dying combatant
DEATH_SAVE_ROLLED = "ncb/death-save-rolled"  # 409: one death save per turn in combat

# -- levels, rests and recovery --------------------------------------------------------
SUBCLASS_TOO_EARLY = "ncb/subclass-too-early"  # 422: subclasses unlock at level 3
MAX_LEVEL = "ncb/max-level"  # 409: level 20 is the top
NO_HIT_DICE = "ncb/no-hit-dice"  # 409: spending more hit dice than are left
REST_WHILE_DYING = "ncb/rest-while-dying"  # 409: a dying character must be stabilized before resting
LONG_REST_NEEDS_HP = "ncb/long-rest-needs-hp"  # 409: a long rest needs at least 1 HP at its start

# -- programs --------------------------------------------------------------------------
NOT_ENOUGH_RAM = "ncb/not-enough-ram"  # 409: the program costs more RAM than is left
NO_PROGRAM_SLOT = "ncb/no-program-slot"  # 409: no unused program slot of a high enough tier
QUICKHACK_IS_FREE = "ncb/quickhack-is-free"  # 422: tier-0 quickhacks are at-will and cost nothing
SLOT_BELOW_TIER = "ncb/slot-below-tier"  # 422: a program cannot run from a slot below its tier

# -- chrome ----------------------------------------------------------------------------
CHROME_SLOTS_FULL = "ncb/chrome-slots-full"  # 409: the implant needs more body slots than are free
CHROME_CAPACITY = "ncb/chrome-capacity-exceeded"  # 409: the implant overdraws the capacity pool
CHROME_DUPLICATE = "ncb/chrome-duplicate"  # 409: an implant of that name is already installed
UNKNOWN_CHROME = "ncb/unknown-chrome"  # 404: no installed implant of that name
CHROME_PASSIVE = "ncb/chrome-passive"  # 422: a passive implant has nothing to activate
CHROME_COOLING_DOWN = "ncb/chrome-cooling-down"  # 409: the active implant is still on cooldown

# -- eddies ----------------------------------------------------------------------------
NOT_ENOUGH_EDDIES = "ncb/not-enough-eddies"  # 409: spending or repaying more than the balance
UNKNOWN_DEBT = "ncb/unknown-debt"  # 404: no debt owed to that creditor
OVERPAYMENT = "ncb/overpayment"  # 422: repaying more than is owed
LEDGER_LIMIT = "ncb/ledger-limit"  # 422: a balance or debt past 1,000,000,000, or more than 20 creditors


def refuse(code: str, detail: str, *, status: int = 409, **extra: Any) -> RuleViolation:
    """Build the refusal; callers `raise refuse(...)` so the raise is visible at the call site."""
    return RuleViolation(code, detail, status=status, **extra)
