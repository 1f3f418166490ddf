"""Every NCB mechanic, declared once: REST, GraphQL and OpenAPI are derived from these."""

from __future__ import annotations

from pydantic import BaseModel

from service.registry import UNDECLARED, Apply, Mechanic, Resolve, System
from service.systems.ncb import play, stateless, tracker, upkeep
from service.systems.ncb.models import checks, fights, resources
from service.systems.ncb.models import table as wire
from service.systems.ncb.state import initial_state

SYSTEM = "ncb"

UNDECLARED.add_system(
    System(
        id=SYSTEM,
        title="NCB Night City d20 (RULES.CORE v2.2.0)",
        setup=wire.NcbSetup,
        initial_state=initial_state,
    )
)


def _both(
    name: str,
    summary: str,
    description: str,
    *,
    input: type[BaseModel],
    output: type[BaseModel],
    resolve: Resolve,
    session_input: type[BaseModel],
    apply: Apply,
    session_output: type[BaseModel] | None = None,
) -> None:
    """A mechanic with a stateless form (`resolve`) and a session form (`apply`)."""
    UNDECLARED.add(
        Mechanic(
            system=SYSTEM,
            name=name,
            summary=summary,
            description=description,
            input=input,
            output=output,
            resolve=resolve,
            session_input=session_input,
            session_output=session_output or output,
            apply=apply,
        )
    )


def _session(
    name: str, summary: str, description: str, *, input: type[BaseModel], output: type[BaseModel], apply: Apply
) -> None:
    """A session-only mechanic: it needs the table's state to mean anything."""
    UNDECLARED.add(
        Mechanic(
            system=SYSTEM, name=name, summary=summary, description=description, input=input, output=output, apply=apply
        )
    )


# -- tests, scores, initiative ----------------------------------------------------------------

_both(
    "d20-test",
    "A d20 test against a DV",
    "d20 + modifiers must beat the DV (a tie fails by default: `rules.dvTiesSucceed`). A natural 20 always "
    "succeeds, a natural 1 always fails; advantage and disadvantage roll two and keep one, never stack, and "
    "cancel each other. In a session the combatant's "
    "ability modifier (chrome included), proficiency and exhaustion are added for you.",
    input=checks.NcbD20TestParams,
    output=checks.NcbD20TestResult,
    resolve=stateless.d20_test,
    session_input=checks.NcbD20TestAction,
    apply=play.d20_test,
)
_both(
    "ability-scores",
    "Ability modifiers, proficiency bonus and program save DC",
    "Modifier = (score - 10) / 2 rounded down, scores past 20 allowed; proficiency +2 to +6 by level (5e); "
    "subclasses from level 3; program save DC = 8 + proficiency + program ability modifier + chrome. "
    "In a session, also the combatant's AC, damage reduction, speed and initiative bonus. Rolls nothing.",
    input=checks.NcbAbilityScoresParams,
    output=checks.NcbAbilityScoresResult,
    resolve=stateless.ability_scores,
    session_input=checks.NcbCombatantRef,
    apply=play.ability_scores,
)
_both(
    "initiative",
    "Roll initiative",
    "d20 + initiative bonus for each participant, ranked (ties: higher bonus, then Dexterity, then listing "
    "order). In a session it adds one combatant to the running combat at its place in the order.",
    input=checks.NcbInitiativeParams,
    output=checks.NcbInitiativeResult,
    resolve=stateless.initiative,
    session_input=wire.NcbJoinCombatAction,
    session_output=wire.NcbCombatResult,
    apply=tracker.join_combat,
)
_both(
    "level-up",
    "Gain a level",
    "One level more (up to 20): hit points by the hit die's average or a roll, plus the Constitution modifier, "
    "at least 1; a new proficiency bonus; a subclass may be chosen from level 3.",
    input=checks.NcbLevelUpParams,
    output=checks.NcbLevelUpResult,
    resolve=stateless.level_up_,
    session_input=checks.NcbLevelUpAction,
    apply=upkeep.level_up,
)

# -- fighting and dying ---------------------------------------------------------------------------

