"""d20 tests, ability scores, initiative and levels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.plain import as_dict
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.errors import ALREADY_IN_COMBAT, SUBCLASS_TOO_EARLY, refuse
from service.systems.ncb.rules import turns
from service.systems.ncb.rules.abilities import (
    ABILITIES,
    SUBCLASS_LEVEL,
    modifier,
    proficiency_bonus,
    subclass_available,
)
from service.systems.ncb.rules.chrome import totals
from service.systems.ncb.rules.d20 import D20Test, roll_mode
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.rules.odds_amounts import level_up_odds as gained_odds
from service.systems.ncb.rules.odds_d20 import remembered_test_odds, test_odds
from service.systems.ncb.rules.odds_initiative import initiative_odds, join_odds
from service.systems.ncb.rules.exhaustion import d20_penalty
from service.systems.ncb.rules.programs import save_dc
from service.systems.ncb.rules.recovery import HitDie, LevelUp
from service.systems.ncb.rules.recovery import level_up as gain_level
from service.systems.ncb.rules.recovery import read_level_up
from service.systems.ncb.rules.turns import InitiativeEntry, roll_initiative
from service.systems.ncb.state import NcbCombatant, NcbState
from service.systems.ncb.wire.checks import (
    NcbAbilityScoresParams,
    NcbAbilityScoresResult,
    NcbCombatantRef,
    NcbD20TestAction,
    NcbD20TestParams,
    NcbD20TestResult,
    NcbInitiativeParams,
    NcbInitiativeResult,
    NcbLevelUpAction,
    NcbLevelUpParams,
    NcbLevelUpResult,
)
from service.systems.ncb.wire.combat import NcbCombatResult, NcbJoinCombatAction


def _test(p: NcbD20TestParams) -> D20Test:
    """The roll a stateless test makes, for the test and for its odds alike."""
    return D20Test(
        modifier=p.modifier - d20_penalty(p.exhaustion, p.rules),
        dv=p.dv,
        mode=roll_mode(p.advantage, p.disadvantage),
        ties_succeed=p.rules.dv_ties_succeed,
    )


def d20_test(p: NcbD20TestParams, stream: Stream) -> NcbD20TestResult:
    return NcbD20TestResult.model_validate({"roll": as_dict(_test(p).roll(stream))})


def d20_test_odds(p: NcbD20TestParams) -> Odds:
    return test_odds(_test(p))


def _session_test(state: NcbState, p: NcbD20TestAction) -> D20Test:
    """The roll a combatant's test makes: its ability, proficiency and exhaustion from the table."""
    c = table.get(state, p.combatant)
    modifier = p.bonus - table.penalty(c, state.rules)
    if p.ability is not None:
        modifier += table.ability_mod(c, p.ability)
    if p.proficient:
        modifier += proficiency_bonus(c.level)
    mode = roll_mode(p.advantage, p.disadvantage)
    return D20Test(modifier, p.dv, mode, state.rules.dv_ties_succeed)


