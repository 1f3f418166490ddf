"""Building and district reactions: the six-token bag, the draw, control and escalation."""

from __future__ import annotations

from itertools import product

from service.dice.stream import Stream
from service.systems.desert.rules.building_reactions import building_bag, choose_side, draw_token, resolve_token
from service.systems.desert.rules.screen import district_blues, laid_out, laid_out_slots, player_screen, section_blues
from service.systems.desert.wire.reactions import DesertReaction
from service.systems.desert.wire.screen import DesertScreen
from service.systems.desert.wire.sheets import DesertReactionSet
from support.dice import ScriptedStream

from .examples import REACTIONS as SHEET_REACTIONS

REACTIONS = DesertReactionSet.model_validate(SHEET_REACTIONS)


def _reaction(token: str, **given) -> DesertReaction:
    """The reaction a token brings (blue and orange always bring one)."""
    _, reaction = resolve_token(token, **given)
    assert reaction is not None
    return reaction


def _garden() -> DesertScreen:
    return player_screen("section", section_blues(["tracking"]), {})


def test_worked_example_bag_holds_one_blue_one_orange_and_four_blanks() -> None:
    # Sam answered Tracking ("I stay put") and made a show of loitering (a Video volunteer).
    bag = building_bag(_garden().categories, {"video"})
    assert bag == ["blue", "blank", "blank", "blank", "orange", "blank"]
    assert (bag.count("blue"), bag.count("orange"), bag.count("blank")) == (1, 1, 4)


def test_a_bag_always_holds_exactly_six_tokens() -> None:
    for district_type in range(1, 7):
        assert len(building_bag(player_screen("district", district_blues(district_type), {}).categories, set())) == 6


def test_two_tracking_checkboxes_still_put_one_blue_in_the_bag() -> None:
    bag = building_bag(player_screen("section", section_blues(["tracking", "tracking"]), {}).categories, set())
    assert bag.count("blue") == 1 and bag.count("blank") == 5


def test_wall_with_two_blue_categories_and_nothing_volunteered_is_two_blues_four_blanks() -> None:
    bag = building_bag(player_screen("section", section_blues(["tracking", "access"]), {}).categories, set())
    assert bag == ["blue", "blue", "blank", "blank", "blank", "blank"]


def test_redundant_system_keeps_blue_in_the_bag_and_red_out() -> None:
    screen = player_screen("section", section_blues(["tracking", "tracking"]), {"tracking": 1})
    assert building_bag(screen.categories, set())[0] == "blue"
    assert "red" not in building_bag(screen.categories, set())


def test_fully_bypassed_category_puts_a_red_token_in() -> None:
    screen = player_screen("district", district_blues(2), {"access": 1})
    assert building_bag(screen.categories, set()) == ["blue", "red", "blank", "blank", "blank", "blank"]


def test_volunteering_in_a_watched_category_adds_no_orange() -> None:
    assert building_bag(_garden().categories, {"tracking"}).count("orange") == 0


def test_the_rules_slots_are_the_screens_as_shown() -> None:
    # The odds read the bag off the rules' slots without building the screen; the draw shows the screen.
    for district_type, bypassed in product(range(1, 7), ([], ["tracking"], ["tracking", "access"])):
        if len(bypassed) > district_type:
            continue
        source, slots = laid_out_slots(district_type, None, bypassed)
        screen = laid_out(district_type, None, bypassed)
        assert (source, [(s.category, s.blue, s.red, s.free) for s in slots]) == (
            screen.source, [(s.category, s.blue, s.red, s.free) for s in screen.categories]
        )
        assert building_bag(slots, {"video"}) == building_bag(screen.categories, {"video"})


def test_the_draw_is_one_die_with_as_many_faces_as_tokens() -> None:
    stream = ScriptedStream(5)
    assert draw_token(["blue", "blank", "blank", "blank", "orange", "blank"], stream) == 4
    assert stream.sides == [6]


def test_seeded_draw_is_reproducible() -> None:
    bag = building_bag(_garden().categories, {"video"})
    first = draw_token(bag, Stream(seed="garden", scope="test", nonce=0))
    assert first == draw_token(bag, Stream(seed="garden", scope="test", nonce=0))
    assert first == Stream(seed="garden", scope="test", nonce=0).roll(6) - 1


def test_drawing_blue_raises_control_by_one() -> None:
    control, reaction = resolve_token("blue", control=1, blues_before=0, side="positive", reactions=REACTIONS, stream=ScriptedStream())
    assert control == 2
    assert reaction is not None and reaction.model_dump() == {
        "token": "blue", "side": "positive", "step": 1, "number": 1, "face": None, "text": "display", "pending": False,
    }


def test_control_never_rises_above_six() -> None:
    assert resolve_token("blue", control=6, blues_before=0, side=None, reactions=None, stream=ScriptedStream())[0] == 6


def test_blue_reactions_escalate_one_two_three_then_stay_at_three() -> None:
    steps = [
        _reaction("blue", control=1, blues_before=n, side="negative", reactions=REACTIONS, stream=ScriptedStream())
        for n in range(4)
    ]
    assert [r.step for r in steps] == [1, 2, 3, 3]
    assert [r.number for r in steps] == [4, 5, 6, 6]
    assert [r.text for r in steps] == ["tag", "call", "disable", "disable"]


def test_blue_without_a_side_leaves_the_choice_to_the_table() -> None:
    reaction = _reaction("blue", control=2, blues_before=1, side=None, reactions=REACTIONS, stream=ScriptedStream())
    assert reaction.pending and reaction.step == 2 and reaction.text is None
    settled = choose_side(reaction, "positive", REACTIONS)
    assert settled.text == "welcome" and settled.number == 2 and not settled.pending


def test_orange_lowers_control_and_a_d6_picks_the_reaction() -> None:
    stream = ScriptedStream(5)
    control, reaction = resolve_token("orange", control=3, blues_before=2, side="positive", reactions=REACTIONS, stream=stream)
    assert control == 2 and stream.sides == [6] and reaction is not None
    assert (reaction.side, reaction.number, reaction.step, reaction.text) == ("negative", 5, 2, "call")


def test_orange_faces_one_to_three_are_positive() -> None:
    reaction = _reaction("orange", control=1, blues_before=0, side=None, reactions=REACTIONS, stream=ScriptedStream(3))
    assert (reaction.side, reaction.number, reaction.text) == ("positive", 3, "open up")


def test_control_never_drops_below_zero() -> None:
    assert resolve_token("orange", control=0, blues_before=0, side=None, reactions=None, stream=ScriptedStream(1))[0] == 0


def test_red_and_blank_tokens_do_nothing() -> None:
    for token in ("red", "blank"):
        stream = ScriptedStream()
        assert resolve_token(token, control=4, blues_before=0, side="positive", reactions=REACTIONS, stream=stream) == (4, None)
        assert stream.sides == []
