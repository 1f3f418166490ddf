"""Every Eclipse Phase mechanic, declared once: REST routes, GraphQL fields and OpenAPI are derived.

Eleven mechanics have both forms (stateless: all numbers in the body; in a session: the
table's characters supply them). Ten only make sense against a table and are session-only.
"""

from __future__ import annotations

from service.registry import system
from service.systems.eclipse.errors import CODES
from service.systems.eclipse import session_combat, session_hacking, session_pools, session_sheet, session_table, session_tests, stateless
from service.systems.eclipse.rules import EclipseRules
from service.systems.eclipse.session_models import EclipseSetup
from service.systems.eclipse.table import initial_state, view

D100 = (
    "A d100 reads 00–99: the stream draws a 100-faced die and face 100 reads 00 (the audit record "
    "shows the face). Rule options (critical vs superior, modifier cap, …) come from `rules`."
)

SYSTEM = system(
    "eclipse",
    "Eclipse Phase (second edition)",
    setup=EclipseSetup,
    start=initial_state,
    view=view,
    options=EclipseRules,
    errors=CODES,
)

SYSTEM.mechanic(
    "test",
    "Roll a success test (skill, aptitude check or rep) against a target number",
    "Success at or under the modified target; superior successes at 33+ and 66+, superior failures under 66 "
    "and under 33; doubles are criticals, 00 always a critical success, 99 always a critical failure. "
    "Modifiers (severities ±10/20/30, specialization +10, teamwork +10 per counted helper, +30 at most however many help, retries −10 each, "
    "task timing) are capped at ±60. Pool points: +20 or ignore modifiers before the roll; flip-flop, upgrade "
    "or downgrade a critical failure after it (spent only if they help). Superior-result choices and critical "
    "effects are applied in order of preference. In a session the character's sheet, wounds, ongoing pool "
    "bonuses and pools are used, the result is kept under its `testId` for `pool-after-roll`, and with "
    "`advanceClock` (GM) a task's time passes on the table's clock. " + D100,
    stateless=stateless.test,
    session=session_tests.test,
)
SYSTEM.mechanic(
    "opposed-test",
    "Roll an opposed test: the side that succeeds with the higher roll wins",
    "Both sides roll a full test. One success wins; two failures is nobody's win; with two successes a critical "
    "beats a plain success (configurable), else the higher roll; an exact tie is a deadlock (configurable). " + D100,
    stateless=stateless.opposed_test,
    session=session_tests.opposed_test,
)
SYSTEM.mechanic(
    "pool-after-roll",
    "Spend a pool point after a roll: flip-flop, upgrade a success, or soften a critical failure",
    "Stateless: give the reading and target. In a session: changes the character's test named by `test` (the "
    "`testId` a test or opposed test returned; default its latest), if it has not already taken its pool point. "
    "The table keeps each character's last 8 tests. Refused when the use would not improve the result.",
    stateless=stateless.pool_after_roll,
    session=session_tests.pool_after_roll,
)
SYSTEM.mechanic(
    "attack",
    "Resolve an attack: attack skill against Fray or Melee (melee) or half Fray (ranged), then damage",
    "The attacker hits when it succeeds and beats the defender (a critical beats a plain success by default; a "
    "tie misses). Damage: the weapon's dice, +1d6 per superior success, doubled on a critical; armor of the "
    "weapon's kind soaks it; one wound per full wound threshold; damage reaching Durability incapacitates, "
    "reaching the Death Rating kills. In a session the defender's sheet is used and the harm is written to it; "
    "while initiative order exists only the character whose turn it is may attack (the GM's seat excepted), and the "
    "attack counts against the attacker's action turn as a physical action, complex by default "
    "(`rules.attackAction`): one that does not fit is refused (409 `eclipse/action-budget-exceeded`). " + D100,
    stateless=stateless.attack,
    session=session_combat.attack,
)
SYSTEM.mechanic(
    "damage",
    "Apply a damage value to a target: armor, wounds, incapacitation and death",
    "Rolls `dice`d`sides` + `bonus` (or a fixed value with no dice), subtracts the matching armor and turns "
    "each full wound threshold into a wound. In a session the character's damage, wounds and condition change.",
    stateless=stateless.damage,
    session=session_combat.damage,
)
SYSTEM.mechanic(
    "hack",
    "Hack a system: Infosec against its Firewall, by brute force or subtle intrusion",
    "Brute force is a complex action at −30 and leaves the intruder spotted; a subtle intrusion is a 1-hour task "
    "and leaves it covert. Winning gives user privileges, one step more (security, admin) per superior success; "
    "a critical success raises the status one step (spotted → covert → hidden). Escalating an intrusion keeps "
    "what it had. In a session the intrusion is kept at the table, and while initiative order exists only the "
    "character whose turn it is may hack (the GM's seat excepted) and the hack counts against its action turn "
    "(brute force a complex action, a subtle intrusion a task action). " + D100,
    stateless=stateless.hack,
    session=session_hacking.hack,
)
SYSTEM.mechanic(
    "rep-test",
    "Ask a network for a favor: a rep test with favor-size modifiers, secrecy, limits and burning rep",
    "Target: the rep score; Minor +10, Moderate 0, Major −30; an optional secrecy penalty; burnt rep gives twice "
    "its points as a bonus. Minor favors 3 a week, Moderate 1 a week, Major 1 a story arc per network; beyond that "
    "burning 5 / 10 / 20 rep buys one more. Moxie or Flex may help. In a session the score and the favors used "
    "this week and arc are kept per network. " + D100,
    stateless=stateless.rep_test,
    session=session_tests.rep_test,
)
SYSTEM.mechanic(
    "initiative",
    "Roll initiative: 1d6 + Initiative, highest first, ties by REF then roll-off",
    "Each combatant rolls 1d6 and adds its Initiative. Ties break by REF and then d100 roll-offs, or are shared "
    "(configurable). In a session this starts a combat at action turn 1 with that order.",
    stateless=stateless.initiative,
    session=session_combat.initiative,
)
SYSTEM.mechanic(
    "take-action",
    "Check actions against the action turn: 1 complex + 1 quick, 1 task + 1 quick, or 3 quick",
    "Stateless: says whether a whole turn's actions fit (extra actions from pools or criticals cover one complex "
    "or two quick actions of their kind). In a session: records one action of a character in the running combat "
    "and refuses one that does not fit (session attacks and hacks are counted the same way). While initiative order exists, only the character whose turn it is may act "
    "(409 `eclipse/out-of-turn` otherwise; the GM's seat may act for anyone): those who took the initiative go first, "
    "then by count; a character's turn ends when no further action fits or it calls `finish-actions`. Without "
    "initiative rolled, turn order is not enforced.",
    stateless=stateless.action_turn,
    session=session_combat.take_action,
)
SYSTEM.mechanic(
    "pool-use",
    "Spend pool points on a pool's own use (take the initiative, extra action, clue, refresh favors, Flex narrative…)",
    "Insight: take the initiative, extra mental action, acquire a clue. Moxie: ignore a trauma, refresh a favor "
    "(1 point Minor, 2 Moderate), acquire a clue, control infection, negate a gaffe. Vigor: take the initiative, "
    "extra physical action, ignore a wound. Flex: introduce an NPC or item, define the environment or a "
    "relationship. In a session the effects reach the character, its favors and the running combat.",
    stateless=stateless.pool_use,
    session=session_pools.pool_use,
)
SYSTEM.mechanic(
    "recharge",
    "Recharge pools: short (1d6 points, twice a day) or long (all, once a day)",
    "A short recharge (10 minutes) rolls 1d6 and hands the points out along `allocation`, never past a pool's "
    "maximum; the rest is lost. The player decides where the points go, so a short recharge without an `allocation` "
    "is refused (`eclipse/recharge-allocation`, 422) before anything is rolled or counted. A long recharge (4 hours, 8 for flats) refills every pool. In a session the limits "
    "count the recharges started in the last 24 hours of the table's clock (a refusal says when the next one fits), "
    "a recharge ends ongoing pool bonuses, and `advanceClock` (GM) lets its 10 minutes or 4/8 hours pass.",
    stateless=stateless.recharge,
    session=session_pools.recharge,
)

