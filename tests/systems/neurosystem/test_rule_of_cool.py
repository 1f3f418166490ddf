from __future__ import annotations

import pytest

from service.systems.neurosystem.rules.rule_of_cool import bad_dice, is_cool, style_is_cool
from service.systems.neurosystem.wire.records import NeurosystemDie


@pytest.mark.parametrize(
    ("sides", "highest_plain", "lowest_cool"),
    [(6, 5, 6), (8, 6, 7), (10, 7, 8), (12, 8, 9)],
)
def test_cool_shit_starts_exactly_at_each_sizes_threshold(sides: int, highest_plain: int, lowest_cool: int) -> None:
    assert not is_cool(sides, highest_plain)
    assert is_cool(sides, lowest_cool)
    assert is_cool(sides, sides)
    assert not any(is_cool(sides, face) for face in range(1, lowest_cool))


def test_a_d4_style_die_is_never_cool() -> None:
    assert not any(is_cool(4, face) for face in range(1, 5))


def _die(die_id: str, stat: str, rating: str, face: int) -> NeurosystemDie:
    return NeurosystemDie(id=die_id, stat=stat, rating=rating, face=face)


def test_only_the_style_die_makes_cool_shit() -> None:
    training_high = [_die("style", "style", "d8", 3), _die("training", "training", "d12", 12)]
    assert not style_is_cool(training_high)
    assert style_is_cool([_die("style", "style", "d8", 7)])


def test_bad_shit_reads_stat_dice_at_or_below_the_negative_states_and_never_luck() -> None:
    dice = [
        _die("style", "style", "d8", 2),
        _die("training", "training", "d6", 3),
        _die("knowledge", "knowledge", "d10", 4),
        _die("luck-1", "luck", "d8", 1),
    ]
    assert bad_dice(dice, 0) == []
    assert bad_dice(dice, 2) == ["style"]
    assert bad_dice(dice, 3) == ["style", "training"]
    assert bad_dice(dice, 4) == ["style", "training", "knowledge"]
