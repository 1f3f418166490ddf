"""Stateless forms of the mechanics: every number comes in the request, nothing is stored."""

from __future__ import annotations

from typing import Any

from service.dice.stream import Stream
from service.systems.eclipse import errors
from service.systems.eclipse.actions import fits
from service.systems.eclipse.combat import AttackKind, defense_target, harm, roll_damage
from service.systems.eclipse.d100 import judge, rank
from service.systems.eclipse.hacking import Method, Privileges, Status, intrusion, terms
from service.systems.eclipse.initiative import Combatant, Slot, roll_initiative
from service.systems.eclipse.models import (
    EclipseActionTurnResult,
    EclipseAfterRollResult,
    EclipseAttackResult,
    EclipseDamageResult,
    EclipseHackResult,
    EclipseHarm,
    EclipseInitiativeResult,
    EclipseInitiativeSlot,
    EclipseIntrusionState,
    EclipseOpposedResult,
    EclipsePools,
    EclipsePoolUseResult,
    EclipseRechargeResult,
    EclipseRepResult,
    EclipseRestored,
    EclipseTestResult,
    EclipseWeapon,
)
from service.systems.eclipse.opposed import winner
from service.systems.eclipse.pools import (
    after_roll,
    check_linked,
    check_test_spends,
    long_recharge,
    short_recharge,
    special_cost,
    special_effect,
)
from service.systems.eclipse.procedures import (
    FullTest,
    common_modifiers,
    damage_value,
    full_test,
    judged,
    modifiers_from,
    spends_from,
    teamwork,
)
from service.systems.eclipse.recharge import check_allocation, check_recharge, minutes, timeframe
from service.systems.eclipse.rep import burn, favor_burn, limit, rep_modifiers
from service.systems.eclipse.requests import (
    EclipseActionTurnInput,
    EclipseAfterRollInput,
    EclipseAttackInput,
    EclipseDamageInput,
    EclipseHackInput,
    EclipseInitiativeInput,
    EclipseOpposedTestInput,
    EclipsePoolUseInput,
    EclipseRechargeInput,
    EclipseRepTestInput,
    EclipseSide,
    EclipseTargetStats,
    EclipseTestInput,
)
from service.systems.eclipse.rules import EclipseRules


def _side(stream: Stream, side: EclipseSide, rules: EclipseRules, **extra: Any) -> FullTest:
    modifiers = common_modifiers(specialization=side.specialization, retries=side.retries, listed=side.modifiers)
    help_modifier, team = teamwork([h.rating for h in side.helpers], side.skill_category)
    if help_modifier is not None:
        modifiers.append(help_modifier)
    return full_test(
        stream,
        base=side.target,
        modifiers=modifiers,
        spends=spends_from(side.pool_spends),
        aptitude=side.aptitude,
        kind=side.kind,
        defaulting=side.defaulting,
        rules=rules,
        options=side,
        team=team,
        **extra,
    )


def test(params: EclipseTestInput, stream: Stream) -> EclipseTestResult:
    return _side(stream, params, params.rules, task=params.task, damage=params.damage).wire


def opposed_test(params: EclipseOpposedTestInput, stream: Stream) -> EclipseOpposedResult:
    # Validate both sides before either die is rolled, so a refusal spends nothing.
    for side in (params.a, params.b):
        teamwork([h.rating for h in side.helpers], side.skill_category)
    a = _side(stream, params.a, params.rules)
    b = _side(stream, params.b, params.rules)
    rules = params.rules
    won, reason = winner(a.run.result, b.run.result, critical_beats_success=rules.critical_beats_success, tie=rules.opposed_tie)
    return EclipseOpposedResult(a=a.wire, b=b.wire, winner=won, reason=reason)


