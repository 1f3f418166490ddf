"""Session forms without HTTP: a table's state through whole scenes, with scripted dice."""

from __future__ import annotations

import copy
import inspect

import pytest

from service.errors import Problem, RuleViolation
from service.declare import dump_state, load_state
from service.registry import Actor
from service.systems.ncb import moves
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire import checks, chrome, combat, eddies, fights, programs, rests
from service.systems.ncb.wire.table import NcbAddCombatantAction, NcbGmAdjustAction
from support.dice import ScriptedStream

from .sheets import GOON, JACKIE, V

GM = Actor("seat-1", "gm", "gm")
ANA = Actor("seat-2", "ana", "player")
BOB = Actor("seat-3", "bob", "player")


def table(*combatants: dict, **rules) -> dict:
    """A table's first state, as the session stores it."""
    setup = NcbSetup.model_validate({"rules": rules, "combatants": list(combatants or (V, JACKIE, GOON))})
    return dump_state(NcbState, first_state(setup))


def act(state: dict, fn, model, body: dict, dice: ScriptedDice | None = None, actor: Actor = GM):
    """One session handler over the stored state, loaded and stored again as the registry does."""
    frozen = copy.deepcopy(state)
    typed, params = load_state(NcbState, state), model.model_validate(body)
    if "stream" in inspect.signature(fn).parameters:
        new, result = fn(typed, params, dice or ScriptedStream(), actor)
    else:  # a write that rolls nothing takes no stream
        assert dice is None, f"{fn.__name__} rolls nothing: it takes no dice"
        new, result = fn(typed, params, actor)
    assert state == frozen, "a mechanic must not mutate the state it is given"
    return dump_state(NcbState, new), result


def in_combat(state: dict, *faces: int, participants: list[str] | None = None) -> dict:
    body = {} if participants is None else {"participants": participants}
    state, _ = act(state, moves.combat.start_combat, combat.NcbStartCombatAction, body, ScriptedStream(*faces))
    return state


def test_setup_builds_each_combatant_with_its_derived_state() -> None:
    state = table()
    v = state["combatants"]["v"]
    assert (v["hp"], v["hitDice"], v["ram"], v["chromeSlots"], v["chromeCapacity"]) == (38, 5, 6, 6, 10)
    assert v["programSlots"] == [{"tier": 1, "total": 2, "used": 0}, {"tier": 2, "total": 1, "used": 0}]
    assert v["lastBreath"] and not state["combatants"]["goon"]["lastBreath"]
    assert v["condition"] == "up" and state["combat"] is None


def test_setup_refuses_a_weapon_out_of_band_and_too_much_chrome() -> None:
    with pytest.raises(RuleViolation) as caught:
        table({**GOON, "weapons": [{"name": "Hand cannon", "damageDice": "4d12"}]})
    assert caught.value.code == "ncb/weapon-out-of-band"
    seven = [{"name": f"implant {i}"} for i in range(7)]
    with pytest.raises(RuleViolation) as caught:
        table({**GOON, "chrome": seven})
    assert caught.value.code == "ncb/chrome-slots-full"


def test_a_subclass_before_level_3_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        table({**GOON, "level": 2, "subclass": "Solo: Assassin"})
    assert caught.value.code == "ncb/subclass-too-early"


def test_initiative_uses_dexterity_and_chrome_and_the_first_turn_gets_its_speed() -> None:
    state = in_combat(table(), 10, 10, 10)
    rolls = {slot["id"]: slot["initiative"] for slot in state["combat"]["order"]}
    assert rolls == {"v": 15, "jackie": 10, "goon": 10}
    assert state["combat"]["current"] == "v" and state["combat"]["economy"]["movement"] == 30


def test_an_attack_in_combat_spends_the_action_and_a_second_one_is_refused() -> None:
    state = in_combat(table(), 18, 2, 3)
    state, result = act(
        state,
        moves.fights.attack_in_session,
        fights.NcbAttackAction,
        {"attacker": "v", "target": "goon", "weaponName": "unity"},
        ScriptedStream(15, 3, 4),
        ANA,
    )
    assert result["hit"] and result["economy"] == "action" and result["damage"]["total"] == 3 + 4 + 3 + 1
    assert result["outcome"]["dealt"] == 11 - 2 and state["combatants"]["goon"]["hp"] == 2
    with pytest.raises(RuleViolation) as caught:
        act(
            state,
            moves.fights.attack_in_session,
            fights.NcbAttackAction,
            {"attacker": "v", "target": "goon", "weaponName": "Unity"},
            ScriptedStream(15),
            ANA,
        )
    assert caught.value.code == "ncb/action-used"
    state, result = act(
        state,
        moves.fights.attack_in_session,
        fights.NcbAttackAction,
        {"attacker": "v", "target": "goon", "weaponName": "Mantis blades", "economy": "bonus-action"},
        ScriptedStream(2),
        ANA,
    )
    assert result["economy"] == "bonus-action" and not result["hit"]


