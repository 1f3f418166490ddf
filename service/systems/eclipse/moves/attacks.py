"""Attacks and damage: stateless, and in a session where the defender's sheet is used and the harm written to it."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import check_affordable, count_in_turn, pay
from service.systems.eclipse.moves.procedures import (
    D100,
    FullTest,
    PlannedTest,
    common_modifiers,
    damage_value,
    modifiers_from,
    plan_test,
    roll_test,
    spends_from,
)
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.character import require_able, skill_rating, state_modifiers, subject
from service.systems.eclipse.rules.combat import AttackKind, Harm, Soak, condition, defense_target, harm, roll_damage
from service.systems.eclipse.rules.odds_attacks import attack_odds, damage_value_odds
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.rules.pools import check_test_spends
from service.systems.eclipse.state import Character, EclipseState, control
from service.systems.eclipse.wire.attacks import (
    EclipseAttackInSession,
    EclipseAttackInSessionResult,
    EclipseAttackInput,
    EclipseAttackResult,
    EclipseDamageInSession,
    EclipseDamageInSessionResult,
    EclipseDamageInput,
    EclipseDamageResult,
    EclipseHarm,
    EclipseTargetStats,
)
from service.systems.eclipse.wire.common import EclipseWeapon


def _plans(params: EclipseAttackInput) -> tuple[str, PlannedTest, PlannedTest]:
    """The defense skill and both tests, checked and set up before any die is rolled."""
    rules = params.rules
    a_in, d_in = params.attacker, params.defender
    skill, defense = defense_target(params.attack, d_in.fray, d_in.melee, d_in.defense)
    a_mods = common_modifiers(specialization=a_in.specialization, retries=0, listed=a_in.modifiers)
    d_mods = modifiers_from(d_in.modifiers)
    d_aptitude = "som" if skill == "melee" else "ref"
    a_spends, d_spends = spends_from(a_in.pool_spends), spends_from(d_in.pool_spends)
    check_test_spends(d_spends, aptitude=d_aptitude, kind="skill", per_test=rules.pool_points_per_test)
    a = plan_test(base=a_in.target, modifiers=a_mods, spends=a_spends, aptitude=a_in.aptitude, rules=rules)
    d = plan_test(base=defense, modifiers=d_mods, spends=d_spends, aptitude=d_aptitude, rules=rules)
    return skill, a, d


def attack(params: EclipseAttackInput, stream: Stream) -> EclipseAttackResult:
    skill, a_plan, d_plan = _plans(params)
    a = roll_test(stream, a_plan)
    d = roll_test(stream, d_plan)
    return strike(stream, params.attack, skill, a, d, params.weapon, params.target, params.rules)


def attack_odds_of(params: EclipseAttackInput) -> Odds:
    _, a_plan, d_plan = _plans(params)
    return _attack_odds(a_plan, d_plan, params.weapon, params.target, params.rules)


def _attack_odds(a: PlannedTest, d: PlannedTest, weapon: EclipseWeapon, target: EclipseTargetStats, rules: EclipseRules) -> Odds:
    return attack_odds(
        a.results(),
        d.results(),
        dice=weapon.dice,
        sides=weapon.sides,
        bonus=weapon.bonus,
        harm_of=soaked_by(weapon.armor, target),
        critical_beats_success=rules.critical_beats_success,
    )


def strike(
    stream: Stream,
    attack_kind: AttackKind,
    skill: str,
    a: FullTest,
    d: FullTest,
    weapon: EclipseWeapon,
    target: EclipseTargetStats,
    rules: EclipseRules,
) -> EclipseAttackResult:
    """Judge the opposed attack; on a hit roll damage and work out the harm."""
    a_result = a.run.result
    # An attack needs a strictly higher roll: a tie is a miss whatever the table's tie rule.
    won, reason = winner(a_result, d.run.result, critical_beats_success=rules.critical_beats_success, tie="deadlock")
    hit = won == "a"
    value = hurt = None
    if hit:
        rolled = roll_damage(
            stream,
            count=weapon.dice,
            sides=weapon.sides,
            bonus=weapon.bonus,
            superior=a_result.effective_successes,
            critical=a_result.critical,
        )
        value = damage_value(rolled)
        hurt = harm_of(rolled.total, weapon.armor, target)
    return EclipseAttackResult(
        attack=attack_kind,
        defense_skill=skill,
        attacker=a.wire,
        defender=d.wire,
        winner=won,
        reason=reason,
        hit=hit,
        damage=value,
        harm=hurt,
    )


def _armor(armor_kind: str, target: EclipseTargetStats) -> int:
    """The target's armor against the weapon's kind of damage (none against other kinds)."""
    return {"kinetic": target.armor_kinetic, "energy": target.armor_energy}.get(armor_kind, 0)


def soaked_by(armor_kind: str, target: EclipseTargetStats) -> Soak:
    """`soaked` for this target and kind of damage, as `harm` reads each damage value: what the odds read per value."""
    return Soak(_armor(armor_kind, target), target.wound_threshold, target.durability, target.death_rating, target.damage)


def harm_done(total: int, armor_kind: str, target: EclipseTargetStats) -> Harm:
    """What a damage value does to the target (`harm`, its armor of that kind)."""
    return harm(
        total,
        armor=_armor(armor_kind, target),
        wound_threshold=target.wound_threshold,
        durability=target.durability,
        death_rating=target.death_rating,
        damage_before=target.damage,
        wounds_before=target.wounds,
    )


def harm_of(total: int, armor_kind: str, target: EclipseTargetStats) -> EclipseHarm:
    h = harm_done(total, armor_kind, target)
    return EclipseHarm(
        damage_value=h.damage_value,
        armor=h.armor,
        taken=h.taken,
        wounds=h.wounds,
        damage_total=h.damage_total,
        wounds_total=h.wounds_total,
        condition=h.condition,
    )


def _damage_odds(weapon: EclipseWeapon, target: EclipseTargetStats) -> Odds:
    return damage_value_odds(dice=weapon.dice, sides=weapon.sides, bonus=weapon.bonus, harm_of=soaked_by(weapon.armor, target))


def damage_odds(params: EclipseDamageInput) -> Odds:
    return _damage_odds(params.weapon, params.target)


def damage_session_odds(state: EclipseState, params: EclipseDamageInSession, actor: Actor) -> Odds:
    return _damage_odds(params.weapon, _target_stats(state.character(params.character)))


def damage(params: EclipseDamageInput, stream: Stream) -> EclipseDamageResult:
    w = params.weapon
    rolled = roll_damage(stream, count=w.dice, sides=w.sides, bonus=w.bonus, superior=0, critical=False)
    return EclipseDamageResult(damage=damage_value(rolled), harm=harm_of(rolled.total, w.armor, params.target))


def _target_stats(char: Character) -> EclipseTargetStats:
    # Built from the table's own numbers, which may outgrow a request's bounds (a much-shot corpse).
    return EclipseTargetStats.model_construct(
        armor_energy=char.armor.energy,
        armor_kinetic=char.armor.kinetic,
        wound_threshold=char.wound_threshold,
        durability=char.durability,
        death_rating=char.death_rating,
        damage=char.damage,
        wounds=char.wounds,
    )


def _take_harm(char: Character, harm: EclipseHarm) -> Character:
    condition_now = condition(harm.damage_total, char.durability, char.death_rating)
    return char.model_copy(update={"damage": harm.damage_total, "wounds": harm.wounds_total, "condition": condition_now})


def _session_plans(
    state: EclipseState, params: EclipseAttackInSession
) -> tuple[Character, Character, str, PlannedTest, PlannedTest]:
    """Both tests from the two sheets: attack skill and state against Fray or Melee, pools checked."""
    rules = state.rules
    a_in, d_in = params.attacker, params.defender
    attacker, defender = state.character(a_in.character), state.character(d_in.character)
    skill = a_in.skill or ("Guns" if params.attack == "ranged" else "Melee")
    a_subj = subject(attacker, skill=skill, aptitude_check=None, default_aptitude=None, rules=rules)
    a_mods = common_modifiers(specialization=a_in.specialization, retries=0, listed=a_in.modifiers)
    a_mods += state_modifiers(attacker, a_subj, rules)
    # A defender without Fray defaults to REF; Melee only counts if the defender has it.
    fray = subject(defender, skill="Fray", aptitude_check=None, default_aptitude=None, rules=rules)
    melee = skill_rating(defender, "Melee")
    d_skill, d_target = defense_target(params.attack, fray.base, melee, d_in.defense)
    d_subj = subject(defender, skill="Melee", aptitude_check=None, default_aptitude=None, rules=rules) if d_skill == "melee" else fray
    d_mods = modifiers_from(d_in.modifiers) + state_modifiers(defender, d_subj, rules)
    a_spends, d_spends = spends_from(a_in.pool_spends), spends_from(d_in.pool_spends)
    check_affordable(attacker, a_spends)
    check_affordable(defender, d_spends)
    check_test_spends(d_spends, aptitude=d_subj.aptitude, kind="skill", per_test=rules.pool_points_per_test)
    a = plan_test(
        base=a_subj.base, modifiers=a_mods, spends=a_spends, aptitude=a_subj.aptitude, defaulting=a_subj.defaulting, rules=rules
    )
    d = plan_test(
        base=d_target, modifiers=d_mods, spends=d_spends, aptitude=d_subj.aptitude, defaulting=d_subj.defaulting, rules=rules
    )
    return attacker, defender, d_skill, a, d


def attack_in_session(
    state: EclipseState, params: EclipseAttackInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseAttackInSessionResult]:
    rules = state.rules
    a_in, d_in = params.attacker, params.defender
    if a_in.character == d_in.character:
        raise errors.refuse(errors.TEST_SUBJECT, "a character cannot attack itself here")
    attacker, defender = state.character(a_in.character), state.character(d_in.character)
    control(actor, attacker)
    require_able(attacker)
    before = state
    state, action = count_in_turn(state, attacker.id, rules.attack_action, "physical", f"{params.attack} attack", actor)
    if d_in.pool_spends:
        control(actor, defender)
    attacker, defender, d_skill, a_plan, d_plan = _session_plans(before, params)
    a = roll_test(stream, a_plan)
    d = roll_test(stream, d_plan)
    attacker = pay(attacker, a.run.spends).model_copy(update={"next_test_modifier": 0})
    defender = pay(defender, d.run.spends).model_copy(update={"next_test_modifier": 0})
    out = strike(stream, params.attack, d_skill, a, d, params.weapon, _target_stats(defender), rules)
    if out.harm is not None:
        defender = _take_harm(defender, out.harm)
    return state.with_characters(attacker, defender), EclipseAttackInSessionResult(
        **out.model_dump(), attacker_character=attacker.id, defender_character=defender.id, action_turn=action
    )


def attack_session_odds(state: EclipseState, params: EclipseAttackInSession, actor: Actor) -> Odds:
    """The attack against the defender's sheet as the table stands; no action is counted, no point paid."""
    if params.attacker.character == params.defender.character:
        raise errors.refuse(errors.TEST_SUBJECT, "a character cannot attack itself here")
    _, defender, _, a_plan, d_plan = _session_plans(state, params)
    return _attack_odds(a_plan, d_plan, params.weapon, _target_stats(defender), state.rules)


def damage_in_session(
    state: EclipseState, params: EclipseDamageInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseDamageInSessionResult]:
    char = state.character(params.character)
    if actor.role != "gm":
        control(actor, char)  # players may mark damage on their own characters; the GM on anyone
    w = params.weapon
    rolled = roll_damage(stream, count=w.dice, sides=w.sides, bonus=w.bonus, superior=0, critical=False)
    hurt = harm_of(rolled.total, w.armor, _target_stats(char))
    return state.with_character(_take_harm(char, hurt)), EclipseDamageInSessionResult(
        damage=damage_value(rolled), harm=hurt, character=char.id
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
    stateless=attack,
    session=attack_in_session,
    odds=attack_odds_of,
    session_odds=attack_session_odds,
)
SYSTEM.mechanic(
    "damage",
    "Apply a damage value to a target: armor, wounds, incapacitation and death",
    "Rolls `dice`d`sides` + `bonus` (or a fixed value with no dice), subtracts the matching armor and turns "
    "each full wound threshold into a wound. In a session the character's damage, wounds and condition change.",
    stateless=damage,
    session=damage_in_session,
    odds=damage_odds,
    session_odds=damage_session_odds,
)
