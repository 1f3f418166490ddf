"""Exact odds of Stat and Death Measures and of a scene end's deaths: by hand, and against the roll."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neurosystem.moves.measures import (
    apply_death_measure,
    death_measure_odds_at_table,
    death_measure_odds_of,
    resolve_death_measure,
    resolve_stat_measure,
    stat_measure_odds_at_table,
    stat_measure_odds_of,
)
from service.systems.neurosystem.moves.table import end_scene_odds
from service.systems.neurosystem.rules import scenes
from service.systems.neurosystem.setup import NeurosystemSetup, first_state
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.measures import (
    NeurosystemDeathMeasureAction,
    NeurosystemDeathMeasureParams,
    NeurosystemStatMeasureAction,
    NeurosystemStatMeasureParams,
)
from service.systems.neurosystem.wire.table import NeurosystemEndScene
from support.odds import assert_agrees, sampled

GM = Actor(seat="gm", name="Narrator", role="gm")
STATS = [
    {"category": "style", "name": "Cool", "rating": "d8"},
    {"category": "training", "name": "Firearms", "rating": "d6"},
    {"category": "knowledge", "name": "Streets", "rating": "d10"},
]


def test_two_d8_against_1_give_each_span_as_a_coin_would() -> None:
    # Each d8 wins on 5-8, 4 faces of 8: 0, 1 or 2 wins with 1/4, 1/2, 1/4.
    exact = stat_measure_odds_of(NeurosystemStatMeasureParams(dice=2, against=1))
    assert dict(exact["result"].chances) == {"positive-span": Fraction(1, 4), "even": Fraction(1, 2), "negative-span": Fraction(1, 4)}
    assert dict(exact["span"].chances) == {-1: Fraction(1, 4), 0: Fraction(1, 2), 1: Fraction(1, 4)}


def test_no_dice_against_0_is_always_even() -> None:
    assert stat_measure_odds_of(NeurosystemStatMeasureParams(dice=0, against=0))["result"].probability("even") == 1


def test_a_death_measure_at_9_dies_only_when_all_8_dice_lose() -> None:
    # First scene dying (against 1), total 9: only 0 wins (1/2 ** 8 = 1/256) adds a negative span.
    exact = death_measure_odds_of(NeurosystemDeathMeasureParams(scenes_dying=1, span_total=9))
    assert dict(exact["result"].chances) == {"dead": Fraction(1, 256), "survives": Fraction(255, 256)}


def test_a_fifth_scene_dying_at_8_dies_on_3_wins_or_fewer() -> None:
    # Against 5 a negative span of 2 or more needs at most 3 wins: (1 + 8 + 28 + 56) / 256 = 93/256.
    exact = death_measure_odds_of(NeurosystemDeathMeasureParams(scenes_dying=5, span_total=8, mechanical=True))
    assert exact["result"].probability("shut-down") == Fraction(93, 256)
    assert exact["spanTotal"].at_least(10) == Fraction(93, 256)


def test_resolve_spent_wins_the_death_measure() -> None:
    exact = death_measure_odds_of(NeurosystemDeathMeasureParams(scenes_dying=9, span_total=9, spend_resolve=True))
    assert exact["result"].probability("survives") == 1 and exact["negativeSpan"].probability(0) == 1
    with pytest.raises(RuleViolation):
        death_measure_odds_of(NeurosystemDeathMeasureParams(scenes_dying=9, span_total=9, spend_resolve=True, resolve=0))


def test_stat_measure_odds_agree_with_the_roll() -> None:
    params = NeurosystemStatMeasureParams(dice=5, against=2)
    exact = stat_measure_odds_of(params)
    seen = sampled(lambda stream: (lambda measured: (measured.span, measured.result))(resolve_stat_measure(params, stream)), 3000)
    assert_agrees(exact["span"], Counter(span for span, _ in seen.elements()))
    assert_agrees(exact["result"], Counter(result for _, result in seen.elements()))


def test_death_measure_odds_agree_with_the_roll() -> None:
    params = NeurosystemDeathMeasureParams(scenes_dying=5, span_total=8)
    exact = death_measure_odds_of(params)
    seen = sampled(lambda stream: resolve_death_measure(params, stream).span_total, 3000)
    assert_agrees(exact["spanTotal"], seen)


def _table(**vex: object) -> NeurosystemTable:
    characters = [
        {"id": "vex", "name": "Vex", "stats": STATS, "resolveMax": 2, **vex},
        {"id": "ash", "name": "Ash", "stats": STATS, "resolveMax": 2, "negativeStates": ["dying"], "deathSpan": 9},
    ]
    return first_state(NeurosystemSetup.model_validate({"characters": characters}))


def test_session_measures_read_the_table() -> None:
    board = _table(negativeStates=["dying"], scenesDying=4, deathSpan=8)
    # Vex measures against 5 (its fifth scene dying) at 8: 93/256, as above.
    exact = death_measure_odds_at_table(board, NeurosystemDeathMeasureAction(character="vex"), GM)
    assert exact["result"].probability("dead") == Fraction(93, 256)
    seen = sampled(lambda stream: apply_death_measure(board, NeurosystemDeathMeasureAction(character="vex"), stream, GM)[1].died, 3000)
    assert_agrees(exact["result"], Counter({("dead" if died else "survives"): n for died, n in seen.items()}))
    measure = NeurosystemStatMeasureAction.model_validate({"dice": 3, "againstFrom": {"character": "vex", "value": "negative-states"}})
    assert stat_measure_odds_at_table(board, measure, GM)["result"].probability("negative-span") == Fraction(1, 8)  # 3 d8s against 1: no win at all


def test_a_death_measure_not_due_is_refused() -> None:
    with pytest.raises(RuleViolation):
        death_measure_odds_at_table(_table(), NeurosystemDeathMeasureAction(character="vex"), GM)


def test_the_scene_end_gives_each_dying_characters_chance_of_death_this_scene() -> None:
    # Vex: fifth scene dying at 8, 93/256; Ash: first scene dying at 9, 1/256. Both die: 93/65536;
    # one of them: 93 * 255 / 65536 + 163 / 65536 = 23878/65536; neither: 163 * 255 / 65536.
    board = _table(negativeStates=["dying"], scenesDying=4, deathSpan=8)
    exact = end_scene_odds(board, NeurosystemEndScene(), GM)
    assert exact["deathMeasure:vex"].probability("dead") == Fraction(93, 256)
    assert exact["deathMeasure:ash"].probability("dead") == Fraction(1, 256)
    assert dict(exact["deaths"].chances) == {0: Fraction(163 * 255, 65536), 1: Fraction(23878, 65536), 2: Fraction(93, 65536)}
    resisted = end_scene_odds(board.model_copy(update={"characters": [c.model_copy(update={"resolve": 1}) for c in board.characters]}),
                              NeurosystemEndScene(resist_death=["vex"]), GM)
    assert resisted["deathMeasure:vex"].probability("dead") == 0
    seen = sampled(lambda stream: sum(m.died for m in scenes.end_scene(board, [], stream)[1].death_measures), 3000)
    assert_agrees(exact["deaths"], seen)


def test_the_scene_end_odds_refuse_resisting_without_a_measure_due() -> None:
    with pytest.raises(RuleViolation):
        end_scene_odds(_table(), NeurosystemEndScene(resist_death=["vex"]), GM)


def test_session_odds_through_the_registry_leave_the_stored_table_as_it_was() -> None:
    import copy

    from service.declare import dump_state
    from service.systems import build_registry

    mechanic = build_registry().mechanics["neurosystem/end-scene"]
    assert mechanic.session_odds is not None
    stored = dump_state(NeurosystemTable, _table())
    before = copy.deepcopy(stored)
    assert mechanic.session_odds(stored, NeurosystemEndScene(), GM)["deathMeasure:ash"].probability("dead") == Fraction(1, 256)
    assert stored == before
