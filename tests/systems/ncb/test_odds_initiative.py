"""Exact odds of initiative (who acts first, each total, a newcomer's place) and of a turn's end for the dying,
and seeded runs of the real rules agreeing.

RULES.CORE: initiative is d20 + the initiative bonus, highest first; ties go to the higher bonus, then
the higher Dexterity, then whoever was listed first.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from support.odds import assert_agrees, sampled

from service.declare import dump_state, load_state
from service.dice.stream import Stream
from service.dice.walk import marginal, walk
from service.registry import Actor
from service.systems.ncb.moves import checks, combat, table
from service.dice import memo
from service.systems.ncb.rules.odds_initiative import initiative_odds, join_odds, totals
from service.systems.ncb.rules.turns import InitiativeEntry, InitiativeRoll, fresh_economy, join, ranked, roll_initiative
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.checks import NcbInitiativeParams
from service.systems.ncb.wire.combat import NcbCombatView, NcbEndTurnAction, NcbJoinCombatAction, NcbOrderSlot, NcbStartCombatAction
from service.systems.ncb.wire.table import NcbAddCombatantAction

from .sheets import GOON, JACKIE, V

GM = Actor("seat-1", "gm", "gm")


def _first(*participants: dict) -> dict[str, Fraction]:
    odds = checks.initiative_odds_of(NcbInitiativeParams.model_validate({"participants": list(participants)}))
    return dict(odds["first"].chances)


def test_two_equals_split_by_listing_order() -> None:
    # Same bonus and Dexterity: a goes first on a higher roll (190 of 400) or a tie (20): 210/400 = 21/40.
    assert _first({"id": "a"}, {"id": "b"}) == {"a": Fraction(21, 40), "b": Fraction(19, 40)}


def test_plus_5_goes_first_59_times_in_80() -> None:
    # a + 5 ≥ b (a tie goes to the higher bonus): certain for b ≤ 6; for b = 7..20, (26 - b)/20.
    # (6 + (19 + 18 + … + 6)/20) / 20 = (6 + 175/20) / 20 = 59/80.
    first = _first({"id": "a", "bonus": 5}, {"id": "b"})
    assert first["a"] == Fraction(59, 80)


def test_each_total_and_the_first_agree_with_initiative_as_rolled() -> None:
    params = NcbInitiativeParams.model_validate(
        {"participants": [{"id": "a", "bonus": 2}, {"id": "b", "advantage": True}, {"id": "c", "bonus": 2, "dexterity": 14}]}
    )
    odds = checks.initiative_odds_of(params)
    assert odds["initiative:a"].mean() == Fraction(21, 2) + 2
    assert_agrees(odds["first"], sampled(lambda stream: checks.initiative(params, stream).order[0].id, runs=2000))


def _table(*combatants: dict) -> NcbState:
    return load_state(NcbState, dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": list(combatants)}))))


def test_starting_a_combat_uses_each_sheets_initiative_bonus() -> None:
    # V: Dexterity 16 (+3) and Kerenzikov's +2, so +5; Jackie: +0. V goes first 59/80, as above.
    state = _table(V, JACKIE)
    odds = combat.start_combat_odds(state, NcbStartCombatAction(), GM)
    assert odds["first"].probability("v") == Fraction(59, 80)
    counts = sampled(lambda stream: combat.start_combat(state, NcbStartCombatAction(), stream, GM)[0].combat.current, runs=1500)
    assert_agrees(odds["first"], counts)


def _fighting(*ids: str) -> NcbState:
    state = _table(V, JACKIE, GOON)
    state, _ = combat.start_combat(state, NcbStartCombatAction(participants=list(ids)), Stream(seed="start", scope="s", nonce=0), GM)
    return state


def test_a_newcomer_lands_in_the_order_as_it_rolls() -> None:
    state = _fighting("jackie", "goon")
    action = NcbJoinCombatAction(combatant="v")
    odds = checks.join_combat_odds(state, action, GM)
    # V (+5) takes the top place when its total beats the leader's (a tie goes to the higher bonus).
    leader = state.combat.order[0]
    beats = sum(1 for face in range(1, 21) if (face + 5, 5) > (leader.initiative, leader.bonus))
    assert odds["place"].probability(1) == Fraction(beats, 20)

    def place(stream: Stream) -> int:
        after, _ = checks.join_combat(state, action, stream, GM)
        return [slot.id for slot in after.combat.order].index("v") + 1

    assert_agrees(odds["place"], sampled(place, runs=1500))


def test_a_combatant_added_mid_fight_rolls_into_the_order() -> None:
    state = _fighting("jackie")
    newcomer = {**GOON, "id": "goon-2", "name": "Another goon"}
    action = NcbAddCombatantAction.model_validate({"combatant": newcomer, "joinCombat": True})
    odds = table.add_combatant_odds(state, action, GM)
    counts = sampled(lambda stream: table.add_combatant(state, action, stream, GM)[1].initiative.total, runs=1500)
    assert_agrees(odds["initiative"], counts)


def test_a_dying_combatants_turn_ends_in_a_save_and_bleeding() -> None:
    # Alone and dying, no save yet: a 20 brings it up (1/20); a 1 fails twice and bleeding makes three:
    # flatlined (1/20); any other roll leaves it dying after the bleed (18/20).
    state = _table(V)
    v = state.combatants["v"].model_copy(update={"hp": 0, "condition": "dying"})
    state = state.model_copy(update={"combatants": {"v": v}})
    state, _ = combat.start_combat(state, NcbStartCombatAction(), Stream(seed="start", scope="s", nonce=0), GM)
    odds = combat.end_turn_odds(state, NcbEndTurnAction(combatant="v"), GM)
    assert dict(odds["condition"].chances) == {
        "flatlined": Fraction(1, 20),
        "dying": Fraction(18, 20),
        "stable": 0,
        "up": Fraction(1, 20),
    }
    counts = sampled(lambda stream: combat.end_turn(state, NcbEndTurnAction(combatant="v"), stream, GM)[0].combatants["v"].condition, runs=1500)
    assert_agrees(odds["condition"], counts)


@pytest.mark.parametrize(
    "entries",
    [
        [InitiativeEntry("a", 2), InitiativeEntry("b", 2)],
        [InitiativeEntry("a", 5, 12), InitiativeEntry("b", 0, 16, "advantage")],
        [InitiativeEntry("a", -1, 8, "disadvantage"), InitiativeEntry("b", 3, 14, "advantage")],
        [InitiativeEntry("a", 2, 14), InitiativeEntry("b", 4), InitiativeEntry("c", 2, 14)],
        # Four, tied three ways on bonus: Dexterity, then listing order, settles who wins a tie.
        [InitiativeEntry("a", 2, 12), InitiativeEntry("b", 2, 14), InitiativeEntry("c", 2, 14), InitiativeEntry("d", 3, 8)],
    ],
)
def test_initiative_odds_equal_the_full_walk_of_the_roll(entries: list[InitiativeEntry]) -> None:
    odds = initiative_odds(entries)
    walked = walk(lambda stream: tuple((r.id, r.total) for r in roll_initiative(stream, entries)), max_paths=200_000)
    first = marginal(walked, lambda ranked: ranked[0][0])
    assert {k: p for k, p in odds["first"].chances if p} == first
    for e in entries:
        assert dict(odds[f"initiative:{e.id}"].chances) == marginal(walked, lambda ranked, e=e: dict(ranked)[e.id])


def _first_pair_by_pair(entries: list[InitiativeEntry]) -> dict[str, Fraction]:
    """Who acts first, worked the long way: for each total i can roll, the chance that every other
    participant lands below it, or level with it when `ranked` puts i ahead of that one of the two."""
    chances = {e.id: totals(e) for e in entries}
    first: dict[str, Fraction] = {}
    for i, e in enumerate(entries):
        chance = Fraction(0)
        for t, p in chances[e.id].items():
            for j, other in enumerate(entries):
                if j == i:
                    continue
                pair = [InitiativeRoll(x.id, (), 0, x.mode, x.bonus, 0, x.dexterity) for x in sorted((e, other), key=entries.index)]
                wins_tie = ranked(pair)[0].id == e.id
                p *= sum(q for u, q in chances[other.id].items() if u < t or (u == t and wins_tie))
            chance += p
        first[e.id] = chance
    return first


@pytest.mark.parametrize("size", [5, 8, 13])
def test_who_acts_first_in_a_crowd_equals_working_it_pair_by_pair(size: int) -> None:
    # Beyond what a full walk can reach: ties on bonus and Dexterity, every roll mode, listed out of rank.
    modes = ("normal", "advantage", "disadvantage")
    entries = [InitiativeEntry(f"c{k}", (k * 5) % 7 - 2, 10 + (k * 3) % 4, modes[k % 3]) for k in range(size)]
    odds = initiative_odds(entries)
    assert [outcome for outcome, _ in odds["first"].chances] == [e.id for e in entries]
    assert dict(odds["first"].chances) == _first_pair_by_pair(entries)


def _order(*slots: tuple[str, int, int, int]) -> NcbCombatView:
    order = [NcbOrderSlot(id=i, initiative=t, bonus=b, dexterity=d) for i, t, b, d in slots]
    return NcbCombatView(round=2, turn=1, current=order[1].id, order=order, economy=fresh_economy(30), reactions_used=[])


@pytest.mark.parametrize(
    "combat",
    [
        _order(("a", 18, 3, 12), ("b", 11, 0, 10)),
        _order(("a", 12, 2, 14), ("b", 12, 2, 14), ("c", 12, 2, 10), ("d", 3, -1, 8)),  # a newcomer level with all three
        _order(("a", 25, 5, 18), ("b", 7, 5, 10), ("c", 7, 5, 18)),  # listed out of rank: `join` sorts them again
        _order(("a", 30, 9, 20), ("b", 29, 9, 20)),  # out of reach of a plain newcomer
    ],
)
@pytest.mark.parametrize(
    "entry", [InitiativeEntry("v", 2, 14), InitiativeEntry("v", 5, 10, "advantage"), InitiativeEntry("v", -1, 18, "disadvantage")]
)
def test_a_newcomers_odds_equal_the_full_walk_of_its_roll_and_join(combat: NcbCombatView, entry: InitiativeEntry) -> None:
    walked = walk(lambda stream: _walked_join(combat, roll_initiative(stream, [entry])[0]))
    memo.set_enabled(False)
    try:
        odds = join_odds(combat, entry)
    finally:
        memo.set_enabled(True)
    assert dict(odds["initiative"].chances) == marginal(walked, lambda joined: joined[0])
    assert {k: p for k, p in odds["place"].chances if p} == marginal(walked, lambda joined: joined[1])


def _walked_join(combat: NcbCombatView, roll: InitiativeRoll) -> tuple[int, int]:
    order = [slot.id for slot in join(combat, roll).order]
    return roll.total, order.index(roll.id) + 1


@pytest.mark.parametrize("total", range(0, 32, 3))
def test_a_newcomer_joins_by_total_then_bonus_then_dexterity_and_behind_its_equals(total: int) -> None:
    combat = _order(("a", 25, 5, 18), ("b", 12, 2, 14), ("c", 12, 2, 10), ("d", 12, 1, 20), ("e", 3, -1, 8))
    for bonus, dexterity in [(2, 14), (2, 12), (3, 1), (1, 20), (2, 10)]:
        roll = InitiativeRoll("v", (total,), total, "normal", bonus, total, dexterity)
        joined = [(slot.id, slot.initiative, slot.bonus, slot.dexterity) for slot in join(combat, roll).order]
        for ahead, behind in zip(joined, joined[1:]):
            assert ahead[1:] >= behind[1:]  # higher total, then bonus, then Dexterity first
        at = [slot[0] for slot in joined].index("v")
        assert all(slot[1:] != joined[at][1:] for slot in joined[at + 1 :])  # nobody level with it stands behind it
        assert [slot[0] for slot in joined if slot[0] != "v"] == ["a", "b", "c", "d", "e"]
