"""Scene ends: Death Measures for the dying, 1 Resolve back for the living, the next scene.

A dying (or shutting-down) character measures once per scene, at its end: the scene counts
as one more spent dying. A measure may be made explicitly during the scene end (the
`death-measure` action); whoever has not measured yet when the scene ends measures then.
Death Measures come before the Resolve regained at the scene end, so Resolve spent to win
one must already be there. A dead, shut-down or destroyed character regains none: its story
is over (one that dies in this scene end's Death Measure regains none either).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.dice.stream import Stream
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import damage, negative_states
from service.systems.neurosystem.rules.measures import death_measure
from service.systems.neurosystem.rules.sheets import spend_resolve
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.measures import NeurosystemDeathMeasureResult
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemResolveRegained, NeurosystemSceneEnded


def measure_due(who: NeurosystemCharacter, scene: int, *, spend: bool) -> tuple[NeurosystemCharacter, int, bool]:
    """The character after any Resolve spent, the scenes spent dying counting this one, and whether
    its end would be mechanical; refused when no Death Measure is due (the odds ask the same)."""
    if not negative_states.is_dying(who.negative_states):
        raise errors.refuse(errors.NOT_DYING, f"{who.id} is not dying or shutting down: no Death Measure to make")
    if who.death_measured_scene == scene:
        raise errors.refuse(errors.ALREADY_MEASURED, f"{who.id} already made this scene's Death Measure")
    if spend:
        who = spend_resolve(who, "win the Death Measure")
    return who, who.scenes_dying + 1, negative_states.dying_is_mechanical(who.negative_states)


def measuring_at_scene_end(table: NeurosystemTable, resist: Sequence[str]) -> list[tuple[NeurosystemCharacter, bool]]:
    """Who measures when the scene ends, each with whether it spends Resolve; refuses a resister
    that is not at the table or has no measure left to make."""
    ids = {c.id for c in table.characters}
    for character_id in resist:
        if character_id not in ids:
            raise errors.refuse(errors.UNKNOWN_CHARACTER, f"no character {character_id!r} to resist death")
    due = []
    for who in table.characters:
        pending = negative_states.is_dying(who.negative_states) and who.death_measured_scene != table.scene
        if who.id in resist:
            # Resolve goes only into a measure still to be made: refuse rather than waste it.
            measure_due(who, table.scene, spend=True)
        if pending:
            due.append((who, who.id in resist))
    return due


def measure_character(
    who: NeurosystemCharacter, scene: int, *, spend: bool, stream: Stream
) -> tuple[NeurosystemCharacter, NeurosystemDeathMeasureResult]:
    who, scenes, mechanical = measure_due(who, scene, spend=spend)
    result = death_measure(scenes, who.death_span, spend_resolve=spend, mechanical=mechanical, stream=stream)
    update: dict[str, Any] = {"scenes_dying": scenes, "death_span": result.span_total, "death_measured_scene": scene}
    if result.died:
        update["negative_states"] = [*who.negative_states, damage.label(damage.DEAD, mechanical=mechanical)]
    who = who.model_copy(update=update)
    return who, result.model_copy(update={"character": who.id, "resolve_left": who.resolve})


def _regain(who: NeurosystemCharacter) -> NeurosystemCharacter:
    if negative_states.is_dead(who.negative_states):
        return who
    return who.model_copy(update={"resolve": min(who.resolve_max, (who.resolve or 0) + 1)})


def end_scene(
    table: NeurosystemTable, resist: Sequence[str], stream: Stream
) -> tuple[NeurosystemTable, NeurosystemSceneEnded]:
    measures = []
    for who, spend in measuring_at_scene_end(table, resist):
        who, result = measure_character(who, table.scene, spend=spend, stream=stream)
        table = table.with_character(who)
        measures.append(result)
    characters = [_regain(c) for c in table.characters]
    ended = table.scene
    closed = [c.id for c in table.open_checks]
    table = table.model_copy(update={"characters": characters, "scene": ended + 1, "open_checks": []})
    return table, NeurosystemSceneEnded(
        ended=ended,
        scene=ended + 1,
        death_measures=measures,
        resolve=[NeurosystemResolveRegained(character=c.id, resolve=c.resolve or 0) for c in characters],
        closed_checks=closed,
    )
