"""Attacks, damage, Last Breath, death saves, stabilizing and healing."""

from __future__ import annotations

from typing import Any

from service.dice.notation import DEFAULT_LIMITS
from service.dice.odds import Odds
from service.dice.stream import Stream
from service.plain import as_dict, fields_of
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.errors import (
    DEATH_SAVE_ROLLED,
    NO_LAST_BREATH,
    SELF_ATTACK,
    UNKNOWN_WEAPON,
    WEAPON_CHOICE,
    refuse,
)
from service.systems.ncb.moves.shared import amount_or_dice, target_vitals
from service.systems.ncb.options import DEFAULT_RULES, NcbRules
from service.systems.ncb.rules.abilities import proficiency_bonus
from service.systems.ncb.rules.attacks import AttackRoll, Attacker, Swing, require_attackable, strike
from service.systems.ncb.rules.d20 import roll_mode
from service.systems.ncb.rules.damage import Hit, Vitals, apply_damage, weapon_hit
from service.systems.ncb.rules.dying import require_dying
from service.systems.ncb.rules.dying import death_save as roll_death_save
from service.systems.ncb.rules.dying import stabilize as stop_bleeding
from service.systems.ncb.rules.last_breath import take as take_last_breath
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.rules.dying import Stabilizing, attempt
from service.systems.ncb.rules.odds_amounts import (
    damage_odds,
    healing_odds,
    remembered_damage_odds,
    remembered_healing_odds,
    stabilize_odds,
)
from service.systems.ncb.rules.odds_attack import attack_odds, remembered_attack_odds
from service.systems.ncb.rules.odds_dying import remembered_save_odds, save_odds
from service.systems.ncb.rules.recovery import heal as restore
from service.systems.ncb.rules.turns import require_turn
from service.systems.ncb.rules.weapons import Weapon
from service.systems.ncb.rules import turns
from service.systems.ncb.state import NcbCombatant, NcbState
from service.systems.ncb.wire.fights import (
    NcbAttackAction,
    NcbAttackParams,
    NcbAttackResult,
    NcbDamageAction,
    NcbDamageParams,
    NcbDamageResult,
    NcbDeathSaveAction,
    NcbDeathSaveParams,
    NcbDeathSaveResult,
    NcbHealAction,
    NcbHealParams,
    NcbHealResult,
    NcbLastBreathAction,
    NcbLastBreathParams,
    NcbLastBreathResult,
    NcbStabilizeAction,
    NcbStabilizeParams,
    NcbStabilizeResult,
)
from service.written import written


def _swing(p: NcbAttackParams) -> tuple[Swing, Vitals]:
    """The attack a stateless call describes, and its target's vitals."""
    rules = p.rules
    target = target_vitals(p.target, rules)
    a = p.attacker
    swing = Swing(
        Attacker(a.strength, a.dexterity, a.level, a.proficient, a.exhaustion),
        table.weapon_of(p.weapon),
        armor_class=p.target.armor_class,
        rules=rules,
        cover=p.cover,
        target_helpless=target.helpless,
        advantage=p.advantage,
        disadvantage=p.disadvantage,
        situational=p.bonus,
    )
    return swing, target


def attack(p: NcbAttackParams, stream: Stream) -> dict[str, Any]:
    swing, target = _swing(p)
    rolled = strike(stream, swing)
    _, fields = attack_fields(rolled, swing.weapon, target, p.rules, use_last_breath=p.target.use_last_breath)
    return written(NcbAttackResult, fields)


def attack_odds_of(p: NcbAttackParams) -> Odds:
    swing, target = _swing(p)
    return attack_odds(swing, target, use_last_breath=p.target.use_last_breath, limits=DEFAULT_LIMITS)


def attack_fields(
    rolled: AttackRoll, weapon: Weapon, target: Vitals, rules: NcbRules, *, use_last_breath: bool
) -> tuple[Vitals, dict[str, Any]]:
    """A rolled attack's damage applied to `target`: its new vitals and the result's fields, the rules'
    records as they are (for `written`)."""
    outcome = None
    if rolled.damage is not None:
        hit = weapon_hit(rolled.damage.total, weapon, rolled.critical, use_last_breath)
        target, outcome = apply_damage(target, hit, rules)
    return target, {
        **fields_of(rolled),
        "weapon": weapon.name,
        "tags": list(weapon.tags),
        "overkill": weapon.overkill,
        "outcome": outcome,
    }


