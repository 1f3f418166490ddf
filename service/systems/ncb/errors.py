"""Every NCB rule refusal: one stable code each (`ncb/<rule>`), with its HTTP status and title.

In a session a code answers with its status here:
409 means the state judged (the session's, or the one the request describes) forbids the
action; 422 means the request itself asks for something the rules never allow; 404 names
something that does not exist. Raise sites never choose a status: `refuse` reads it here.
"""

from __future__ import annotations

from typing import Any

from service.errors import RuleViolation

# -- who and what ----------------------------------------------------------------------
UNKNOWN_COMBATANT = "ncb/unknown-combatant"  # no combatant with that id in the session
DUPLICATE_COMBATANT = "ncb/duplicate-combatant"  # the id is already taken at this table
TABLE_FULL = "ncb/table-full"  # the session already holds the maximum number of combatants
CANNOT_ACT = "ncb/cannot-act"  # the actor is dying, stable, helpless, flatlined or annihilated
TARGET_DOWN = "ncb/target-flatlined"  # the target is already flatlined or annihilated
TOTAL_COVER = "ncb/total-cover"  # a target behind total cover cannot be targeted
SELF_ATTACK = "ncb/self-attack"  # a combatant cannot attack itself
AMOUNT_OR_DICE = "ncb/amount-or-dice"  # give exactly one of a fixed amount or a dice formula
DICE_TOTAL = "ncb/dice-total"  # a damage or healing formula rolled a total outside -9999..9999

# -- the combat tracker ----------------------------------------------------------------
NO_COMBAT = "ncb/no-combat"  # the mechanic needs a running combat and none is running
COMBAT_RUNNING = "ncb/combat-running"  # a combat is already running (or resting mid-fight)
NOT_IN_COMBAT = "ncb/not-in-combat"  # the combatant is not in the running combat's order
ALREADY_IN_COMBAT = "ncb/already-in-combat"  # the combatant already has an initiative
NOT_YOUR_TURN = "ncb/not-your-turn"  # an action or bonus action outside the actor's own turn
ACTION_USED = "ncb/action-used"  # the one action of this turn is already spent
BONUS_ACTION_USED = "ncb/bonus-action-used"  # the one bonus action of this turn is already spent
REACTION_USED = "ncb/reaction-used"  # the reaction is spent until the combatant's next turn
MOVEMENT_EXHAUSTED = "ncb/movement-exhausted"  # the move goes past this turn's remaining movement

# -- weapons ---------------------------------------------------------------------------
WEAPON_DICE = "ncb/weapon-dice"  # damage dice must be one plain term like `2d6` (d4-d12)
WEAPON_OUT_OF_BAND = "ncb/weapon-out-of-band"  # damage dice above the weapon scale's cap
UNKNOWN_WEAPON = "ncb/unknown-weapon"  # the attacker carries no weapon with that name
WEAPON_CHOICE = "ncb/weapon-choice"  # name a carried weapon or describe one, not both or neither

# -- dying -----------------------------------------------------------------------------
NOT_DYING = "ncb/not-dying"  # death saves and stabilizing need a dying combatant
DEATH_SAVE_ROLLED = "ncb/death-save-rolled"  # one death save per turn in combat
NO_LAST_BREATH = "ncb/no-last-breath"  # Last Breath is spent, or no hit just dropped the character to 0

# -- levels, rests and recovery --------------------------------------------------------
SUBCLASS_TOO_EARLY = "ncb/subclass-too-early"  # subclasses unlock at level 3
MAX_LEVEL = "ncb/max-level"  # level 20 is the top
NO_HIT_DICE = "ncb/no-hit-dice"  # spending more hit dice than are left
REST_WHILE_DYING = "ncb/rest-while-dying"  # a dying character must be stabilized before resting
LONG_REST_NEEDS_HP = "ncb/long-rest-needs-hp"  # a long rest needs at least 1 HP at its start

# -- programs --------------------------------------------------------------------------
NOT_ENOUGH_RAM = "ncb/not-enough-ram"  # the program costs more RAM than is left
NO_PROGRAM_SLOT = "ncb/no-program-slot"  # no unused program slot of a high enough tier
QUICKHACK_IS_FREE = "ncb/quickhack-is-free"  # tier-0 quickhacks are at-will and cost nothing
SLOT_BELOW_TIER = "ncb/slot-below-tier"  # a program cannot run from a slot below its tier

