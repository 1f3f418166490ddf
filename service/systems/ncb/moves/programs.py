"""Running programs and quickhacks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.dice.notation import DEFAULT_LIMITS
from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.moves.shared import target_vitals
from service.systems.ncb.rules.abilities import modifier, proficiency_bonus
from service.systems.ncb.rules.chrome import totals
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.d20 import D20Test, RollMode, roll_mode
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.rules.odds_programs import program_odds, remembered_program_odds
from service.systems.ncb.rules.damage import DamageOutcome, Hit, apply_damage
from service.systems.ncb.rules.programs import Payment, Program, ProgramRun, ProgramSlot, pay, save_dc, save_test
from service.systems.ncb.rules.programs import run as run_against_save
from service.systems.ncb.state import NcbCombatant, NcbState
from service.systems.ncb.wire.sheet import NcbProgramSlotState
from service.systems.ncb.wire.programs import (
    NcbProgram,
    NcbRunProgramAction,
    NcbRunProgramParams,
    NcbRunProgramResult,
)
from service.written import written


def program_of(model: NcbProgram) -> Program:
    return Program(model.name, model.tier, model.ram_cost, model.uses_slot, model.damage_dice, model.on_save)


@dataclass(frozen=True, slots=True)
class _Save:
    """The save the target makes against the caster's DC, as `run` and `roll_save` take it."""

    dc: int
    save_modifier: int | None
    save_exhaustion: int
    mode: RollMode

    def run(self, program: Program, stream: DiceStream, rules: NcbRules) -> ProgramRun:
        return run_against_save(
            program, stream, rules, dc=self.dc, save_modifier=self.save_modifier, save_exhaustion=self.save_exhaustion, mode=self.mode
        )

    def test(self, rules: NcbRules) -> D20Test | None:
        return save_test(rules, dc=self.dc, save_modifier=self.save_modifier, save_exhaustion=self.save_exhaustion, mode=self.mode)


def _stateless_save(p: NcbRunProgramParams) -> _Save:
    dc = save_dc(
        proficiency_bonus(p.caster.level), modifier(p.caster.program_ability_score), p.caster.program_dc_bonus
    )
    save_modifier = p.save_modifier if p.program.save is not None else None
    exhaustion = p.target.exhaustion if p.target is not None else 0
    return _Save(dc, save_modifier, exhaustion, roll_mode(p.advantage, p.disadvantage))


def _paid(p: NcbRunProgramParams, program: Program) -> Payment:
    slots = tuple(ProgramSlot(s.tier, s.total, s.used) for s in p.caster.program_slots)
    return pay(program, ram=p.caster.ram, slots=slots, slot_tier=p.slot_tier)


def run_program(p: NcbRunProgramParams, stream: Stream) -> dict[str, Any]:
    program = program_of(p.program)
    paid = _paid(p, program)
    ran = _stateless_save(p).run(program, stream, p.rules)
    outcome = None
    if p.target is not None and program.damage_dice is not None:
        hit = Hit(ran.damage, "program", use_last_breath=p.target.use_last_breath)
        _, outcome = apply_damage(target_vitals(p.target, p.rules), hit, p.rules)
    return written(NcbRunProgramResult, program_fields(program, paid, ran, outcome))


def program_fields(
    program: Program, paid: Payment, ran: ProgramRun, outcome: DamageOutcome | None
) -> dict[str, Any]:
    """The result's fields, the rules' records as they are (for `written`)."""
    return {
        "program": program.name,
        "tier": program.tier,
        "save_dc": ran.save_dc,
        "ram_spent": paid.ram_spent,
        "ram_left": paid.ram_left,
        "slot_tier": paid.slot_tier,
        "program_slots": paid.slots,
        "save": ran.save,
        "saved": ran.saved,
        "damage_roll": ran.damage_roll,
        "damage": ran.damage,
        "outcome": outcome,
    }