def _weapon(attacker: NcbCombatant, p: NcbAttackAction) -> Weapon:
    if (p.weapon is None) == (p.weapon_name is None):
        raise refuse(
            WEAPON_CHOICE, "name one of the attacker's weapons (`weaponName`) or describe one (`weapon`)"
        )
    if p.weapon is not None:
        return table.weapon_of(p.weapon)
    wanted = (p.weapon_name or "").casefold()
    for carried in attacker.weapons:
        if carried.name.casefold() == wanted:
            return table.weapon_of(carried)
    names = ", ".join(w.name for w in attacker.weapons) or "none"
    raise refuse(UNKNOWN_WEAPON, f"{attacker.id} carries no {p.weapon_name!r} (carries: {names})")


def _session_swing(state: NcbState, p: NcbAttackAction) -> tuple[Swing, NcbCombatant, NcbCombatant, Vitals]:
    """The attack as the table makes it: the attacker's scores and weapon, the target's AC and vitals."""
    rules = state.rules
    attacker = table.get(state, p.attacker)
    target = table.get(state, p.target)
    if target.id == attacker.id:
        raise refuse(SELF_ATTACK, f"{attacker.id} cannot attack itself")
    table.require_living(target)
    weapon = _weapon(attacker, p)
    require_attackable(weapon, rules, p.cover)
    scores = table.scores(attacker)
    vitals = table.vitals(target, rules)
    swing = Swing(
        Attacker(scores["strength"], scores["dexterity"], attacker.level, True, attacker.exhaustion),
        weapon,
        armor_class=table.armor_class(target),
        rules=rules,
        cover=p.cover,
        target_helpless=vitals.helpless,
        advantage=p.advantage,
        disadvantage=p.disadvantage,
        situational=p.bonus,
    )
    return swing, attacker, target, vitals


def attack_in_session(
    state: NcbState, p: NcbAttackAction, stream: Stream, actor: Actor
) -> tuple[NcbState, dict[str, Any]]:
    rules = state.rules
    attacker = table.get(state, p.attacker)
    table.require_control(actor, attacker)
    table.require_able(attacker)
    if p.use_last_breath:
        table.require_control(actor, table.get(state, p.target))  # Last Breath is the target's player's choice
    swing, attacker, target, vitals = _session_swing(state, p)
    # What the action asks for is judged first; only then whether the turn still has it to spend.
    state, spent = table.spend(state, attacker.id, p.economy)
    rolled = strike(stream, swing)
    choice = p.use_last_breath or target.use_last_breath
    after, fields = attack_fields(rolled, swing.weapon, vitals, rules, use_last_breath=choice)
    if rolled.damage is not None:  # a miss leaves the target, and any Last Breath offer, as they were
        state = table.put(state, table.with_vitals(table.get(state, target.id), after))
    return state, written(NcbAttackResult, {"attacker": attacker.id, "target": target.id, "economy": spent, **fields})


def attack_session_odds(state: NcbState, p: NcbAttackAction, actor: Actor) -> Odds:
    """The attack's odds against the target as it stands at the table; nothing is spent."""
    swing, _, target, vitals = _session_swing(state, p)
    choice = p.use_last_breath or target.use_last_breath
    return remembered_attack_odds(swing, vitals, use_last_breath=choice, limits=DEFAULT_LIMITS)


def damage(p: NcbDamageParams, stream: Stream) -> NcbDamageResult:
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    hit = Hit(amount, p.kind, p.critical, p.overkill, p.target.use_last_breath)
    _, outcome = apply_damage(target_vitals(p.target, p.rules), hit, p.rules)
    return NcbDamageResult.model_validate({"roll": roll, "outcome": as_dict(outcome)})


