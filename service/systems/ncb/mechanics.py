"""Every NCB mechanic, declared once: REST, GraphQL and OpenAPI are derived from these."""

from __future__ import annotations

from service.registry import system
from service.systems.ncb import play, stateless, tracker, upkeep
from service.systems.ncb.errors import CODES
from service.systems.ncb.models.table import NcbSetup
from service.systems.ncb.options import NcbRules
from service.systems.ncb.state import initial_state

SYSTEM = system(
    "ncb",
    "NCB Night City d20 (RULES.CORE v2.2.0)",
    setup=NcbSetup,
    start=initial_state,
    options=NcbRules,
    errors=CODES,
)

# -- tests, scores, initiative ----------------------------------------------------------------

SYSTEM.mechanic(
    "d20-test",
    "A d20 test against a DV",
    "d20 + modifiers must beat the DV (a tie fails by default: `rules.dvTiesSucceed`). A natural 20 always "
    "succeeds, a natural 1 always fails; advantage and disadvantage roll two and keep one, never stack, and "
    "cancel each other. In a session the combatant's "
    "ability modifier (chrome included), proficiency and exhaustion are added for you.",
    stateless=stateless.d20_test,
    session=play.d20_test,
)
SYSTEM.mechanic(
    "ability-scores",
    "Ability modifiers, proficiency bonus and program save DC",
    "Modifier = (score - 10) / 2 rounded down, scores past 20 allowed; proficiency +2 to +6 by level (5e); "
    "subclasses from level 3; program save DC = 8 + proficiency + program ability modifier + chrome. "
    "In a session, also the combatant's AC, damage reduction, speed and initiative bonus. Rolls nothing.",
    stateless=stateless.ability_scores,
    session=play.ability_scores,
    read=True,
)
SYSTEM.mechanic(
    "initiative",
    "Roll initiative",
    "d20 + initiative bonus for each participant, ranked (ties: higher bonus, then Dexterity, then listing "
    "order). In a session it adds one combatant to the running combat at its place in the order.",
    stateless=stateless.initiative,
    session=tracker.join_combat,
)
SYSTEM.mechanic(
    "level-up",
    "Gain a level",
    "One level more (up to 20): hit points by the hit die's average or a roll, plus the Constitution modifier, "
    "at least 1; a new proficiency bonus; a subclass may be chosen from level 3.",
    stateless=stateless.level_up_,
    session=upkeep.level_up,
)

# -- fighting and dying ---------------------------------------------------------------------------

SYSTEM.mechanic(
    "attack",
    "Attack with a weapon",
    "d20 + proficiency + tech bonus + ability modifier (melee Strength, ranged Dexterity, finesse the higher) "
    "must beat AC plus cover (a tie misses by default). A hit rolls the weapon's dice + ability modifier + tech "
    "bonus (dice doubled on a critical by default) and applies them: damage reduction, massive damage, "
    "finishing blow, Overkill, then Last Breath (offered, taken only with `useLastBreath`) or dying. In combat "
    "it spends the attacker's action, bonus action or reaction; no combatant attacks itself.",
    stateless=stateless.attack,
    session=play.attack,
)
SYSTEM.mechanic(
    "damage",
    "Apply damage to a target",
    "Damage of a stated kind: physical weapon damage is softened by damage reduction (never below 1, never on "
    "critical-hit damage); program and environmental damage is not. Then massive damage (at least max HP "
    "flatlines, double annihilates), finishing blow, Overkill, then Last Breath (offered, taken only with "
    "`useLastBreath`) or dying. Session form: GM only.",
    stateless=stateless.damage,
    session=play.damage,
)
SYSTEM.mechanic(
    "last-breath",
    "Take Last Breath",
    "Once per long rest, a character that a hit drops to 0 HP (not killed outright) may stand at 1 HP instead, "
    "gaining a level of exhaustion; at the sixth level (5e-2024 effects) that flatlines. It is the player's "
    "choice: hits only offer it (`lastBreathOffered`). In a session it answers the hit that dropped the "
    "combatant, before anything else changes its HP or death saves; it costs no action. Stateless: the "
    "result of taking it.",
    stateless=stateless.last_breath_,
    session=play.take_last_breath,
)
SYSTEM.mechanic(
    "death-save",
    "Roll a death save",
    "A d20 for a dying character: 10+ succeeds (5e default), a natural 1 counts as two failures, a natural 20 "
    "brings it back at 1 HP (5e default). Three successes stabilize, three failures flatline. In combat one "
    "per turn, on the character's own turn.",
    stateless=stateless.death_save_,
    session=play.death_save,
)
SYSTEM.mechanic(
    "stabilize",
    "Stop a dying character's bleeding",
    "A Medicine check against the stabilize DV (default 10), or a med-patch or a friend's hands with no roll. "
    "A stable character stops making death saves and stops bleeding out. In combat it is the helper's action.",
    stateless=stateless.stabilize_,
    session=play.stabilize,
)
SYSTEM.mechanic(
    "heal",
    "Restore hit points",
    "A fixed amount or a dice formula, up to the maximum. Any healing brings a dying or stable character back "
    "up with its death saves cleared; flatlined and annihilated characters cannot be healed.",
    stateless=stateless.heal_,
    session=play.heal,
)