_both(
    "attack",
    "Attack with a weapon",
    "d20 + proficiency + tech bonus + ability modifier (melee Strength, ranged Dexterity, finesse the higher) "
    "must beat AC plus cover (a tie misses by default). A hit rolls the weapon's dice + ability modifier + tech "
    "bonus (dice doubled on a critical by default) and applies them: damage reduction, massive damage, "
    "finishing blow, Overkill, then Last Breath (offered, taken only with `useLastBreath`) or dying. In combat "
    "it spends the attacker's action, bonus action or reaction; no combatant attacks itself.",
    input=fights.NcbAttackParams,
    output=fights.NcbAttackResult,
    resolve=stateless.attack,
    session_input=fights.NcbAttackAction,
    apply=play.attack,
)
_both(
    "damage",
    "Apply damage to a target",
    "Damage of a stated kind: physical weapon damage is softened by damage reduction (never below 1, never on "
    "critical-hit damage); program and environmental damage is not. Then massive damage (at least max HP "
    "flatlines, double annihilates), finishing blow, Overkill, then Last Breath (offered, taken only with "
    "`useLastBreath`) or dying. Session form: GM only.",
    input=fights.NcbDamageParams,
    output=fights.NcbDamageResult,
    resolve=stateless.damage,
    session_input=fights.NcbDamageAction,
    apply=play.damage,
)
_both(
    "last-breath",
    "Take Last Breath",
    "Once per long rest, a character that a hit drops to 0 HP (not killed outright) may stand at 1 HP instead, "
    "gaining a level of exhaustion; at the sixth level (5e-2024 effects) that flatlines. It is the player's "
    "choice: hits only offer it (`lastBreathOffered`). In a session it answers the hit that dropped the "
    "combatant, before anything else changes its HP or death saves; it costs no action. Stateless: the "
    "result of taking it.",
    input=fights.NcbLastBreathParams,
    output=fights.NcbLastBreathResult,
    resolve=stateless.last_breath_,
    session_input=fights.NcbLastBreathAction,
    apply=play.take_last_breath,
)
_both(
    "death-save",
    "Roll a death save",
    "A d20 for a dying character: 10+ succeeds (5e default), a natural 1 counts as two failures, a natural 20 "
    "brings it back at 1 HP (5e default). Three successes stabilize, three failures flatline. In combat one "
    "per turn, on the character's own turn.",
    input=fights.NcbDeathSaveParams,
    output=fights.NcbDeathSaveResult,
    resolve=stateless.death_save_,
    session_input=fights.NcbDeathSaveAction,
    apply=play.death_save,
)
_both(
    "stabilize",
    "Stop a dying character's bleeding",
    "A Medicine check against the stabilize DV (default 10), or a med-patch or a friend's hands with no roll. "
    "A stable character stops making death saves and stops bleeding out. In combat it is the helper's action.",
    input=fights.NcbStabilizeParams,
    output=fights.NcbStabilizeResult,
    resolve=stateless.stabilize_,
    session_input=fights.NcbStabilizeAction,
    apply=play.stabilize,
)
_both(
    "heal",
    "Restore hit points",
    "A fixed amount or a dice formula, up to the maximum. Any healing brings a dying or stable character back "
    "up with its death saves cleared; flatlined and annihilated characters cannot be healed.",
    input=fights.NcbHealParams,
    output=fights.NcbHealResult,
    resolve=stateless.heal_,
    session_input=fights.NcbHealAction,
    apply=play.heal,
)

# -- rests, programs, chrome, eddies -----------------------------------------------------------------