SYSTEM.mechanic(
    "add-character",
    "Add a character to the table",
    "Aptitudes, skills (rating, linked aptitude, category, specialization), pools, rep per network, armor, "
    "Durability, wound threshold and Death Rating (second-edition defaults), Initiative. A player's character is theirs.",
    session=session_table.add_character,
)
SYSTEM.mechanic(
    "heal",
    "Remove damage and wounds from a character (GM)",
    "The rules text gives no healing rates, so the GM sets how much damage and how many wounds go (never more than "
    "the character has). Condition follows: below Durability the character is active again. The dead are not healed.",
    session=session_sheet.heal,
)
SYSTEM.mechanic(
    "edit-character",
    "Change fields of a character's sheet (GM)",
    "Only the fields given change, within the bounds of a new sheet: name, player, aptitudes, skills (add or replace "
    "by name, remove), pool maxima (current points are cut to a lower maximum), rep scores, armor, Durability (wound "
    "threshold and Death Rating are worked out again unless given), Initiative, damage, wounds and traumas. What the "
    "table recorded (pools spent, favors used, kept tests) stays. An edit that changes nothing is refused.",
    session=session_sheet.edit_character,
)
SYSTEM.mechanic(
    "advance-time",
    "Move the table's clock (GM): minutes, hours, days, weeks, a new story arc",
    "The clock counts days and the minute of the day; advance it by minutes, hours, days or weeks (summed). "
    "Crossing midnight starts a new day, ending 24-hour pool effects; recharges renew 24 hours after they started; "
    "reaching day 7, 14… starts a new week, renewing Minor and Moderate favors; a new story arc renews Major favors.",
    session=session_table.advance_time,
)
SYSTEM.mechanic(
    "next-turn",
    "Start the next action turn of the running combat",
    "Everyone's actions renew; a character that lost its next action to a critical failure sits this turn out.",
    session=session_combat.next_turn,
)
SYSTEM.mechanic(
    "delay",
    "Delay a character to a later Initiative count",
    "The character acts after everyone at or above the new count, and keeps that count for later turns.",
    session=session_combat.delay,
)
SYSTEM.mechanic(
    "finish-actions",
    "End a character's actions for this action turn; the next character in initiative order acts",
    "Only on the character's own turn (the GM's seat may finish anyone). A character whose actions fill the turn "
    "finishes by itself. When everyone has finished, the next action turn must be started.",
    session=session_combat.finish_actions,
)
SYSTEM.mechanic(
    "end-combat",
    "End the running combat",
    "Clears the initiative order and the action turns.",
    session=session_combat.end_combat,
)
SYSTEM.mechanic(
    "pool-ongoing",
    "Spend 1 or 2 points for +5 or +10 on every skill test linked to one aptitude",
    "Insight, Moxie or Vigor, on one of its own aptitudes; lasts until the next recharge or the day changes.",
    session=session_pools.pool_ongoing,
)
SYSTEM.mechanic(
    "end-intrusion",
    "End an intrusion",
    "The hacker leaves the system; the intrusion is removed from the table.",
    session=session_hacking.end_intrusion,
)
