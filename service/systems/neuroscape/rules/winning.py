"""Eliminations and the end of the match.

A player is eliminated at 0 or less bioframe or mainframe health, when it must draw from an
empty main deck in its draw substage, or when it concedes. The last player standing wins; a
card whose "you win" condition holds wins the match for its player at once (a mic drop). With
three or more players the match goes on past each elimination.
"""

from __future__ import annotations

from collections.abc import Callable

from service.systems.neuroscape.wire.cards import NeuroscapeWinCondition
from service.systems.neuroscape.rules.pool import win_cards
from service.systems.neuroscape.rules.zones import (
    SLOT_NAMES,
    card_of,
    characters,
    leave_play,
    living,
    owned_persistent,
    player,
    slot_cards,
)


def eliminate(state: dict, seat: str, reason: str, events: list[dict]) -> None:
    """Take a player out: its cards leave play, and the battle and the flow forget it."""
    p = player(state, seat)
    if p["eliminated"] is not None:
        return
    p["eliminated"] = reason
    events.append({"kind": "eliminated", "seat": seat, "reason": reason})
    for instance in owned_persistent(state, seat):
        leave_play(state, instance["id"])
    for name in SLOT_NAMES:  # other players' viruses and trojans on this mainframe
        if p["slots"][name] is not None:
            leave_play(state, p["slots"][name]["id"])
    for character in list(p["characters"]):
        leave_play(state, character["id"])
    forget_departed(state)
    flow = state["flow"]
    flow["awaiting"] = [s for s in flow["awaiting"] if s != seat]


def forget_departed(state: dict) -> None:
    """Drop attacks and blocks whose characters left play or whose target is out."""
    battle = state["battle"]
    if not battle["attacks"]:
        return
    in_play = {character["id"] for _, character in characters(state)}
    alive = set(living(state))
    kept = []
    for attack in battle["attacks"]:
        if attack["attacker"] in in_play and attack["target"] in alive:
            attack["blockers"] = [b for b in attack["blockers"] if b in in_play]
            kept.append(attack)
    battle["attacks"] = kept


# -- mic drops -------------------------------------------------------------------------


def _controls_characters(state: dict, seat: str, need: int) -> bool:
    return len(player(state, seat)["characters"]) >= need


def _ram_in_play(state: dict, seat: str, need: int) -> bool:
    return len(player(state, seat)["ram"]) >= need


def _opponents_recycled(state: dict, seat: str, need: int) -> bool:
    return sum(len(p["recycleBin"]) for s, p in state["players"].items() if s != seat) >= need


CONDITIONS: dict[str, Callable[[dict, str, int], bool]] = {
    "controls-characters": _controls_characters,
    "ram-in-play": _ram_in_play,
    "opponents-recycled": _opponents_recycled,
}


def mic_drops(state: dict) -> dict[str, str]:
    """Seat -> id of a card in play whose "you win" condition holds for that seat."""
    winners, types = win_cards(state)
    if not winners:
        return {}
    candidates: list[tuple[str, dict]] = []
    if "character" in types or "cyberware" in types:
        for controller, character in characters(state):
            if character["card"] in winners:
                candidates.append((controller, character))
            candidates += [(g["owner"], g) for g in character["gear"].values() if g["card"] in winners]
    if "program" in types:
        candidates += [(e["owner"], e) for _, _, e in slot_cards(state) if e["card"] in winners]
        environment = state["environment"]
        if environment is not None and environment["card"] in winners:
            candidates.append((environment["owner"], environment))
    found: dict[str, str] = {}
    for seat, instance in candidates:
        condition = card_of(state, instance["card"]).win_if
        if seat not in found and condition is not None and holds(state, seat, condition):
            found[seat] = instance["id"]
    return found


def holds(state: dict, seat: str, condition: NeuroscapeWinCondition) -> bool:
    return CONDITIONS[condition.kind](state, seat, condition.at_least)


# -- the end ---------------------------------------------------------------------------


def _finish(state: dict, winner: str | None, reason: str, events: list[dict]) -> None:
    state["outcome"] = {"winner": winner, "reason": reason}
    flow = state["flow"]
    flow.update(stage="over", substage="over", awaiting=[], active=None)
    events.append({"kind": "match-won" if winner else "match-drawn", "seat": winner, "reason": reason})


def check_game_end(state: dict, events: list[dict]) -> bool:
    """Eliminate players out of health, then end the match if one player (or none) is left or a mic drop holds."""
    if state["outcome"] is not None:
        return True
    for seat in living(state):
        p = player(state, seat)
        if p["bioframe"] <= 0:
            eliminate(state, seat, "bioframe", events)
        elif p["mainframeHealth"] <= 0:
            eliminate(state, seat, "mainframe", events)
    alive = living(state)
    if len(alive) <= 1:
        _finish(state, alive[0] if alive else None, "last-standing" if alive else "no-one-standing", events)
        return True
    drops = mic_drops(state)
    if drops:
        active = state["flow"]["active"]
        seat = active if active in drops else next(s for s in alive if s in drops)
        events.append({"kind": "mic-drop", "seat": seat, "instance": drops[seat]})
        _finish(state, seat, "mic-drop", events)
        return True
    return False