_both(
    "short-rest",
    "Take a short rest",
    "Spend hit dice (each heals its roll + Constitution modifier, at least 1) and recover all RAM; "
    "round and short-rest chrome cooldowns reset. Not while dying or in a running combat.",
    input=resources.NcbShortRestParams,
    output=resources.NcbShortRestResult,
    resolve=stateless.short_rest_,
    session_input=resources.NcbShortRestAction,
    apply=upkeep.short_rest,
)
_both(
    "long-rest",
    "Take a long rest",
    "All HP, half the maximum hit dice back (at least one), all program slots and RAM, one exhaustion level "
    "off, Last Breath ready again, every chrome cooldown reset. Needs at least 1 HP at its start (5e default).",
    input=resources.NcbLongRestParams,
    output=resources.NcbLongRestResult,
    resolve=stateless.long_rest_,
    session_input=checks.NcbCombatantRef,
    apply=upkeep.long_rest,
)
_both(
    "run-program",
    "Run a program or quickhack",
    "Save DC = 8 + proficiency + program ability modifier + chrome. Tier-0 quickhacks are at-will; higher "
    "tiers spend their RAM and a program slot of their tier or higher. The target saves against the DC; "
    "program damage (halved or negated on a save) ignores damage reduction.",
    input=resources.NcbRunProgramParams,
    output=resources.NcbRunProgramResult,
    resolve=stateless.run_program,
    session_input=resources.NcbRunProgramAction,
    apply=play.run_program,
)
_both(
    "install-chrome",
    "Install an implant",
    "The implant takes body slots and capacity from the shared pool; past either it is refused. Its passive "
    "bonuses apply while installed. A price is paid from eddies and what they cannot cover becomes debt.",
    input=resources.NcbInstallChromeParams,
    output=resources.NcbChromeResult,
    resolve=stateless.install_chrome,
    session_input=resources.NcbInstallChromeAction,
    apply=upkeep.install_chrome,
)
_both(
    "uninstall-chrome",
    "Remove an implant",
    "Frees its slots and capacity; its bonuses stop.",
    input=resources.NcbUninstallChromeParams,
    output=resources.NcbChromeResult,
    resolve=stateless.uninstall_chrome,
    session_input=resources.NcbUninstallChromeAction,
    apply=upkeep.uninstall_chrome,
)
_both(
    "activate-chrome",
    "Use an active implant",
    "Starts the implant's cooldown (its owner's turns, or until a rest); refused while it is cooling down.",
    input=resources.NcbActivateChromeParams,
    output=resources.NcbActivateChromeResult,
    resolve=stateless.activate_chrome,
    session_input=resources.NcbActivateChromeAction,
    apply=upkeep.activate_chrome,
)
_both(
    "eddies",
    "Move eddies or service debt",
    "Earn, spend (never below 0), pay for a service (chrome, treatment, rescue: what eddies cannot cover "
    "becomes debt, even when it saved a life) or repay a creditor. Session form: only the GM grants earnings.",
    input=resources.NcbEddiesParams,
    output=resources.NcbLedgerResult,
    resolve=stateless.eddies_,
    session_input=resources.NcbEddiesAction,
    apply=upkeep.eddies_,
)

# -- the table and the combat tracker (sessions only) ------------------------------------------------

_session(
    "add-combatant",
    "Seat a character or NC at the table",
    "Validated against the table's rules (weapon band, chrome slots and capacity, subclass level). A player "
    "adds combatants for its own seat; with joinCombat it also rolls into a running combat.",
    input=wire.NcbAddCombatantAction,
    output=wire.NcbCombatantResult,
    apply=tracker.add_combatant,
)
_session(
    "remove-combatant",
    "Take a combatant off the table (GM)",
    "Also drops it from the initiative order; if it had the turn, the turn passes on.",
    input=checks.NcbCombatantRef,
    output=wire.NcbRemoveCombatantResult,
    apply=tracker.remove_combatant,
)
_session(
    "gm-adjust",
    "Override a combatant's HP, helplessness, exhaustion, RAM or Last Breath (GM)",
    "For what the fiction changed. HP 0 leaves a standing combatant dying; HP above 0 brings it up.",
    input=wire.NcbGmAdjustAction,
    output=wire.NcbCombatantSummary,
    apply=tracker.gm_adjust,
)
_session(
    "start-combat",
    "Roll initiative and start a combat (GM)",
    "Every participant rolls d20 + initiative bonus; round 1 begins with the highest.",
    input=wire.NcbStartCombatAction,
    output=wire.NcbCombatResult,
    apply=tracker.start_combat,
)
_session(
    "end-turn",
    "End the current combatant's turn",
    "A dying combatant rolls its death save if it has not, then bleeds out (one automatic failure). The turn "
    "passes to the next combatant not flatlined; after the last, a new round begins.",
    input=wire.NcbEndTurnAction,
    output=wire.NcbEndTurnResult,
    apply=tracker.end_turn,
)
_session(
    "end-combat",
    "End the combat (GM)",
    "Clears the tracker; round-counted chrome cooldowns reset.",
    input=wire.NcbEndCombatAction,
    output=wire.NcbEndCombatResult,
    apply=tracker.end_combat,
)
_session(
    "move",
    "Spend movement",
    "Feet of movement on the combatant's own turn, up to its speed (plus any dash).",
    input=wire.NcbMoveAction,
    output=wire.NcbTurnResult,
    apply=tracker.move,
)
_session(
    "take-action",
    "Spend an action, bonus action or reaction on something else",
    "Dash, dodge, disengage, help, hide, ready, search, use an object. Actions and bonus actions only on the "
    "combatant's own turn; a reaction once until its next turn. Dash adds its speed to this turn's movement.",
    input=wire.NcbActionChoice,
    output=wire.NcbTurnResult,
    apply=tracker.take_action,
)
