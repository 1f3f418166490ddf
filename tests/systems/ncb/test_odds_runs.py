"""Odds that read a rule once per stretch of inputs it treats alike (`runs`) equal reading every input.

`runs` is checked against grouping input by input, and the premise it rests on (each reading fills one
unbroken stretch) for `apply_damage` over vitals, hits, table options and every amount (for the targets
`amounts_alike` admits: an `up` target at 0 HP breaks it, and is read one by one), for death saves and
for healing. Then each odds that reads so is checked against reading every input one by one: an
attack (every landing, every damage total), a death save (every natural of every save, and the fate),
a program (every natural of the save, every damage value), stabilizing (the attempt walked over every
face), damage and healing (every amount; hit dice: every face), a d20 test and initiative totals (every
natural).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from service.dice.notation import DEFAULT_LIMITS
from service.dice.stream import Stream
from service.dice.walk import walk
from service.errors import RuleViolation
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.abilities import modifier as score_modifier
from service.systems.ncb.rules.attacks import Aim, Attacker, Swing
from service.systems.ncb.rules.d20 import D20Test, RollMode
from service.systems.ncb.rules.damage import Hit, Vitals, apply_damage, weapon_hit
from service.systems.ncb.rules.dying import (
    StabilizeMethod,
    attempt,
    bleed_out,
    read_death_save,
    stabilize,
)
from service.systems.ncb.rules.odds_amounts import (
    damage_odds,
    healing_odds,
    hit_dice_healing,
    hit_dice_odds,
    hit_dice_ways,
    stabilize_odds,
)
from service.systems.ncb.rules.odds_attack import aimed_ways, attack_odds, landings
from service.systems.ncb.rules.odds_d20 import (
    NATURALS_APART,
    natural_chances,
    natural_ways,
)
from service.systems.ncb.rules.odds_d20 import test_odds as d20_test_odds
from service.systems.ncb.rules.odds_dying import FATES, SAVE_RESULTS, save_odds
from service.systems.ncb.rules.odds_formula import total_chances
from service.systems.ncb.rules.odds_initiative import total_ways
from service.systems.ncb.rules.odds_programs import program_odds, save_ways
from service.systems.ncb.rules.odds_runs import amounts_alike, one_by_one, runs
from service.systems.ncb.rules.programs import Program, damage_after_save, rolls_damage
from service.systems.ncb.rules.recovery import heal, hit_die_healing
from service.systems.ncb.rules.turns import InitiativeEntry, initiative_total
from service.systems.ncb.rules.weapons import Weapon, WeaponDice, damage_formula

PINNED = settings(derandomize=True, max_examples=300, deadline=None, database=None)


@PINNED
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 6)), max_size=12, unique_by=lambda run: run[0]))
def test_runs_equal_grouping_one_by_one(stretches: list[tuple[int, int]]) -> None:
    # A reading made of unbroken stretches: value v over `length` keys in a row, each value once.
    readings = [value for value, length in stretches for _ in range(length)]
    keys = list(range(10, 10 + len(readings)))
    assert runs(keys, lambda key: readings[key - 10]) == one_by_one(keys, lambda key: readings[key - 10])


@PINNED
@given(st.lists(st.integers(0, 3), min_size=1, max_size=30), st.sets(st.integers(0, 29)))
def test_runs_with_keys_apart_equal_grouping_one_by_one(between: list[int], apart: set[int]) -> None:
    # Values that may come back anywhere at the keys set apart, and fill unbroken stretches between them.
    readings: list[int] = []
    for at, value in enumerate(between):
        readings.append(100 + value if at in apart else (readings[-1] if readings and at - 1 not in apart and value % 2 else value + 10 * at))
    keys = list(range(len(readings)))
    assert runs(keys, readings.__getitem__, apart=apart) == one_by_one(keys, readings.__getitem__)


def test_runs_read_few_keys_when_stretches_are_long() -> None:
    calls: list[int] = []

    def read(key: int) -> bool:
        calls.append(key)
        return key >= 37

    assert runs(list(range(100)), read) == [(0, 36, False), (37, 99, True)]
    assert len(calls) <= 9


RULES = [
    NcbRules(crit_ignores_reduction=ignores, crit_on_dying=dying, nc_at_zero_hp=nc, exhaustion=exh)
    for ignores, dying, nc, exh in product(("always", "helpless-only"), ("two-failures", "flatline"), ("flatlined", "dying"), ("5e-2024", "tracked-only"))
]
VITALS = st.builds(
    Vitals,
    hp=st.integers(0, 12),
    max_hp=st.integers(1, 12),
    condition=st.sampled_from(("up", "dying", "stable")),
    damage_reduction=st.integers(0, 5),
    death_successes=st.integers(0, 2),
    death_failures=st.integers(0, 2),
    last_breath=st.booleans(),
    last_breath_offered=st.booleans(),
    exhaustion=st.integers(0, 5),
    nc=st.booleans(),
    helpless=st.booleans(),
)
HITS = st.builds(
    lambda kind, critical, overkill, use: (lambda amount: Hit(amount, kind, critical, overkill, use)),
    st.sampled_from(("physical", "program", "environmental")),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


@settings(derandomize=True, max_examples=1500, deadline=None, database=None)
@given(VITALS.filter(amounts_alike), HITS, st.sampled_from(RULES))
def test_apply_damage_reads_each_dealt_offset_and_result_in_one_stretch_of_amounts(
    target: Vitals, hit_of: Callable[[int], Hit], rules: NcbRules
) -> None:
    amounts = list(range(3 * target.max_hp + 8))

    def read(amount: int) -> tuple[int, str]:
        _, done = apply_damage(target, hit_of(amount), rules)
        return done.dealt - amount, done.result

    each = one_by_one(amounts, read)
    assert len({reading for _, _, reading in each}) == len(each), "a reading comes back after leaving"
    assert runs(amounts, read) == each


def _every_total(swing: Swing, target: Vitals, use_last_breath: bool) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """The attack's damage and result with every total of every landing applied one by one."""
    dealt: dict[int, Fraction] = {}
    result: dict[str, Fraction] = {}
    for (hit, critical, ability_modifier, dice), p in landings(swing).items():
        if not hit:
            dealt[0] = dealt.get(0, Fraction(0)) + p
            result["unharmed"] = result.get("unharmed", Fraction(0)) + p
            continue
        formula = damage_formula(dice, critical=critical, ability_modifier=ability_modifier, tech_bonus=swing.weapon.tech_bonus, rules=swing.rules)
        for total, q in total_chances(formula, DEFAULT_LIMITS).items():
            _, done = apply_damage(target, weapon_hit(total, swing.weapon, critical, use_last_breath), swing.rules)
            dealt[done.dealt] = dealt.get(done.dealt, Fraction(0)) + p * q
            result[done.result] = result.get(done.result, Fraction(0)) + p * q
    return dealt, result


