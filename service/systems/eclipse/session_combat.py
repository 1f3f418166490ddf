"""Session forms of combat: the initiative order and action turns, attacks and damage."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import require_able, skill_rating, state_modifiers, subject
from service.systems.eclipse.combat import condition, defense_target, roll_damage
from service.systems.eclipse.initiative import Combatant, Slot, delay as delay_slot, roll_initiative
from service.systems.eclipse.models import EclipseHarm
from service.systems.eclipse.pools import check_test_spends
from service.systems.eclipse.procedures import common_modifiers, damage_value, full_test, modifiers_from, spends_from
from service.systems.eclipse.requests import EclipseTargetStats
from service.systems.eclipse.session_models import (
    EclipseActionRecord,
    EclipseAttackInSession,
    EclipseAttackInSessionResult,
    EclipseDamageInSession,
    EclipseDamageInSessionResult,
    EclipseDelayInSession,
    EclipseEndCombat,
    EclipseEndCombatResult,
    EclipseFinishActions,
    EclipseInitiativeInSession,
    EclipseNextTurn,
    EclipseTakeActionInSession,
    EclipseTakeActionResult,
    EclipseTurnState,
)
from service.systems.eclipse.session_tests import check_affordable, pay
from service.systems.eclipse.stateless import harm_of, slot_wire, strike
from service.systems.eclipse.table import character, control, editable, rules_of
from service.systems.eclipse.turn_order import check_turn, count_action, has_finished, whose_turn

# -- the action-turn order ------------------------------------------------------------------


def _slot_from(wire: dict) -> Slot:
    return Slot(wire["name"], wire["initiative"], wire["ref"], wire["roll"], wire["count"], tuple(wire["rollOffs"]), wire["position"])


def _slot_wire(slot: Slot) -> dict:
    return slot_wire(slot, slot.key).model_dump(by_alias=True)


def _turn_state(state: dict) -> EclipseTurnState:
    combat = state["combat"]
    return EclipseTurnState(
        turn=combat["turn"],
        order=combat["order"],
        acting=whose_turn(combat, state["characters"]),
        finished=[slot["name"] for slot in combat["order"] if has_finished(combat, slot["name"])],
    )


def _fresh_turn(turn: int, order: list[dict], lost: list[str]) -> dict:
    return {
        "turn": turn,
        "order": order,
        "actions": {},
        "extras": {},
        "first": [],
        "mentalOnly": [],
        "lost": lost,
        "loseNext": [],
        "finished": [],
    }


def _combat(state: dict) -> dict:
    combat = state.get("combat")
    if not combat:
        raise errors.refuse(errors.NOT_IN_COMBAT, "no combat is running: roll initiative first")
    return combat


def _in_order(combat: dict, cid: str) -> None:
    if not any(slot["name"] == cid for slot in combat["order"]):
        raise errors.refuse(errors.NOT_IN_COMBAT, f"{cid} is not in the initiative order")


def initiative(state: dict, params: EclipseInitiativeInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    rules = rules_of(new)
    if params.characters is None:
        chosen = [c for c in new["characters"].values() if c["condition"] == "active"]
    else:
        if len(set(params.characters)) != len(params.characters):
            raise errors.refuse(errors.DUPLICATE_ENTRY, "a character is listed twice")
        chosen = [character(new, cid) for cid in params.characters]
        for char in chosen:
            require_able(char)
    if not chosen:
        raise errors.refuse(errors.NOT_IN_COMBAT, "nobody able to act is at the table")
    if actor.role != "gm":
        # Players may start a fight among their own characters; anyone else's roll is the GM's.
        for char in chosen:
            control(actor, char)
    combatants = [Combatant(c["id"], c["initiative"], c["aptitudes"]["ref"]) for c in chosen]
    slots = roll_initiative(stream, combatants, ties=rules.initiative_ties)
    new["combat"] = _fresh_turn(1, [_slot_wire(s) for s in slots], [])
    return new, _turn_state(new)


def next_turn(state: dict, params: EclipseNextTurn, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = _combat(new)
    if params.expected_turn is not None and params.expected_turn != combat["turn"]:
        raise errors.refuse(errors.NOT_IN_COMBAT, f"the combat is at turn {combat['turn']}, not {params.expected_turn}")
    # Delayed counts are already the characters' counts; the order carries into the next turn.
    new["combat"] = _fresh_turn(combat["turn"] + 1, combat["order"], list(combat["loseNext"]))
    return new, _turn_state(new)


def end_combat(state: dict, params: EclipseEndCombat, actor: Actor) -> tuple[dict, EclipseEndCombatResult]:
    new = editable(state)
    combat = _combat(new)
    new["combat"] = None
    return new, EclipseEndCombatResult(ended=True, turns=combat["turn"])


def delay(state: dict, params: EclipseDelayInSession, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = _combat(new)
    char = character(new, params.character)
    control(actor, char)
    _in_order(combat, char["id"])
    slots = [_slot_from(s) for s in combat["order"]]
    current = next(s for s in slots if s.key == char["id"])
    if params.count >= current.count:
        raise errors.refuse(
            errors.DELAY_COUNT, f"{char['id']} acts at {current.count}; delaying means a lower count, not {params.count}"
        )
    combat["order"] = [_slot_wire(s) for s in delay_slot(slots, char["id"], params.count)]
    return new, _turn_state(new)


def finish_actions(state: dict, params: EclipseFinishActions, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = _combat(new)
    char = character(new, params.character)
    control(actor, char)
    _in_order(combat, char["id"])
    if has_finished(combat, char["id"]):
        raise errors.refuse(errors.OUT_OF_TURN, f"{char['id']} has already finished its actions this action turn")
    check_turn(combat, new["characters"], char["id"], gm=actor.role == "gm")
    combat.setdefault("finished", []).append(char["id"])
    return new, _turn_state(new)


def take_action(state: dict, params: EclipseTakeActionInSession, actor: Actor) -> tuple[dict, EclipseTakeActionResult]:
    new = editable(state)
    combat = _combat(new)
    char = character(new, params.character)
    control(actor, char)
    require_able(char)
    _in_order(combat, char["id"])
    cid = char["id"]
    record = {"kind": params.kind, "nature": params.nature, "label": params.label}
    pattern = count_action(combat, new["characters"], cid, record, gm=actor.role == "gm")
    return new, turn_action(combat, cid, pattern)


def turn_action(combat: dict, cid: str, pattern: str) -> EclipseTakeActionResult:
    """The wire form of a character's actions this action turn."""
    actions = [EclipseActionRecord.model_validate(a) for a in combat["actions"][cid]]
    return EclipseTakeActionResult(character=cid, turn=combat["turn"], actions=actions, pattern=pattern)


