"""Table mechanics (session only): who sits at the table, the Luck pool, and scene ends."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neurosystem import SYSTEM
from service.systems.neurosystem.rules import narrator, roster, scenes
from service.systems.neurosystem.rules.measure_odds import death_measure_odds, scene_end_odds
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.table import (
    NeurosystemCharacter,
    NeurosystemCharacterRef,
    NeurosystemEndScene,
    NeurosystemLuckPool,
    NeurosystemNc,
    NeurosystemNcRef,
    NeurosystemRemoved,
    NeurosystemSceneEnded,
    NeurosystemSetLuck,
)


def apply_add_character(board: NeurosystemTable, params: NeurosystemCharacter, actor: Actor) -> tuple[NeurosystemTable, NeurosystemCharacter]:
    narrator.require_gm(actor, "seat a character")
    board = roster.with_new_character(board, params)
    return board, board.character(params.id)


def apply_remove_character(board: NeurosystemTable, params: NeurosystemCharacterRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemRemoved]:
    narrator.require_gm(actor, "remove a character")
    who = board.character(params.character)
    closed = [c.id for c in board.open_checks if c.character == who.id]
    board = board.model_copy(
        update={
            "characters": [c for c in board.characters if c.id != who.id],
            "open_checks": [c for c in board.open_checks if c.character != who.id],
        }
    )
    return board, NeurosystemRemoved(removed=who.id, closed_checks=closed)


def apply_add_nc(board: NeurosystemTable, params: NeurosystemNc, actor: Actor) -> tuple[NeurosystemTable, NeurosystemNc]:
    narrator.require_gm(actor, "add an NC")
    board = roster.with_new_nc(board, params)
    return board, board.nc(params.id)


def apply_remove_nc(board: NeurosystemTable, params: NeurosystemNcRef, actor: Actor) -> tuple[NeurosystemTable, NeurosystemRemoved]:
    narrator.require_gm(actor, "remove an NC")
    npc = board.nc(params.nc)
    board = board.model_copy(update={"ncs": [n for n in board.ncs if n.id != npc.id]})
    return board, NeurosystemRemoved(removed=npc.id)


def apply_set_luck(board: NeurosystemTable, params: NeurosystemSetLuck, actor: Actor) -> tuple[NeurosystemTable, NeurosystemLuckPool]:
    narrator.require_gm(actor, "set the Luck pool")
    board = board.model_copy(update={"luck": params.luck})
    return board, NeurosystemLuckPool(luck=board.luck)


def apply_end_scene(board: NeurosystemTable, params: NeurosystemEndScene, stream: Stream, actor: Actor) -> tuple[NeurosystemTable, NeurosystemSceneEnded]:
    narrator.require_gm(actor, "end the scene")
    return scenes.end_scene(board, params.resist_death, stream)


def end_scene_odds(board: NeurosystemTable, params: NeurosystemEndScene, actor: Actor) -> Odds:
    """The chance of death this scene for everyone whose Death Measure the scene end makes."""
    measures = []
    for who, spend in scenes.measuring_at_scene_end(board, params.resist_death):
        who, dying, mechanical = scenes.measure_due(who, board.scene, spend=spend)
        measures.append((who.id, death_measure_odds(dying, who.death_span, spend_resolve=spend, mechanical=mechanical)))
    return scene_end_odds(measures)


# -- declarations --------------------------------------------------------------------------------

SYSTEM.mechanic(
    "add-character",
    "Seat a player character (Narrator)",
    "Stats are rated d4-d12; Resolve starts at its maximum unless given. `controller` names the seat that "
    "plays it (the Narrator can always act for it).",
    session=apply_add_character,
)

SYSTEM.mechanic(
    "remove-character",
    "Remove a character and close its open checks (Narrator)",
    session=apply_remove_character,
)

SYSTEM.mechanic(
    "add-nc",
    "Add a narrator character with static stat values (Narrator)",
    "Its stats serve as the DN of checks made against it (`against` on stk-check); its standard damage is what "
    "its attacks deal; its damage track starts where given (unharmed by default).",
    session=apply_add_nc,
)

SYSTEM.mechanic(
    "remove-nc",
    "Remove a narrator character (Narrator)",
    session=apply_remove_nc,
)

SYSTEM.mechanic(
    "set-luck",
    "Set the group's Luck pool (Narrator)",
    session=apply_set_luck,
)

SYSTEM.mechanic(
    "end-scene",
    "End the scene: Death Measures for the dying, 1 Resolve back to the living, next scene (Narrator)",
    "Each dying or shutting-down character that has not measured this scene makes its Death Measure (those in "
    "`resistDeath` spend 1 Resolve first to win it). Then every character regains 1 Resolve up to its maximum, "
    "save the dead, shut down or destroyed (one who just died of its Death Measure too), checks still open are "
    "closed, and the scene counter moves on.",
    session=apply_end_scene,
    session_odds=end_scene_odds,
)
