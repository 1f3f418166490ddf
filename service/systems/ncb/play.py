"""Session forms of what happens in play: tests, attacks, damage, dying, healing, programs.

Each takes `(state, params, stream, actor)` and returns `(new state, result)`; a refusal
raises before anything is returned, so the session is left as it was.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.ncb import last_breath, programs
from service.systems.ncb import state as table
from service.systems.ncb.abilities import ABILITIES, proficiency_bonus, subclass_available
from service.systems.ncb.attacks import Attacker, require_attackable, resolve_attack
from service.systems.ncb.chrome import totals
from service.systems.ncb.combat import require_turn
from service.systems.ncb.d20 import roll_mode, roll_test
from service.systems.ncb.damage import DEAD, Hit, apply_damage
from service.systems.ncb.dying import death_save as roll_death_save
from service.systems.ncb.dying import require_dying
from service.systems.ncb.dying import stabilize as stop_bleeding
from service.systems.ncb.errors import (
    DEATH_SAVE_ROLLED,
    NO_LAST_BREATH,
    SELF_ATTACK,
    TARGET_DOWN,
    UNKNOWN_WEAPON,
    WEAPON_CHOICE,
    refuse,
)
from service.systems.ncb.models import checks, fights, resources
from service.systems.ncb.models.sheet import NcbWeapon
from service.systems.ncb.recovery import heal as restore
from service.systems.ncb.stateless import amount_or_dice, attack_fields, program_fields, program_of
from service.systems.ncb.weapons import Weapon


def d20_test(state: dict, p: checks.NcbD20TestAction, stream: Stream, actor: Actor) -> tuple[dict, checks.NcbD20TestResult]:
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if p.economy != "none":
        table.require_able(c)
    state, _ = table.spend(state, c["id"], p.economy)
    modifier = p.bonus - table.penalty(c, rules)
    if p.ability is not None:
        modifier += table.ability_mod(c, p.ability)
    if p.proficient:
        modifier += proficiency_bonus(c["level"])
    mode = roll_mode(p.advantage, p.disadvantage)
    roll = roll_test(stream, modifier=modifier, dv=p.dv, mode=mode, ties_succeed=rules.dv_ties_succeed)
    return state, checks.NcbD20TestResult.model_validate({"combatant": c["id"], "roll": table.as_dict(roll)})


def ability_scores(state: dict, p: checks.NcbCombatantRef, actor: Actor) -> checks.NcbAbilityScoresResult:
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    scores = table.scores(c)
    mods = {name: table.ability_mod(c, name) for name in ABILITIES}
    proficiency = proficiency_bonus(c["level"])
    return checks.NcbAbilityScoresResult.model_validate(
        {
            "combatant": c["id"],
            "level": c["level"],
            "scores": scores,
            "modifiers": mods,
            "proficiency_bonus": proficiency,
            "subclass_available": subclass_available(c["level"]),
            "program_save_dc": programs.save_dc(
                proficiency, mods[c["programAbility"]], totals(c["chrome"])["programDc"]
            ),
            "armor_class": table.armor_class(c),
            "damage_reduction": table.reduction(c, rules),
            "speed": table.speed(c, rules),
            "initiative_bonus": table.initiative_bonus(c, rules),
        }
    )


def _weapon(attacker: dict, p: fights.NcbAttackAction) -> Weapon:
    if (p.weapon is None) == (p.weapon_name is None):
        raise refuse(
            WEAPON_CHOICE, "name one of the attacker's weapons (`weaponName`) or describe one (`weapon`)"
        )
    if p.weapon is not None:
        return table.weapon_of(p.weapon)
    wanted = (p.weapon_name or "").casefold()
    for carried in attacker["weapons"]:
        if carried["name"].casefold() == wanted:
            return table.weapon_of(NcbWeapon.model_validate(carried))
    names = ", ".join(w["name"] for w in attacker["weapons"]) or "none"
    raise refuse(UNKNOWN_WEAPON, f"{attacker['id']} carries no {p.weapon_name!r} (carries: {names})")


def _require_living(target: dict) -> None:
    if target["condition"] in DEAD:
        raise refuse(TARGET_DOWN, f"{target['id']} is already {target['condition']}")


def attack(state: dict, p: fights.NcbAttackAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbAttackResult]:
    rules = table.rules_of(state)
    attacker = table.get(state, p.attacker)
    table.require_control(actor, attacker)
    table.require_able(attacker)
    target = table.get(state, p.target)
    if p.use_last_breath:
        table.require_control(actor, target)  # Last Breath is the target's player's choice
    if target["id"] == attacker["id"]:
        raise refuse(SELF_ATTACK, f"{attacker['id']} cannot attack itself")
    _require_living(target)
    weapon = _weapon(attacker, p)
    require_attackable(weapon, rules, p.cover)
    # What the action asks for is judged first; only then whether the turn still has it to spend.
    state, spent = table.spend(state, attacker["id"], p.economy)
    scores = table.scores(attacker)
    vitals = table.vitals(target, rules)
    rolled = resolve_attack(
        stream,
        Attacker(scores["strength"], scores["dexterity"], attacker["level"], True, attacker["exhaustion"]),
        weapon,
        armor_class=table.armor_class(target),
        rules=rules,
        cover=p.cover,
        target_helpless=vitals.helpless,
        advantage=p.advantage,
        disadvantage=p.disadvantage,
        situational=p.bonus,
    )
    choice = p.use_last_breath or target["useLastBreath"]
    after, fields = attack_fields(rolled, weapon, vitals, rules, use_last_breath=choice)
    if rolled.damage is not None:  # a miss leaves the target, and any Last Breath offer, as they were
        state = table.put(state, table.with_vitals(table.get(state, target["id"]), after))
    return state, fights.NcbAttackResult(attacker=attacker["id"], target=target["id"], economy=spent, **fields)


def damage(state: dict, p: fights.NcbDamageAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbDamageResult]:
    table.require_gm(actor, "deal damage directly (attacks and programs deal their own)")
    rules = table.rules_of(state)
    target = table.get(state, p.target)
    _require_living(target)
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    hit = Hit(amount, p.kind, p.critical, p.overkill, p.use_last_breath or target["useLastBreath"])
    after, outcome = apply_damage(table.vitals(target, rules), hit, rules)
    state = table.put(state, table.with_vitals(target, after))
    return state, fights.NcbDamageResult.model_validate(
        {"target": target["id"], "roll": roll, "outcome": table.as_dict(outcome)}
    )


def take_last_breath(state: dict, p: fights.NcbLastBreathAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbLastBreathResult]:
    """The player's answer to a hit that offered Last Breath: 1 HP instead of 0, and a level of exhaustion."""
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if not c["lastBreath"]:
        raise refuse(NO_LAST_BREATH, f"{c['id']} has no Last Breath left; a long rest brings it back")
    if not c.get("lastBreathOffered", False):
        raise refuse(
            NO_LAST_BREATH,
            f"Last Breath answers the hit that drops {c['id']} to 0, before anything else changes its HP or "
            "death saves; no such hit is waiting",
        )
    after, taken = last_breath.take(table.vitals(c, rules), rules)
    state = table.put(state, table.with_vitals(c, after))
    return state, fights.NcbLastBreathResult(combatant=c["id"], **table.as_dict(taken))