def run_program_in_session(
    state: NcbState, p: NcbRunProgramAction, stream: Stream, actor: Actor
) -> tuple[NcbState, dict[str, Any]]:
    rules = state.rules
    caster = table.get(state, p.caster)
    table.require_control(actor, caster)
    table.require_able(caster)
    target = table.get(state, p.target) if p.target is not None else None
    if target is not None:
        table.require_living(target)
    program = program_of(p.program)
    slots = tuple(ProgramSlot(s.tier, s.total, s.used) for s in caster.program_slots)
    paid = pay(program, ram=caster.ram, slots=slots, slot_tier=p.slot_tier)
    state, spent = table.spend(state, caster.id, p.economy)
    slots_left = tuple(NcbProgramSlotState(tier=s.tier, total=s.total, used=s.used) for s in paid.slots)
    state = table.put(state, caster.model_copy(update={"ram": paid.ram_left, "program_slots": slots_left}))
    ran = _session_save(p, caster, target).run(program, stream, rules)
    outcome = None
    if target is not None and program.damage_dice is not None:
        current = table.get(state, target.id)  # the caster may be its own target
        hit = Hit(ran.damage, "program", use_last_breath=current.use_last_breath)
        after, outcome = apply_damage(table.vitals(current, rules), hit, rules)
        state = table.put(state, table.with_vitals(current, after))
    fields = program_fields(program, paid, ran, outcome)
    target_id = None if target is None else target.id
    return state, written(NcbRunProgramResult, {"caster": caster.id, "target": target_id, "economy": spent, **fields})


def _session_save(p: NcbRunProgramAction, caster: NcbCombatant, target: NcbCombatant | None) -> _Save:
    """The caster's DC from its sheet and chrome; the target's save modifier, proficiency and exhaustion."""
    proficiency = proficiency_bonus(caster.level)
    dc = save_dc(
        proficiency, table.ability_mod(caster, caster.program_ability), totals(caster.chrome).program_dc
    )
    save_modifier, save_exhaustion = None, 0
    if target is not None and p.program.save is not None:
        save_modifier = table.ability_mod(target, p.program.save)
        if p.program.save in target.save_proficiencies:
            save_modifier += proficiency_bonus(target.level)
        save_exhaustion = target.exhaustion
    return _Save(dc, save_modifier, save_exhaustion, roll_mode(p.advantage, p.disadvantage))


def run_program_odds(p: NcbRunProgramParams) -> Odds:
    program = program_of(p.program)
    _paid(p, program)  # a program the caster cannot pay for is refused before any odds
    target = None if p.target is None else target_vitals(p.target, p.rules)
    use = p.target is not None and p.target.use_last_breath
    save = _stateless_save(p).test(p.rules)
    return program_odds(program, save, p.rules, target=target, use_last_breath=use, limits=DEFAULT_LIMITS)


def run_program_session_odds(state: NcbState, p: NcbRunProgramAction, actor: Actor) -> Odds:
    rules = state.rules
    caster = table.get(state, p.caster)
    target = table.get(state, p.target) if p.target is not None else None
    if target is not None:
        table.require_living(target)
    program = program_of(p.program)
    slots = tuple(ProgramSlot(s.tier, s.total, s.used) for s in caster.program_slots)
    pay(program, ram=caster.ram, slots=slots, slot_tier=p.slot_tier)
    vitals = None if target is None else table.vitals(target, rules)
    use = target is not None and target.use_last_breath
    save = _session_save(p, caster, target).test(rules)
    return remembered_program_odds(program, save, rules, target=vitals, use_last_breath=use, limits=DEFAULT_LIMITS)


SYSTEM.mechanic(
    "run-program",
    "Run a program or quickhack",
    "Save DC = 8 + proficiency + program ability modifier + chrome. Tier-0 quickhacks are at-will; higher "
    "tiers spend their RAM and a program slot of their tier or higher. The target saves against the DC; "
    "program damage (halved or negated on a save) ignores damage reduction.",
    stateless=run_program,
    session=run_program_in_session,
    output=NcbRunProgramResult,  # both handlers return it written (service/written.py)
    odds=run_program_odds,
    session_odds=run_program_session_odds,
)