def damage_odds_of(p: NcbDamageParams) -> Odds:
    hit = Hit(0, p.kind, p.critical, p.overkill, p.target.use_last_breath)  # each amount dealt like this
    return damage_odds(target_vitals(p.target, p.rules), p.amount, p.dice, hit, p.rules, DEFAULT_LIMITS)


def damage_session_odds(state: NcbState, p: NcbDamageAction, actor: Actor) -> Odds:
    rules = state.rules
    target = table.get(state, p.target)
    table.require_living(target)
    hit = Hit(0, p.kind, p.critical, p.overkill, p.use_last_breath or target.use_last_breath)
    return remembered_damage_odds(table.vitals(target, rules), p.amount, p.dice, hit, rules, DEFAULT_LIMITS)


def damage_in_session(
    state: NcbState, p: NcbDamageAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbDamageResult]:
    table.require_gm(actor, "deal damage directly (attacks and programs deal their own)")
    rules = state.rules
    target = table.get(state, p.target)
    table.require_living(target)
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    hit = Hit(amount, p.kind, p.critical, p.overkill, p.use_last_breath or target.use_last_breath)
    after, outcome = apply_damage(table.vitals(target, rules), hit, rules)
    state = table.put(state, table.with_vitals(target, after))
    return state, NcbDamageResult.model_validate(
        {"target": target.id, "roll": roll, "outcome": as_dict(outcome)}
    )


def last_breath(p: NcbLastBreathParams) -> NcbLastBreathResult:
    dropped = Vitals(hp=0, max_hp=1, condition="dying", last_breath=True, exhaustion=p.exhaustion)
    _, taken = take_last_breath(dropped, p.rules)
    return NcbLastBreathResult(**as_dict(taken))


def last_breath_in_session(
    state: NcbState, p: NcbLastBreathAction, actor: Actor
) -> tuple[NcbState, NcbLastBreathResult]:
    """The player's answer to a hit that offered Last Breath: 1 HP instead of 0, and a level of exhaustion."""
    rules = state.rules
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if not c.last_breath:
        raise refuse(NO_LAST_BREATH, f"{c.id} has no Last Breath left; a long rest brings it back")
    if not c.last_breath_offered:
        raise refuse(
            NO_LAST_BREATH,
            f"Last Breath answers the hit that drops {c.id} to 0, before anything else changes its HP or "
            "death saves; no such hit is waiting",
        )
    after, taken = take_last_breath(table.vitals(c, rules), rules)
    state = table.put(state, table.with_vitals(c, after))
    return state, NcbLastBreathResult(combatant=c.id, **as_dict(taken))


def _dying(p: NcbDeathSaveParams) -> Vitals:
    return Vitals(
        hp=0,
        max_hp=1,
        condition="dying",
        death_successes=p.successes,
        death_failures=p.failures,
        exhaustion=p.exhaustion,
    )


def death_save(p: NcbDeathSaveParams, stream: Stream) -> NcbDeathSaveResult:
    mode = roll_mode(p.advantage, p.disadvantage)
    _, saved = roll_death_save(_dying(p), stream, p.rules, modifier=p.modifier, mode=mode)
    return NcbDeathSaveResult(**as_dict(saved))


def death_save_odds(p: NcbDeathSaveParams) -> Odds:
    return save_odds(_dying(p), p.rules, modifier=p.modifier, mode=roll_mode(p.advantage, p.disadvantage))


def death_save_in_session(
    state: NcbState, p: NcbDeathSaveAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbDeathSaveResult]:
    rules = state.rules
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    require_dying(table.vitals(c, rules), "a death save")
    combat = state.combat
    if combat is not None and table.in_combat(state, c.id):
        # In combat the save belongs to the dying combatant's own turn, once.
        require_turn(combat, c.id, "a death save is rolled")
        if combat.economy.death_save:
            raise refuse(DEATH_SAVE_ROLLED, f"{c.id} already rolled its death save this turn")
        state = table.with_combat(state, turns.death_save_rolled(combat))
    mode = roll_mode(p.advantage, p.disadvantage)
    after, saved = roll_death_save(table.vitals(c, rules), stream, rules, modifier=p.modifier, mode=mode)
    state = table.put(state, table.with_vitals(c, after))
    return state, NcbDeathSaveResult(combatant=c.id, **as_dict(saved))