# -- rests, programs, chrome, eddies -----------------------------------------------------------------

SYSTEM.mechanic(
    "short-rest",
    "Take a short rest",
    "Spend hit dice (each heals its roll + Constitution modifier, at least 1) and recover all RAM; "
    "round and short-rest chrome cooldowns reset. Not while dying or in a running combat.",
    stateless=stateless.short_rest_,
    session=upkeep.short_rest,
)
SYSTEM.mechanic(
    "long-rest",
    "Take a long rest",
    "All HP, half the maximum hit dice back (at least one), all program slots and RAM, one exhaustion level "
    "off, Last Breath ready again, every chrome cooldown reset. Needs at least 1 HP at its start (5e default).",
    stateless=stateless.long_rest_,
    session=upkeep.long_rest,
)
SYSTEM.mechanic(
    "run-program",
    "Run a program or quickhack",
    "Save DC = 8 + proficiency + program ability modifier + chrome. Tier-0 quickhacks are at-will; higher "
    "tiers spend their RAM and a program slot of their tier or higher. The target saves against the DC; "
    "program damage (halved or negated on a save) ignores damage reduction.",
    stateless=stateless.run_program,
    session=play.run_program,
)
SYSTEM.mechanic(
    "install-chrome",
    "Install an implant",
    "The implant takes body slots and capacity from the shared pool; past either it is refused. Its passive "
    "bonuses apply while installed. A price is paid from eddies and what they cannot cover becomes debt.",
    stateless=stateless.install_chrome,
    session=upkeep.install_chrome,
)
SYSTEM.mechanic(
    "uninstall-chrome",
    "Remove an implant",
    "Frees its slots and capacity; its bonuses stop.",
    stateless=stateless.uninstall_chrome,
    session=upkeep.uninstall_chrome,
)
SYSTEM.mechanic(
    "activate-chrome",
    "Use an active implant",
    "Starts the implant's cooldown (its owner's turns, or until a rest); refused while it is cooling down.",
    stateless=stateless.activate_chrome,
    session=upkeep.activate_chrome,
)
SYSTEM.mechanic(
    "eddies",
    "Move eddies or service debt",
    "Earn, spend (never below 0), pay for a service (chrome, treatment, rescue: what eddies cannot cover "
    "becomes debt, even when it saved a life) or repay a creditor. Session form: only the GM grants earnings.",
    stateless=stateless.eddies_,
    session=upkeep.eddies_,
)

# -- the table and the combat tracker (sessions only) ------------------------------------------------

SYSTEM.mechanic(
    "add-combatant",
    "Seat a character or NC at the table",
    "Validated against the table's rules (weapon band, chrome slots and capacity, subclass level). A player "
    "adds combatants for its own seat; with joinCombat it also rolls into a running combat.",
    session=tracker.add_combatant,
)
SYSTEM.mechanic(
    "remove-combatant",
    "Take a combatant off the table (GM)",
    "Also drops it from the initiative order; if it had the turn, the turn passes on.",
    session=tracker.remove_combatant,
)
SYSTEM.mechanic(
    "gm-adjust",
    "Override a combatant's HP, helplessness, exhaustion, RAM or Last Breath (GM)",
    "For what the fiction changed. HP 0 leaves a standing combatant dying; HP above 0 brings it up.",
    session=tracker.gm_adjust,
)
SYSTEM.mechanic(
    "start-combat",
    "Roll initiative and start a combat (GM)",
    "Every participant rolls d20 + initiative bonus; round 1 begins with the highest.",
    session=tracker.start_combat,
)
SYSTEM.mechanic(
    "end-turn",
    "End the current combatant's turn",
    "A dying combatant rolls its death save if it has not, then bleeds out (one automatic failure). The turn "
    "passes to the next combatant not flatlined; after the last, a new round begins.",
    session=tracker.end_turn,
)
SYSTEM.mechanic(
    "end-combat",
    "End the combat (GM)",
    "Clears the tracker; round-counted chrome cooldowns reset.",
    session=tracker.end_combat,
)
SYSTEM.mechanic(
    "move",
    "Spend movement",
    "Feet of movement on the combatant's own turn, up to its speed (plus any dash).",
    session=tracker.move,
)
SYSTEM.mechanic(
    "take-action",
    "Spend an action, bonus action or reaction on something else",
    "Dash, dodge, disengage, help, hide, ready, search, use an object. Actions and bonus actions only on the "
    "combatant's own turn; a reaction once until its next turn. Dash adds its speed to this turn's movement.",
    session=tracker.take_action,
)
