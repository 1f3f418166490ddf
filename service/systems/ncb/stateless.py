"""Stateless forms: every number comes in the request; glue from wire models to the rules."""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.ncb import chrome, eddies, last_breath, programs
from service.systems.ncb.abilities import ABILITIES, SUBCLASS_LEVEL, modifier, proficiency_bonus, subclass_available
from service.systems.ncb.attacks import Attacker, AttackRoll, resolve_attack
from service.systems.ncb.combat import InitiativeEntry, roll_initiative
from service.systems.ncb.d20 import roll_mode, roll_test
from service.systems.ncb.damage import DOWN, DamageOutcome, Hit, Vitals, apply_damage, damage_reduction
from service.systems.ncb.dice import DiceStream, roll_formula
from service.systems.ncb.dying import death_save, stabilize
from service.systems.ncb.errors import AMOUNT_OR_DICE, SUBCLASS_TOO_EARLY, refuse
from service.systems.ncb.exhaustion import d20_penalty
from service.systems.ncb.models import checks, fights, resources
from service.systems.ncb.models.rolls import NcbTargetSpec
from service.systems.ncb.options import DEFAULT_RULES, NcbRules
from service.systems.ncb.recovery import LongRest, ShortRest, heal, level_up, long_rest, short_rest
from service.systems.ncb.state import as_dict, weapon_of
from service.systems.ncb.weapons import Weapon


def target_vitals(t: NcbTargetSpec, rules: NcbRules) -> Vitals:
    return Vitals(
        hp=t.hp,
        max_hp=t.max_hp,
        condition=t.condition,
        damage_reduction=damage_reduction(t.armor, t.plating, rules.reduction_cap),
        death_successes=t.death_successes,
        death_failures=t.death_failures,
        last_breath=(t.kind == "character") if t.last_breath is None else t.last_breath,
        exhaustion=t.exhaustion,
        nc=t.kind == "nc",
        helpless=t.helpless or t.condition in DOWN,
    )


def amount_or_dice(amount: int | None, dice: str | None, stream: DiceStream) -> tuple[int, dict | None]:
    """Exactly one of a fixed amount or a formula; the formula is rolled (never below 0)."""
    if (amount is None) == (dice is None):
        raise refuse(AMOUNT_OR_DICE, "give exactly one of `amount` or `dice`")
    if dice is None:
        return amount or 0, None
    rolled = roll_formula(dice, stream)
    return max(0, rolled.total), rolled.to_dict()


def d20_test(p: checks.NcbD20TestParams, stream: Stream) -> checks.NcbD20TestResult:
    roll = roll_test(
        stream,
        modifier=p.modifier - d20_penalty(p.exhaustion, p.rules),
        dv=p.dv,
        mode=roll_mode(p.advantage, p.disadvantage),
        ties_succeed=p.rules.dv_ties_succeed,
    )
    return checks.NcbD20TestResult.model_validate({"roll": as_dict(roll)})


def ability_scores(p: checks.NcbAbilityScoresParams) -> checks.NcbAbilityScoresResult:
    scores = p.abilities.model_dump()
    mods = {name: modifier(scores[name]) for name in ABILITIES}
    proficiency = proficiency_bonus(p.level)
    return checks.NcbAbilityScoresResult.model_validate(
        {
            "level": p.level,
            "scores": scores,
            "modifiers": mods,
            "proficiency_bonus": proficiency,
            "subclass_available": subclass_available(p.level),
            "program_save_dc": programs.save_dc(proficiency, mods[p.program_ability], p.program_dc_bonus),
        }
    )


def initiative(p: checks.NcbInitiativeParams, stream: Stream) -> checks.NcbInitiativeResult:
    entries = [
        InitiativeEntry(e.id, e.bonus, e.dexterity, roll_mode(e.advantage, e.disadvantage)) for e in p.participants
    ]
    return checks.NcbInitiativeResult.model_validate({"order": [as_dict(r) for r in roll_initiative(stream, entries)]})


def level_up_(p: checks.NcbLevelUpParams, stream: Stream) -> checks.NcbLevelUpResult:
    if p.subclass is not None and p.level + 1 < SUBCLASS_LEVEL:
        raise refuse(SUBCLASS_TOO_EARLY, f"subclasses unlock at level {SUBCLASS_LEVEL}")
    up = level_up(
        level=p.level,
        hp=p.hp,
        max_hp=p.max_hp,
        hit_die=p.hit_die,
        constitution=p.constitution,
        method=p.method,
        stream=stream,
    )
    return checks.NcbLevelUpResult(subclass=p.subclass, **as_dict(up))