def death_save_session_odds(state: NcbState, p: NcbDeathSaveAction, actor: Actor) -> Odds:
    """The combatant's next save and its fate, from its tallies and exhaustion at the table."""
    c = table.get(state, p.combatant)
    mode = roll_mode(p.advantage, p.disadvantage)
    return remembered_save_odds(table.vitals(c, state.rules), state.rules, modifier=p.modifier, mode=mode)


def _stabilizing(p: NcbStabilizeParams, stream: DiceStream) -> Stabilizing:
    mode = roll_mode(p.advantage, p.disadvantage)
    _, done = stop_bleeding(_DYING, p.method, stream, p.rules, medicine_bonus=p.medicine_bonus, mode=mode)
    return done


_DYING = Vitals(hp=0, max_hp=1, condition="dying")  # whom a stateless attempt stabilizes


def stabilize(p: NcbStabilizeParams, stream: Stream) -> NcbStabilizeResult:
    return NcbStabilizeResult(**as_dict(_stabilizing(p, stream)))


def stabilize_odds_of(p: NcbStabilizeParams) -> Odds:
    mode = roll_mode(p.advantage, p.disadvantage)
    return stabilize_odds(_DYING, attempt(p.method, p.rules, medicine_bonus=p.medicine_bonus, mode=mode))


def stabilize_in_session(
    state: NcbState, p: NcbStabilizeAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbStabilizeResult]:
    rules = state.rules
    helper = table.get(state, p.helper)
    table.require_control(actor, helper)
    table.require_able(helper)
    target = table.get(state, p.target)
    require_dying(table.vitals(target, rules), "stabilizing")  # before the helper's action is spent
    state, spent = table.spend(state, helper.id, "action")
    after, done = _helping(state, p, helper, target, stream)
    state = table.put(state, table.with_vitals(target, after))
    fields = as_dict(done)
    return state, NcbStabilizeResult(helper=helper.id, target=target.id, economy=spent, **fields)


def _helping(
    state: NcbState, p: NcbStabilizeAction, helper: NcbCombatant, target: NcbCombatant, stream: DiceStream
) -> tuple[Vitals, Stabilizing]:
    """The helper's attempt: Wisdom (Medicine), proficiency and exhaustion from the table."""
    rules = state.rules
    mode = roll_mode(p.advantage, p.disadvantage)
    bonus = _medicine_bonus(state, p, helper)
    return stop_bleeding(table.vitals(target, rules), p.method, stream, rules, medicine_bonus=bonus, mode=mode)


def _medicine_bonus(state: NcbState, p: NcbStabilizeAction, helper: NcbCombatant) -> int:
    bonus = table.ability_mod(helper, "wisdom") + p.bonus - table.penalty(helper, state.rules)
    if p.proficient:
        bonus += proficiency_bonus(helper.level)
    return bonus


def stabilize_session_odds(state: NcbState, p: NcbStabilizeAction, actor: Actor) -> Odds:
    helper, target = table.get(state, p.helper), table.get(state, p.target)
    vitals = table.vitals(target, state.rules)
    require_dying(vitals, "stabilizing")
    mode = roll_mode(p.advantage, p.disadvantage)
    return stabilize_odds(vitals, attempt(p.method, state.rules, medicine_bonus=_medicine_bonus(state, p, helper), mode=mode))


def heal(p: NcbHealParams, stream: Stream) -> NcbHealResult:
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    _, healing = restore(target_vitals(p.target, DEFAULT_RULES), amount)
    return NcbHealResult.model_validate({"roll": roll, **as_dict(healing)})


def heal_odds_of(p: NcbHealParams) -> Odds:
    return healing_odds(target_vitals(p.target, DEFAULT_RULES), p.amount, p.dice, DEFAULT_LIMITS)


def heal_session_odds(state: NcbState, p: NcbHealAction, actor: Actor) -> Odds:
    target = table.get(state, p.target)
    table.require_living(target)
    return remembered_healing_odds(table.vitals(target, state.rules), p.amount, p.dice, DEFAULT_LIMITS)


