"""The combat tracker: initiative order, rounds, whose turn it is, and the action economy.

The tracker is a wire-form dict the session stores:
`{"round", "turn", "current", "order": [{"id", "initiative", "bonus", "dexterity"}],
"economy": {...}, "reactionsUsed": [ids]}`. On its turn a combatant has one action, one
bonus action, its movement and (until it spends it) one reaction; the reaction comes back
at the start of its own next turn. Ties in initiative go to the higher bonus, then the
higher Dexterity, then whoever was listed first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from service.systems.ncb.rules.d20 import RollMode, roll_d20
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.errors import (
    ACTION_USED,
    BONUS_ACTION_USED,
    MOVEMENT_EXHAUSTED,
    NOT_IN_COMBAT,
    NOT_YOUR_TURN,
    REACTION_USED,
    refuse,
)

Slot = Literal["action", "bonus-action", "reaction"]
_ECONOMY_KEY = {"action": "action", "bonus-action": "bonusAction"}
_USED_CODE = {"action": ACTION_USED, "bonus-action": BONUS_ACTION_USED}
_SPOKEN = {"action": "an action", "bonus-action": "a bonus action"}


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    id: str
    bonus: int  # Dexterity modifier + initiative bonuses, exhaustion already taken off
    dexterity: int = 10
    mode: RollMode = "normal"


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    id: str
    faces: tuple[int, ...]
    natural: int
    mode: RollMode
    bonus: int
    total: int
    dexterity: int


def roll_initiative(stream: DiceStream, entries: list[InitiativeEntry]) -> list[InitiativeRoll]:
    """d20 + initiative bonus for each entry, rolled in the order given, returned ranked."""
    rolls = []
    for e in entries:
        faces, natural = roll_d20(stream, e.mode)
        rolls.append(InitiativeRoll(e.id, faces, natural, e.mode, e.bonus, natural + e.bonus, e.dexterity))
    return ranked(rolls)


def ranked(rolls: list[InitiativeRoll]) -> list[InitiativeRoll]:
    # A stable sort: full ties keep the order they were listed in.
    return sorted(rolls, key=lambda r: (-r.total, -r.bonus, -r.dexterity))


def _slot(roll: InitiativeRoll) -> dict:
    return {"id": roll.id, "initiative": roll.total, "bonus": roll.bonus, "dexterity": roll.dexterity}


def fresh_economy(speed: int) -> dict:
    return {"action": False, "bonusAction": False, "movement": speed, "movementUsed": 0, "deathSave": False}


def begin(rolls: list[InitiativeRoll]) -> dict:
    order = [_slot(r) for r in rolls]
    return {
        "round": 1,
        "turn": 0,
        "current": order[0]["id"],
        "order": order,
        "economy": fresh_economy(0),
        "reactionsUsed": [],
    }


def start_turn(combat: dict, speed: int) -> dict:
    """The current combatant's turn begins: a fresh economy and its reaction back."""
    current = combat["current"]
    return {
        **combat,
        "economy": fresh_economy(speed),
        "reactionsUsed": [i for i in combat["reactionsUsed"] if i != current],
    }


def ids(combat: dict) -> list[str]:
    return [slot["id"] for slot in combat["order"]]


def join(combat: dict, roll: InitiativeRoll) -> dict:
    """A newcomer takes its place by initiative; the turn stays with whoever has it."""
    slots = sorted([*combat["order"], _slot(roll)], key=lambda s: (-s["initiative"], -s["bonus"], -s["dexterity"]))
    return {**combat, "order": slots, "turn": [s["id"] for s in slots].index(combat["current"])}


def leave(combat: dict, who: str) -> dict | None:
    """Drop a combatant from the order; None when nobody is left. Its turn passes on if it had it."""
    order = [s for s in combat["order"] if s["id"] != who]
    if not order:
        return None
    turn = combat["turn"]
    if combat["current"] == who:
        turn = turn % len(order)
        return {**combat, "order": order, "turn": turn, "current": order[turn]["id"], "economy": fresh_economy(0)}
    return {**combat, "order": order, "turn": [s["id"] for s in order].index(combat["current"])}


def advance(combat: dict, takes_turns: Callable[[str], bool]) -> tuple[dict | None, bool]:
    """Pass the turn to the next combatant that still takes turns; (None, _) if none does.

    Returns the new tracker (economy not yet refreshed: see `start_turn`) and whether a new
    round began.
    """
    order = combat["order"]
    turn, new_round = combat["turn"], False
    for _ in range(len(order)):
        turn += 1
        if turn >= len(order):
            turn, new_round = 0, True
        if takes_turns(order[turn]["id"]):
            round_ = combat["round"] + (1 if new_round else 0)
            return {**combat, "turn": turn, "current": order[turn]["id"], "round": round_}, new_round
    return None, new_round


def require_member(combat: dict, who: str) -> None:
    if who not in ids(combat):
        raise refuse(NOT_IN_COMBAT, f"{who} has no place in the initiative order of this combat")


def require_turn(combat: dict, who: str, what: str) -> None:
    require_member(combat, who)
    if combat["current"] != who:
        raise refuse(
            NOT_YOUR_TURN,
            f"{what} only on {who}'s own turn; it is {combat['current']}'s turn",
            current=combat["current"],
        )


def spend(combat: dict, who: str, slot: Slot) -> dict:
    """Spend one action, bonus action or reaction; spending one twice is refused."""
    if slot == "reaction":
        require_member(combat, who)
        if who in combat["reactionsUsed"]:
            raise refuse(REACTION_USED, f"{who} already used its reaction; it returns at the start of its next turn")
        return {**combat, "reactionsUsed": [*combat["reactionsUsed"], who]}
    require_turn(combat, who, f"{_SPOKEN[slot]} is taken")
    key = _ECONOMY_KEY[slot]
    if combat["economy"][key]:
        raise refuse(_USED_CODE[slot], f"{who} already used its {slot.replace('-', ' ')} this turn")
    return {**combat, "economy": {**combat["economy"], key: True}}


def move(combat: dict, who: str, feet: int) -> dict:
    require_turn(combat, who, "movement happens")
    economy = combat["economy"]
    left = economy["movement"] - economy["movementUsed"]
    if feet > left:
        raise refuse(MOVEMENT_EXHAUSTED, f"{who} has {left} ft of movement left this turn, not {feet}", left=left)
    return {**combat, "economy": {**economy, "movementUsed": economy["movementUsed"] + feet}}


def dash(combat: dict, speed: int) -> dict:
    """Dashing adds the combatant's speed to this turn's movement."""
    economy = combat["economy"]
    return {**combat, "economy": {**economy, "movement": economy["movement"] + speed}}