def d20_test_in_session(
    state: NcbState, p: NcbD20TestAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbD20TestResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if p.economy != "none":
        table.require_able(c)
    roll = _session_test(state, p)
    state, _ = table.spend(state, c.id, p.economy)
    return state, NcbD20TestResult.model_validate({"combatant": c.id, "roll": as_dict(roll.roll(stream))})


def d20_test_session_odds(state: NcbState, p: NcbD20TestAction, actor: Actor) -> Odds:
    """The same test's odds on the table as it stands; nothing is spent."""
    return remembered_test_odds(_session_test(state, p))


def ability_scores(p: NcbAbilityScoresParams) -> NcbAbilityScoresResult:
    scores = p.abilities.model_dump()
    mods = {name: modifier(scores[name]) for name in ABILITIES}
    proficiency = proficiency_bonus(p.level)
    return NcbAbilityScoresResult.model_validate(
        {
            "level": p.level,
            "scores": scores,
            "modifiers": mods,
            "proficiency_bonus": proficiency,
            "subclass_available": subclass_available(p.level),
            "program_save_dc": save_dc(proficiency, mods[p.program_ability], p.program_dc_bonus),
        }
    )


def ability_scores_in_session(state: NcbState, p: NcbCombatantRef, actor: Actor) -> NcbAbilityScoresResult:
    rules = state.rules
    c = table.get(state, p.combatant)
    scores = table.scores(c)
    mods = {name: table.ability_mod(c, name) for name in ABILITIES}
    proficiency = proficiency_bonus(c.level)
    return NcbAbilityScoresResult.model_validate(
        {
            "combatant": c.id,
            "level": c.level,
            "scores": scores,
            "modifiers": mods,
            "proficiency_bonus": proficiency,
            "subclass_available": subclass_available(c.level),
            "program_save_dc": save_dc(proficiency, mods[c.program_ability], totals(c.chrome).program_dc),
            "armor_class": table.armor_class(c),
            "damage_reduction": table.reduction(c, rules),
            "speed": table.speed(c, rules),
            "initiative_bonus": table.initiative_bonus(c, rules),
        }
    )


def _entries(p: NcbInitiativeParams) -> list[InitiativeEntry]:
    return [InitiativeEntry(e.id, e.bonus, e.dexterity, roll_mode(e.advantage, e.disadvantage)) for e in p.participants]


def initiative(p: NcbInitiativeParams, stream: Stream) -> NcbInitiativeResult:
    return NcbInitiativeResult.model_validate({"order": [as_dict(r) for r in roll_initiative(stream, _entries(p))]})


def initiative_odds_of(p: NcbInitiativeParams) -> Odds:
    return initiative_odds(_entries(p))


def join_combat(
    state: NcbState, p: NcbJoinCombatAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbCombatResult]:
    combat = table.require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if c.id in turns.ids(combat):
        raise refuse(ALREADY_IN_COMBAT, f"{c.id} already has its place in the initiative order")
    (roll,) = roll_initiative(stream, [table.initiative_entry(c, state.rules, p.advantage, p.disadvantage)])
    state = table.with_combat(state, turns.join(combat, roll))
    return state, NcbCombatResult.model_validate({"combat": state.combat, "rolls": [as_dict(roll)]})


@dataclass(frozen=True, slots=True)
class _Leveling:
    """The level-up a character takes: rolled (for the roll), read from its die's face (for its odds), and
    the die it rolls (None for the average)."""

    roll: Callable[[DiceStream], LevelUp]
    read: Callable[[int | None], LevelUp]
    die: int | None


def _gain(
    level: int, hp: int, max_hp: int, hit_die: HitDie, constitution: int, method: Literal["average", "roll"]
) -> _Leveling:

    def gain(stream: DiceStream) -> LevelUp:
        return gain_level(
            level=level, hp=hp, max_hp=max_hp, hit_die=hit_die, constitution=constitution, method=method, stream=stream
        )

    read = partial(read_level_up, level=level, hp=hp, max_hp=max_hp, hit_die=hit_die, constitution=constitution)
    return _Leveling(gain, read, hit_die if method == "roll" else None)


def _stateless_gain(p: NcbLevelUpParams) -> _Leveling:
    if p.subclass is not None and p.level + 1 < SUBCLASS_LEVEL:
        raise refuse(SUBCLASS_TOO_EARLY, f"subclasses unlock at level {SUBCLASS_LEVEL}")
    return _gain(p.level, p.hp, p.max_hp, p.hit_die, p.constitution, p.method)


def _session_gain(state: NcbState, c: NcbCombatant, p: NcbLevelUpAction) -> _Leveling:
    return _gain(c.level, c.hp, c.max_hp, c.hit_die, table.scores(c)["constitution"], p.method)


def join_combat_odds(state: NcbState, p: NcbJoinCombatAction, actor: Actor) -> Odds:
    """The combatant's initiative and where it would land in the running order."""
    combat = table.require_combat(state)
    c = table.get(state, p.combatant)
    if c.id in turns.ids(combat):
        raise refuse(ALREADY_IN_COMBAT, f"{c.id} already has its place in the initiative order")
    return join_odds(combat, table.initiative_entry(c, state.rules, p.advantage, p.disadvantage))


def level_up(p: NcbLevelUpParams, stream: Stream) -> NcbLevelUpResult:
    return NcbLevelUpResult(subclass=p.subclass, **as_dict(_stateless_gain(p).roll(stream)))


def level_up_odds(p: NcbLevelUpParams) -> Odds:
    leveling = _stateless_gain(p)
    return gained_odds(leveling.read, leveling.die)


def level_up_session_odds(state: NcbState, p: NcbLevelUpAction, actor: Actor) -> Odds:
    leveling = _session_gain(state, table.get(state, p.combatant), p)
    return gained_odds(leveling.read, leveling.die)


def level_up_in_session(
    state: NcbState, p: NcbLevelUpAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbLevelUpResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    table.require_out_of_combat(state, c)
    if p.subclass is not None and c.level + 1 < SUBCLASS_LEVEL:
        raise refuse(
            SUBCLASS_TOO_EARLY,
            f"subclasses unlock at level {SUBCLASS_LEVEL}; this makes level {c.level + 1}",
        )
    up = _session_gain(state, c, p).roll(stream)
    subclass = p.subclass if p.subclass is not None else c.subclass
    gained = {"level": up.level, "max_hp": up.max_hp, "hp": up.hp, "hit_dice": c.hit_dice + 1, "subclass": subclass}
    c = c.model_copy(update=gained)
    return table.put(state, c), NcbLevelUpResult(combatant=c.id, subclass=subclass, **as_dict(up))


SYSTEM.mechanic(
    "d20-test",
    "A d20 test against a DV",
    "d20 + modifiers must beat the DV (a tie fails by default: `rules.dvTiesSucceed`). A natural 20 always "
    "succeeds, a natural 1 always fails; advantage and disadvantage roll two and keep one, never stack, and "
    "cancel each other. In a session the combatant's "
    "ability modifier (chrome included), proficiency and exhaustion are added for you.",
    stateless=d20_test,
    session=d20_test_in_session,
    odds=d20_test_odds,
    session_odds=d20_test_session_odds,
)
SYSTEM.mechanic(
    "ability-scores",
    "Ability modifiers, proficiency bonus and program save DC",
    "Modifier = (score - 10) / 2 rounded down, scores past 20 allowed; proficiency +2 to +6 by level (5e); "
    "subclasses from level 3; program save DC = 8 + proficiency + program ability modifier + chrome. "
    "In a session, also the combatant's AC, damage reduction, speed and initiative bonus. Rolls nothing.",
    stateless=ability_scores,
    session=ability_scores_in_session,
    read=True,
)
SYSTEM.mechanic(
    "initiative",
    "Roll initiative",
    "d20 + initiative bonus for each participant, ranked (ties: higher bonus, then Dexterity, then listing "
    "order). In a session it adds one combatant to the running combat at its place in the order.",
    stateless=initiative,
    session=join_combat,
    odds=initiative_odds_of,
    session_odds=join_combat_odds,
)
SYSTEM.mechanic(
    "level-up",
    "Gain a level",
    "One level more (up to 20): hit points by the hit die's average or a roll, plus the Constitution modifier, "
    "at least 1; a new proficiency bonus; a subclass may be chosen from level 3.",
    stateless=level_up,
    session=level_up_in_session,
    odds=level_up_odds,
    session_odds=level_up_session_odds,
)
