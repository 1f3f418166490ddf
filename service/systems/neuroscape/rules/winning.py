"""Eliminations and the end of the match.

A player is eliminated at 0 or less bioframe or mainframe health, when it must draw from an
empty main deck in its draw substage, or when it concedes. The last player standing wins; a
card whose "you win" condition holds wins the match for its player at once (a mic drop). With
three or more players the match goes on past each elimination.
"""

from __future__ import annotations

from collections.abc import Callable

from service.systems.neuroscape.rules.pool import win_cards
from service.systems.neuroscape.rules.zones import card_of, leave_play, owned_persistent
from service.systems.neuroscape.state import (
    Event,
    SLOT_NAMES,
    InPlay,
    NeuroscapeState,
    Outcome,
    characters,
    living,
    player,
    slot_cards,
    update_player,
    with_attacks,
    with_flow,
)
from service.systems.neuroscape.wire.cards import NeuroscapeWinCondition


def eliminate(state: NeuroscapeState, seat: str, reason: str, events: list[Event]) -> NeuroscapeState:
    """Take a player out: its cards leave play, and the battle and the flow forget it."""
    if player(state, seat).eliminated is not None:
        return state
    state = update_player(state, seat, eliminated=reason)
    events.append({"kind": "eliminated", "seat": seat, "reason": reason})
    for instance in owned_persistent(state, seat):
        state, _ = leave_play(state, instance.id)
    for name in SLOT_NAMES:  # other players' viruses and trojans on this mainframe
        entry = player(state, seat).slots[name]
        if entry is not None:
            state, _ = leave_play(state, entry.id)
    for character in player(state, seat).characters:
        state, _ = leave_play(state, character.id)
    state = forget_departed(state)
    return with_flow(state, awaiting=tuple(s for s in state.flow.awaiting if s != seat))


def forget_departed(state: NeuroscapeState) -> NeuroscapeState:
    """Drop attacks and blocks whose characters left play or whose target is out."""
    if not state.battle.attacks:
        return state
    in_play = {character.id for _, character in characters(state)}
    alive = set(living(state))
    kept = tuple(
        attack.model_copy(update={"blockers": tuple(b for b in attack.blockers if b in in_play)})
        for attack in state.battle.attacks
        if attack.attacker in in_play and attack.target in alive
    )
    return with_attacks(state, kept)


# -- mic drops -------------------------------------------------------------------------


def _controls_characters(state: NeuroscapeState, seat: str, need: int) -> bool:
    return len(player(state, seat).characters) >= need


def _ram_in_play(state: NeuroscapeState, seat: str, need: int) -> bool:
    return len(player(state, seat).ram) >= need


def _opponents_recycled(state: NeuroscapeState, seat: str, need: int) -> bool:
    return sum(len(p.recycle_bin) for s, p in state.players.items() if s != seat) >= need


CONDITIONS: dict[str, Callable[[NeuroscapeState, str, int], bool]] = {
    "controls-characters": _controls_characters,
    "ram-in-play": _ram_in_play,
    "opponents-recycled": _opponents_recycled,
}


def mic_drops(state: NeuroscapeState) -> dict[str, str]:
    """Seat -> id of a card in play whose "you win" condition holds for that seat."""
    winners, types = win_cards(state)
    if not winners:
        return {}
    candidates: list[tuple[str, InPlay]] = []
    if "character" in types or "cyberware" in types:
        for controller, character in characters(state):
            if character.card in winners:
                candidates.append((controller, character))
            candidates += [(g.owner, g) for g in character.gear.values() if g.card in winners]
    if "program" in types:
        candidates += [(e.owner, e) for _, _, e in slot_cards(state) if e.card in winners]
        environment = state.environment
        if environment is not None and environment.card in winners:
            candidates.append((environment.owner, environment))
    found: dict[str, str] = {}
    for seat, instance in candidates:
        condition = card_of(state, instance.card).win_if
        if seat not in found and condition is not None and holds(state, seat, condition):
            found[seat] = instance.id
    return found


def holds(state: NeuroscapeState, seat: str, condition: NeuroscapeWinCondition) -> bool:
    return CONDITIONS[condition.kind](state, seat, condition.at_least)


# -- the end ---------------------------------------------------------------------------


def _finish(state: NeuroscapeState, winner: str | None, reason: str, events: list[Event]) -> NeuroscapeState:
    state = state.model_copy(update={"outcome": Outcome(winner=winner, reason=reason)})
    events.append({"kind": "match-won" if winner else "match-drawn", "seat": winner, "reason": reason})
    return with_flow(state, stage="over", substage="over", awaiting=(), active=None)


def check_game_end(state: NeuroscapeState, events: list[Event]) -> tuple[NeuroscapeState, bool]:
    """Eliminate players out of health, then end the match if one player (or none) is left or a mic drop holds."""
    if state.outcome is not None:
        return state, True
    for seat in living(state):
        p = player(state, seat)
        if p.bioframe <= 0:
            state = eliminate(state, seat, "bioframe", events)
        elif p.mainframe_health <= 0:
            state = eliminate(state, seat, "mainframe", events)
    alive = living(state)
    if len(alive) <= 1:
        ended = "last-standing" if alive else "no-one-standing"
        return _finish(state, alive[0] if alive else None, ended, events), True
    drops = mic_drops(state)
    if drops:
        active = state.flow.active
        seat = active if active in drops else next(s for s in alive if s in drops)
        events.append({"kind": "mic-drop", "seat": seat, "instance": drops[seat]})
        return _finish(state, seat, "mic-drop", events), True
    return state, False