def test_acting_out_of_turn_is_refused_but_a_reaction_is_not() -> None:
    state = in_combat(table(), 18, 2, 3)
    body = {"attacker": "goon", "target": "v", "weaponName": "Knife"}
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.attack_in_session, fights.NcbAttackAction, body, ScriptedStream(10))
    assert caught.value.code == "ncb/not-your-turn"
    state, result = act(state, moves.fights.attack_in_session, fights.NcbAttackAction, {**body, "economy": "reaction"}, ScriptedStream(5))
    assert result["economy"] == "reaction" and state["combat"]["reactionsUsed"] == ["goon"]
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.attack_in_session, fights.NcbAttackAction, {**body, "economy": "reaction"}, ScriptedStream(5))
    assert caught.value.code == "ncb/reaction-used"


def test_a_player_runs_only_its_own_combatants() -> None:
    state = table()
    with pytest.raises(Problem) as caught:
        act(
            state,
            moves.fights.attack_in_session,
            fights.NcbAttackAction,
            {"attacker": "jackie", "target": "goon", "weaponName": "La Chingona"},
            actor=ANA,
        )
    assert caught.value.code == "forbidden"
    with pytest.raises(Problem):
        act(state, moves.combat.start_combat, combat.NcbStartCombatAction, {}, actor=ANA)


def test_an_attack_by_the_flatlined_is_refused() -> None:
    state, _ = act(table(), moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 40, "kind": "environmental"})
    assert state["combatants"]["v"]["condition"] == "flatlined"
    with pytest.raises(RuleViolation) as caught:
        act(
            state,
            moves.fights.attack_in_session,
            fights.NcbAttackAction,
            {"attacker": "v", "target": "goon", "weaponName": "Unity"},
            ScriptedStream(10),
            ANA,
        )
    assert caught.value.code == "ncb/cannot-act" and caught.value.extra["condition"] == "flatlined"


def test_plating_chrome_lets_a_target_survive_the_hit_that_kills_it_bare() -> None:
    bare = table(V, {**GOON, "armor": "none"})
    plated = table(
        V, {**GOON, "armor": "none", "chrome": [{"name": "Subdermal armor", "passive": {"damageReduction": 3}}]}
    )
    body = {"attacker": "v", "target": "goon", "weaponName": "Unity"}
    # 15 to hit, then 2d6 = 4 + 4, + DEX 3 + tech 1 = 12 damage against 11 HP.
    bare, hit_bare = act(bare, moves.fights.attack_in_session, fights.NcbAttackAction, body, ScriptedStream(15, 4, 4), ANA)
    plated, hit_plated = act(plated, moves.fights.attack_in_session, fights.NcbAttackAction, body, ScriptedStream(15, 4, 4), ANA)
    assert hit_bare["outcome"]["result"] == "flatlined" and hit_bare["outcome"]["cause"] == "massive-damage"
    assert hit_plated["outcome"]["dealt"] == 9 and plated["combatants"]["goon"]["hp"] == 2