def pool_after_roll(params: EclipseAfterRollInput) -> EclipseAfterRollResult:
    rules = params.rules
    if params.points_already_spent + 1 > rules.pool_points_per_test:
        raise errors.refuse(
            errors.ONE_POOL_POINT_PER_TEST,
            f"this test already took {params.points_already_spent} pool point(s); the limit is {rules.pool_points_per_test}",
        )
    check_linked(params.pool, aptitude=params.aptitude, kind=params.kind)
    before = judge(params.roll, params.target, defaulting=params.defaulting, critical_replaces_superior=rules.critical_replaces_superior)
    after = after_roll(before, params.use, critical_replaces_superior=rules.critical_replaces_superior)
    if after is None or rank(after) <= rank(before):
        raise errors.refuse(
            errors.POOL_USE_HAS_NO_EFFECT, f"{params.use} would not improve a {before.outcome} of {before.roll}"
        )
    return EclipseAfterRollResult(pool=params.pool, use=params.use, before=judged(before), after=judged(after))


def attack(params: EclipseAttackInput, stream: Stream) -> EclipseAttackResult:
    rules = params.rules
    a_in, d_in = params.attacker, params.defender
    skill, defense = defense_target(params.attack, d_in.fray, d_in.melee, d_in.defense)
    a_mods = common_modifiers(specialization=a_in.specialization, retries=0, listed=a_in.modifiers)
    d_mods = modifiers_from(d_in.modifiers)
    d_aptitude = "som" if skill == "melee" else "ref"
    a_spends, d_spends = spends_from(a_in.pool_spends), spends_from(d_in.pool_spends)
    check_test_spends(d_spends, aptitude=d_aptitude, kind="skill", per_test=rules.pool_points_per_test)
    a = full_test(stream, base=a_in.target, modifiers=a_mods, spends=a_spends, aptitude=a_in.aptitude, rules=rules)
    d = full_test(stream, base=defense, modifiers=d_mods, spends=d_spends, aptitude=d_aptitude, rules=rules)
    return strike(stream, params.attack, skill, a, d, params.weapon, params.target, rules)


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


def harm_of(total: int, armor_kind: str, target: EclipseTargetStats) -> EclipseHarm:
    armor = {"kinetic": target.armor_kinetic, "energy": target.armor_energy}.get(armor_kind, 0)
    h = harm(
        total,
        armor=armor,
        wound_threshold=target.wound_threshold,
        durability=target.durability,
        death_rating=target.death_rating,
        damage_before=target.damage,
        wounds_before=target.wounds,
    )
    return EclipseHarm(
        damage_value=h.damage_value,
        armor=h.armor,
        taken=h.taken,
        wounds=h.wounds,
        damage_total=h.damage_total,
        wounds_total=h.wounds_total,
        condition=h.condition,
    )


def damage(params: EclipseDamageInput, stream: Stream) -> EclipseDamageResult:
    w = params.weapon
    rolled = roll_damage(stream, count=w.dice, sides=w.sides, bonus=w.bonus, superior=0, critical=False)
    return EclipseDamageResult(damage=damage_value(rolled), harm=harm_of(rolled.total, w.armor, params.target))


def hack(params: EclipseHackInput, stream: Stream) -> EclipseHackResult:
    rules = params.rules
    method = terms(params.method)
    h_mods = common_modifiers(specialization=params.specialization, retries=0, listed=params.modifiers) + list(method.modifiers)
    h = full_test(stream, base=params.infosec, modifiers=h_mods, spends=spends_from(params.pool_spends), aptitude="cog", rules=rules)
    f = full_test(stream, base=params.firewall, modifiers=modifiers_from(params.firewall_modifiers), rules=rules)
    return hack_outcome(params.method, h, f, (params.current.privileges, params.current.status) if params.current else None, rules)


def hack_outcome(method_name: Method, h: FullTest, f: FullTest, current: tuple[Privileges, Status] | None, rules: EclipseRules) -> EclipseHackResult:
    method = terms(method_name)
    won, _ = winner(h.run.result, f.run.result, critical_beats_success=rules.critical_beats_success, tie="deadlock")
    success = won == "a"
    state = None
    if success:
        privileges, status = intrusion(h.run.result, method_name, current)
        state = EclipseIntrusionState(privileges=privileges, status=status)
    elif current is not None:
        state = EclipseIntrusionState(privileges=current[0], status=current[1])
    return EclipseHackResult(
        method=method_name,
        action=method.action,
        timeframe_hours=method.timeframe_hours,
        hacker=h.wire,
        firewall=f.wire,
        winner=won,
        success=success,
        intrusion=state,
    )