def attack(p: fights.NcbAttackParams, stream: Stream) -> fights.NcbAttackResult:
    rules = p.rules
    target = target_vitals(p.target, rules)
    weapon = weapon_of(p.weapon)
    a = p.attacker
    rolled = resolve_attack(
        stream,
        Attacker(a.strength, a.dexterity, a.level, a.proficient, a.exhaustion),
        weapon,
        armor_class=p.target.armor_class,
        rules=rules,
        cover=p.cover,
        target_helpless=target.helpless,
        advantage=p.advantage,
        disadvantage=p.disadvantage,
        situational=p.bonus,
    )
    _, fields = attack_fields(rolled, weapon, target, rules, use_last_breath=p.target.use_last_breath)
    return fights.NcbAttackResult(**fields)


def attack_fields(
    rolled: AttackRoll, weapon: Weapon, target: Vitals, rules: NcbRules, *, use_last_breath: bool
) -> tuple[Vitals, dict]:
    """A rolled attack's damage applied to `target`: its new vitals and the result's fields."""
    outcome = None
    if rolled.damage is not None:
        hit = Hit(rolled.damage.total, "physical", rolled.critical, weapon.overkill, use_last_breath)
        target, outcome = apply_damage(target, hit, rules)
    return target, {
        **as_dict(rolled),
        "weapon": weapon.name,
        "tags": list(weapon.tags),
        "overkill": weapon.overkill,
        "outcome": None if outcome is None else as_dict(outcome),
    }


def damage(p: fights.NcbDamageParams, stream: Stream) -> fights.NcbDamageResult:
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    hit = Hit(amount, p.kind, p.critical, p.overkill, p.target.use_last_breath)
    _, outcome = apply_damage(target_vitals(p.target, p.rules), hit, p.rules)
    return fights.NcbDamageResult.model_validate({"roll": roll, "outcome": as_dict(outcome)})


def last_breath_(p: fights.NcbLastBreathParams) -> fights.NcbLastBreathResult:
    dropped = Vitals(hp=0, max_hp=1, condition="dying", last_breath=True, exhaustion=p.exhaustion)
    _, taken = last_breath.take(dropped, p.rules)
    return fights.NcbLastBreathResult(**as_dict(taken))


def death_save_(p: fights.NcbDeathSaveParams, stream: Stream) -> fights.NcbDeathSaveResult:
    v = Vitals(
        hp=0,
        max_hp=1,
        condition="dying",
        death_successes=p.successes,
        death_failures=p.failures,
        exhaustion=p.exhaustion,
    )
    _, saved = death_save(v, stream, p.rules, modifier=p.modifier, mode=roll_mode(p.advantage, p.disadvantage))
    return fights.NcbDeathSaveResult(**as_dict(saved))


def stabilize_(p: fights.NcbStabilizeParams, stream: Stream) -> fights.NcbStabilizeResult:
    v = Vitals(hp=0, max_hp=1, condition="dying")
    mode = roll_mode(p.advantage, p.disadvantage)
    _, done = stabilize(v, p.method, stream, p.rules, medicine_bonus=p.medicine_bonus, mode=mode)
    return fights.NcbStabilizeResult(**as_dict(done))


def heal_(p: fights.NcbHealParams, stream: Stream) -> fights.NcbHealResult:
    amount, roll = amount_or_dice(p.amount, p.dice, stream)
    _, healing = heal(target_vitals(p.target, DEFAULT_RULES), amount)
    return fights.NcbHealResult.model_validate({"roll": roll, **as_dict(healing)})


def short_rest_(p: resources.NcbShortRestParams, stream: Stream) -> resources.NcbShortRestResult:
    v = Vitals(hp=p.hp, max_hp=p.max_hp, condition=p.condition)
    _, rest = short_rest(
        v,
        spend=p.spend,
        hit_dice=p.hit_dice,
        hit_die=p.hit_die,
        constitution=p.constitution,
        ram_max=p.ram_max,
        stream=stream,
    )
    return resources.NcbShortRestResult(**short_rest_fields(rest))


def short_rest_fields(rest: ShortRest) -> dict:
    h = rest.healing
    return {
        "rolls": [as_dict(r) for r in rest.rolls],
        "healed": h.healed,
        "hp": h.hp_after,
        "max_hp": h.max_hp,
        "condition": h.condition,
        "hit_dice_left": rest.hit_dice_left,
        "ram": rest.ram,
    }


def long_rest_(p: resources.NcbLongRestParams) -> resources.NcbLongRestResult:
    v = Vitals(hp=p.hp, max_hp=p.max_hp, condition=p.condition, exhaustion=p.exhaustion)
    _, rest = long_rest(v, hit_dice=p.hit_dice, hit_dice_max=p.level, ram_max=p.ram_max, rules=p.rules)
    slots = [{"tier": i + 1, "total": n, "used": 0} for i, n in enumerate(p.program_slots)]
    return resources.NcbLongRestResult(**long_rest_fields(rest, slots))