def test_last_breath_in_a_session_is_offered_taken_by_the_player_and_spent_until_a_long_rest() -> None:
    state, first = act(table(), moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 37})
    state, dropped = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 30})
    v = state["combatants"]["v"]
    assert dropped.outcome.result == "dying" and dropped.outcome.last_breath_offered
    assert (v["hp"], v["condition"], v["lastBreath"], v["lastBreathOffered"]) == (0, "dying", True, True)
    assert v["exhaustion"] == 0
    state, taken = act(state, moves.fights.last_breath_in_session, fights.NcbLastBreathAction, {"combatant": "v"}, actor=ANA)
    v = state["combatants"]["v"]
    assert (taken.result, taken.hp, taken.exhaustion, taken.last_breath) == ("last-breath", 1, 1, False)
    assert (v["hp"], v["condition"], v["lastBreath"], v["lastBreathOffered"]) == (1, "up", False, False)
    assert v["exhaustion"] == 1
    state, again = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 5})
    assert again.outcome.result == "dying" and not again.outcome.last_breath_offered
    state, _ = act(state, moves.fights.heal_in_session, fights.NcbHealAction, {"target": "v", "amount": 1})
    state, rest = act(state, moves.rests.long_rest_in_session, checks.NcbCombatantRef, {"combatant": "v"}, actor=ANA)
    assert rest.last_breath and rest.hp == 38 and rest.exhaustion == 0 and state["combatants"]["v"]["lastBreath"]


def test_the_hit_itself_can_carry_the_choice() -> None:
    state, _ = act(table(), moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 37})
    state, hit = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 3, "useLastBreath": True})
    assert hit.outcome.result == "last-breath" and state["combatants"]["v"]["hp"] == 1


def test_at_exhaustion_5_a_drop_to_0_leaves_v_dying_and_taking_last_breath_flatlines_her() -> None:
    state = table({**V, "exhaustion": 5}, GOON)
    state, dropped = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 37})
    state, dropped = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 5})
    v = state["combatants"]["v"]
    assert dropped.outcome.result == "dying" and dropped.outcome.cause is None
    assert (v["condition"], v["exhaustion"], v["lastBreath"]) == ("dying", 5, True)
    state, taken = act(state, moves.fights.last_breath_in_session, fights.NcbLastBreathAction, {"combatant": "v"}, actor=ANA)
    assert (taken.result, taken.cause, taken.exhaustion) == ("flatlined", "exhaustion", 6)
    assert state["combatants"]["v"]["condition"] == "flatlined"


def test_last_breath_answers_only_the_hit_that_offered_it() -> None:
    state = table()
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.last_breath_in_session, fights.NcbLastBreathAction, {"combatant": "v"}, actor=ANA)
    assert caught.value.code == "ncb/no-last-breath" and caught.value.status == 409
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 5})
    state, _ = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 5, "kind": "environmental"})
    assert state["combatants"]["v"]["lastBreathOffered"]
    with pytest.raises(Problem) as forbidden:
        act(state, moves.fights.last_breath_in_session, fights.NcbLastBreathAction, {"combatant": "v"}, actor=BOB)
    assert forbidden.value.code == "forbidden"
    saved, _ = act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(12), ANA)
    assert not saved["combatants"]["v"]["lastBreathOffered"]
    with pytest.raises(RuleViolation) as caught:
        act(saved, moves.fights.last_breath_in_session, fights.NcbLastBreathAction, {"combatant": "v"}, actor=ANA)
    assert caught.value.code == "ncb/no-last-breath"


def test_a_miss_leaves_a_last_breath_offer_standing() -> None:
    state, _ = act(table(), moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 5})
    state, _ = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 5, "kind": "environmental"})
    assert state["combatants"]["v"]["lastBreathOffered"]
    body = {"attacker": "goon", "target": "v", "weaponName": "Knife"}
    state, missed = act(state, moves.fights.attack_in_session, fights.NcbAttackAction, body, ScriptedStream(1, 1))
    assert not missed["hit"] and state["combatants"]["v"]["lastBreathOffered"]


def test_only_the_targets_player_or_the_gm_sends_the_choice_with_an_attack() -> None:
    pistol = {"name": "Pistol", "damageDice": "1d6"}
    misty = {"id": "misty", "name": "Misty", "owner": "bob", "maxHp": 9, "weapons": [pistol]}
    state = table(V, misty)
    body = {"attacker": "misty", "target": "v", "weaponName": "Pistol", "useLastBreath": True}
    with pytest.raises(Problem) as caught:
        act(state, moves.fights.attack_in_session, fights.NcbAttackAction, body, ScriptedStream(15, 3), BOB)
    assert caught.value.code == "forbidden"
    _, hit = act(state, moves.fights.attack_in_session, fights.NcbAttackAction, {**body, "useLastBreath": False}, ScriptedStream(15, 3), BOB)
    assert hit["hit"]


