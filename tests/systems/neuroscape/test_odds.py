"""Exact odds of the roll-off, stability and psychosis checks and draws: by hand, and against the real action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from fractions import Fraction

import pytest

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neuroscape.moves import odds
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.autoplay import ACTION_MODELS
from service.systems.neuroscape.state import Deck
from support.odds import assert_agrees, sampled
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed

SEAT_1 = Actor(seat="seat-1", name="one", role="player")
SEAT_2 = Actor(seat="seat-2", name="two", role="player")


def _params(action: str, **fields: object):  # noqa: ANN202 - the action's own model
    return ACTION_MODELS[action].model_validate(fields)


def _events(state: dict, seat: str, action: str, stream: Stream, **fields: object) -> list[dict]:
    return act(typed(state), action, _params(action, **fields), stream, seat)[1]["events"]


def _hands_kept(setup: dict | None = None) -> dict:
    state = fresh(setup)
    for seat in list(state["players"]):
        state, _ = do(state, seat, "draw", main=state["rules"]["openingHand"])
        state, _ = do(state, seat, "mulligan", bottom=[])
    return state


# -- roll-off -------------------------------------------------------------------------------------


def test_two_players_each_win_the_roll_off_half_the_time_and_tie_one_time_in_20() -> None:
    # A tie needs the second d20 to match the first: 20 of 400. Otherwise one of them is higher.
    exact = odds.roll_off_odds_at_table(typed(_hands_kept()), _params("roll-off"), SEAT_1)
    assert dict(exact["winner"].chances) == {"seat-1": Fraction(1, 2), "seat-2": Fraction(1, 2)}
    assert exact["firstRound"].probability("tie") == Fraction(1, 20)


def test_roll_off_odds_agree_with_the_roll() -> None:
    state = _hands_kept()
    exact = odds.roll_off_odds_at_table(typed(state), _params("roll-off"), SEAT_1)

    def outcome(stream: Stream) -> Hashable:
        events = _events(state, "seat-1", "roll-off", stream)
        winner = next(e["seat"] for e in events if e["kind"] == "roll-off-won")
        rounds = max(e["amount"] for e in events if e["kind"] == "roll-off")
        return winner, "decided" if rounds == 1 else "tie"

    seen = sampled(outcome, 2000)
    assert_agrees(exact["winner"], Counter(w for w, _ in seen.elements()))
    assert_agrees(exact["firstRound"], Counter(r for _, r in seen.elements()))


def test_the_roll_off_odds_refuse_out_of_its_substage() -> None:
    with pytest.raises(RuleViolation):
        odds.roll_off_odds_at_table(typed(fresh()), _params("roll-off"), SEAT_1)


# -- the stability check ----------------------------------------------------------------------------


def _about_to_check_stability() -> dict:
    """Seat 1 has two characters on 2 committed RAM for 3: seat 2's last pass brings its stability check."""
    state = through_setup(fresh())
    give_ram(state, "seat-1", 6)
    state["players"]["seat-1"]["hand"].extend(["chrome-ferryman", "gutter-courier"])
    state = to_substage(state, "deploy")
    state, _ = do(state, "seat-1", "deploy", card="chrome-ferryman")
    state, _ = do(state, "seat-1", "deploy", card="gutter-courier")
    del state["players"]["seat-1"]["ram"][0]
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")
    return to_substage(state, "deploy", stage="secondary")


def test_each_card_at_risk_crashes_on_1_to_10_of_a_d20() -> None:
    # Two cards, each 10 in 20: none crash 1/4, one 1/2, both 1/4.
    state = _about_to_check_stability()
    exact = odds.pass_odds(typed(state), _params("pass"), SEAT_2)
    assert dict(exact["crashes"].chances) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    at_risk = [d.name for d in exact.distributions[1:]]
    assert len(at_risk) == 2 and all(exact[name].probability("crashed") == Fraction(1, 2) for name in at_risk)


def test_a_table_threshold_of_4_crashes_one_time_in_5() -> None:
    state = _about_to_check_stability()
    state["rules"]["crashOnOrBelow"] = 4
    exact = odds.pass_odds(typed(state), _params("pass"), SEAT_2)
    assert exact["crashes"].probability(0) == Fraction(16, 25)  # (16/20) ** 2


def test_stability_odds_agree_with_the_pass_that_brings_the_check() -> None:
    state = _about_to_check_stability()
    exact = odds.pass_odds(typed(state), _params("pass"), SEAT_2)
    seen = sampled(lambda stream: sum(e["kind"] == "crashed" for e in _events(state, "seat-2", "pass", stream)), 1500)
    assert_agrees(exact["crashes"], seen)


# -- the psychosis check ----------------------------------------------------------------------------


def _psychotic() -> dict:
    """Gutter Courier wearing Leech Halo (4) and Tremor Spurs (1) over base DEF 1: psychotic level 4."""
    state = to_substage(through_setup(fresh()), "deploy")
    courier = place_character(state, "seat-1", "gutter-courier")
    courier["gear"] = {
        "head": {"id": "c90", "card": "leech-halo", "owner": "seat-2", "commits": 0},
        "legs": {"id": "c91", "card": "tremor-spurs", "owner": "seat-1", "commits": 0},
    }
    return state