def count_in_turn(state: dict, cid: str, kind: str, nature: str, label: str, actor: Actor) -> EclipseTakeActionResult | None:
    """Count an attack or a hack against its character's action turn while an initiative order runs.

    A character outside the order has no action turn to count against; it may still act only
    from the GM's seat, as for everyone out of turn.
    """
    combat = state.get("combat")
    if not combat:
        return None
    gm = actor.role == "gm"
    if not any(slot["name"] == cid for slot in combat["order"]):
        check_turn(combat, state["characters"], cid, gm=gm)
        return None
    record = {"kind": kind, "nature": nature, "label": label}
    return turn_action(combat, cid, count_action(combat, state["characters"], cid, record, gm=gm))


# -- attacks and damage ---------------------------------------------------------------------


def _target_stats(char: dict) -> EclipseTargetStats:
    # Built from the table's own numbers, which may outgrow a request's bounds (a much-shot corpse).
    return EclipseTargetStats.model_construct(
        armor_energy=char["armor"]["energy"],
        armor_kinetic=char["armor"]["kinetic"],
        wound_threshold=char["woundThreshold"],
        durability=char["durability"],
        death_rating=char["deathRating"],
        damage=char["damage"],
        wounds=char["wounds"],
    )


def _take_harm(char: dict, harm: EclipseHarm) -> None:
    char["damage"] = harm.damage_total
    char["wounds"] = harm.wounds_total
    char["condition"] = condition(harm.damage_total, char["durability"], char["deathRating"])


def attack(state: dict, params: EclipseAttackInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseAttackInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    a_in, d_in = params.attacker, params.defender
    if a_in.character == d_in.character:
        raise errors.refuse(errors.TEST_SUBJECT, "a character cannot attack itself here")
    attacker, defender = character(new, a_in.character), character(new, d_in.character)
    control(actor, attacker)
    require_able(attacker)
    action = count_in_turn(new, attacker["id"], rules.attack_action, "physical", f"{params.attack} attack", actor)
    if d_in.pool_spends:
        control(actor, defender)
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
    a = full_test(
        stream, base=a_subj.base, modifiers=a_mods, spends=a_spends, aptitude=a_subj.aptitude, defaulting=a_subj.defaulting, rules=rules
    )
    d = full_test(
        stream, base=d_target, modifiers=d_mods, spends=d_spends, aptitude=d_subj.aptitude, defaulting=d_subj.defaulting, rules=rules
    )
    pay(attacker, a.run.spends)
    pay(defender, d.run.spends)
    attacker["nextTestModifier"] = 0
    defender["nextTestModifier"] = 0
    out = strike(stream, params.attack, d_skill, a, d, params.weapon, _target_stats(defender), rules)
    if out.harm is not None:
        _take_harm(defender, out.harm)
    return new, EclipseAttackInSessionResult(
        **out.model_dump(), attacker_character=attacker["id"], defender_character=defender["id"], action_turn=action
    )


def damage(state: dict, params: EclipseDamageInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseDamageInSessionResult]:
    new = editable(state)
    char = character(new, params.character)
    if actor.role != "gm":
        control(actor, char)  # players may mark damage on their own characters; the GM on anyone
    w = params.weapon
    rolled = roll_damage(stream, count=w.dice, sides=w.sides, bonus=w.bonus, superior=0, critical=False)
    hurt = harm_of(rolled.total, w.armor, _target_stats(char))
    _take_harm(char, hurt)
    return new, EclipseDamageInSessionResult(damage=damage_value(rolled), harm=hurt, character=char["id"])