# -- chrome ----------------------------------------------------------------------------
CHROME_SLOTS_FULL = "ncb/chrome-slots-full"  # the implant needs more body slots than are free
CHROME_CAPACITY = "ncb/chrome-capacity-exceeded"  # the implant overdraws the capacity pool
CHROME_DUPLICATE = "ncb/chrome-duplicate"  # an implant of that name is already installed
UNKNOWN_CHROME = "ncb/unknown-chrome"  # no installed implant of that name
CHROME_PASSIVE = "ncb/chrome-passive"  # a passive implant has nothing to activate
CHROME_COOLING_DOWN = "ncb/chrome-cooling-down"  # the active implant is still on cooldown

# -- eddies ----------------------------------------------------------------------------
NOT_ENOUGH_EDDIES = "ncb/not-enough-eddies"  # spending or repaying more than the balance
UNKNOWN_DEBT = "ncb/unknown-debt"  # no debt owed to that creditor
OVERPAYMENT = "ncb/overpayment"  # repaying more than is owed
LEDGER_LIMIT = "ncb/ledger-limit"  # a balance or debt past 1,000,000,000, or more than 20 creditors

# code -> (HTTP status, title): the one place a refusal's status comes from.
CODES: dict[str, tuple[int, str]] = {
    UNKNOWN_COMBATANT: (404, "No such combatant in this session"),
    DUPLICATE_COMBATANT: (409, "That combatant id is already taken"),
    TABLE_FULL: (409, "The table holds no more combatants"),
    CANNOT_ACT: (409, "The combatant cannot act"),
    TARGET_DOWN: (409, "The target is already flatlined or annihilated"),
    TOTAL_COVER: (422, "A target behind total cover cannot be attacked"),
    SELF_ATTACK: (422, "A combatant cannot attack itself"),
    AMOUNT_OR_DICE: (422, "Give exactly one of amount or dice"),
    DICE_TOTAL: (422, "The formula rolled outside the damage and healing range"),
    NO_COMBAT: (409, "No combat is running"),
    COMBAT_RUNNING: (409, "A combat is running"),
    NOT_IN_COMBAT: (409, "The combatant has no place in this combat"),
    ALREADY_IN_COMBAT: (409, "The combatant already has its initiative"),
    NOT_YOUR_TURN: (409, "It is not this combatant's turn"),
    ACTION_USED: (409, "The action of this turn is spent"),
    BONUS_ACTION_USED: (409, "The bonus action of this turn is spent"),
    REACTION_USED: (409, "The reaction is spent until the next turn"),
    MOVEMENT_EXHAUSTED: (409, "Not enough movement left this turn"),
    WEAPON_DICE: (422, "Damage dice must be one plain term, d4 to d12"),
    WEAPON_OUT_OF_BAND: (422, "The weapon's damage dice are above its scale's cap"),
    UNKNOWN_WEAPON: (404, "The attacker carries no such weapon"),
    WEAPON_CHOICE: (422, "Name a carried weapon or describe one"),
    NOT_DYING: (409, "The character is not dying"),
    DEATH_SAVE_ROLLED: (409, "The death save of this turn is rolled"),
    NO_LAST_BREATH: (409, "Last Breath is not on offer"),
    SUBCLASS_TOO_EARLY: (422, "Subclasses unlock at level 3"),
    MAX_LEVEL: (409, "Level 20 is the highest"),
    NO_HIT_DICE: (409, "Not enough hit dice left"),
    REST_WHILE_DYING: (409, "A dying character cannot rest"),
    LONG_REST_NEEDS_HP: (409, "A long rest needs at least 1 HP"),
    NOT_ENOUGH_RAM: (409, "Not enough RAM left"),
    NO_PROGRAM_SLOT: (409, "No program slot of that tier is free"),
    QUICKHACK_IS_FREE: (422, "Quickhacks cost no RAM"),
    SLOT_BELOW_TIER: (422, "A program cannot run from a slot below its tier"),
    CHROME_SLOTS_FULL: (409, "Not enough free body slots"),
    CHROME_CAPACITY: (409, "The implant overdraws the chrome capacity"),
    CHROME_DUPLICATE: (409, "That implant is already installed"),
    UNKNOWN_CHROME: (404, "No such implant is installed"),
    CHROME_PASSIVE: (422, "A passive implant cannot be activated"),
    CHROME_COOLING_DOWN: (409, "The implant is cooling down"),
    NOT_ENOUGH_EDDIES: (409, "Not enough eddies"),
    UNKNOWN_DEBT: (404, "Nothing is owed to that creditor"),
    OVERPAYMENT: (422, "Repaying more than is owed"),
    LEDGER_LIMIT: (422, "The ledger's limits are reached"),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """Build the refusal; callers `raise refuse(...)` so the raise is visible at the call site."""
    status, title = CODES[code]
    problem = RuleViolation(code, detail, status=status, **extra)
    problem.title = title
    return problem
