"""Every NCB rule refusal: one stable code each (`ncb/<rule>`), with its status, title and why.

A stateless call answers every refusal with 422 (the registry's policy); in a session a code
answers with its status here:
409 means the state judged (the session's, or the one the request describes) forbids the
action; 422 means the request itself asks for something the rules never allow; 404 names
something that does not exist. Raise sites never choose a status: `refuse` reads it here.
"""

from __future__ import annotations

from typing import Any

from service.errors import Code, RuleViolation, refusal

# -- who and what ----------------------------------------------------------------------
UNKNOWN_COMBATANT = "ncb/unknown-combatant"
DUPLICATE_COMBATANT = "ncb/duplicate-combatant"
TABLE_FULL = "ncb/table-full"
CANNOT_ACT = "ncb/cannot-act"
TARGET_DOWN = "ncb/target-flatlined"
TOTAL_COVER = "ncb/total-cover"
SELF_ATTACK = "ncb/self-attack"
AMOUNT_OR_DICE = "ncb/amount-or-dice"
DICE_TOTAL = "ncb/dice-total"

# -- the combat tracker ----------------------------------------------------------------
NO_COMBAT = "ncb/no-combat"
COMBAT_RUNNING = "ncb/combat-running"
NOT_IN_COMBAT = "ncb/not-in-combat"
ALREADY_IN_COMBAT = "ncb/already-in-combat"
NOT_YOUR_TURN = "ncb/not-your-turn"
ACTION_USED = "ncb/action-used"
BONUS_ACTION_USED = "ncb/bonus-action-used"
REACTION_USED = "ncb/reaction-used"
MOVEMENT_EXHAUSTED = "ncb/movement-exhausted"

# -- weapons ---------------------------------------------------------------------------
WEAPON_DICE = "ncb/weapon-dice"
WEAPON_OUT_OF_BAND = "ncb/weapon-out-of-band"
UNKNOWN_WEAPON = "ncb/unknown-weapon"
WEAPON_CHOICE = "ncb/weapon-choice"

# -- dying -----------------------------------------------------------------------------
NOT_DYING = "ncb/not-dying"
DEATH_SAVE_ROLLED = "ncb/death-save-rolled"
NO_LAST_BREATH = "ncb/no-last-breath"

# -- levels, rests and recovery --------------------------------------------------------
SUBCLASS_TOO_EARLY = "ncb/subclass-too-early"
MAX_LEVEL = "ncb/max-level"
NO_HIT_DICE = "ncb/no-hit-dice"
REST_WHILE_DYING = "ncb/rest-while-dying"
LONG_REST_NEEDS_HP = "ncb/long-rest-needs-hp"

# -- programs --------------------------------------------------------------------------
NOT_ENOUGH_RAM = "ncb/not-enough-ram"
NO_PROGRAM_SLOT = "ncb/no-program-slot"
QUICKHACK_IS_FREE = "ncb/quickhack-is-free"
SLOT_BELOW_TIER = "ncb/slot-below-tier"

# -- chrome ----------------------------------------------------------------------------
CHROME_SLOTS_FULL = "ncb/chrome-slots-full"
CHROME_CAPACITY = "ncb/chrome-capacity-exceeded"
CHROME_DUPLICATE = "ncb/chrome-duplicate"
UNKNOWN_CHROME = "ncb/unknown-chrome"
CHROME_PASSIVE = "ncb/chrome-passive"
CHROME_COOLING_DOWN = "ncb/chrome-cooling-down"

# -- eddies ----------------------------------------------------------------------------
NOT_ENOUGH_EDDIES = "ncb/not-enough-eddies"
UNKNOWN_DEBT = "ncb/unknown-debt"
OVERPAYMENT = "ncb/overpayment"
LEDGER_LIMIT = "ncb/ledger-limit"