def test_session_ncs_have_no_last_breath_by_default() -> None:
    state = table(V, GOON, ncAtZeroHp="dying")
    for amount in (5, 7):  # 7 is short of the goon's 11 maximum: no massive damage
        body = {"target": "goon", "amount": amount, "kind": "environmental"}
        state, hit = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, body)
    assert hit.outcome.result == "dying" and not hit.outcome.last_breath_offered
    assert not state["combatants"]["goon"]["lastBreath"]


def test_a_dying_combatants_turn_rolls_its_death_save_and_bleeds_out_at_the_end() -> None:
    state = in_combat(table(), 18, 2, 3)
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 0})
    state, saved = act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(12), ANA)
    assert saved.result == "success" and state["combatants"]["v"]["deathSaves"] == {"successes": 1, "failures": 0}
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(12), ANA)
    assert caught.value.code == "ncb/death-save-rolled"
    state, ended = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "v"}, actor=ANA)
    assert ended.death_save is None and ended.bleeding.failures == 1
    assert state["combatants"]["v"]["deathSaves"] == {"successes": 1, "failures": 1}
    assert state["combat"]["current"] == "goon"


def test_end_turn_rolls_a_forgotten_death_save_and_bleeding_out_can_flatline() -> None:
    state = in_combat(table(), 18, 2, 3)
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 0})
    state, ended = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "v"}, ScriptedStream(1), ANA)
    assert ended.death_save.failures == 2 and ended.bleeding.result == "flatlined"
    assert state["combatants"]["v"]["condition"] == "flatlined"
    state, _ = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "goon"})
    state, ended = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "jackie"})
    assert ended.new_round and state["combat"]["current"] == "goon" and state["combat"]["round"] == 2


def test_a_death_save_belongs_to_the_dying_combatants_own_turn() -> None:
    state = in_combat(table(), 2, 18, 3)
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 0})
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(12), ANA)
    assert caught.value.code == "ncb/not-your-turn"


def test_stabilizing_takes_the_helpers_action_and_stops_the_bleeding() -> None:
    state = in_combat(table(), 2, 18, 3)
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 0})
    state, done = act(
        state,
        moves.fights.stabilize_in_session,
        fights.NcbStabilizeAction,
        {"helper": "jackie", "target": "v", "proficient": True},
        ScriptedStream(8),
    )
    assert done.roll.total == 8 + 0 + 3 and done.stabilized and done.economy == "action"
    assert state["combatants"]["v"]["condition"] == "stable" and state["combat"]["economy"]["action"]


def test_end_turn_only_for_the_current_combatant() -> None:
    state = in_combat(table(), 18, 2, 3)
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "goon"})
    assert caught.value.code == "ncb/not-your-turn"


def test_round_cooldowns_tick_on_the_owners_turns() -> None:
    state = in_combat(table(), 18, 2, 3, participants=["v", "goon"])
    state, used = act(
        state,
        moves.chrome.activate_chrome_in_session,
        chrome.NcbActivateChromeAction,
        {"combatant": "v", "name": "Kerenzikov"},
        actor=ANA,
    )
    assert used.implant.cooldown_left == 2 and used.economy == "action"
    for who in ("v", "goon", "v", "goon"):
        state, _ = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": who})
    assert state["combatants"]["v"]["chrome"][0]["cooldownLeft"] == 0


def test_a_program_spends_ram_and_a_slot_and_its_damage_ignores_armor() -> None:
    state = table()
    body = {
        "caster": "v",
        "target": "goon",
        "program": {"name": "Short circuit", "tier": 1, "ramCost": 2, "save": "dexterity", "damageDice": "2d6"},
    }
    state, ran = act(state, moves.programs.run_program_in_session, programs.NcbRunProgramAction, body, ScriptedStream(5, 3, 4), ANA)
    assert ran["saveDc"] == 8 + 3 + 3 and ran["save"]["total"] == 5 and not ran["saved"]
    assert ran["outcome"]["dealt"] == 7 and not ran["outcome"]["reductionApplied"] and ran["ramLeft"] == 4 and ran["slotTier"] == 1
    v = state["combatants"]["v"]
    assert v["ram"] == 4 and v["programSlots"][0]["used"] == 1 and state["combatants"]["goon"]["hp"] == 4