def long_rest_fields(rest: LongRest, slots: list[dict]) -> dict:
    h = rest.healing
    return {
        "healed": h.healed,
        "hp": h.hp_after,
        "max_hp": h.max_hp,
        "condition": h.condition,
        "hit_dice": rest.hit_dice,
        "hit_dice_regained": rest.hit_dice_regained,
        "exhaustion": rest.exhaustion,
        "ram": rest.ram,
        "program_slots": slots,
        "last_breath": rest.last_breath,
    }


def program_of(model: resources.NcbProgram) -> programs.Program:
    return programs.Program(model.name, model.tier, model.ram_cost, model.uses_slot, model.damage_dice, model.on_save)


def run_program(p: resources.NcbRunProgramParams, stream: Stream) -> resources.NcbRunProgramResult:
    program = program_of(p.program)
    slots = tuple(programs.ProgramSlot(s.tier, s.total, s.used) for s in p.caster.program_slots)
    paid = programs.pay(program, ram=p.caster.ram, slots=slots, slot_tier=p.slot_tier)
    dc = programs.save_dc(
        proficiency_bonus(p.caster.level), modifier(p.caster.program_ability_score), p.caster.program_dc_bonus
    )
    save_modifier = p.save_modifier if p.program.save is not None else None
    exhaustion = p.target.exhaustion if p.target is not None else 0
    mode = roll_mode(p.advantage, p.disadvantage)
    ran = programs.run(
        program, stream, p.rules, dc=dc, save_modifier=save_modifier, save_exhaustion=exhaustion, mode=mode
    )
    outcome = None
    if p.target is not None and program.damage_dice is not None:
        hit = Hit(ran.damage, "program", use_last_breath=p.target.use_last_breath)
        _, outcome = apply_damage(target_vitals(p.target, p.rules), hit, p.rules)
    return resources.NcbRunProgramResult(**program_fields(program, paid, ran, outcome))


def program_fields(
    program: programs.Program, paid: programs.Payment, ran: programs.ProgramRun, outcome: DamageOutcome | None
) -> dict:
    return {
        "program": program.name,
        "tier": program.tier,
        "save_dc": ran.save_dc,
        "ram_spent": paid.ram_spent,
        "ram_left": paid.ram_left,
        "slot_tier": paid.slot_tier,
        "program_slots": [as_dict(s) for s in paid.slots],
        "save": None if ran.save is None else as_dict(ran.save),
        "saved": ran.saved,
        "damage_roll": ran.damage_roll,
        "damage": ran.damage,
        "outcome": None if outcome is None else as_dict(outcome),
    }


def chrome_fields(installed: list[dict], implant: str, slots: int, capacity: int) -> dict:
    used_slots, used_capacity = chrome.usage(installed)
    return {
        "implant": implant,
        "installed": installed,
        "slots_used": used_slots,
        "slots": slots,
        "capacity_used": used_capacity,
        "capacity": capacity,
        "bonuses": chrome.totals(installed),
    }


def _body(p: resources.NcbBody) -> list[dict]:
    return [i.model_dump(mode="json", by_alias=True) for i in p.installed]


def ledger_fields(ledger: eddies.Ledger) -> dict:
    return {
        "eddies": ledger.eddies,
        "debts": list(ledger.debts),
        "total_debt": ledger.total_debt,
        "paid": ledger.paid,
        "debt_added": ledger.debt_added,
        "debt_repaid": ledger.debt_repaid,
    }


def install_chrome(p: resources.NcbInstallChromeParams) -> resources.NcbChromeResult:
    body = p.body
    implant = p.implant.model_dump(mode="json", by_alias=True)
    installed = chrome.install(_body(body), implant, slots=body.chrome_slots, capacity=body.chrome_capacity)
    payment = None
    if p.price:
        payment = ledger_fields(eddies.transact(p.eddies, [], "service", p.price, creditor=p.clinic, reason="chrome"))
    fields = chrome_fields(installed, p.implant.name, body.chrome_slots, body.chrome_capacity)
    return resources.NcbChromeResult.model_validate({**fields, "payment": payment})


def uninstall_chrome(p: resources.NcbUninstallChromeParams) -> resources.NcbChromeResult:
    installed, removed = chrome.uninstall(_body(p.body), p.name)
    return resources.NcbChromeResult(
        **chrome_fields(installed, removed["name"], p.body.chrome_slots, p.body.chrome_capacity)
    )


def activate_chrome(p: resources.NcbActivateChromeParams) -> resources.NcbActivateChromeResult:
    _, used = chrome.activate([p.implant.model_dump(mode="json", by_alias=True)], p.implant.name)
    return resources.NcbActivateChromeResult.model_validate({"implant": used})


def eddies_(p: resources.NcbEddiesParams) -> resources.NcbLedgerResult:
    debts = [d.model_dump(mode="json", by_alias=True) for d in p.debts]
    ledger = eddies.transact(p.eddies, debts, p.kind, p.amount, creditor=p.creditor or "", reason=p.reason)
    return resources.NcbLedgerResult(**ledger_fields(ledger))
