from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import checks, scenes
from service.systems.neurosystem.setup import NeurosystemSetup, first_state
from support.dice import ScriptedStream

STATS = [
    {"category": "style", "name": "Cool", "rating": "d8"},
    {"category": "training", "name": "Firearms", "rating": "d6"},
    {"category": "knowledge", "name": "Streets", "rating": "d10"},
]


def _table(**vex):
    setup = NeurosystemSetup.model_validate(
        {
            "characters": [
                {"id": "vex", "name": "Vex", "stats": STATS, "resolveMax": 3, **vex},
                {"id": "ash", "name": "Ash", "stats": STATS, "resolve": 1, "resolveMax": 2},
            ]
        }
    )
    return first_state(setup)


def test_a_scene_end_gives_each_character_1_resolve_up_to_its_maximum() -> None:
    board, result = scenes.end_scene(_table(resolve=3), [], ScriptedStream())
    assert [(r.character, r.resolve) for r in result.resolve] == [("vex", 3), ("ash", 2)]
    assert (result.ended, result.scene, board.scene) == (1, 2, 2)


def test_a_dying_character_measures_at_the_scene_end_against_the_scenes_spent_dying() -> None:
    board = _table(negativeStates=["dying"], scenesDying=2, deathSpan=8)
    board, result = scenes.end_scene(board, [], ScriptedStream(1, 1, 1, 5, 5, 1, 1, 1))  # 2 wins against 3
    measure = result.death_measures[0]
    assert (measure.character, measure.scenes_dying, measure.negative_span, measure.span_total) == ("vex", 3, 1, 9)
    vex = board.character("vex")
    assert (vex.scenes_dying, vex.death_span, vex.death_measured_scene, vex.resolve) == (3, 9, 1, 3)


def test_the_death_measure_that_reaches_10_kills() -> None:
    board = _table(negativeStates=["dying"], scenesDying=4, deathSpan=8)
    board, result = scenes.end_scene(board, [], ScriptedStream(*[1] * 8))
    assert result.death_measures[0].died
    assert board.character("vex").negative_states == ["dying", "dead"]


def test_resolve_spent_before_the_measure_wins_it_and_comes_before_the_scene_end_regain() -> None:
    board = _table(negativeStates=["dying"], resolve=1, deathSpan=9)
    board, result = scenes.end_scene(board, ["vex"], ScriptedStream())
    assert result.death_measures[0].auto_won and result.death_measures[0].resolve_left == 0
    assert board.character("vex").resolve == 1  # spent to 0, then 1 back


def test_resisting_death_without_resolve_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        scenes.end_scene(_table(negativeStates=["dying"], resolve=0), ["vex"], ScriptedStream())
    assert caught.value.code == errors.NOT_ENOUGH_RESOLVE


def test_a_character_measures_once_per_scene() -> None:
    board = _table(negativeStates=["dying"])
    vex, _ = scenes.measure_character(board.character("vex"), board.scene, spend=False, stream=ScriptedStream(*[5] * 8))
    board = board.with_character(vex)
    board, result = scenes.end_scene(board, [], ScriptedStream())
    assert result.death_measures == []
    with pytest.raises(RuleViolation) as caught:
        scenes.measure_character(vex, 1, spend=False, stream=ScriptedStream())
    assert caught.value.code == errors.ALREADY_MEASURED


def test_only_the_dying_measure() -> None:
    with pytest.raises(RuleViolation) as caught:
        scenes.end_scene(_table(), ["vex"], ScriptedStream())
    assert caught.value.code == errors.NOT_DYING
    dead = _table(negativeStates=["dying", "dead"])
    assert scenes.end_scene(dead, [], ScriptedStream())[1].death_measures == []


def test_a_scene_end_closes_the_checks_left_open() -> None:
    board = _table()
    record = checks.roll_flat("style", 8, name=None, negative_states=0, equipment_bonus=0, stream=ScriptedStream(3))
    board, _ = board.opened("vex", record)
    board, result = scenes.end_scene(board, [], ScriptedStream())
    assert result.closed_checks == ["check-1"] and board.open_checks == []


@pytest.mark.parametrize("end", [["dead"], ["dying", "dead"], ["destroyed"], ["shut-down"], ["wounded", "destroyed"]])
def test_a_dead_or_destroyed_character_regains_no_resolve_at_the_scene_end(end: list[str]) -> None:
    board, result = scenes.end_scene(_table(negativeStates=end, resolve=1), [], ScriptedStream())
    assert [(r.character, r.resolve) for r in result.resolve] == [("vex", 1), ("ash", 2)]
    assert board.character("vex").resolve == 1 and board.character("ash").resolve == 2


def test_a_character_who_dies_of_the_scene_ends_death_measure_regains_no_resolve() -> None:
    board = _table(negativeStates=["dying"], scenesDying=4, deathSpan=8, resolve=0)
    board, result = scenes.end_scene(board, [], ScriptedStream(*[1] * 8))  # 0 wins against 5: span 5, 13 in all
    assert result.death_measures[0].died
    assert board.character("vex").resolve == 0 and result.resolve[0].resolve == 0


def test_a_dying_character_still_regains_resolve() -> None:
    board = _table(negativeStates=["dying"], resolve=0)
    board, _ = scenes.end_scene(board, [], ScriptedStream(*[5] * 8))  # 8 wins against 1: survives
    assert board.character("vex").resolve == 1