def heal_in_session(state: NcbState, p: NcbHealAction, stream: Stream, actor: Actor) -> tuple[NcbState, NcbHealResult]:
    rules = state.rules
    target = table.get(state, p.target)
    healer_id = None
    if p.healer is None:
        table.require_gm(actor, "heal without naming a healer")
        table.require_living(target)
    else:
        healer = table.get(state, p.healer)
        table.require_control(actor, healer)
        table.require_able(healer)
        table.require_living(target)  # before the healer's economy is spent
        state, _ = table.spend(state, healer.id, p.economy)
        healer_id = healer.id
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    after, healing = restore(table.vitals(target, rules), amount)
    state = table.put(state, table.with_vitals(table.get(state, target.id), after))
    return state, NcbHealResult.model_validate(
        {"healer": healer_id, "target": target.id, "roll": roll, **as_dict(healing)}
    )


SYSTEM.mechanic(
    "attack",
    "Attack with a weapon",
    "d20 + proficiency + tech bonus + ability modifier (melee Strength, ranged Dexterity, finesse the higher) "
    "must beat AC plus cover (a tie misses by default). A hit rolls the weapon's dice + ability modifier + tech "
    "bonus (dice doubled on a critical by default) and applies them: damage reduction, massive damage, "
    "finishing blow, Overkill, then Last Breath (offered, taken only with `useLastBreath`) or dying. In combat "
    "it spends the attacker's action, bonus action or reaction; no combatant attacks itself.",
    stateless=attack,
    session=attack_in_session,
    output=NcbAttackResult,  # both handlers return it written (service/written.py)
    odds=attack_odds_of,
    session_odds=attack_session_odds,
)
SYSTEM.mechanic(
    "damage",
    "Apply damage to a target",
    "Damage of a stated kind: physical weapon damage is softened by damage reduction (never below 1, never on "
    "critical-hit damage); program and environmental damage is not. Then massive damage (at least max HP "
    "flatlines, double annihilates), finishing blow, Overkill, then Last Breath (offered, taken only with "
    "`useLastBreath`) or dying. Session form: GM only.",
    stateless=damage,
    session=damage_in_session,
    odds=damage_odds_of,
    session_odds=damage_session_odds,
)
SYSTEM.mechanic(
    "last-breath",
    "Take Last Breath",
    "Once per long rest, a character that a hit drops to 0 HP (not killed outright) may stand at 1 HP instead, "
    "gaining a level of exhaustion; at the sixth level (5e-2024 effects) that flatlines. It is the player's "
    "choice: hits only offer it (`lastBreathOffered`). In a session it answers the hit that dropped the "
    "combatant, before anything else changes its HP or death saves; it costs no action. Stateless: the "
    "result of taking it.",
    stateless=last_breath,
    session=last_breath_in_session,
)
SYSTEM.mechanic(
    "death-save",
    "Roll a death save",
    "A d20 for a dying character: 10+ succeeds (5e default), a natural 1 counts as two failures, a natural 20 "
    "brings it back at 1 HP (5e default). Three successes stabilize, three failures flatline. In combat one "
    "per turn, on the character's own turn.",
    stateless=death_save,
    session=death_save_in_session,
    odds=death_save_odds,
    session_odds=death_save_session_odds,
)
SYSTEM.mechanic(
    "stabilize",
    "Stop a dying character's bleeding",
    "A Medicine check against the stabilize DV (default 10), or a med-patch or a friend's hands with no roll. "
    "A stable character stops making death saves and stops bleeding out. In combat it is the helper's action.",
    stateless=stabilize,
    session=stabilize_in_session,
    odds=stabilize_odds_of,
    session_odds=stabilize_session_odds,
)
SYSTEM.mechanic(
    "heal",
    "Restore hit points",
    "A fixed amount or a dice formula, up to the maximum. Any healing brings a dying or stable character back "
    "up with its death saves cleared; flatlined and annihilated characters cannot be healed.",
    stateless=heal,
    session=heal_in_session,
    odds=heal_odds_of,
    session_odds=heal_session_odds,
)