def test_rests_recover_ram_slots_and_hit_dice() -> None:
    state = table()
    body = {"caster": "v", "program": {"name": "Ping", "tier": 1, "ramCost": 3}}
    state, _ = act(state, moves.programs.run_program_in_session, programs.NcbRunProgramAction, body, actor=ANA)
    state, _ = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "v", "amount": 20})
    state, rest = act(
        state, moves.rests.short_rest_in_session, rests.NcbShortRestAction, {"combatant": "v", "spend": 2}, ScriptedStream(5, 6), ANA
    )
    assert rest.healed == 7 + 8 and rest.ram == 6 and state["combatants"]["v"]["programSlots"][0]["used"] == 1
    state, rest = act(state, moves.rests.long_rest_in_session, checks.NcbCombatantRef, {"combatant": "v"}, actor=ANA)
    assert state["combatants"]["v"]["programSlots"][0]["used"] == 0 and state["combatants"]["v"]["hitDice"] == 5


def test_no_resting_in_a_running_combat() -> None:
    state = in_combat(table(), 18, 2, 3)
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.rests.short_rest_in_session, rests.NcbShortRestAction, {"combatant": "v"}, actor=ANA)
    assert caught.value.code == "ncb/combat-running"


def test_chrome_paid_on_credit_leaves_a_debt_to_the_clinic() -> None:
    state, done = act(
        table(),
        moves.chrome.install_chrome_in_session,
        chrome.NcbInstallChromeAction,
        {
            "combatant": "v",
            "implant": {"name": "Gorilla arms", "slots": 2, "passive": {"strength": 4}},
            "price": 2000,
            "clinic": "Viktor",
        },
        actor=ANA,
    )
    assert done.payment.paid == 500 and done.payment.debt_added == 1500
    v = state["combatants"]["v"]
    assert v["eddies"] == 0 and v["debts"] == [{"creditor": "Viktor", "reason": "chrome", "amount": 1500}]
    typed = load_state(NcbState, state)
    scores = moves.checks.ability_scores_in_session(typed, checks.NcbCombatantRef(combatant="v"), GM)  # a read
    assert scores.scores.strength == 16 and scores.initiative_bonus == 5


def test_players_add_combatants_for_themselves_and_cannot_grant_eddies() -> None:
    state, added = act(
        table(),
        moves.table.add_combatant,
        NcbAddCombatantAction,
        {"combatant": {"id": "misty", "name": "Misty", "maxHp": 9}},
        actor=BOB,
    )
    assert added.combatant.owner == "bob"
    with pytest.raises(Problem):
        act(
            state,
            moves.eddies.eddies_in_session,
            eddies.NcbEddiesAction,
            {"combatant": "misty", "kind": "earn", "amount": 100},
            actor=BOB,
        )
    state, ledger = act(
        state, moves.eddies.eddies_in_session, eddies.NcbEddiesAction, {"combatant": "misty", "kind": "earn", "amount": 100}
    )
    assert ledger.eddies == 100


def test_removing_the_current_combatant_passes_the_turn() -> None:
    state = in_combat(table(), 18, 2, 3)
    state, removed = act(state, moves.table.remove_combatant, checks.NcbCombatantRef, {"combatant": "v"})
    assert removed.combat.current == "goon" and "v" not in state["combatants"]


def test_joining_a_running_combat_and_not_twice() -> None:
    state = in_combat(table(), 18, 2, participants=["v", "jackie"])
    state, joined = act(state, moves.checks.join_combat, combat.NcbJoinCombatAction, {"combatant": "goon"}, ScriptedStream(20))
    assert [s.id for s in joined.combat.order] == ["v", "goon", "jackie"] and joined.combat.current == "v"
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.checks.join_combat, combat.NcbJoinCombatAction, {"combatant": "goon"}, ScriptedStream(20))
    assert caught.value.code == "ncb/already-in-combat"


def test_level_up_in_a_session_adds_a_hit_die_and_a_subclass_from_level_3() -> None:
    young = {**GOON, "id": "kid", "kind": "character", "level": 1}
    state = table(young)
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.checks.level_up_in_session, checks.NcbLevelUpAction, {"combatant": "kid", "subclass": "Netrunner: Ghost"})
    assert caught.value.code == "ncb/subclass-too-early"
    state, up = act(state, moves.checks.level_up_in_session, checks.NcbLevelUpAction, {"combatant": "kid"})
    state, up = act(
        state, moves.checks.level_up_in_session, checks.NcbLevelUpAction, {"combatant": "kid", "subclass": "Netrunner: Ghost"}
    )
    kid = state["combatants"]["kid"]
    assert (kid["level"], kid["hitDice"], kid["subclass"], kid["maxHp"]) == (3, 3, "Netrunner: Ghost", 11 + 5 + 5)