# code -> Code(status in a session, title, why): the one place a refusal's status comes from.
CODES: dict[str, Code] = {
    UNKNOWN_COMBATANT: Code(404, "No such combatant in this session", "No combatant with that id in the session."),
    DUPLICATE_COMBATANT: Code(409, "That combatant id is already taken", "The id is already taken at this table."),
    TABLE_FULL: Code(
        409,
        "The table holds no more combatants",
        "The session already holds the maximum number of combatants.",
    ),
    CANNOT_ACT: Code(
        409,
        "The combatant cannot act",
        "The actor is dying, stable, helpless, flatlined or annihilated.",
    ),
    TARGET_DOWN: Code(
        409,
        "The target is already flatlined or annihilated",
        "The target is already flatlined or annihilated.",
    ),
    TOTAL_COVER: Code(
        422,
        "A target behind total cover cannot be attacked",
        "A target behind total cover cannot be targeted.",
    ),
    SELF_ATTACK: Code(422, "A combatant cannot attack itself", "A combatant cannot attack itself."),
    AMOUNT_OR_DICE: Code(
        422,
        "Give exactly one of amount or dice",
        "Give exactly one of a fixed amount or a dice formula.",
    ),
    DICE_TOTAL: Code(
        422,
        "The formula rolled outside the damage and healing range",
        "A damage or healing formula rolled a total outside -9999..9999.",
    ),
    NO_COMBAT: Code(409, "No combat is running", "The mechanic needs a running combat and none is running."),
    COMBAT_RUNNING: Code(409, "A combat is running", "A combat is already running (or resting mid-fight)."),
    NOT_IN_COMBAT: Code(
        409,
        "The combatant has no place in this combat",
        "The combatant is not in the running combat's order.",
    ),
    ALREADY_IN_COMBAT: Code(
        409,
        "The combatant already has its initiative",
        "The combatant already has an initiative.",
    ),
    NOT_YOUR_TURN: Code(
        409,
        "It is not this combatant's turn",
        "An action or bonus action outside the actor's own turn.",
    ),
    ACTION_USED: Code(409, "The action of this turn is spent", "The one action of this turn is already spent."),
    BONUS_ACTION_USED: Code(
        409,
        "The bonus action of this turn is spent",
        "The one bonus action of this turn is already spent.",
    ),
    REACTION_USED: Code(
        409,
        "The reaction is spent until the next turn",
        "The reaction is spent until the combatant's next turn.",
    ),
    MOVEMENT_EXHAUSTED: Code(
        409,
        "Not enough movement left this turn",
        "The move goes past this turn's remaining movement.",
    ),
    WEAPON_DICE: Code(
        422,
        "Damage dice must be one plain term, d4 to d12",
        "Damage dice must be one plain term like `2d6` (d4-d12).",
    ),
    WEAPON_OUT_OF_BAND: Code(
        422,
        "The weapon's damage dice are above its scale's cap",
        "Damage dice above the weapon scale's cap.",
    ),
    UNKNOWN_WEAPON: Code(404, "The attacker carries no such weapon", "The attacker carries no weapon with that name."),
    WEAPON_CHOICE: Code(
        422,
        "Name a carried weapon or describe one",
        "Name a carried weapon or describe one, not both or neither.",
    ),
    NOT_DYING: Code(409, "The character is not dying", "Death saves and stabilizing need a dying combatant."),
    DEATH_SAVE_ROLLED: Code(409, "The death save of this turn is rolled", "One death save per turn in combat."),
    NO_LAST_BREATH: Code(
        409,
        "Last Breath is not on offer",
        "Last Breath is spent, or no hit just dropped the character to 0.",
    ),
    SUBCLASS_TOO_EARLY: Code(422, "Subclasses unlock at level 3", "Subclasses unlock at level 3."),
    MAX_LEVEL: Code(409, "Level 20 is the highest", "Level 20 is the top."),
    NO_HIT_DICE: Code(409, "Not enough hit dice left", "Spending more hit dice than are left."),
    REST_WHILE_DYING: Code(
        409,
        "A dying character cannot rest",
        "A dying character must be stabilized before resting.",
    ),
    LONG_REST_NEEDS_HP: Code(409, "A long rest needs at least 1 HP", "A long rest needs at least 1 HP at its start."),
    NOT_ENOUGH_RAM: Code(409, "Not enough RAM left", "The program costs more RAM than is left."),
    NO_PROGRAM_SLOT: Code(409, "No program slot of that tier is free", "No unused program slot of a high enough tier."),
    QUICKHACK_IS_FREE: Code(422, "Quickhacks cost no RAM", "Tier-0 quickhacks are at-will and cost nothing."),
    SLOT_BELOW_TIER: Code(
        422,
        "A program cannot run from a slot below its tier",
        "A program cannot run from a slot below its tier.",
    ),
    CHROME_SLOTS_FULL: Code(409, "Not enough free body slots", "The implant needs more body slots than are free."),
    CHROME_CAPACITY: Code(409, "The implant overdraws the chrome capacity", "The implant overdraws the capacity pool."),
    CHROME_DUPLICATE: Code(409, "That implant is already installed", "An implant of that name is already installed."),
    UNKNOWN_CHROME: Code(404, "No such implant is installed", "No installed implant of that name."),
    CHROME_PASSIVE: Code(422, "A passive implant cannot be activated", "A passive implant has nothing to activate."),
    CHROME_COOLING_DOWN: Code(409, "The implant is cooling down", "The active implant is still on cooldown."),
    NOT_ENOUGH_EDDIES: Code(409, "Not enough eddies", "Spending or repaying more than the balance."),
    UNKNOWN_DEBT: Code(404, "Nothing is owed to that creditor", "No debt owed to that creditor."),
    OVERPAYMENT: Code(422, "Repaying more than is owed", "Repaying more than is owed."),
    LEDGER_LIMIT: Code(
        422,
        "The ledger's limits are reached",
        "A balance or debt past 1,000,000,000, or more than 20 creditors.",
    ),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code` of the table; callers `raise refuse(...)` so the raise is visible at the call site."""
    return refusal(CODES, code, detail, **extra)
