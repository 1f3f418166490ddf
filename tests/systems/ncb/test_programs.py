"""Program save DC, RAM and slots, quickhacks, and the target's save."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.abilities import modifier, proficiency_bonus
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.programs import Program, ProgramSlot, pay, run, save_dc
from support.dice import ScriptedStream

RULES = NcbRules()
SLOTS = (ProgramSlot(1, 2, 2), ProgramSlot(2, 1, 0), ProgramSlot(3, 1, 0))


def test_save_dc_is_8_plus_proficiency_plus_ability_plus_chrome() -> None:
    # A level-5 netrunner with Intelligence 18 and a +1 cyberdeck implant.
    assert save_dc(proficiency_bonus(5), modifier(18), 1) == 8 + 3 + 4 + 1


def test_quickhacks_are_at_will_and_cost_nothing() -> None:
    paid = pay(Program("Ping", tier=0), ram=0, slots=SLOTS)
    assert paid.ram_spent == 0 and paid.slot_tier is None and paid.slots == SLOTS
    with pytest.raises(RuleViolation) as caught:
        pay(Program("Ping", tier=0, ram_cost=1), ram=4, slots=SLOTS)
    assert caught.value.code == "ncb/quickhack-is-free"


def test_a_program_spends_its_ram_and_the_lowest_free_slot_of_its_tier_or_higher() -> None:
    paid = pay(Program("Short circuit", tier=1, ram_cost=2), ram=5, slots=SLOTS)
    assert paid.ram_left == 3 and paid.slot_tier == 2
    assert [s.used for s in paid.slots] == [2, 1, 0]


def test_a_named_slot_tier_is_used_when_free() -> None:
    paid = pay(Program("Short circuit", tier=1), ram=0, slots=SLOTS, slot_tier=3)
    assert paid.slot_tier == 3
    with pytest.raises(RuleViolation) as caught:
        pay(Program("Synapse burnout", tier=3), ram=0, slots=SLOTS, slot_tier=2)
    assert caught.value.code == "ncb/slot-below-tier"


def test_not_enough_ram_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        pay(Program("Cyberpsychosis", tier=1, ram_cost=6), ram=5, slots=SLOTS)
    assert caught.value.code == "ncb/not-enough-ram"


def test_no_free_slot_is_refused() -> None:
    spent = (ProgramSlot(1, 2, 2),)
    with pytest.raises(RuleViolation) as caught:
        pay(Program("Overheat", tier=1), ram=5, slots=spent)
    assert caught.value.code == "ncb/no-program-slot"


def test_a_ram_only_program_skips_slots() -> None:
    paid = pay(Program("Overheat", tier=1, ram_cost=2, uses_slot=False), ram=2, slots=())
    assert paid.ram_left == 0 and paid.slot_tier is None


def test_a_failed_save_takes_full_program_damage() -> None:
    ran = run(
        Program("Short circuit", tier=1, damage_dice="3d6"), ScriptedStream(9, 4, 5, 6), RULES, dc=15, save_modifier=2
    )
    assert ran.save.total == 11 and ran.saved is False and ran.damage == 15


def test_a_successful_save_halves_or_negates_damage() -> None:
    ran = run(
        Program("Short circuit", tier=1, damage_dice="3d6"), ScriptedStream(14, 4, 5, 6), RULES, dc=15, save_modifier=2
    )
    assert ran.saved and ran.damage == 7
    dice = ScriptedStream(14)
    ran = run(Program("Sonic shock", tier=1, damage_dice="3d6", on_save="none"), dice, RULES, dc=15, save_modifier=2)
    assert ran.saved and ran.damage == 0 and ran.damage_roll is None


def test_a_save_that_only_meets_the_dc_fails_unless_ties_succeed() -> None:
    program = Program("Short circuit", tier=1, damage_dice="3d6")
    ran = run(program, ScriptedStream(13, 4, 5, 6), RULES, dc=15, save_modifier=2)
    assert ran.save.total == 15 and ran.saved is False and ran.damage == 15
    ran = run(program, ScriptedStream(13, 4, 5, 6), NcbRules(dv_ties_succeed=True), dc=15, save_modifier=2)
    assert ran.saved and ran.damage == 7


def test_natural_rules_apply_to_saves() -> None:
    ran = run(Program("Ping"), ScriptedStream(20), RULES, dc=30, save_modifier=0)
    assert ran.saved