def test_the_combat_ends_itself_when_nobody_able_to_take_a_turn_is_left() -> None:
    state = in_combat(table(), 10, participants=["goon"])
    state, hit = act(
        state, moves.fights.damage_in_session, fights.NcbDamageAction, {"target": "goon", "amount": 11, "kind": "environmental"}
    )
    assert hit.outcome.result == "flatlined"
    state, ended = act(state, moves.combat.end_turn, combat.NcbEndTurnAction, {"combatant": "goon"})
    assert ended.combat is None and state["combat"] is None
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.combat.end_combat, combat.NcbEndCombatAction, {})
    assert caught.value.code == "ncb/no-combat"


# -- what the action asks for is judged before the economy that pays for it -------------------------


def _action_spent(state: dict, who: str = "v") -> dict:
    """V's turn, its action already spent on a dodge."""
    state, _ = act(state, moves.combat.take_action, combat.NcbActionChoice, {"combatant": who, "action": "dodge"})
    return state


def test_stabilizing_a_target_who_is_not_dying_is_not_dying_even_with_the_action_spent() -> None:
    state = _action_spent(in_combat(table(), 18, 2, 3))
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.stabilize_in_session, fights.NcbStabilizeAction, {"helper": "v", "target": "jackie"}, actor=ANA)
    assert caught.value.code == "ncb/not-dying"


def test_a_second_death_save_after_a_revival_is_not_dying_rather_than_already_rolled() -> None:
    state = in_combat(table(), 18, 2, 3)
    state, _ = act(state, moves.table.gm_adjust, NcbGmAdjustAction, {"combatant": "v", "hp": 0})
    state, saved = act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(20), ANA)
    assert saved.result == "revived" and state["combat"]["economy"]["deathSave"]
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.death_save_in_session, fights.NcbDeathSaveAction, {"combatant": "v"}, ScriptedStream(12), ANA)
    assert caught.value.code == "ncb/not-dying"


def test_impossible_actions_name_their_rule_even_with_the_action_spent() -> None:
    state = _action_spent(in_combat(table(), 18, 2, 3))
    massive = {"target": "jackie", "amount": 44, "kind": "environmental"}
    state, _ = act(state, moves.fights.damage_in_session, fights.NcbDamageAction, massive)
    cases = [
        (moves.fights.heal_in_session, fights.NcbHealAction, {"target": "jackie", "healer": "v", "amount": 3}, "ncb/target-flatlined"),
        (
            moves.fights.attack_in_session,
            fights.NcbAttackAction,
            {"attacker": "v", "target": "goon", "weaponName": "Unity", "cover": "total"},
            "ncb/total-cover",
        ),
        (
            moves.programs.run_program_in_session,
            programs.NcbRunProgramAction,
            {"caster": "v", "program": {"name": "Burn", "tier": 1, "ramCost": 7}},
            "ncb/not-enough-ram",
        ),
        (
            moves.chrome.activate_chrome_in_session,
            chrome.NcbActivateChromeAction,
            {"combatant": "v", "name": "Optics"},
            "ncb/unknown-chrome",
        ),
    ]
    for fn, model, body, code in cases:
        with pytest.raises(RuleViolation) as caught:
            act(state, fn, model, body, actor=ANA)
        assert caught.value.code == code, body


def test_a_combatant_cannot_attack_itself() -> None:
    state = table()
    body = {"attacker": "v", "target": "v", "weaponName": "Unity"}
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.fights.attack_in_session, fights.NcbAttackAction, body, actor=ANA)
    assert caught.value.code == "ncb/self-attack" and caught.value.status == 422 and "v" in caught.value.detail


def test_out_of_turn_messages_say_an_action() -> None:
    state = in_combat(table(), 18, 2, 3)
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.combat.take_action, combat.NcbActionChoice, {"combatant": "goon"})
    assert caught.value.detail.startswith("an action is taken only on goon's own turn")
    with pytest.raises(RuleViolation) as caught:
        act(state, moves.combat.take_action, combat.NcbActionChoice, {"combatant": "goon", "slot": "bonus-action"})
    assert caught.value.detail.startswith("a bonus action is taken only")
