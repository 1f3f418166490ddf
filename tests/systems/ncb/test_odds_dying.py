"""Exact odds of a death save and of a dying character's fate, and seeded runs of the real rules agreeing.

RULES.CORE: a death save succeeds on 10 or more (the 5e threshold, `deathSaveDv`), three successes
stabilize, three failures flatline, a natural 1 counts as two failures, a natural 20 brings the
character back at 1 HP; while dying, one save fails on its own at the end of each of its turns.
"""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.declare import dump_state, load_state
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.ncb.moves.combat import end_turn, start_combat
from service.systems.ncb.moves.fights import death_save, death_save_odds, death_save_session_odds
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.combat import NcbEndTurnAction, NcbStartCombatAction
from service.systems.ncb.wire.fights import NcbDeathSaveAction, NcbDeathSaveParams

from .sheets import V

GM = Actor("seat-1", "gm", "gm")


def _odds(**body: object) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    odds = death_save_odds(NcbDeathSaveParams.model_validate({"successes": 0, "failures": 0, **body}))
    return dict(odds["result"].chances), dict(odds["fate"].chances)


def test_a_first_save_succeeds_on_10_to_19_and_a_20_revives() -> None:
    # 10..19 succeed (10/20); 20 revives (1/20); 2..9 fail (8/20) and a 1 fails twice, still dying (1/20).
    result, _ = _odds()
    assert result == {
        "flatlined": 0,
        "failure": Fraction(9, 20),
        "success": Fraction(10, 20),
        "stabilized": 0,
        "revived": Fraction(1, 20),
    }


def test_with_two_failures_any_failure_flatlines_and_with_two_successes_any_success_stabilizes() -> None:
    result, _ = _odds(failures=2)
    assert result["flatlined"] == Fraction(9, 20)  # 1..9
    result, _ = _odds(successes=2)
    assert result["stabilized"] == Fraction(10, 20)  # 10..19


def test_left_to_bleed_a_character_stabilizes_only_on_three_straight_successes() -> None:
    # Each turn a save, then a failure for bleeding out. From 0/0: success (1/2) → 1/1, → 2/2, → 3 successes:
    # stabilized = (1/2)^3 = 1/8. Revived: a 20 on the first turn (1/20); or after a success, on the second
    # (1/2 · 1/20) or third (1/2 · 1/2 · 1/20); or after a plain failure (2..9, 8/20, → 0/2), on the second
    # (8/20 · 1/20): 20/400 + 10/400 + 5/400 + 8/400 = 43/400. Flatlined: the rest, 307/400.
    _, fate = _odds()
    assert fate == {"flatlined": Fraction(307, 400), "stabilized": Fraction(1, 8), "revived": Fraction(43, 400)}


def test_advantage_on_every_save_helps_the_fate() -> None:
    _, plain = _odds()
    _, better = _odds(advantage=True)
    # A plain success keeps 10..19: P(higher ≤ 19) - P(higher ≤ 9) = (19/20)^2 - (9/20)^2 = 7/10; three in a row.
    assert better["stabilized"] == Fraction(7, 10) ** 3
    assert better["flatlined"] < plain["flatlined"]


def test_the_save_odds_agree_with_the_save_as_rolled() -> None:
    params = NcbDeathSaveParams(successes=1, failures=1, modifier=1)
    odds = death_save_odds(params)
    counts = sampled(lambda stream: death_save(params, stream).result, runs=3000)
    assert_agrees(odds["result"], counts)


def _dying_in_combat() -> NcbState:
    """V alone in a combat, at 0 HP and dying with no tallies yet."""
    setup = NcbSetup.model_validate({"combatants": [V]})
    state = load_state(NcbState, dump_state(NcbState, first_state(setup)))
    v = state.combatants["v"].model_copy(update={"hp": 0, "condition": "dying"})
    state = state.model_copy(update={"combatants": {"v": v}})
    state, _ = start_combat(state, NcbStartCombatAction(), Stream(seed="fixed", scope="start", nonce=0), GM)
    return state


def _fate_through_turns(state: NcbState, stream: Stream) -> str:
    """End V's turns (each rolls the save and bleeds) until V is no longer dying."""
    while state.combatants["v"].condition == "dying":
        state, _ = end_turn(state, NcbEndTurnAction(combatant="v"), stream, GM)
    return {"stable": "stabilized", "up": "revived"}.get(state.combatants["v"].condition, "flatlined")


def test_the_fate_agrees_with_turns_ended_at_the_table() -> None:
    state = _dying_in_combat()
    odds = death_save_session_odds(state, NcbDeathSaveAction(combatant="v"), GM)
    assert odds["fate"].probability("stabilized") == Fraction(1, 8)
    counts = sampled(lambda stream: _fate_through_turns(state, stream), runs=1200)
    assert_agrees(odds["fate"], counts)