def death_save(state: dict, p: fights.NcbDeathSaveAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbDeathSaveResult]:
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    require_dying(table.vitals(c, rules), "a death save")
    combat = state["combat"]
    if combat is not None and c["id"] in (s["id"] for s in combat["order"]):
        # In combat the save belongs to the dying combatant's own turn, once.
        require_turn(combat, c["id"], "a death save is rolled")
        if combat["economy"]["deathSave"]:
            raise refuse(DEATH_SAVE_ROLLED, f"{c['id']} already rolled its death save this turn")
        state = table.with_combat(state, {**combat, "economy": {**combat["economy"], "deathSave": True}})
    mode = roll_mode(p.advantage, p.disadvantage)
    after, saved = roll_death_save(table.vitals(c, rules), stream, rules, modifier=p.modifier, mode=mode)
    state = table.put(state, table.with_vitals(c, after))
    return state, fights.NcbDeathSaveResult(combatant=c["id"], **table.as_dict(saved))


def stabilize(state: dict, p: fights.NcbStabilizeAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbStabilizeResult]:
    rules = table.rules_of(state)
    helper = table.get(state, p.helper)
    table.require_control(actor, helper)
    table.require_able(helper)
    target = table.get(state, p.target)
    require_dying(table.vitals(target, rules), "stabilizing")  # before the helper's action is spent
    state, spent = table.spend(state, helper["id"], "action")
    bonus = table.ability_mod(helper, "wisdom") + p.bonus - table.penalty(helper, rules)
    if p.proficient:
        bonus += proficiency_bonus(helper["level"])
    mode = roll_mode(p.advantage, p.disadvantage)
    after, done = stop_bleeding(table.vitals(target, rules), p.method, stream, rules, medicine_bonus=bonus, mode=mode)
    state = table.put(state, table.with_vitals(target, after))
    fields = table.as_dict(done)
    return state, fights.NcbStabilizeResult(helper=helper["id"], target=target["id"], economy=spent, **fields)