def rep_test(params: EclipseRepTestInput, stream: Stream) -> EclipseRepResult:
    rules = params.rules
    for_favor = favor_burn(params.favor, params.used, rules, burn_for_extra=params.burn_for_extra_favor)
    score_after = burn(params.score, params.burn_for_bonus + for_favor)
    modifiers = common_modifiers(specialization=False, retries=params.retries, listed=params.modifiers)
    modifiers += rep_modifiers(params.favor, secrecy=params.secrecy, burn_bonus=params.burn_for_bonus)
    t = full_test(stream, base=params.score, modifiers=modifiers, spends=spends_from(params.pool_spends), aptitude=None, kind="rep", rules=rules)
    granted = t.run.result.success
    counts = granted or rules.failed_favor_counts
    return EclipseRepResult(
        network=params.network,
        favor=params.favor,
        granted=granted,
        test=t.wire,
        limit=limit(params.favor, rules),
        used_before=params.used,
        used_after=params.used + (1 if counts else 0),
        burnt_for_bonus=params.burn_for_bonus,
        burnt_for_favor=for_favor,
        score_before=params.score,
        score_after=score_after,
    )


def initiative(params: EclipseInitiativeInput, stream: Stream) -> EclipseInitiativeResult:
    combatants = [Combatant(str(i), c.initiative, c.ref) for i, c in enumerate(params.combatants)]
    slots = roll_initiative(stream, combatants, ties=params.rules.initiative_ties)
    names = {str(i): c.name for i, c in enumerate(params.combatants)}
    return EclipseInitiativeResult(order=[slot_wire(s, names[s.key]) for s in slots])


def slot_wire(s: Slot, name: str) -> EclipseInitiativeSlot:
    return EclipseInitiativeSlot(
        name=name, initiative=s.initiative, ref=s.ref, roll=s.roll, count=s.count, roll_offs=list(s.roll_offs), position=s.position
    )


def action_turn(params: EclipseActionTurnInput) -> EclipseActionTurnResult:
    pattern = fits([(a.kind, a.nature) for a in params.actions], params.extras)
    if pattern is None:
        return EclipseActionTurnResult(
            legal=False,
            reason=(
                "a turn holds 1 complex + 1 quick, 1 task + 1 quick, or 3 quick actions "
                "(each extra action: 1 complex or 2 quick of its kind)"
            ),
        )
    return EclipseActionTurnResult(legal=True, pattern=pattern, reason="fits")


def pool_use(params: EclipsePoolUseInput) -> EclipsePoolUseResult:
    cost = special_cost(params.pool, params.use, params.favor)
    if cost > params.available:
        raise errors.refuse(errors.POOL_EMPTY, f"{params.pool} holds {params.available} point(s); {params.use} costs {cost}")
    return EclipsePoolUseResult(
        pool=params.pool, use=params.use, cost=cost, remaining=params.available - cost, effect=special_effect(params.pool, params.use)
    )


def recharge(params: EclipseRechargeInput, stream: Stream) -> EclipseRechargeResult:
    pools = params.pools.model_dump()
    for name, values in pools.items():
        if values["current"] > values["max"]:
            raise errors.refuse(errors.POOL_EMPTY, f"{name} current {values['current']} is above its maximum {values['max']}")
    check_allocation(params.kind, len(params.allocation))
    check_recharge(params.kind, short_used=params.short_used_today, long_used=params.long_used_today, rules=params.rules)
    rolled = None
    if params.kind == "short":
        rolled = stream.roll(6)
        done = short_recharge(pools, rolled, [(a.pool, a.up_to) for a in params.allocation])
    else:
        done = long_recharge(pools)
    return EclipseRechargeResult(
        kind=params.kind,
        rolled=rolled,
        restored=EclipseRestored(**done.restored),
        lost=done.lost,
        pools=EclipsePools.model_validate(done.pools),
        timeframe=timeframe(params.kind, flat=params.flat),
        timeframe_minutes=minutes(params.kind, flat=params.flat),
    )