WEAPONS = [
    Weapon("Pistol", "1d6", style="ranged"),
    Weapon("Unity", "2d6", style="ranged", tech_bonus=1),
    Weapon("Mantis blades", "1d8", style="melee", finesse=True),
    Weapon("Sledge", "2d8", style="melee", overkill=True),
]


@settings(derandomize=True, max_examples=400, deadline=None, database=None)
@given(
    st.sampled_from(WEAPONS),
    st.integers(3, 20),
    st.integers(1, 11),
    st.integers(0, 4),
    VITALS,
    st.sampled_from(RULES),
    st.integers(5, 25),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_attack_odds_equal_every_total_applied_one_by_one(
    weapon: Weapon, strength: int, level: int, exhaustion: int, target: Vitals, rules: NcbRules, ac: int,
    advantage: bool, helpless: bool, use_last_breath: bool,
) -> None:
    swing = Swing(Attacker(strength, 14, level, exhaustion=exhaustion), weapon, ac, rules, "none", helpless, advantage, False, 1)
    odds = attack_odds(swing, target, use_last_breath=use_last_breath, limits=DEFAULT_LIMITS)
    dealt, result = _every_total(swing, target, use_last_breath)
    assert dict(odds["damage"].chances) == dealt
    assert {k: p for k, p in odds["result"].chances if p} == {k: p for k, p in result.items() if p}


@pytest.mark.parametrize("condition", ["flatlined", "annihilated"])
def test_an_attack_on_the_dead_is_refused_as_a_hit_on_it_is(condition: str) -> None:
    swing = Swing(Attacker(14, 14, 3), WEAPONS[0], 10, NcbRules())
    with pytest.raises(RuleViolation):
        attack_odds(swing, Vitals(hp=0, max_hp=10, condition=condition), use_last_breath=False, limits=DEFAULT_LIMITS)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
def test_aimed_ways_equal_judging_every_natural(mode: str) -> None:
    naturals, _ = natural_ways(mode)  # type: ignore[arg-type]
    for bonus, ac, ties, crits in product(range(-25, 26), range(41), (False, True), (False, True)):
        aimed = Aim(WeaponDice(1, 6), "dexterity", 2, 3, bonus, ac, mode, ties, crits)  # type: ignore[arg-type]
        each: dict[tuple[bool, bool], int] = {}
        for natural, n in naturals.items():
            _, hit, _, critical = aimed.judged(natural)
            each[(hit, critical)] = each.get((hit, critical), 0) + n
        assert aimed_ways(aimed) == each, (bonus, ac, ties, crits)


FATE_OF = {"flatlined": "flatlined", "stable": "stabilized", "up": "revived"}
DYING = st.builds(
    Vitals,
    hp=st.just(0),
    max_hp=st.integers(1, 30),
    condition=st.just("dying"),
    death_successes=st.integers(0, 2),
    death_failures=st.integers(0, 2),
    last_breath=st.booleans(),
    exhaustion=st.integers(0, 5),
    nc=st.booleans(),
)
SAVE_RULES = [
    NcbRules(death_save_dv=dv, death_save_natural_20=twenty, exhaustion=exh)
    for dv, twenty, exh in product((2, 5, 10, 15, 20), ("regain-1-hp", "success"), ("5e-2024", "tracked-only"))
]


@settings(derandomize=True, max_examples=600, deadline=None, database=None)
@given(DYING, st.sampled_from(SAVE_RULES), st.integers(-12, 12), st.sampled_from(("normal", "advantage", "disadvantage")))
def test_death_saves_read_in_stretches_equal_every_natural_and_the_fate_too(
    v: Vitals, rules: NcbRules, modifier: int, mode: RollMode
) -> None:
    naturals = list(range(1, 21))

    def read(natural: int) -> tuple[Vitals, str]:
        after, saved = read_death_save(v, (natural,), natural, rules, modifier=modifier, mode=mode)
        return after, saved.result

    between = one_by_one(naturals[1:-1], read)
    assert len({reading for _, _, reading in between}) == len(between), "a reading comes back between 1 and 20"
    assert runs(naturals, read, apart=NATURALS_APART) == one_by_one(naturals, read)
    result, fate = _every_natural(v, rules, modifier, mode)
    odds = save_odds(v, rules, modifier=modifier, mode=mode)
    assert dict(odds["result"].chances) == result and dict(odds["fate"].chances) == fate


def _every_natural(v: Vitals, rules: NcbRules, modifier: int, mode: RollMode) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """This save's result and the fate, every natural of every save read one by one."""
    chances = natural_chances(mode)

    def step(now: Vitals) -> dict[tuple[Vitals, str], Fraction]:
        out: dict[tuple[Vitals, str], Fraction] = {}
        for natural, p in chances.items():
            after, saved = read_death_save(now, (natural,), natural, rules, modifier=modifier, mode=mode)
            out[(after, saved.result)] = out.get((after, saved.result), Fraction(0)) + p
        return out

    def fate(now: Vitals) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for (after, _), p in step(now).items():
            if after.condition == "dying":
                after, _ = bleed_out(after)
            ends = fate(after) if after.condition == "dying" else {FATE_OF[str(after.condition)]: Fraction(1)}
            for name, q in ends.items():
                out[name] = out.get(name, Fraction(0)) + p * q
        return out

    result = {name: Fraction(0) for name in SAVE_RESULTS}
    for (_, name), p in step(v).items():
        result[name] += p
    ends = fate(v)
    return result, {name: ends.get(name, Fraction(0)) for name in FATES}


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
def test_program_save_ways_equal_reading_every_natural(mode: RollMode) -> None:
    naturals, _ = natural_ways(mode)
    for modifier, dc, ties in product(range(-25, 26), range(41), (False, True)):
        test = D20Test(modifier, dc, mode, ties)
        each: dict[tuple[str | None, bool | None], int] = {}
        for natural, n in naturals.items():
            _, saved, outcome = test.read(natural)
            each[(outcome, saved)] = each.get((outcome, saved), 0) + n
        assert save_ways(test)[0] == each, (modifier, dc, ties)


PROGRAMS = [
    Program("Short circuit", 1, 2, damage_dice="3d6"),
    Program("Overheat", 2, 3, damage_dice="2d10+4", on_save="none"),
    Program("Ping", damage_dice="1d4-2"),
]


@settings(derandomize=True, max_examples=400, deadline=None, database=None)
@given(
    st.sampled_from(PROGRAMS),
    st.one_of(st.none(), st.builds(D20Test, st.integers(-5, 8), st.integers(5, 22), st.sampled_from(("normal", "advantage", "disadvantage")), st.booleans())),
    VITALS,
    st.sampled_from(RULES),
    st.booleans(),
)
@example(PROGRAMS[0], None, Vitals(hp=0, max_hp=9), NcbRules(), False)  # up at 0 HP: read one by one
def test_program_odds_equal_every_natural_and_damage_value_read_one_by_one(
    program: Program, save: D20Test | None, target: Vitals, rules: NcbRules, use_last_breath: bool
) -> None:
    odds = program_odds(program, save, rules, target=target, use_last_breath=use_last_breath, limits=DEFAULT_LIMITS)
    saves: dict[str, Fraction] = {}
    dealt: dict[int, Fraction] = {}
    results: dict[str, Fraction] = {}
    for natural, p in (natural_chances(save.mode) if save is not None else {0: Fraction(1)}).items():
        saved, outcome = (None, None) if save is None else save.read(natural)[1:]
        if outcome is not None:
            saves[outcome] = saves.get(outcome, Fraction(0)) + p
        rolled = rolls_damage(program, saved)
        assert program.damage_dice is not None
        for total, q in (total_chances(program.damage_dice, DEFAULT_LIMITS) if rolled else {0: Fraction(1)}).items():
            amount = damage_after_save(total, saved) if rolled else 0
            dealt[amount] = dealt.get(amount, Fraction(0)) + p * q
            _, done = apply_damage(target, Hit(amount, "program", use_last_breath=use_last_breath), rules)
            results[done.result] = results.get(done.result, Fraction(0)) + p * q
    if save is None:
        assert "save" not in {d.name for d in odds.distributions}
    else:
        assert {k: p for k, p in odds["save"].chances if p} == saves
    assert dict(odds["damage"].chances) == dealt
    assert {k: p for k, p in odds["result"].chances if p} == results


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("method", ["medicine", "med-patch", "help"])
def test_stabilize_odds_equal_the_full_walk_of_the_attempt(mode: RollMode, method: StabilizeMethod) -> None:
    v = Vitals(hp=0, max_hp=8, condition="dying", death_successes=1, death_failures=2)
    for bonus, dv, ties in product(range(-12, 16, 3), range(2, 26, 3), (False, True)):
        rules = NcbRules(stabilize_dv=dv, dv_ties_succeed=ties)
        walked = walk(partial(_stabilized, v, method, rules, bonus, mode))
        odds = stabilize_odds(v, attempt(method, rules, medicine_bonus=bonus, mode=mode))
        assert {k: p for k, p in odds["condition"].chances if p} == walked, (bonus, dv, ties)


def _stabilized(v: Vitals, method: StabilizeMethod, rules: NcbRules, bonus: int, mode: RollMode, stream: Stream) -> str:
    return str(stabilize(v, method, stream, rules, medicine_bonus=bonus, mode=mode)[1].condition)


HIT_TEMPLATES = st.builds(
    Hit, st.just(0), st.sampled_from(("physical", "program", "environmental")), st.booleans(), st.booleans(), st.booleans()
)


@settings(derandomize=True, max_examples=400, deadline=None, database=None)
@given(st.sampled_from(("1d6", "2d6+4", "3d8", "1d4-2", "4d6kh3", "1d20*2")), VITALS, HIT_TEMPLATES, st.sampled_from(RULES))
@example("2d6", Vitals(hp=0, max_hp=5), Hit(0, overkill=True), NcbRules())  # up at 0 HP: one by one
def test_damage_odds_equal_every_amount_applied_one_by_one(dice: str, target: Vitals, hit: Hit, rules: NcbRules) -> None:
    odds = damage_odds(target, None, dice, hit, rules, DEFAULT_LIMITS)
    dealt: dict[int, Fraction] = {}
    results: dict[str, Fraction] = {}
    for amount, p in total_chances(dice, DEFAULT_LIMITS).items():
        _, done = apply_damage(target, Hit(amount, hit.kind, hit.critical, hit.overkill, hit.use_last_breath), rules)
        dealt[done.dealt] = dealt.get(done.dealt, Fraction(0)) + p
        results[done.result] = results.get(done.result, Fraction(0)) + p
    assert dict(odds["damage"].chances) == dealt
    assert {k: p for k, p in odds["result"].chances if p} == {k: p for k, p in results.items() if p}
    fixed = damage_odds(target, 7, None, hit, rules, DEFAULT_LIMITS)
    _, done = apply_damage(target, Hit(7, hit.kind, hit.critical, hit.overkill, hit.use_last_breath), rules)
    assert dict(fixed["damage"].chances) == {done.dealt: 1}


@settings(derandomize=True, max_examples=600, deadline=None, database=None)
@given(VITALS, st.integers(-6, 0), st.sampled_from(("1d4+1", "2d4+2", "4d4+4", "1d8-3", "3d6kh2")))
def test_healing_reads_in_stretches_and_its_odds_equal_every_amount_healed(target: Vitals, low: int, dice: str) -> None:
    amounts = list(range(low, target.max_hp + 12))

    def read(amount: int) -> tuple[int, int, str]:
        _, done = heal(target, amount)
        return done.healed - amount, done.hp_after - amount, str(done.condition)

    each = one_by_one(amounts, read)
    assert len({reading for _, _, reading in each}) == len(each), "a reading comes back after leaving"
    assert runs(amounts, read) == each
    chances = total_chances(dice, DEFAULT_LIMITS)
    odds = healing_odds(target, None, dice, DEFAULT_LIMITS)
    healed: dict[int, Fraction] = {}
    hp: dict[int, Fraction] = {}
    conditions: dict[str, Fraction] = {}
    for amount, p in chances.items():
        _, done = heal(target, amount)
        healed[done.healed] = healed.get(done.healed, Fraction(0)) + p
        hp[done.hp_after] = hp.get(done.hp_after, Fraction(0)) + p
        conditions[str(done.condition)] = conditions.get(str(done.condition), Fraction(0)) + p
    assert dict(odds["healed"].chances) == healed and dict(odds["hp"].chances) == hp
    assert {k: p for k, p in odds["condition"].chances if p} == conditions


@pytest.mark.parametrize("hit_die", [6, 8, 10, 12])
def test_hit_dice_odds_equal_every_face_of_every_die_healed(hit_die: int) -> None:
    target = Vitals(hp=3, max_hp=30, condition="stable")
    for spend, constitution in product(range(4), (3, 10, 14, 20)):
        ways = hit_dice_ways(spend, hit_die, constitution)
        odds = hit_dice_odds(target, spend, hit_die, constitution)
        healed: dict[int, Fraction] = {}
        for faces in product(range(1, hit_die + 1), repeat=spend):
            amount = sum(hit_die_healing(face, score_modifier(constitution)) for face in faces)
            _, done = heal(target, amount)
            healed[done.healed] = healed.get(done.healed, Fraction(0)) + Fraction(1, hit_die**spend)
        assert dict(odds["healed"].chances) == healed
        assert hit_dice_healing(spend, hit_die, constitution) == {k: Fraction(n, ways[1]) for k, n in sorted(ways[0].items())}


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
def test_d20_test_odds_equal_reading_every_natural(mode: RollMode) -> None:
    chances = natural_chances(mode)
    for modifier, dv, ties in product(range(-30, 31, 2), range(1, 41), (False, True)):
        test = D20Test(modifier, dv, mode, ties)
        outcomes: dict[str, Fraction] = {}
        totals: dict[int, Fraction] = {}
        for natural, p in chances.items():
            total, _, outcome = test.read(natural)
            outcomes[outcome] = outcomes.get(outcome, Fraction(0)) + p
            totals[total] = totals.get(total, Fraction(0)) + p
        odds = d20_test_odds(test)
        assert {k: p for k, p in odds["outcome"].chances if p} == outcomes, (modifier, dv, ties)
        assert dict(odds["total"].chances) == totals and odds["total"].target == dv


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
def test_initiative_totals_equal_reading_every_natural(mode: RollMode) -> None:
    naturals, whole = natural_ways(mode)
    for bonus in range(-20, 31):
        entry = InitiativeEntry("a", bonus, 12, mode)
        each: dict[int, int] = {}
        for natural, n in naturals.items():
            each[initiative_total(entry, natural)] = each.get(initiative_total(entry, natural), 0) + n
        assert total_ways(entry) == (each, whole), bonus