def test_a_psychotic_level_of_4_attacks_its_controller_on_1_to_4() -> None:
    state = _psychotic()
    exact = odds.pass_odds(typed(state), _params("pass"), SEAT_1)
    assert exact["psychoticAttacks"].probability(1) == Fraction(1, 5)
    seen = sampled(lambda stream: sum(e.get("reason") == "psychosis" for e in _events(state, "seat-1", "pass", stream)), 1500)
    assert_agrees(exact["psychoticAttacks"], seen)


def test_a_pass_that_rolls_nothing_says_so() -> None:
    state = to_substage(through_setup(fresh()), "deploy")
    assert odds.pass_odds(typed(state), _params("pass"), SEAT_1)["dice"].probability("none rolled") == 1


def test_an_action_that_rolls_nothing_answers_as_every_game_does() -> None:
    from service.dice.odds import rolls_nothing

    state = typed(to_substage(through_setup(fresh()), "deploy"))
    for _ in range(2):  # the second answer as the first
        answer = odds.pass_odds(state, _params("pass"), SEAT_1)
        assert answer == rolls_nothing() and answer.wire() == rolls_nothing().wire()


# -- draws ----------------------------------------------------------------------------------------


def test_the_opening_hand_from_a_40_card_deck_with_4_chrome_ferrymen() -> None:
    # No ferryman in 5 of 40 with 4 copies: (36·35·34·33·32)/(40·39·38·37·36) = 5236/9139.
    exact = odds.draw_odds_at_table(typed(fresh()), _params("draw", main=5), SEAT_1)
    assert exact["copies:chrome-ferryman"].probability(0) == Fraction(5236, 9139)
    assert exact["nextCard"].probability("chrome-ferryman") == Fraction(1, 10)
    assert exact["copies:quiet-hydra"].mean() == Fraction(5, 40)


def test_opening_draw_odds_agree_with_the_draw() -> None:
    state = fresh()
    exact = odds.draw_odds_at_table(typed(state), _params("draw", main=5), SEAT_1)
    seen = sampled(lambda stream: act(typed(state), "draw", _params("draw", main=5), stream, "seat-1")[1]["private"]["drawn"].count("static-moth"), 2000)
    assert_agrees(exact["copies:static-moth"], seen)


def test_a_top_only_another_seat_looked_at_is_unknown_to_the_drawer() -> None:
    deck = Deck(pile={"a": 1, "b": 1}, bottom=("c",), top=("a",), known={"seat-2": 1})
    from service.systems.neuroscape.rules.odds import draw_odds

    assert dict(draw_odds(deck, "seat-1", 1)["nextCard"].chances) == {"a": Fraction(2, 3), "b": Fraction(1, 3)}
    assert draw_odds(deck, "seat-2", 1)["nextCard"].probability("a") == 1
    # All four: the unknown three in any order, then the bottom card: every copy drawn for sure.
    assert draw_odds(deck, "seat-1", 4)["copies:c"].probability(1) == 1


def test_a_mulligan_draws_from_the_pile_before_the_cards_put_under() -> None:
    state = fresh()
    state, result = do(state, "seat-1", "draw", main=5)
    put_back = result["private"]["drawn"][:2]
    params = _params("mulligan", bottom=put_back)
    exact = odds.mulligan_odds(typed(state), params, SEAT_1)
    seen = sampled(lambda stream: act(typed(state), "mulligan", params, stream, "seat-1")[1]["private"]["drawn"].count("lantern-saint"), 2000)
    assert_agrees(exact["copies:lantern-saint"], seen)


# -- any other action -----------------------------------------------------------------------------


def test_an_action_that_rolls_nothing_and_one_whose_first_dice_the_odds_do_not_cover() -> None:
    # Static Confessor makes the opponent discard one card at random when its ability resolves:
    # activating it only puts it on the order (no dice); the pass that resolves it rolls for the discard.
    state = to_substage(through_setup(fresh()), "deploy")
    give_ram(state, "seat-1", 3)
    confessor = place_character(state, "seat-1", "static-confessor")["id"]
    activate = _params("activate", character=confessor, ability=0, target="seat-2")
    assert odds.odds_of("activate")(typed(state), activate, SEAT_1)["dice"].probability("none rolled") == 1
    state, _ = do(state, "seat-1", "activate", character=confessor, ability=0, target="seat-2")
    with pytest.raises(RuleViolation) as refused:
        odds.pass_odds(typed(state), _params("pass"), SEAT_2)
    assert refused.value.code == "neuroscape/odds-not-covered"


def test_session_odds_through_the_registry_leave_the_stored_match_as_it_was() -> None:
    import copy

    from service.systems import build_registry

    mechanic = build_registry().mechanics["neuroscape/pass"]
    assert mechanic.session_odds is not None
    state = _about_to_check_stability()
    before = copy.deepcopy(state)
    exact = mechanic.session_odds(state, _params("pass"), SEAT_2)
    assert exact["crashes"].probability(2) == Fraction(1, 4) and state == before


def test_a_ram_deck_draw_of_one_from_22_core_and_3_overclock_shards() -> None:
    # The first turn's one card, taken from the RAM deck: an overclock shard 3 times in 25.
    state = through_setup(fresh())
    params = _params("draw", main=0, ram=1)
    exact = odds.draw_odds_at_table(typed(state), params, SEAT_1)
    assert exact["ramCopies:overclock-shard"].probability(1) == Fraction(3, 25)
    seen = sampled(lambda stream: sum(e["kind"] == "ram-played" and e["card"] == "overclock-shard" for e in _events(state, "seat-1", "draw", stream, main=0, ram=1)), 2000)
    assert_agrees(exact["ramCopies:overclock-shard"], seen)