def heal(state: dict, p: fights.NcbHealAction, stream: Stream, actor: Actor) -> tuple[dict, fights.NcbHealResult]:
    rules = table.rules_of(state)
    target = table.get(state, p.target)
    healer_id = None
    if p.healer is None:
        table.require_gm(actor, "heal without naming a healer")
        _require_living(target)
    else:
        healer = table.get(state, p.healer)
        table.require_control(actor, healer)
        table.require_able(healer)
        _require_living(target)  # before the healer's economy is spent
        state, _ = table.spend(state, healer["id"], p.economy)
        healer_id = healer["id"]
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    after, healing = restore(table.vitals(target, rules), amount)
    state = table.put(state, table.with_vitals(table.get(state, target["id"]), after))
    return state, fights.NcbHealResult.model_validate(
        {"healer": healer_id, "target": target["id"], "roll": roll, **table.as_dict(healing)}
    )


def run_program(state: dict, p: resources.NcbRunProgramAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbRunProgramResult]:
    rules = table.rules_of(state)
    caster = table.get(state, p.caster)
    table.require_control(actor, caster)
    table.require_able(caster)
    target = table.get(state, p.target) if p.target is not None else None
    if target is not None:
        _require_living(target)
    program = program_of(p.program)
    slots = tuple(programs.ProgramSlot(s["tier"], s["total"], s["used"]) for s in caster["programSlots"])
    paid = programs.pay(program, ram=caster["ram"], slots=slots, slot_tier=p.slot_tier)
    state, spent = table.spend(state, caster["id"], p.economy)
    state = table.put(state, {**caster, "ram": paid.ram_left, "programSlots": [table.as_dict(s) for s in paid.slots]})
    proficiency = proficiency_bonus(caster["level"])
    dc = programs.save_dc(
        proficiency, table.ability_mod(caster, caster["programAbility"]), totals(caster["chrome"])["programDc"]
    )
    save_modifier, save_exhaustion = None, 0
    if target is not None and p.program.save is not None:
        save_modifier = table.ability_mod(target, p.program.save)
        if p.program.save in target["saveProficiencies"]:
            save_modifier += proficiency_bonus(target["level"])
        save_exhaustion = target["exhaustion"]
    mode = roll_mode(p.advantage, p.disadvantage)
    ran = programs.run(
        program, stream, rules, dc=dc, save_modifier=save_modifier, save_exhaustion=save_exhaustion, mode=mode
    )
    outcome = None
    if target is not None and program.damage_dice is not None:
        current = table.get(state, target["id"])  # the caster may be its own target
        hit = Hit(ran.damage, "program", use_last_breath=current["useLastBreath"])
        after, outcome = apply_damage(table.vitals(current, rules), hit, rules)
        state = table.put(state, table.with_vitals(current, after))
    fields = program_fields(program, paid, ran, outcome)
    target_id = None if target is None else target["id"]
    return state, resources.NcbRunProgramResult(caster=caster["id"], target=target_id, economy=spent, **fields)
